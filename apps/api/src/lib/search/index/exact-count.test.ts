import { describe, expect, it } from 'vitest'
import { EXACT_COUNT, runCount, runSearch } from './engine.ts'
import { Store, type IndexRow } from './store.ts'
import type { SearchQuery } from '@portal/contracts/search'

/** Issue 25: the index's totals are exact (no 'około') where it used to estimate beyond EXACT_COUNT matches. */
const NOW = Date.UTC(2026, 10, 27, 12)
function row(id: number): IndexRow {
  return {
    id, slug: `l-${id}`, user_id: 1 + (id % 7), category_id: 101, offer_type: id % 3 ? 'sell' : 'rent', seek: false,
    price: 100_000 + (id % 997) * 1000, area: 30 + (id % 90), price_per_m2: 2_000, rooms: 1 + (id % 5), bathrooms: 1, floor: null,
    building_type: null, market: null, condition: null, ownership: null, rental_periods: [], extras: [], nearby: [], flags: id % 11 ? 0 : 32,
    promoted_until: null, visible_from: null, expires_at: null, created_at: NOW - id * 60_000, lat: 52 + (id % 50) / 100,
    lon: 21 + (id % 70) / 100, city_slug: 'warszawa', district: null, lease_years: null, search_text: 'mieszkanie', year_built: null, media: 0,
  }
}

describe('exact totals from the index', () => {
  const st = new Store()
  for (let id = 1; id <= 6000; id++) st.put(row(id))
  const store = st.clustered()
  const truth = (test: (r: IndexRow) => boolean) => Array.from({ length: 6000 }, (_, i) => row(i + 1)).filter(test).length

  it('a page whose walk stopped early still gets the exact total', () => {
    for (const [q, want] of [
      [{}, 6000], [{ type: 'sell' as const }, truth((r) => r.offer_type === 'sell')],
      [{ rooms: [2, 3] }, truth((r) => r.rooms === 2 || r.rooms === 3)],
    ] as [SearchQuery, number][]) {
      expect(want).toBeGreaterThan(EXACT_COUNT)
      for (const sort of ['newest', 'price_asc', 'area_desc'] as const) {
        const hit = runSearch(store, { ...q, sort }, 24, 24, NOW)!
        expect(hit, JSON.stringify(q)).toMatchObject({ total: want, estimated: false })
        // The same page as a walk of everything.
        expect(hit.slots).toEqual(runSearch(store, { ...q, sort }, 24, 24, NOW, Infinity)!.slots)
      }
      expect(runCount(store, q, NOW)).toEqual({ total: want, estimated: false })
    }
  })

  it('counts a search of facet bitsets only exactly however long its lists; one with a range past the limit stays estimated', () => {
    // exactSlots 1,000 stands in for EXACT_SCAN_SLOTS over a store of a million listings.
    const bitsOnly: SearchQuery = { type: 'sell', rooms: [2, 3] }
    const want = truth((r) => r.offer_type === 'sell' && (r.rooms === 2 || r.rooms === 3))
    expect(runCount(store, bitsOnly, NOW, 1000)).toEqual({ total: want, estimated: false })
    expect(runSearch(store, bitsOnly, 24, 0, NOW, EXACT_COUNT, 1000)).toMatchObject({ total: want, estimated: false })
    const ranged: SearchQuery = { type: 'sell', price: { min: 1_500 } } // zł; the store keeps grosze
    const rangedHit = runSearch(store, ranged, 24, 0, NOW, EXACT_COUNT, 1000)!
    expect(rangedHit.estimated).toBe(true)
    expect(runCount(store, ranged, NOW, 1000)!.estimated).toBe(true)
    // Within the limit the same search is exact.
    expect(runCount(store, ranged, NOW)).toEqual({ total: truth((r) => r.offer_type === 'sell' && r.price >= 150_000), estimated: false })
  })
})
