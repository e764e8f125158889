import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  ATTRIBUTES, CATEGORIES, CITIES, PRICE_OPTIONS, categoryBySlug, categoryWithDescendants, offerTypeFromSlug,
} from './index.ts'
import { renderCatalogueDoc } from './doc.ts'

describe('catalogue', () => {
  it('has unique category ids and slugs', () => {
    expect(new Set(CATEGORIES.map((c) => c.id)).size).toBe(CATEGORIES.length)
    expect(new Set(CATEGORIES.map((c) => c.slug)).size).toBe(CATEGORIES.length)
    expect(new Set(CATEGORIES.map((c) => c.urlSlug)).size).toBe(CATEGORIES.length)
  })
  it('maps backend kamienica-1 to URL kamienica-dom under dom', () => {
    const k = categoryBySlug('kamienica-dom')!
    expect(k.slug).toBe('kamienica-1')
    expect(categoryBySlug('kamienica-1')).toBe(k)
    expect(k.parentId).toBe(categoryBySlug('dom')!.id)
    expect(categoryWithDescendants(9)).toContain(k.id)
  })
  it('has the spec categories', () => {
    for (const s of ['mieszkanie', 'dom', 'dom-modulowy', 'lokal-uzytkowy', 'dzialka', 'kemping', 'domek-letniskowy',
      'garaz', 'parking', 'pokoj', 'magazyny', 'hotele-pensjonaty', 'uslugi']) expect(categoryBySlug(s), s).toBeDefined()
  })
  it('only references existing attributes, and every category has offer types', () => {
    const ids = new Set(ATTRIBUTES.map((a) => a.id))
    for (const c of CATEGORIES) {
      expect(c.offerTypes.length, c.slug).toBeGreaterThan(0)
      for (const a of c.attributes) expect(ids.has(a), `${c.slug} → ${a}`).toBe(true)
    }
  })
  it('keeps attribute ids 1–22 and the multi-valued 15–17', () => {
    for (let id = 1; id <= 22; id++) expect(ATTRIBUTES.some((a) => a.id === id), String(id)).toBe(true)
    for (const id of [15, 16, 17]) expect(ATTRIBUTES.find((a) => a.id === id)!.type).toBe('multi_choice')
    expect(ATTRIBUTES.find((a) => a.id === 16)!.options).toHaveLength(20)
    expect(ATTRIBUTES.find((a) => a.id === 17)!.options).toHaveLength(14)
    expect(ATTRIBUTES.find((a) => a.id === 9)!.slug).toBe('pietro')
  })
  it('lists the spec §9 prices and 30 cities in order', () => {
    expect(PRICE_OPTIONS.min).toEqual([500, 1000, 1500, 2000, 2500, 3000, 3500, 4000, 4500, 5000])
    expect(PRICE_OPTIONS.max).toEqual([1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000, 15000, 20000])
    expect(CITIES).toHaveLength(30)
    expect(CITIES.slice(0, 6).map((c) => c.name)).toEqual(['Warszawa', 'Kraków', 'Łódź', 'Wrocław', 'Poznań', 'Gdańsk'])
  })
  it('reads offer type slugs and aliases', () => {
    expect(offerTypeFromSlug('sprzedaz')).toBe('sell')
    expect(offerTypeFromSlug('swap')).toBe('exchange')
    expect(offerTypeFromSlug('oddam')).toBe('for_free')
    expect(offerTypeFromSlug('nonsense')).toBeUndefined()
  })
  it('is documented in docs/catalogue.md (run: npx tsx scripts/catalogue-doc.ts)', () => {
    const doc = readFileSync(new URL('../../../../docs/catalogue.md', import.meta.url), 'utf8')
    expect(doc).toBe(renderCatalogueDoc())
  })
})
