import { describe, expect, it } from 'vitest'
import { CITIES } from '@portal/contracts/catalogue'
import { placeSlug } from '@portal/contracts/catalogue/voivodeships'
import { ADDED_DAYS, SEARCH_OPTIONS, type SearchQuery } from '@portal/contracts/search'
import { countMatches, runCount, runSearch, searchMatcher } from './engine.ts'
import { ADVERTISER_CODE, MEDIA_ADVERTISER_SHIFT, RANGE_COLUMNS, Store, type IndexRow } from './store.ts'
import { andGroups } from './facet-bits.ts'
import { addedSince } from '../facets.ts'
import { placeFilter } from '../places.ts'
import { rng } from './filters-fixture.ts'

/**
 * Decision 084: the exact totals come from facet bitsets (AND + popcount, the rest tested per slot). Over random
 * listings carrying every facet and random queries using every filter, the count equals a brute-force count of every
 * slot by the search's own per-slot test — on a fresh store, a clustered one, after updates (new, replaced and removed
 * listings: unsorted tails), and at other times (scheduled listings appear and expire, 'dodane' moves).
 */
const NOW = Date.UTC(2026, 10, 28, 12)
const DAY = 86_400_000
const r = rng(84)
const pick = <T>(a: readonly T[]) => a[Math.floor(r() * a.length)]!
const some = <T>(a: readonly T[], p = 0.3) => a.filter(() => r() < p)
const cities = CITIES.slice(0, 3)
const cats = [101, 102, 103, 201, 301]
const floors = Object.keys({ suterena: 1, parter: 1, 1: 1, 2: 1, 3: 1, 5: 1, 'powyzej-10': 1 })
const words = ['balkon', 'ogrod', 'garaz', 'taras', 'piwnica']

function row(id: number): IndexRow {
  const city = pick(cities)
  const area = r() < 0.85 ? Math.round(20 + r() * 150) : null
  const price = Math.round(100_000 + r() * 1_500_000) * 100
  const scheduled = r() < 0.5
  return {
    id, slug: `l-${id}`, user_id: 1 + (id % 9), category_id: pick(cats), offer_type: pick(['sell', 'rent']), seek: r() < 0.1,
    price, area, price_per_m2: area ? Math.round(price / area) : null, rooms: r() < 0.9 ? Math.floor(r() * 8) : null,
    bathrooms: r() < 0.8 ? Math.floor(r() * 5) : null, floor: r() < 0.8 ? pick(floors) : null,
    building_type: r() < 0.7 ? pick(SEARCH_OPTIONS.buildingTypes.slice(0, 4)) : null, market: r() < 0.7 ? pick(SEARCH_OPTIONS.market) : null,
    condition: r() < 0.7 ? pick(SEARCH_OPTIONS.condition.slice(0, 4)) : null,
    ownership: r() < 0.7 ? pick(SEARCH_OPTIONS.ownership.slice(0, 3).concat('leasehold')) : null,
    rental_periods: some(SEARCH_OPTIONS.rentalPeriod.slice(0, 4)), extras: some(SEARCH_OPTIONS.extras.slice(0, 6)),
    nearby: some(SEARCH_OPTIONS.nearby.slice(0, 5)), flags: Math.floor(r() * 128),
    promoted_until: r() < 0.5 ? NOW + (r() - 0.5) * 10 * DAY : null,
    visible_from: scheduled && r() < 0.4 ? NOW + (r() - 0.5) * 4 * DAY : null,
    expires_at: scheduled ? NOW + (r() - 0.3) * 10 * DAY : null,
    created_at: NOW - Math.floor(r() * 40 * DAY), lat: city.lat + (r() - 0.5) * 0.3, lon: city.lon + (r() - 0.5) * 0.4,
    city_slug: city.slug, district: r() < 0.5 ? pick(city.districts).name : null, lease_years: r() < 0.5 ? Math.floor(r() * 99) : null,
    search_text: `${some(words, 0.4).join(' ')} ${city.slug}`, year_built: r() < 0.7 ? 1900 + Math.floor(r() * 125) : null,
    media: Math.floor(r() * 8) | (pick(Object.values(ADVERTISER_CODE)) << MEDIA_ADVERTISER_SHIFT),
  }
}

