import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEARCH_MESSAGES } from '@portal/contracts/search'
import { createTestApp, insertListings } from '../../../test/helpers.ts'

// lata_dzierzawy (spec §4: the leasehold tag's 'How many years of lease?', 1..200): leasehold listings with at least
// that many years of lease (attribute 32), docs/decisions/011-lease-years-filter.md.
describe('GET /api/search?lata_dzierzawy=', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  const id: Record<string, number> = {}
  const set = async (qs: string) => {
    const res = await t.app.inject(`/api/search?${qs}`)
    expect(res.statusCode, res.body).toBe(200)
    const byId = new Map(Object.entries(id).map(([k, v]) => [v, k]))
    return (res.json().data as { id: number }[]).map((r) => byId.get(r.id)).sort().join(' ')
  }

  beforeAll(async () => {
    t = await createTestApp()
    const rows = {
      lease30: { title: 'Działka w dzierżawie na 30 lat', ownership: 'leasehold', attributes: [{ id: 31, value: 'leasehold' }, { id: 32, value: '30' }] },
      lease99: { title: 'Działka w dzierżawie na 99 lat', ownership: 'leasehold', attributes: [{ id: 31, value: 'leasehold' }, { id: 32, value: '99' }] },
      freehold: { title: 'Działka na własność', ownership: 'pelna-wlasnosc', attributes: [{ id: 31, value: 'pelna-wlasnosc' }, { id: 32, value: '150' }] },
      leaseUnknown: { title: 'Działka w dzierżawie', ownership: 'leasehold', attributes: [{ id: 31, value: 'leasehold' }] },
    }
    const inserted = await insertListings(t.db, Object.values(rows).map((r) => ({ ...r, categoryId: 33, searchText: r.title.toLowerCase() })))
    Object.keys(rows).forEach((k, i) => { id[k] = inserted[i]! })
  })
  afterAll(async () => { await t.close() })

  it('finds leasehold listings with at least that many years', async () => {
    expect(await set('')).toBe('freehold lease30 lease99 leaseUnknown')
    expect(await set('lata_dzierzawy=50')).toBe('lease99')
    expect(await set('wlasnosc=leasehold&lata_dzierzawy=50')).toBe('lease99')
    expect(await set('lease_years=30')).toBe('lease30 lease99')
    expect(await set('lata_dzierzawy=99')).toBe('lease99')
    expect(await set('lata_dzierzawy=100')).toBe('')
    expect(await set('lata_dzierzawy=1&kategoria=dzialka')).toBe('lease30 lease99')
  })
  it('ownership other than leasehold plus lease years finds nothing (the years belong to the leasehold tag)', async () => {
    expect(await set('wlasnosc=pelna-wlasnosc&lata_dzierzawy=10')).toBe('')
  })
  it('a blank value is ignored', async () => {
    expect(await set('lata_dzierzawy=')).toBe('freehold lease30 lease99 leaseUnknown')
    expect(await set('lata_dzierzawy=%20&wlasnosc=leasehold')).toBe('lease30 lease99 leaseUnknown')
  })
  for (const [qs, key] of [['lata_dzierzawy=0', 'lata_dzierzawy'], ['lata_dzierzawy=201', 'lata_dzierzawy'], ['lata_dzierzawy=abc', 'lata_dzierzawy'],
    ['lata_dzierzawy=2.5', 'lata_dzierzawy'], ['lease_years=-1', 'lease_years']] as const) {
    it(`${qs} → 422 naming ${key}`, async () => {
      const res = await t.app.inject(`/api/search?${qs}`)
      expect(res.statusCode).toBe(422)
      const body = res.json()
      expect(body.errors).toEqual({ [key]: [SEARCH_MESSAGES.leaseYears] })
      expect(body.message).toContain(key)
      expect(SEARCH_MESSAGES.leaseYears).toContain('od 1 do 200')
    })
  }
  it('markers apply it too', async () => {
    const res = await t.app.inject('/api/search/markers?bbox=20,52,22,53&lata_dzierzawy=50')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.map((m: { id: number }) => m.id)).toEqual([id.lease99])
  })
})
