import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { CITIES } from '@portal/contracts/catalogue'
import { encodeArea, parseSearchParams, toSearchParams, type Area, type SearchQuery } from '@portal/contracts/search'
import { createTestApp } from '../../../test/helpers.ts'
import { seedFilterListings } from './filters-fixture.ts'
import { SearchIndex } from './index.ts'
import { viaIndex, viaSql } from './parity-support.ts'
import { areaEdges, inArea } from '../facets.ts'

/**
 * The map drives the list (issue 25 item 1: `mapa`, the map view) and drawn areas (item 2: `obszar`, point in
 * polygon): both engines answer the same pages and totals over random views and random areas, and bad ones are 422.
 */
let t: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  t = await createTestApp()
  await seedFilterListings(t.db)
}, 120_000)
afterAll(async () => { await t?.close() })

const cities = CITIES.slice(0, 3)
/** A star-shaped ring around a point (never crosses itself), 3-40 points, as a URL would carry it (5 decimals). */
const areaArb: fc.Arbitrary<Area> = fc.record({
  city: fc.constantFrom(...cities),
  dLat: fc.double({ min: -0.1, max: 0.1, noNaN: true }), dLon: fc.double({ min: -0.15, max: 0.15, noNaN: true }),
  radii: fc.array(fc.double({ min: 0.01, max: 0.2, noNaN: true }), { minLength: 3, maxLength: 40 }),
}).map(({ city, dLat, dLon, radii }) => radii.map((r, i): [number, number] => {
  const a = (2 * Math.PI * i) / radii.length
  return [city.lat + dLat + r * Math.sin(a) * 0.7, city.lon + dLon + r * Math.cos(a)]
}))
/** Through the URL and back: the areas a request really carries (rounded, validated). */
const viaUrl = (q: SearchQuery): SearchQuery => {
  const parsed = parseSearchParams(toSearchParams(q))
  expect(parsed.errors).toEqual({})
  return parsed.query
}

const viewArb = fc.record({
  city: fc.constantFrom(...cities), w: fc.double({ min: 0.01, max: 0.5, noNaN: true }), h: fc.double({ min: 0.01, max: 0.3, noNaN: true }),
  dx: fc.double({ min: -0.2, max: 0.2, noNaN: true }), dy: fc.double({ min: -0.15, max: 0.15, noNaN: true }),
}).map(({ city, w, h, dx, dy }): [number, number, number, number] =>
  [city.lon + dx - w / 2, city.lat + dy - h / 2, city.lon + dx + w / 2, city.lat + dy + h / 2].map((v) => Math.round(v * 1e5) / 1e5) as [number, number, number, number])

const extraArb = fc.record({
  type: fc.constantFrom('sell' as const, 'rent' as const),
  sort: fc.constantFrom('newest' as const, 'price_asc' as const, 'area_desc' as const),
  per_page: fc.constantFrom(5, 24),
  withVideo: fc.constant(true),
}, { requiredKeys: ['per_page'] })

