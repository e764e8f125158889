import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATEGORIES, CITIES } from '@portal/contracts/catalogue'
import { buildApp } from '../../../app.ts'
import { createTestApp, insertListings, type TestApp } from '../../../test/helpers.ts'

/**
 * Map markers while the index loads (or with SEARCH_INDEX=off) are answered as the index answers them (decision 035):
 * up to 400 newest markers, beyond that every match counted into the same 24 × 24 grid clusters. The SQL path used to
 * send up to 2 000 markers instead (~275 KB of JSON at a million listings, and a different map).
 */
describe('GET /api/search/markers: the SQL path answers as the index does', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let sqlApp: TestApp
  beforeAll(async () => {
    t = await createTestApp()
    let s = 35
    const r = () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 2 ** 32 }
    const rows = Array.from({ length: 1000 }, (_, i) => {
      const city = CITIES[i % 4]!
      const area = 20 + Math.floor(r() * 150)
      return {
        categoryId: CATEGORIES[Math.floor(r() * 4)]!.id, offerType: r() < 0.6 ? 'sell' as const : 'rent' as const,
        price: Math.round(50_000 + r() * 1_500_000) * 100, area, status: r() < 0.9 ? 'active' as const : 'ended' as const,
        lat: city.lat + (r() - 0.5) * 0.4, lon: city.lon + (r() - 0.5) * 0.6, city: city.name, citySlug: city.slug, locationName: city.name,
        createdAt: new Date(Date.UTC(2025, 0, 1) + Math.floor(r() * 300) * 3_600_000 * (i % 7 === 0 ? 0 : 1)),
      }
    })
    for (let k = 0; k < 1000; k += 250) await insertListings(t.db, rows.slice(k, k + 250))
    await t.app.searchIndex.load()
    sqlApp = await buildApp({ db: t.db, env: { ...t.app.env, SEARCH_INDEX: false }, logger: false, jobs: false })
    await sqlApp.ready()
  }, 120_000)
  afterAll(async () => { await sqlApp?.close(); await t?.close() })

  it('the same markers, totals and clusters (counts and bounds exact, means to 1e-9)', async () => {
    const c = CITIES[0]!
    const city = [c.lon - 0.3, c.lat - 0.2, c.lon + 0.3, c.lat + 0.2].map((v) => v.toFixed(4)).join(',')
    let clustered = 0, marked = 0
    for (const q of ['bbox=14.0,49.0,24.2,54.9', 'bbox=14.0,49.0,24.2,54.9&typ=sprzedaz', `bbox=${city}`, `bbox=${city}&typ=wynajem`,
      `bbox=${city}&kategoria=mieszkanie&cena[max]=900000`, 'bbox=14.0,49.0,14.1,49.1']) {
      const viaIndex = await t.app.inject(`/api/search/markers?${q}`)
      const viaSql = await sqlApp.inject(`/api/search/markers?${q}`)
      expect(viaIndex.headers['x-search-source']).toBe('index')
      expect(viaSql.headers['x-search-source']).toBe('sql')
      const a = viaIndex.json(), b = viaSql.json()
      expect({ ...b, clusters: b.clusters.length }, q).toEqual({ ...a, clusters: a.clusters.length })
      if (a.clusters.length) clustered++
      if (a.data.length) marked++
      a.clusters.forEach((x: { lat: number; lon: number; count: number; bounds: number[] }, i: number) => {
        const y = b.clusters[i]
        // Every listing falls in the same cell on both paths, so the counts and bounds are equal; the means are sums
        // taken in another order and may differ in the last bits.
        expect({ count: y.count, bounds: y.bounds }, q).toEqual({ count: x.count, bounds: x.bounds })
        expect(y.lat).toBeCloseTo(x.lat, 9)
        expect(y.lon).toBeCloseTo(x.lon, 9)
      })
    }
    // Not vacuous: both kinds of answer were compared.
    expect(clustered).toBeGreaterThan(1)
    expect(marked).toBeGreaterThan(1)
  })

  it('without a box: the same newest markers (ties by id) and total from the index as from SQL', async () => {
    for (const q of ['', 'typ=sprzedaz', 'typ=wynajem&kategoria=mieszkanie', 'cena[max]=900000&sortuj=price_asc']) {
      const viaIndex = await t.app.inject(`/api/search/markers?${q}`)
      const viaSql = await sqlApp.inject(`/api/search/markers?${q}`)
      expect(viaIndex.headers['x-search-source'], q).toBe('index')
      expect(viaSql.headers['x-search-source'], q).toBe('sql')
      const a = viaIndex.json()
      expect(a.data.length, q).toBeGreaterThan(50)
      expect(viaSql.json(), q).toEqual(a)
    }
  })
})
