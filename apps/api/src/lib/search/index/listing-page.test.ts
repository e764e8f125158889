import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATEGORIES, CITIES } from '@portal/contracts/catalogue'
import { createTestApp, insertListings } from '../../../test/helpers.ts'
import { findListing } from '../../listings/access.ts'
import { sellerActiveCountSql, similarListings, SIMILAR_LIMIT } from '../../listings/read.ts'
import { summariesOf } from './hydrate.ts'
import { SearchIndex } from './index.ts'

/** The listing page's seller count and similar listings: the index must answer exactly as the SQL it replaces. */
function rng(seed: number) {
  let s = seed >>> 0
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 2 ** 32 }
}
const DAY = 86_400_000

describe('listing page from the search index', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  const ids: number[] = []
  beforeAll(async () => {
    t = await createTestApp()
    const r = rng(16)
    const pick = <T>(a: readonly T[]) => a[Math.floor(r() * a.length)]!
    const now = Date.now()
    for (let owner = 0; owner < 4; owner++) {
      const rows = Array.from({ length: 30 + owner * 12 }, () => {
        const city = pick(CITIES.slice(0, 3))
        return {
          categoryId: pick(CATEGORIES.slice(0, 3)).id,
          offerType: pick(['sell', 'rent'] as const),
          adType: r() < 0.1 ? 'seek' as const : 'offer' as const,
          status: r() < 0.85 ? 'active' as const : pick(['ended', 'draft'] as const),
          // Few distinct prices, so ties on the distance are common and must fall back on the id.
          price: (100_000 + Math.floor(r() * 30) * 10_000) * 100,
          city: city.name, citySlug: city.slug, lat: city.lat, lon: city.lon, locationName: city.name,
          isPromoted: r() < 0.2,
          visibleFrom: r() < 0.9 ? null : new Date(now + (r() < 0.5 ? -1 : 1) * DAY),
          expiresAt: r() < 0.9 ? null : new Date(now + (r() < 0.5 ? -1 : 1) * DAY),
        }
      })
      ids.push(...await insertListings(t.db, rows))
    }
  })
  afterAll(async () => { await t.close() })

  it('seller counts and similar listings equal the SQL answers for every listing', async () => {
    const ix = new SearchIndex(t.db.db)
    await ix.load()
    let nonEmpty = 0
    for (const id of ids) {
      const { listing: l } = (await findListing(t.db, String(id)))!
      const hit = await ix.listingPage({ id: l.id, userId: l.userId, categoryId: l.categoryId, citySlug: l.citySlug,
        offerType: l.offerType, price: Number(l.price) }, SIMILAR_LIMIT)
      expect(hit).not.toBeNull()
      expect(hit!.sellerCount).toBe(await sellerActiveCountSql(t.db, l.userId))
      const fromIndex = await summariesOf(t.db.db, hit!.store, hit!.slots, hit!.promoted)
      const fromSql = await similarListings(t.db, l)
      expect(fromIndex.map((s) => `${s.id}${s.is_promoted ? '*' : ''}`)).toEqual(fromSql.map((s) => `${s.id}${s.is_promoted ? '*' : ''}`))
      expect(fromIndex).toEqual(fromSql)
      if (fromSql.length) nonEmpty++
    }
    expect(nonEmpty).toBeGreaterThan(ids.length / 2)
  }, 120_000)

  it('GET /api/offers/:slug answers from the index and follows writes', async () => {
    const [a, b] = await insertListings(t.db, [{ citySlug: 'gdynia', city: 'Gdynia', price: 40_000_000 }, { citySlug: 'gdynia', city: 'Gdynia', price: 41_000_000 }])
    const res = await t.app.inject(`/api/offers/${a}`)
    expect(res.statusCode).toBe(200)
    const p = res.json()
    expect(p.advertiser.active_offers_count).toBe(2)
    expect(p.similar.map((s: { id: number }) => s.id)).toEqual([b])
  })
})
