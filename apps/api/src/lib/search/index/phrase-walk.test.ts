import { afterEach, describe, expect, it } from 'vitest'
import { CITIES } from '@portal/contracts/catalogue'
import { SORTS, type SearchQuery, type SearchSort } from '@portal/contracts/search'
import { promotedAt, runSearch, searchMatcher } from './engine.ts'
import { Store, wordOrder, type IndexRow } from './store.ts'
import { rng } from './filters-fixture.ts'

/**
 * Decision 100: a phrase word's slots held in every sort order (Store.wordList) and walked best-first, the kind and
 * category lists walked instead for a word too common to sort, and walks that stop at the page once the total is
 * counted. Against a brute force (every live slot, the words looked up in the listing's own text, sorted as SQL sorts)
 * on a fresh store, a clustered one after updates (new, replaced and removed listings), and a restored image.
 */
const NOW = Date.UTC(2026, 10, 28, 12)
const DAY = 86_400_000
const r = rng(100)
const pick = <T>(a: readonly T[]) => a[Math.floor(r() * a.length)]!
const cities = CITIES.slice(0, 3)
const cats = [101, 102, 103, 201, 301]
// Words interpretPhrase keeps as they are (no city, category or stem): 'balkon' common, 'winda' middling, 'kominek' rare.
const words: [string, number][] = [['balkon', 0.6], ['winda', 0.25], ['kominek', 0.03], ['taras', 0.4]]
const texts = new Map<number, string>()

function row(id: number): IndexRow {
  const city = pick(cities)
  const area = r() < 0.85 ? Math.round(20 + r() * 150) : null
  // Few distinct prices and dates: ties, broken by id.
  const price = (100_000 + Math.floor(r() * 40) * 10_000) * 100
  const text = `${words.filter(([, p]) => r() < p).map(([w]) => (r() < 0.2 ? `${w}em` : w)).join(' ')} ${city.slug}`
  texts.set(id, text)
  return {
    id, slug: `l-${id}`, user_id: 1 + (id % 9), category_id: pick(cats), offer_type: pick(['sell', 'rent']), seek: r() < 0.1,
    price, area, price_per_m2: area ? Math.round(price / area) : null, rooms: r() < 0.9 ? Math.floor(r() * 6) : null,
    bathrooms: null, floor: null, building_type: null, market: null, condition: null, ownership: null,
    rental_periods: [], extras: r() < 0.5 ? ['balkon'] : [], nearby: [], flags: r() < 0.2 ? 32 : 0,
    promoted_until: r() < 0.5 ? NOW + (r() - 0.5) * 10 * DAY : null,
    visible_from: r() < 0.1 ? NOW + (r() - 0.5) * 4 * DAY : null, expires_at: r() < 0.3 ? NOW + (r() - 0.3) * 10 * DAY : null,
    created_at: NOW - Math.floor(r() * 20) * DAY, lat: city.lat + (r() - 0.5) * 0.3, lon: city.lon + (r() - 0.5) * 0.4,
    city_slug: city.slug, district: null, lease_years: null, search_text: text, year_built: null, media: 0,
  }
}

function query(): SearchQuery {
  const q: SearchQuery = { phrase: [...new Set([pick(words)[0], ...(r() < 0.3 ? [pick(words)[0]] : [])])].join(' ') }
  if (r() < 0.3) q.phrase += ` ${pick(['Kraków', 'w Warszawie', 'Wrocław'])}`
  if (r() < 0.15) q.seek = true
  if (r() < 0.4) q.type = pick(['sell', 'rent'] as const)
  if (r() < 0.3) q.categories = [pick(['mieszkanie', 'dom', 'dzialka'])]
  if (r() < 0.2) q.price = { min: 150_000 + Math.floor(r() * 200_000) }
  if (r() < 0.2) q.rooms = [1 + Math.floor(r() * 4)]
  if (r() < 0.15) q.extras = ['balkon']
  q.sort = pick(SORTS)
  return q
}