function query(): SearchQuery {
  const q: SearchQuery = {}
  const range = (lo: number, hi: number) => { const a = lo + Math.floor(r() * (hi - lo)), b = lo + Math.floor(r() * (hi - lo)); return r() < 0.5 ? { min: Math.min(a, b), max: Math.max(a, b) } : r() < 0.5 ? { min: a } : { max: b } }
  const city = pick(cities)
  const maybe = (p: number, f: () => void) => { if (r() < p) f() }
  maybe(0.2, () => { q.seek = true })
  maybe(0.5, () => { q.type = pick(['sell', 'rent'] as const) })
  maybe(0.5, () => { q.categories = some(['mieszkanie', 'dom', 'dzialka'], 0.6) })
  maybe(0.15, () => { q.price = range(100_000, 1_600_000) })
  maybe(0.15, () => { q.area = range(20, 170) })
  maybe(0.15, () => { q.location = { lat: city.lat, lon: city.lon, name: city.name }; q.radius = pick([5, 10, 25]) })
  maybe(0.1, () => { q.bbox = [city.lon - 0.1, city.lat - 0.08, city.lon + 0.12, city.lat + 0.1] })
  maybe(0.2, () => { q.rooms = some([0, 1, 2, 3, 4, 5, 7], 0.4) })
  maybe(0.15, () => { q.bathrooms = some([0, 1, 2, 3], 0.5) })
  maybe(0.15, () => { q.buildingTypes = some(SEARCH_OPTIONS.buildingTypes.slice(0, 5), 0.5) })
  maybe(0.15, () => { q.market = some(SEARCH_OPTIONS.market, 0.5) })
  maybe(0.1, () => { q.condition = some(SEARCH_OPTIONS.condition.slice(0, 5), 0.5) })
  maybe(0.1, () => { q.floor = some(floors.concat('9'), 0.4) })
  maybe(0.1, () => { q.ownership = some(SEARCH_OPTIONS.ownership.slice(0, 3).concat('leasehold'), 0.5) })
  maybe(0.1, () => { q.leaseYears = Math.floor(r() * 99) })
  maybe(0.15, () => { q.rentalPeriod = some(SEARCH_OPTIONS.rentalPeriod.slice(0, 5), 0.5) })
  maybe(0.2, () => { q.extras = some(SEARCH_OPTIONS.extras.slice(0, 7), 0.25) })
  maybe(0.15, () => { q.nearby = some(SEARCH_OPTIONS.nearby.slice(0, 5), 0.3) })
  maybe(0.2, () => { q.negotiable = true })
  maybe(0.1, () => { q.instalments = true })
  maybe(0.1, () => { q.urgent = true })
  maybe(0.1, () => { q.bargain = true })
  maybe(0.1, () => { q.billsIncluded = true })
  maybe(0.2, () => { q.hideDuplicates = true })
  maybe(0.2, () => { q.advertiser = some(['private', 'agency', 'developer'] as const, 0.5) })
  maybe(0.2, () => { q.addedDays = pick(ADDED_DAYS) })
  maybe(0.15, () => { q.pricePerM2 = range(1000, 40_000) })
  maybe(0.15, () => { q.yearBuilt = range(1890, 2030) })
  maybe(0.15, () => { q.floorRange = range(-1, 12) })
  maybe(0.15, () => { q.withVideo = true })
  maybe(0.15, () => { q.withTour = true })
  maybe(0.15, () => { q.withPlan = true })
  maybe(0.15, () => { q.phrase = pick(words) })
  for (const k of Object.keys(q) as (keyof SearchQuery)[]) if (Array.isArray(q[k]) && !(q[k] as unknown[]).length) delete q[k]
  return q
}

