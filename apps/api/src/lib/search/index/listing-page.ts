import { promotedAt, visibleAt } from './engine.ts'
import { META, bucketKey, type SlotList, type Store } from './store.ts'

/**
 * What the listing page needs besides the listing itself, from memory instead of two scans per view: the seller's
 * active-listing count (the owner's candidate list) and the 'similar listings' (same category, city and offer type,
 * closest in price, ties by id, as the SQL of lib/listings/read.ts similarListings).
 */
export interface ListingRef {
  id: number
  userId: number
  categoryId: number
  citySlug: string
  offerType: string
  price: number
}

const publicAt = (st: Store, x: number, now: number) => (st.meta[x]! & META.alive) !== 0 && visibleAt(st, x, now)

/**
 * Active, currently visible listings of one owner. Counted from the owner's list once, then kept (Store.sellerCounts)
 * until one of the owner's listings changes or the next of their visible-from or expiry moments passes: a big agency
 * (42k listings at 1M) is walked about once a minute instead of on every view of each of its listings.
 */
export function sellerActiveCount(store: Store, userId: number, now = Date.now()): number {
  const kept = store.sellerCounts.get(userId)
  if (kept && kept.from <= now && now < kept.until) return kept.n
  const list = store.users.get(userId)
  if (!list) return 0
  let n = 0
  let until = Infinity
  for (let i = 0; i < list.length; i++) {
    const x = list.items[i]!
    if (!(store.meta[x]! & META.alive)) continue
    if (visibleAt(store, x, now)) n++
    if (store.meta[x]! & META.scheduled) {
      // The answer changes when a listing becomes visible (visible_from) or runs out (expires_at).
      const from = store.visibleFrom[x]!, expires = store.expires[x]!
      if (from > now && from < until) until = from
      if (expires > now && expires < until) until = expires
    }
  }
  store.sellerCounts.set(userId, { n, from: now, until })
  return n
}

/**
 * Up to `limit` similar listings (slots, best first, with whether each is promoted now). Walks the shorter of the
 * city's list and the category's lists outward from the listing's price in their price order, so the work depends on
 * how many slots lie between the nearest matches, not on the size of the city.
 */
export function similarSlots(store: Store, l: ListingRef, limit: number, now = Date.now()): { slots: number[]; promoted: boolean[] } {
  const offer = store.dicts.offer.find(l.offerType)
  const city = store.dicts.city.find(l.citySlug)
  const none = { slots: [], promoted: [] }
  if (offer < 0 || city < 0 || limit <= 0) return none
  const byCategory = [0, 1].map((seek) => store.buckets.get(bucketKey(seek, offer, l.categoryId))).filter((x): x is SlotList => !!x)
  const byCity = store.cities.get(city)
  if (!byCity || !byCategory.length) return none
  const categoryLength = byCategory.reduce((n, x) => n + x.length, 0)
  const walkCity = byCity.length <= categoryLength
  const lists = walkCity ? [byCity] : byCategory
  const st = store
  const test = walkCity
    ? (x: number) => st.offer[x] === offer && st.category[x] === l.categoryId && st.id[x] !== l.id && publicAt(st, x, now)
    : (x: number) => st.city[x] === city && st.id[x] !== l.id && publicAt(st, x, now)
  const found: number[] = []
  for (const list of lists) {
    for (let i = list.sortedLength; i < list.length; i++) { const x = list.items[i]!; if (test(x)) found.push(x) }
    const order = list.orders?.price
    if (!order) continue
    const n = list.sortedLength
    // First position whose price is >= the listing's.
    let lo = 0, hi = n
    while (lo < hi) { const mid = (lo + hi) >>> 1; if (st.price[order[mid]!]! < l.price) lo = mid + 1; else hi = mid }
    // Each side yields matches in growing distance; `limit` from each (and any tied with the last) hold the best.
    let taken = 0, last = NaN
    for (let i = lo; i < n; i++) {
      const x = order[i]!
      if (taken >= limit && st.price[x] !== last) break
      if (test(x)) { found.push(x); taken++; last = st.price[x]! }
    }
    taken = 0; last = NaN
    for (let i = lo - 1; i >= 0; i--) {
      const x = order[i]!
      if (taken >= limit && st.price[x] !== last) break
      if (test(x)) { found.push(x); taken++; last = st.price[x]! }
    }
  }
  const unique = [...new Set(found)]
  unique.sort((a, b) => Math.abs(st.price[a]! - l.price) - Math.abs(st.price[b]! - l.price) || st.id[a]! - st.id[b]!)
  const slots = unique.slice(0, limit)
  return { slots, promoted: slots.map((x) => promotedAt(st, x, now)) }
}