/** The sort's key as SQL orders it (search.ts orderBy): nulls last, ties by id in the sort's direction. */
function expected(st: Store, q: SearchQuery, limit: number, offset: number) {
  const { phrase, ...rest } = q
  // The phrase's place (a city) is left to the matcher of a query with only that; its words are looked up in the text.
  const place = phrase!.split(' ').filter((w) => !words.some(([x]) => x === w)).join(' ')
  const match = searchMatcher(st, place ? { ...rest, phrase: place } : rest, NOW)!
  const wanted = phrase!.split(' ').filter((w) => words.some(([x]) => x === w))
  const sort: SearchSort = q.sort ?? 'newest'
  const col = { price_asc: st.price, price_desc: st.price, price_m2_asc: st.ppm2, price_m2_desc: st.ppm2, area_asc: st.area, area_desc: st.area }[sort as string] ?? st.created
  const dir = /_asc$/.test(sort) ? 1 : -1
  const hits: number[] = []
  for (let x = 0; x < st.size; x++) {
    if (!st.alive[x] || !match(x)) continue
    const tokens = texts.get(st.id[x]!)!.split(' ')
    if (wanted.every((w) => tokens.some((t) => t.includes(w)))) hits.push(x)
  }
  const key = (x: number) => { const v = col[x]!; return v !== v ? dir * Infinity : v }
  const prom = (x: number) => (sort === 'newest' && promotedAt(st, x, NOW) ? 1 : 0)
  hits.sort((a, b) => prom(b) - prom(a) || dir * (key(a) - key(b)) || dir * (st.id[a]! - st.id[b]!))
  return { total: hits.length, ids: hits.slice(offset, offset + limit).map((x) => st.id[x]!),
    promoted: hits.slice(offset, offset + limit).map((x) => promotedAt(st, x, NOW)) }
}

function check(st: Store, n: number) {
  let walked = 0
  for (let i = 0; i < n; i++) {
    const q = query()
    const limit = pick([5, 24]), offset = pick([0, 0, 5, 24])
    const hit = runSearch(st, q, limit, offset, NOW)!
    const want = expected(st, q, limit, offset)
    expect({ total: hit.total, ids: hit.slots.map((x) => st.id[x]!), promoted: hit.promoted }, JSON.stringify(q)).toEqual(want)
    expect(hit.estimated).toBe(false)
    if (want.total > limit + offset) walked++
  }
  // Enough queries whose page is a part of their matches (the walks' early stops were reached).
  expect(walked).toBeGreaterThan(n / 6)
  // The path under test was taken: a word of more than wordOrder.min slots (and at most max) holds its orders.
  const balkon = st.words.slotsWith('balkon', st.size)
  expect(balkon.orders !== undefined).toBe(balkon.count > wordOrder.min && balkon.count <= wordOrder.max)
}

describe('phrase words walked in sort order (decision 100)', () => {
  const saved = { ...wordOrder }
  afterEach(() => Object.assign(wordOrder, saved))

  for (const [label, limits] of [['words sorted', { min: 20, max: 100_000 }], ['too common to sort: kind and category lists', { min: 20, max: 60 }],
    ['as at 1M (scanned)', saved]] as const) {
    it(`${label}: fresh, clustered and updated, restored`, () => {
      Object.assign(wordOrder, limits)
      texts.clear()
      let id = 0
      const fresh = new Store()
      for (let i = 0; i < 900; i++) fresh.put(row(++id))
      check(fresh, 60)
      const st = fresh.clustered()
      check(st, 60)
      // Updates: new listings (the words' unsorted tails), replaced and removed ones (dead slots in the orders).
      for (let i = 0; i < 150; i++) st.put(row(++id))
      for (let i = 0; i < 80; i++) st.put(row(1 + Math.floor(r() * id)))
      for (let i = 0; i < 40; i++) st.remove(1 + Math.floor(r() * id))
      check(st, 60)
      // Many more: the orders are built again over the longer list.
      for (let i = 0; i < 400; i++) st.put(row(++id))
      check(st, 60)
      const restored = Store.fromImage(st.image())
      check(restored, 60)
      for (let i = 0; i < 100; i++) restored.put(row(++id))
      check(restored, 60)
    })
  }
})