/** Every slot of the store through the search's own per-slot test. */
function bruteForce(st: Store, q: SearchQuery, now: number): number {
  const test = searchMatcher(st, q, now)!
  let n = 0
  for (let x = 0; x < st.size; x++) if (test(x)) n++
  return n
}

function check(st: Store, label: string, runs: number, nows: number[]) {
  let nonEmpty = 0
  for (let i = 0; i < runs; i++) {
    const q = query()
    for (const now of nows) {
      const want = bruteForce(st, q, now)
      expect(countMatches(st, q, now), `${label} ${JSON.stringify(q)} at ${now}`).toBe(want)
      expect(runCount(st, q, now), `${label} ${JSON.stringify(q)}`).toEqual({ total: want, estimated: false })
      if (want) nonEmpty++
    }
  }
  expect(nonEmpty).toBeGreaterThan(runs / 4)
}

describe('exact totals by facet bitsets (decision 084)', () => {
  const st = new Store()
  for (let id = 1; id <= 3000; id++) st.put(row(id))
  const nows = [NOW, NOW + 2 * DAY, NOW - 3 * DAY, NOW]

  it('count what a slot-by-slot test of every slot counts, over random queries with every filter', () => {
    check(st, 'fresh', 300, nows)
  })

  it('the same on the clustered store, after updates (tails, replaced and removed listings) and at other times', () => {
    const cl = st.clustered()
    check(cl, 'clustered', 200, nows)
    for (let id = 2000; id <= 3500; id += 3) cl.put(row(id)) // replaces some, adds others
    for (let id = 1; id <= 600; id += 7) cl.remove(id)
    check(cl, 'updated', 200, [...nows, NOW + 20 * DAY])
  })

  it('a page with an early stop takes its total from the bits; a filter that matches nothing walks nothing', () => {
    const cl = st.clustered()
    for (const q of [{}, { type: 'sell' as const }, { rooms: [2, 3] }, { negotiable: true }] as SearchQuery[]) {
      const hit = runSearch(cl, q, 24, 0, NOW)!
      expect(hit.total).toBe(bruteForce(cl, q, NOW))
      expect(hit.estimated).toBe(false)
    }
    expect(runSearch(cl, { type: 'sell', extras: ['nie-ma-takiego'] }, 24, 0, NOW)).toEqual({ total: 0, slots: [], promoted: [], estimated: false })
  })

  it('keeps which listings their dates hide for as long as no date passes, and looks again after', () => {
    const s = new Store()
    const base = { ...row(1), visible_from: null, expires_at: null }
    s.put({ ...base, id: 1, expires_at: NOW + 1000 })
    s.put({ ...base, id: 2, visible_from: NOW + 500 })
    const hidden = (now: number) => [0, 1].filter((x) => (s.hiddenAt(now)[0]! >>> x) & 1)
    expect(hidden(NOW)).toEqual([1])
    expect(hidden(NOW + 499)).toEqual([1])
    expect(hidden(NOW + 500)).toEqual([])
    expect(hidden(NOW + 1000)).toEqual([0])
    expect(hidden(NOW)).toEqual([1])
    s.put({ ...base, id: 3, expires_at: NOW - 1 }) // added after: looked at alone
    expect(hidden(NOW + 10)).toEqual([1])
    expect((s.hiddenAt(NOW + 10)[0]! >>> 2) & 1).toBe(1)
  })
})

/**
 * Decision 092: price, area, price per m², year built and the date added as range-encoded bitsets, a bucket wholly
 * inside a range counted without the per-slot test; a grid cell wholly inside a map view, a drawn area or a region
 * counted without the point test. Ranges whose bounds are the listings' own values (a bucket's
 * smallest or largest) and the buckets' edges (±1), on a fresh store (one bucket), a clustered and a restored one
 * (quantile edges), and after updates that bring values beyond every edge, replace and remove listings and date them.
 */
