import { describe, expect, it } from 'vitest'
import { deltaLabel, expiryLabel, jsonLdString, metaDescription, paragraphs, priceChanges, sellerJsonLd } from './offer-text'
import type { PublicOffer } from '@portal/contracts/offer'

describe('offer texts', () => {
  const now = Date.parse('2026-03-01T12:00:00Z')
  it('says when a listing expires, with Polish plurals', () => {
    expect(expiryLabel('2026-03-13T13:00:00Z', now)).toBe('wygasa za 12 dni')
    expect(expiryLabel('2026-03-02T13:00:00Z', now)).toBe('wygasa za 1 dzień')
    expect(expiryLabel('2026-03-01T17:00:00Z', now)).toBe('wygasa za 5 godzin')
    expect(expiryLabel('2026-03-01T14:30:00Z', now)).toBe('wygasa za 2 godziny')
    expect(expiryLabel('2026-03-01T12:22:00Z', now)).toBe('wygasa za 22 minuty')
    expect(expiryLabel('2026-02-01T12:00:00Z', now)).toBe('wygasło')
    expect(expiryLabel(null, now)).toBeNull()
  })
  it('keeps paragraphs and line breaks', () => {
    expect(paragraphs('A\nB\n\n\nC\r\n\r\nD')).toEqual([['A', 'B'], ['C'], ['D']])
    expect(paragraphs('  \n\n')).toEqual([])
  })
  it('escapes JSON-LD so a title cannot close the script', () => {
    expect(jsonLdString({ a: '</script><b>' })).not.toContain('</script>')
  })
  it('lists price changes oldest first with deltas', () => {
    const r = priceChanges([{ price: 900, changed_at: '2026-02-01' }, { price: 1000, changed_at: '2026-01-01' }])
    expect(r.map((x) => x.delta)).toEqual([0, -100])
    expect(deltaLabel(-100)).toBe('−1 zł')
  })
  it('cuts meta descriptions on a word', () => {
    expect(metaDescription('a '.repeat(200)).length).toBeLessThanOrEqual(156)
  })

  it("names the seller as the advertiser filter does: an agent's listing is its agency's", () => {
    const base = { id: 7, name: 'Anna Agentka', avatar: null, company_name: null, agency: null, profile_url: '/profil/7-anna', member_since: '', active_offers_count: 1 }
    const a = (o: Partial<PublicOffer['advertiser']>) => ({ ...base, type: 'user', kind: 'private', ...o }) as PublicOffer['advertiser']
    expect(sellerJsonLd(a({}), 'https://portal.test')).toEqual({ '@type': 'Person', name: 'Anna Agentka' })
    expect(sellerJsonLd(a({ kind: 'agency', agency: { id: 3, name: 'Biuro Kowalski', avatar: null, profile_url: '/profil/3-biuro' } }), 'https://portal.test'))
      .toEqual({ '@type': 'RealEstateAgent', name: 'Biuro Kowalski', url: 'https://portal.test/profil/3-biuro' })
    expect(sellerJsonLd(a({ type: 'developer', kind: 'developer', company_name: 'Wiślane Tarasy' }), 'https://portal.test'))
      .toEqual({ '@type': 'Organization', name: 'Wiślane Tarasy', url: 'https://portal.test/profil/7-anna' })
    expect(sellerJsonLd(a({ type: 'hotel', company_name: 'Pensjonat Pod Lipą' }), 'https://portal.test')['@type']).toBe('Organization')
  })
})
