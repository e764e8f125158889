import { describe, expect, it } from 'vitest'
import { sellerActiveCount } from './listing-page.ts'
import { Store, type IndexRow } from './store.ts'

/** The seller's active-listing count kept per owner in the store: right across adds, ends, expiry and visible-from. */
const NOW = Date.UTC(2026, 10, 25, 12)
const MIN = 60_000

let nextId = 1
function row(userId: number, o: Partial<IndexRow> = {}): IndexRow {
  const id = nextId++
  return {
    id, slug: `l-${id}`, user_id: userId, category_id: 101, offer_type: 'sell', seek: false, price: 100_000, area: 50,
    price_per_m2: 2_000, rooms: 2, bathrooms: 1, floor: null, building_type: null, market: null, condition: null,
    ownership: null, rental_periods: [], extras: [], nearby: [], flags: 0, promoted_until: null, visible_from: null,
    expires_at: NOW + 30 * 24 * 60 * MIN, created_at: NOW - MIN, lat: 52.2, lon: 21, city_slug: 'warszawa',
    district: null, lease_years: null, search_text: 'mieszkanie', year_built: null, media: 0, ...o,
  }
}

/** What the count must be: every live slot of the owner, visible at `now` (the walk the kept count replaces). */
function walked(st: Store, userId: number, now: number) {
  let n = 0
  for (let x = 0; x < st.size; x++) {
    if (!st.alive[x] || st.user[x] !== userId) continue
    if (!(st.visibleFrom[x]! > now || st.expires[x]! <= now)) n++
  }
  return n
}

describe('seller count kept in the search index', () => {
  it('is kept between views and not counted again from the owner\'s list', () => {
    const st = new Store()
    for (let i = 0; i < 50; i++) st.put(row(7))
    expect(sellerActiveCount(st, 7, NOW)).toBe(50)
    // A second view within the same window answers from the kept count: the list is not walked again.
    const list = st.users.get(7)!
    const length = list.length
    list.length = 0
    expect(sellerActiveCount(st, 7, NOW + MIN)).toBe(50)
    list.length = length
  })

  it('follows adds, ends and updates of the owner\'s listings, and leaves other owners alone', () => {
    const st = new Store()
    const mine = Array.from({ length: 20 }, () => row(1))
    const theirs = Array.from({ length: 5 }, () => row(2))
    for (const r of [...mine, ...theirs]) st.put(r)
    expect(sellerActiveCount(st, 1, NOW)).toBe(20)
    expect(sellerActiveCount(st, 2, NOW)).toBe(5)
    st.put(row(1))
    expect(sellerActiveCount(st, 1, NOW)).toBe(21)
    st.remove(mine[0]!.id)
    st.remove(mine[1]!.id)
    expect(sellerActiveCount(st, 1, NOW)).toBe(19)
    // An update (a new slot for the same id) counts once; one that moves a listing to another owner moves the count.
    st.put({ ...mine[2]!, price: 120_000 })
    expect(sellerActiveCount(st, 1, NOW)).toBe(19)
    st.put({ ...mine[3]!, user_id: 2 })
    expect(sellerActiveCount(st, 1, NOW)).toBe(18)
    expect(sellerActiveCount(st, 2, NOW)).toBe(6)
    // An update that schedules a listing for later takes it out of the count until then.
    st.put({ ...mine[4]!, visible_from: NOW + 10 * MIN })
    expect(sellerActiveCount(st, 1, NOW)).toBe(17)
    expect(sellerActiveCount(st, 1, NOW + 10 * MIN)).toBe(18)
    expect(sellerActiveCount(st, 3, NOW)).toBe(0)
  })

  it('changes at the moment a listing expires or becomes visible, with no change in the log', () => {
    const st = new Store()
    for (let i = 0; i < 10; i++) st.put(row(5))
    st.put(row(5, { expires_at: NOW + 5 * MIN }))
    st.put(row(5, { expires_at: NOW + 7 * MIN }))
    st.put(row(5, { visible_from: NOW + 6 * MIN }))
    st.put(row(5, { visible_from: NOW + 20 * MIN, expires_at: NOW + 8 * MIN })) // never visible
    st.put(row(5, { expires_at: NOW - MIN })) // already expired (not yet swept)
    st.put(row(5, { expires_at: null }))
    const times = [0, 1, 4.99, 5, 5.5, 6, 6.5, 7, 7.5, 8, 19, 20, 21, 60 * 24 * 31].map((m) => NOW + m * MIN)
    for (const t of times) expect(sellerActiveCount(st, 5, t), `at +${(t - NOW) / MIN} min`).toBe(walked(st, 5, t))
    // Asked out of order (another request's clock): still the answer for that moment.
    for (const t of [...times].reverse()) expect(sellerActiveCount(st, 5, t), `at +${(t - NOW) / MIN} min`).toBe(walked(st, 5, t))
  })

  it('equals a full walk over a random history of puts, removes and clock steps', () => {
    const st = new Store()
    let s = 42
    const r = () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 2 ** 32 }
    const live: IndexRow[] = []
    let now = NOW
    for (let step = 0; step < 2000; step++) {
      const u = 1 + Math.floor(r() * 4)
      const k = r()
      if (k < 0.45 || !live.length) {
        const x = row(u, {
          visible_from: r() < 0.3 ? now + (r() - 0.3) * 60 * MIN : null,
          expires_at: r() < 0.8 ? now + (r() - 0.2) * 60 * MIN : null,
        })
        st.put(x)
        live.push(x)
      } else if (k < 0.65) {
        const [x] = live.splice(Math.floor(r() * live.length), 1)
        st.remove(x!.id)
      } else if (k < 0.75) {
        const i = Math.floor(r() * live.length)
        live[i] = { ...live[i]!, user_id: u, expires_at: now + r() * 30 * MIN }
        st.put(live[i]!)
      } else now += r() * 5 * MIN
      expect(sellerActiveCount(st, u, now)).toBe(walked(st, u, now))
    }
  })
})