describe('exact totals with range bitsets (decision 092)', () => {
  const base = new Store()
  for (let id = 1; id <= 2500; id++) base.put(row(id))
  const clustered = base.clustered()
  const updated = base.clustered()
  for (let id = 2000; id <= 2600; id += 2) updated.put(row(id))
  for (let id = 1; id <= 400; id += 5) updated.remove(id)
  const extreme = (id: number, o: Partial<IndexRow>) => updated.put({ ...row(id), ...o })
  extreme(5001, { price: 100, area: 1, price_per_m2: 100, year_built: 1500, created_at: NOW - 900 * DAY, visible_from: null, expires_at: null })
  extreme(5002, { price: 1e12, area: 99_999, price_per_m2: 1e9, year_built: 2100, created_at: NOW + DAY, visible_from: null, expires_at: null })
  extreme(5003, { price: 1e12, area: 99_999, price_per_m2: 1e9, year_built: 2100, created_at: NOW - 2 * DAY, expires_at: NOW + DAY })
  // Values equal to a bucket's edge, so a bound at the edge splits nothing.
  for (const [i, k] of (['price', 'area', 'ppm2', 'built'] as const).entries()) {
    const e = updated.ranges[k].edges
    const v = e[Math.floor(e.length / 2)]!
    extreme(5010 + i, { [k === 'ppm2' ? 'price_per_m2' : k === 'built' ? 'year_built' : k]: v })
  }
  const restored = Store.fromImage(updated.image())
  const stores = { fresh: base, clustered, updated, restored }
  const nows = [NOW, NOW + 2 * DAY, NOW - 3 * DAY]

  const DISTRICTS = ['warszawa.srodmiescie', 'warszawa.mokotow', 'lodz.srodmiescie', 'lodz.baluty', `krakow.${placeSlug(cities[1]!.districts[0]!.name)}`]
  it('the districts resolve', () => {
    expect(placeFilter({ places: DISTRICTS })!.districts).toHaveLength(DISTRICTS.length)
  })

  /** A bound for column k: a listing's own value, an edge of its buckets (±1), or anything in its span. */
  function bound(st: Store, k: (typeof RANGE_COLUMNS)[number]): number {
    const roll = r()
    const value = () => { for (;;) { const v = st[k][Math.floor(r() * st.size)]!; if (!st.ranges[k].isNull(v)) return v } }
    if (roll < 0.4) return value()
    const e = st.ranges[k].edges
    if (roll < 0.8 && e.length > 1) return e[1 + Math.floor(r() * (e.length - 1))]! + pick([-1, 0, 0, 1])
    return value() * (0.5 + r())
  }
  function rangeQuery(st: Store): SearchQuery {
    const q: SearchQuery = {}
    const span = (k: (typeof RANGE_COLUMNS)[number], unit: number) => {
      const a = bound(st, k) / unit, b = bound(st, k) / unit
      const roll = r()
      return roll < 0.6 ? { min: Math.min(a, b), max: Math.max(a, b) } : roll < 0.8 ? { min: a } : { max: b }
    }
    const maybe = (p: number, f: () => void) => { if (r() < p) f() }
    maybe(0.4, () => { q.price = span('price', 100) })
    maybe(0.4, () => { q.area = span('area', 1) })
    maybe(0.4, () => { q.pricePerM2 = span('ppm2', 100) })
    maybe(0.4, () => { q.yearBuilt = span('built', 1) })
    maybe(0.3, () => { q.addedDays = pick(ADDED_DAYS) })
    if (!Object.keys(q).length) q.pricePerM2 = span('ppm2', 100)
    maybe(0.4, () => { q.type = pick(['sell', 'rent'] as const) })
    maybe(0.3, () => { q.categories = some(['mieszkanie', 'dom', 'dzialka'], 0.6) })
    maybe(0.2, () => { q.rooms = some([1, 2, 3, 5], 0.5) })
    maybe(0.1, () => { q.location = { lat: cities[0]!.lat, lon: cities[0]!.lon, name: 'x' }; q.radius = 25 })
    // Places a whole grid cell can lie in or out of (a cell wholly inside needs no point test): a map view, drawn
    // areas and regions around a city, each or together.
    const c = pick(cities)
    const j = () => (r() - 0.5) * 0.1
    maybe(0.25, () => { q.bbox = [c.lon - 0.3 + j(), c.lat - 0.2 + j(), c.lon + 0.25 + j(), c.lat + 0.22 + j()] })
    maybe(0.25, () => {
      q.areas = Array.from({ length: r() < 0.8 ? 1 : 2 }, () => {
        const rad = 0.08 + r() * 0.25, dLat = j(), dLon = j()
        return Array.from({ length: 12 }, (_, k): [number, number] => {
          const a = (2 * Math.PI * k) / 12, f = k % 2 ? 0.8 : 1
          return [c.lat + dLat + rad * f * Math.sin(a) * 0.65, c.lon + dLon + rad * f * Math.cos(a)]
        })
      })
    })
    maybe(0.25, () => { q.places = some([placeSlug(c.voivodeship), '1418', '1465011', 'malopolskie', 'warszawa.mokotow'], 0.4) })
    // Districts alone: counted over their (district, city) lists; Śródmieście is in Warsaw and Łódź both.
    maybe(0.2, () => { if (!q.places && !q.bbox && !q.areas && !q.location) q.places = some(DISTRICTS, 0.5) })
    if (q.places && !q.places.length) delete q.places
    if (q.categories && !q.categories.length) delete q.categories
    if (q.rooms && !q.rooms.length) delete q.rooms
    return q
  }

  for (const [label, st] of Object.entries(stores)) {
    it(`count what a slot-by-slot test of every slot counts: ${label}`, () => {
      let nonEmpty = 0
      for (let i = 0; i < 250; i++) {
        const q = rangeQuery(st)
        for (const now of nows) {
          const want = bruteForce(st, q, now)
          expect(countMatches(st, q, now), `${label} ${JSON.stringify(q)} at ${now}`).toBe(want)
          if (want) nonEmpty++
        }
      }
      expect(nonEmpty).toBeGreaterThan(100)
    })
  }

  it("each range's inner buckets hold only matches, and the buckets it reaches every match", () => {
    let inner = 0
    for (const [label, st] of Object.entries(stores)) {
      const words = (st.size + 31) >>> 5
      const maybe = new Uint32Array(words), sure = new Uint32Array(words)
      for (let i = 0; i < 200; i++) {
        const k = pick(RANGE_COLUMNS)
        const rb = st.ranges[k]
        const a = k === 'created' ? addedSince(pick(ADDED_DAYS), pick(nows)) : bound(st, k), b = bound(st, k)
        const [min, max] = k === 'created' ? [a, Infinity] : r() < 0.2 ? [-Infinity, a] : [Math.min(a, b), Math.max(a, b)]
        const g = rb.groups(min, max)
        andGroups(g.maybe, 0, words - 1, maybe)
        andGroups(g.sure, 0, words - 1, sure)
        for (let x = 0; x < st.size; x++) {
          const v = st[k][x]!
          const match = !rb.isNull(v) && v >= min && v <= max
          const inMaybe = ((maybe[x >>> 5]! >>> (x & 31)) & 1) === 1, inSure = ((sure[x >>> 5]! >>> (x & 31)) & 1) === 1
          if (match !== inMaybe && !(inMaybe && !match)) expect.fail(`${label} ${k} [${min}, ${max}]: slot ${x} (${v}) matches but is in no bucket reached`)
          if (inSure && !match) expect.fail(`${label} ${k} [${min}, ${max}]: slot ${x} (${v}) is in an inner bucket but does not match`)
          if (inSure) inner++
        }
      }
    }
    // The inner buckets do hold most matches (else the count would gain nothing).
    expect(inner).toBeGreaterThan(100_000)
  })
})