describe('map view and drawn areas on both engines', () => {
  it('random map views and drawn areas: the same pages and totals (index vs SQL)', async () => {
    const ix = new SearchIndex(t.db.db)
    await ix.load()
    let some = 0
    await fc.assert(fc.asyncProperty(fc.option(viewArb, { nil: undefined }), fc.array(areaArb, { minLength: 0, maxLength: 3 }), extraArb,
      async (bbox, areas, extra) => {
        const q = viaUrl({ ...extra, ...(bbox ? { bbox } : {}), ...(areas.length ? { areas } : {}) })
        const got = await viaIndex(ix, q)
        expect(got, JSON.stringify(q)).not.toBeNull()
        expect(got, JSON.stringify(q)).toEqual(await viaSql(t.db.db, q))
        if (got!.total) some++
      }), { numRuns: 120, seed: 2502 })
    expect(some).toBeGreaterThan(30)
  }, 180_000)

  it('an area finds exactly the listings inside its ring, fewer than its box', async () => {
    const c = cities[0]!
    // An L shape: its box holds listings outside the ring.
    const ring: Area = [[c.lat - 0.1, c.lon - 0.15], [c.lat - 0.1, c.lon + 0.15], [c.lat, c.lon + 0.15], [c.lat, c.lon], [c.lat + 0.1, c.lon], [c.lat + 0.1, c.lon - 0.15]]
    const q = viaUrl({ areas: [ring], per_page: 60 })
    const box = await viaSql(t.db.db, { bbox: [c.lon - 0.15, c.lat - 0.1, c.lon + 0.15, c.lat + 0.1], per_page: 60 })
    const inside = await viaSql(t.db.db, q)
    expect(inside.total).toBeGreaterThan(0)
    expect(inside.total).toBeLessThan(box.total)
    const res = (await t.app.inject(`/api/search?${toSearchParams(q)}`)).json()
    expect(res.total).toBe(inside.total)
    const e = areaEdges(q.areas![0]!)
    for (const l of res.data as { lat: number; lon: number }[]) {
      expect(inArea(e, l.lat, l.lon)).toBe(true)
      expect(l.lat <= c.lat || l.lon <= c.lon).toBe(true) // not in the L's missing corner
    }
    // Two areas: the union.
    const corner: Area = [[c.lat + 0.01, c.lon + 0.01], [c.lat + 0.01, c.lon + 0.15], [c.lat + 0.1, c.lon + 0.15], [c.lat + 0.1, c.lon + 0.01]]
    const alone = (await viaSql(t.db.db, viaUrl({ areas: [corner] }))).total
    expect(alone).toBeGreaterThan(0)
    expect((await viaSql(t.db.db, viaUrl({ areas: [ring, corner] }))).total).toBe(inside.total + alone)
  })

  it('the map view narrows /api/search, its count and the markers alike', async () => {
    const c = cities[1]!
    const mapa = [c.lon - 0.1, c.lat - 0.05, c.lon + 0.1, c.lat + 0.05].map((v) => v.toFixed(5)).join(',')
    await t.app.inject('/api/search') // loads the index
    const all = (await t.app.inject('/api/search')).json().total
    const search = (await t.app.inject(`/api/search?mapa=${mapa}`)).json()
    const count = (await t.app.inject(`/api/search/count?mapa=${mapa}`)).json()
    const markers = (await t.app.inject(`/api/search/markers?mapa=${mapa}`)).json()
    expect(search.total).toBeGreaterThan(0)
    expect(search.total).toBeLessThan(all)
    expect(count.total).toBe(search.total)
    expect(markers.total).toBe(search.total)
    const area = encodeArea([[c.lat - 0.05, c.lon - 0.1], [c.lat + 0.05, c.lon], [c.lat - 0.05, c.lon + 0.1]])
    const qs = `obszar=${encodeURIComponent(area)}`
    const s2 = (await t.app.inject(`/api/search?${qs}`)).json()
    const c2 = (await t.app.inject(`/api/search/count?${qs}`)).json()
    const m2 = (await t.app.inject(`/api/search/markers?${qs}&bbox=${mapa}`)).json()
    expect(s2.total).toBeGreaterThan(0)
    expect(c2.total).toBe(s2.total)
    expect(m2.total).toBe(s2.total)
  })

  it('bad map views and areas: 422 in Polish naming the parameter, never 500', async () => {
    const c = cities[0]!
    const tri = (d = 0): Area => [[c.lat + d, c.lon], [c.lat + 0.05 + d, c.lon + 0.05], [c.lat + d, c.lon + 0.1]]
    const bow = encodeArea([[c.lat, c.lon], [c.lat + 0.1, c.lon + 0.1], [c.lat + 0.1, c.lon], [c.lat, c.lon + 0.1]])
    const big = encodeArea(Array.from({ length: 501 }, (_, i): [number, number] => [c.lat + Math.sin(i / 80) * 0.1, c.lon + Math.cos(i / 80) * 0.1]))
    const cases: [string, string, string][] = [
      ['mapa=1,2,3', 'mapa', 'Obszar mapy podaj jako minLon,minLat,maxLon,maxLat.'],
      ['mapa=21,52,20,53', 'mapa', 'Obszar mapy podaj jako minLon,minLat,maxLon,maxLat.'],
      ['mapa=abc', 'mapa', 'Obszar mapy podaj jako minLon,minLat,maxLon,maxLat.'],
      ['obszar=%25%25%25', 'obszar', 'Obszar jest zapisany niepoprawnie.'],
      [`obszar=${encodeURIComponent(encodeArea(tri().slice(0, 2)))}`, 'obszar', 'Obszar musi mieć co najmniej 3 punkty.'],
      [`obszar=${encodeURIComponent(bow)}`, 'obszar', 'Granice obszaru nie mogą się przecinać.'],
      [`obszar=${encodeURIComponent(big)}`, 'obszar', 'Obszar może mieć najwyżej 500 punktów.'],
      [Array.from({ length: 6 }, (_, i) => `obszar=${encodeURIComponent(encodeArea(tri(i * 0.01)))}`).join('&'), 'obszar', 'Można narysować najwyżej 5 obszarów.'],
    ]
    for (const [qs, key, message] of cases) {
      for (const path of ['/api/search', '/api/search/count', '/api/search/markers']) {
        const res = await t.app.inject(`${path}?${qs}`)
        expect(res.statusCode, `${path}?${qs}`).toBe(422)
        expect(res.json().errors, qs).toEqual({ [key]: [message] })
      }
    }
    // A 500-point ring and five areas are fine.
    const ok500 = encodeArea(Array.from({ length: 500 }, (_, i): [number, number] => [c.lat + Math.sin((i / 500) * 2 * Math.PI) * 0.1, c.lon + Math.cos((i / 500) * 2 * Math.PI) * 0.1]))
    expect((await t.app.inject(`/api/search?obszar=${encodeURIComponent(ok500)}`)).statusCode).toBe(200)
    expect((await t.app.inject(`/api/search?${Array.from({ length: 5 }, (_, i) => `obszar[${i}]=${encodeURIComponent(encodeArea(tri(i * 0.01)))}`).join('&')}`)).statusCode).toBe(200)
  })

  it('writes mapa and indexed obszar, reads them back (and bbox, areas as aliases)', () => {
    const ring: Area = [[52.1, 21], [52.2, 21.1], [52.1, 21.2]]
    const p = toSearchParams({ bbox: [20.9, 52, 21.3, 52.4], areas: [ring] })
    expect([...p.keys()]).toEqual(['mapa', 'obszar[0]'])
    expect(parseSearchParams(p).query).toEqual({ bbox: [20.9, 52, 21.3, 52.4], areas: [ring] })
    expect(parseSearchParams(new URLSearchParams(`bbox=20.9,52,21.3,52.4&areas=${encodeURIComponent(encodeArea(ring))}`)).query)
      .toEqual({ bbox: [20.9, 52, 21.3, 52.4], areas: [ring] })
    // A closing copy of the first point is dropped.
    expect(parseSearchParams(new URLSearchParams(`obszar=${encodeURIComponent(encodeArea([...ring, ring[0]!]))}`)).query.areas).toEqual([ring])
  })
})
