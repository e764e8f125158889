import { categoryBySlug, categoryWithDescendants } from '@portal/contracts/catalogue'
import { floorsInRange, type SearchQuery, type SearchSort } from '@portal/contracts/search'
import { interpretPhrase } from '../phrase.ts'
import { circleBox, haversine } from '../../geo/distance.ts'
import {
  ADVERTISER_CODE, FLAG, GRID, MEDIA, MEDIA_ADVERTISER_SHIFT, META, META_FLAGS_SHIFT, META_OFFER_SHIFT, SlotList, cellKey, districtCityKey, wordOrder, type Store,
} from './store.ts'
import { TopK } from './top-k.ts'
import { BATHROOMS_TOP, FB, ROOMS_TOP, andGroups, bitsOf, popcount, type BitGroup, type RangeGroups } from './facet-bits.ts'
import { addedSince, areaEdges, areasBox, circleMeters, searchedText } from '../facets.ts'
import { buildGrid, inAnyGrid, placeFilter, type Grid } from '../places.ts'

/**
 * GET /api/search over the in-memory store: the same conditions as searchConditions() in ../search.ts (a test runs
 * both on random queries and compares), evaluated slot by slot over the smallest set of candidate lists, walked
 * best-first; the best `offset + limit` are kept in a bounded heap and the total is exact up to EXACT_COUNT.
 */

/** The query keys the engine understands; a query with any other key (a filter added later) goes to SQL. */
const KNOWN = new Set<keyof SearchQuery>(['type', 'seek', 'categories', 'phrase', 'price', 'area', 'location', 'locationText',
  'radius', 'rooms', 'bathrooms', 'buildingTypes', 'negotiable', 'instalments', 'urgent', 'bargain', 'billsIncluded', 'extras',
  'nearby', 'market', 'condition', 'floor', 'rentalPeriod', 'ownership', 'leaseYears', 'sort', 'page', 'per_page', 'bbox', 'hideDuplicates',
  'advertiser', 'addedDays', 'pricePerM2', 'yearBuilt', 'floorRange', 'withVideo', 'withTour', 'withPlan', 'areas', 'places',
  'investment', 'investmentUnits'])

/**
 * For benches' in-process A/B only (bench/range-totals.ts): rangeBits off counts ranges and places slot by slot, and
 * tests drawn areas without their grid, as before decision 092.
 */
export const engineSwitches = { rangeBits: true, phraseWalk: true }

/** Cells per side of a drawn area's grid: 1,024 centre tests per area and search, against one exact test per listing. */
const AREA_GRID = 32

export interface EngineHit { total: number; slots: number[]; promoted: boolean[]; estimated: boolean }

/** The wanted values of a text facet as a lookup table over codes; an unknown value (code -1) matches nothing. */
const codeTable = (values: string[] | undefined, find: (v: string) => number) => (values?.length ? lookup(values.map(find)) : undefined)

/** Visible now: NaN (no date) compares false, so undated listings always pass. */
export const visibleAt = (st: Store, x: number, now: number) =>
  !(st.meta[x]! & META.scheduled) || !(st.visibleFrom[x]! > now || st.expires[x]! <= now)
/** Promoted now: flagged, and the promotion has not run out. */
export const promotedAt = (st: Store, x: number, now: number) =>
  ((st.meta[x]! >>> META_FLAGS_SHIFT) & FLAG.promoted) !== 0 && !(st.promotedUntil[x]! <= now)
const listsSize = (lists: SlotList[]) => lists.reduce((n, l) => n + l.length, 0)

/** Any-of with a top option meaning "or more" (rooms 5 = 5+, bathrooms 3 = 3+), as a lookup table over 0..255. */
function anyOfWithTop(values: number[] | undefined, top: number): Uint8Array | undefined {
  if (!values?.length) return undefined
  const ok = new Uint8Array(256)
  for (const v of values) if (v < top && v >= 0 && v < 256) ok[v] = 1
  if (values.includes(top)) ok.fill(1, top)
  return ok
}

/**
 * Runs a search. Returns null when the engine cannot answer it the way SQL would (a filter it does not know, or
 * more than 32 distinct values of a list facet).
 */
export function runSearch(store: Store, q: SearchQuery, limit: number, offset: number, now = Date.now(), countCap = EXACT_COUNT, exactSlots = EXACT_SCAN_SLOTS): EngineHit | null {
  const p = plan(store, q, now)
  if (p === 'none') return { total: 0, slots: [], promoted: [], estimated: false }
  if (!p) return null
  // The exact total from the bitsets (decision 084) costs a fraction of a walk: with long lists, count first, and a
  // filter that matches nothing (say 'z filmem' where no listing has one) needs no walk at all.
  const countable = countCap === EXACT_COUNT && (p.bitsOnly || listsSize(p.lists) <= exactSlots)
  const sort = q.sort ?? 'newest'
  const walkOn = engineSwitches.phraseWalk
  // A word's slots (p.lists) have no sort orders: walked, every one of them is tested. Its kind and category (or
  // place) lists (p.walk) are walked best-first and stop at the page (decision 100); worth it when the matches are
  // dense enough among them, which the exact count tells.
  let counted = countable && (listsSize(p.lists) > PRECOUNT_SLOTS || (walkOn && p.walk && listsSize(p.lists) > wordOrder.min)) ? p.count() : undefined
  if (counted === 0) return { total: 0, slots: [], promoted: [], estimated: false }
  if (walkOn && p.walk && counted !== undefined && walkCost(p.walk, counted, limit + offset) < listsSize(p.lists)) {
    // The estimate assumes the word spread evenly over the sort order; where it is not (a word of flats, cheapest
    // first: parking spaces and plots come first), the walk gives up after as many visits as the scan would cost.
    const hit = walk(store, p.walk, p.test, sort, limit, offset, now, countCap, counted, listsSize(p.lists))
    if (hit) return hit
  }
  // The total known exactly beforehand: the walk stops as soon as the page is decided (no share of the count to gather).
  if (walkOn && counted !== undefined) return collect(store, p.lists, p.test, sort, limit, offset, now, countCap, counted)
  const hit = collect(store, p.lists, p.test, sort, limit, offset, now, countCap)
  // Near the estimated end, count exactly: the pager must reach the real last page.
  if (hit.estimated && offset + limit >= hit.total * 0.8) return collect(store, p.lists, p.test, q.sort ?? 'newest', limit, offset, now, Infinity)
  // The page came from an early stop; the total is then counted exactly (by the bitsets) when the lists are short
  // enough (issue 25: no 'około' from the index), estimated only beyond that.
  if (hit.estimated && countable) return { ...hit, total: counted ??= p.count(), estimated: false }
  return hit
}

/**
 * Candidate slots a search or a live count counts in full for an exact total when some of its conditions are tested
 * slot by slot (a price or area range, a place, a date). A search whose every condition is a facet bitset is counted
 * exactly however long its lists (popcount over a million slots is a fraction of a millisecond); only the broadest
 * searches with a range or a place over a national index are still estimated.
 */
export const EXACT_SCAN_SLOTS = 300_000
/** Lists longer than this are counted before the walk (a walk of them costs more than the count). */
const PRECOUNT_SLOTS = 20_000

/**
 * About how many slots a best-first walk of `lists` visits to fill a page of `need` when `total` of their slots match
 * (spread evenly): each list walks until its next match would not be kept, about (need + lists) matches in all.
 */
export function walkCost(lists: SlotList[], total: number, need: number): number {
  let unsorted = 0
  for (const l of lists) unsorted += l.length - l.sortedLength
  return unsorted + ((need + lists.length) * listsSize(lists)) / Math.max(1, total)
}

/** Every match of the lists, counted by the bare per-slot test (the lists are disjoint): what plan().count() answers. */
export function countSlots(lists: SlotList[], test: (x: number) => boolean): number {
  let n = 0
  for (const list of lists) { const items = list.items; for (let i = 0; i < list.length; i++) if (test(items[i]!)) n++ }
  return n
}

/**
 * The live count of the search panels (GET /api/search/count): exact within EXACT_SCAN_SLOTS candidates, else the
 * search's own estimate; null when SQL must answer.
 */
export function runCount(store: Store, q: SearchQuery, now = Date.now(), exactSlots = EXACT_SCAN_SLOTS): { total: number; estimated: boolean } | null {
  const p = plan(store, q, now)
  if (p === 'none') return { total: 0, estimated: false }
  if (!p) return null
  if (p.bitsOnly || listsSize(p.lists) <= exactSlots) return { total: p.count(), estimated: false }
  const hit = collect(store, p.lists, p.test, 'newest_plain', 1, 0, now, EXACT_COUNT)
  return { total: hit.total, estimated: hit.estimated }
}

/**
 * The exact number of matches of a query whatever the length of its candidate lists (by the bitsets); null when SQL
 * must answer. For tests and benches: the routes go through runSearch / runCount.
 */
export function countMatches(store: Store, q: SearchQuery, now = Date.now(), by: 'bits' | 'scan' = 'bits'): number | null {
  const p = plan(store, q, now)
  if (p === 'none') return 0
  if (!p) return null
  return by === 'bits' ? p.count() : countSlots(p.lists, p.test)
}

/**
 * The per-slot test of a search (the very conditions runSearch applies), for checking given listings against many
 * saved searches; null when SQL must answer the query.
 */
export function searchMatcher(store: Store, q: SearchQuery, now = Date.now()): ((slot: number) => boolean) | null {
  const p = plan(store, q, now)
  if (p === 'none') return () => false
  return p ? p.test : null
}

/** The candidate lists and the per-slot test of a query; null when SQL must answer it, 'none' when nothing can match. */
/** bitsOnly: every condition is a facet bitset (no slot-by-slot rest), so count() is popcount whatever the lists' length. */
/** walk: when `lists` are a phrase word's slots (no sort orders), the lists they were picked over, walkable best-first. */
type Plan = { lists: SlotList[]; walk?: SlotList[]; test: (x: number) => boolean; count: () => number; bitsOnly: boolean } | null | 'none'

function plan(store: Store, q: SearchQuery, now: number): Plan {
  for (const k of Object.keys(q) as (keyof SearchQuery)[]) if (q[k] !== undefined && !KNOWN.has(k)) return null
  const phraseText = searchedText(q)
  const meaning = phraseText ? interpretPhrase(phraseText) : undefined
  // Free-text words: each must occur in search_text (as SQL's LIKE '%word%'); the rarest also gives candidates.
  const wordHits = (meaning?.words ?? []).map((w) => store.words.slotsWith(w, store.size))
  if (wordHits.some((h) => h.count === 0)) return 'none'
  const wordBits = wordHits.map((h) => h.bits)
  const rarest = wordHits.length ? wordHits.reduce((a, b) => (b.count < a.count ? b : a)) : undefined
  const d = store.dicts
  if ((q.rentalPeriod?.length && d.rental.overflow) || (q.extras?.length && d.extras.overflow) || (q.nearby?.length && d.nearby.overflow)) return null

  const seek = q.seek ? 1 : 0
  const offerType = q.seek ? undefined : (q.type ?? meaning?.offerType)
  const offerCode = offerType ? d.offer.find(offerType) : 0
  const categorySlugs = q.categories?.length ? q.categories : meaning?.categorySlugs ?? []
  let categoryIds: number[] | undefined
  if (categorySlugs.length) {
    categoryIds = [...new Set(categorySlugs.flatMap((s) => { const c = categoryBySlug(s); return c ? categoryWithDescendants(c.id) : [] }))]
    if (!categoryIds.length) categoryIds = undefined // unknown slugs filter nothing, as in SQL
  }

  const priceMin = q.price?.min !== undefined ? Math.round(q.price.min * 100) : -Infinity
  const priceMax = q.price?.max !== undefined ? Math.round(q.price.max * 100) : Infinity
  const areaMin = q.area?.min ?? -Infinity
  const areaMax = q.area?.max ?? Infinity
  const hasArea = q.area?.min !== undefined || q.area?.max !== undefined

  // Location: a circle (and its box), a map box, or both; every box is [minLat, minLon, maxLat, maxLon].
  let box: [number, number, number, number] | undefined
  let circle: { lat: number; lon: number; meters: number } | undefined
  const circleM = circleMeters(q)
  if (q.location && circleM !== undefined) {
    const meters = circleM
    circle = { lat: q.location.lat, lon: q.location.lon, meters }
    box = circleBox(q.location.lat, q.location.lon, meters * 1.01)
  }
  if (q.bbox) {
    const [minLon, minLat, maxLon, maxLat] = q.bbox
    box = box ? [Math.max(box[0], minLat), Math.max(box[1], minLon), Math.min(box[2], maxLat), Math.min(box[3], maxLon)] : [minLat, minLon, maxLat, maxLon]
    if (box[0] > box[2] || box[1] > box[3]) return 'none'
  }
  // Drawn areas: their box narrows the candidates, the rings decide (the same arithmetic as the SQL path).
  // Each through a coarse grid of its box (decision 092): only points in cells an edge crosses run the exact test.
  const bitsOn = engineSwitches.rangeBits
  const rings = q.areas?.length ? q.areas.map((a) => buildGrid(areaEdges(a), areasBox([a]), bitsOn ? AREA_GRID : 1)) : undefined
  if (q.areas?.length) {
    const a = areasBox(q.areas)
    box = box ? [Math.max(box[0], a[0]), Math.max(box[1], a[1]), Math.min(box[2], a[2]), Math.min(box[3], a[3])] : a
    if (box[0] > box[2] || box[1] > box[3]) return 'none'
  }
  // Places (`lokalizacje`): regions by boundary (their box narrows the candidates when all are regions), districts by code.
  const places = placeFilter(q)
  if (places?.box) {
    const a = places.box
    box = box ? [Math.max(box[0], a[0]), Math.max(box[1], a[1]), Math.min(box[2], a[2]), Math.min(box[3], a[3])] : a
    if (box[0] > box[2] || box[1] > box[3]) return 'none'
  }
  const placeDistricts = places?.districts.map((x) => ({ code: d.district.find(x.name), city: d.city.find(x.city) }))
  // An investment's units (`inwestycja`, decision 077), resolved by the API; unresolved, nothing matches (as in SQL).
  let units: Set<number> | undefined
  let unitList: SlotList | undefined
  if (q.investment !== undefined) {
    units = new Set()
    unitList = new SlotList()
    for (const id of q.investmentUnits ?? []) {
      const x = store.slotById.get(id)
      if (x !== undefined && !units.has(x)) { units.add(x); unitList.push(x) }
    }
    if (!units.size) return 'none'
  }

  const rooms = anyOfWithTop(q.rooms, 5)
  const bathrooms = anyOfWithTop(q.bathrooms, 3)
  const building = codeTable(q.buildingTypes, (v) => d.building.find(v))
  const market = codeTable(q.market, (v) => d.market.find(v))
  const condition = codeTable(q.condition, (v) => d.condition.find(v))
  const floor = codeTable(q.floor, (v) => d.floor.find(v))
  const ownership = codeTable(q.ownership, (v) => d.ownership.find(v))
  // Leasehold with at least N years (decision 011).
  const leaseYears = q.leaseYears
  const leasehold = d.ownership.find('leasehold')
  let rental = 0, extras = 0, nearby = 0
  if (q.rentalPeriod?.length) {
    // Overlap: at least one known period must match; unknown ones simply cannot.
    rental = q.rentalPeriod.reduce((m, v) => m | (d.rental.find([v]) ?? 0), 0) >>> 0
    if (!rental) return 'none'
  }
  if (q.extras?.length) { const m = d.extras.find(q.extras); if (m === null) return 'none'; extras = m }
  if (q.nearby?.length) { const m = d.nearby.find(q.nearby); if (m === null) return 'none'; nearby = m }
  const flags = (q.negotiable ? FLAG.negotiable : 0) | (q.instalments ? FLAG.instalments : 0) | (q.urgent ? FLAG.urgent : 0)
    | (q.bargain ? FLAG.bargain : 0) | (q.billsIncluded ? FLAG.billsIncluded : 0)
  const hideDuplicates = q.hideDuplicates === true
  // Issue 25's filters: the same bounds as searchConditions() in ../sql.ts.
  const added = q.addedDays !== undefined ? addedSince(q.addedDays, now) : undefined
  const hasPpm2 = q.pricePerM2?.min !== undefined || q.pricePerM2?.max !== undefined
  const ppm2Min = q.pricePerM2?.min !== undefined ? Math.round(q.pricePerM2.min * 100) : -Infinity
  const ppm2Max = q.pricePerM2?.max !== undefined ? Math.round(q.pricePerM2.max * 100) : Infinity
  const hasYear = q.yearBuilt !== undefined
  const yearMin = q.yearBuilt?.min ?? -Infinity, yearMax = q.yearBuilt?.max ?? Infinity
  const floorLevels = q.floorRange ? lookup(floorsInRange(q.floorRange).map((v) => d.floor.find(v))) : undefined
  const media = (q.withVideo ? MEDIA.video : 0) | (q.withTour ? MEDIA.tour : 0) | (q.withPlan ? MEDIA.plan : 0)
  const advertiser = q.advertiser?.length ? lookup(q.advertiser.map((a) => ADVERTISER_CODE[a])) : undefined
  const cities = meaning?.citySlugs.length ? new Set(meaning.citySlugs.map((c) => d.city.find(c))) : undefined
  const districts = meaning?.districts.length
    ? meaning.districts.map((x) => ({ code: d.district.find(x.name), cities: new Set(x.citySlugs.map((c) => d.city.find(c))) }))
    : undefined
  const categorySet = categoryIds ? lookup(categoryIds) : undefined
  const citiesT = cities ? lookup([...cities]) : undefined

  const st = store
  const wantMeta = META.alive | (seek ? META.seek : 0)
  const hasPrice = priceMin !== -Infinity || priceMax !== Infinity
  /**
   * The conditions no facet bitset holds (ranges, places, dates, units), for one slot: part of the walk's test, and all
   * that the count (decision 084) tests slot by slot after the bitsets (undefined: nothing left to test).
   */
  const others = hasPrice || hasArea || box || units || places || leaseYears !== undefined || added !== undefined || hasPpm2 || hasYear
  const inCities = citiesT && ((x: number): boolean => citiesT[st.city[x]!] === 1)
  const inDistrictsOf = districts && ((x: number): boolean => {
    const code = st.district[x]!
    for (const dd of districts) if (dd.code === code && dd.cities.has(st.city[x]!)) return true
    return false
  })
  // A city or a phrase's districts alone ('we Wrocławiu', 'zoliborz') is tested by its own lean check, called per slot,
  // not by the closure that checks every kind.
  const lean = others || (inCities && inDistrictsOf) ? undefined : inCities || inDistrictsOf || undefined
  const rest = lean ? lean : others || inCities || inDistrictsOf ? (x: number): boolean => {
      if (hasPrice) { const price = st.price[x]!; if (price < priceMin || price > priceMax) return false }
      if (hasArea) { const a = st.area[x]!; if (!(a >= areaMin && a <= areaMax)) return false }
      if (box) {
        const la = st.lat[x]!, lo = st.lon[x]!
        if (la < box[0] || la > box[2] || lo < box[1] || lo > box[3]) return false
        if (circle && haversine(circle.lat, circle.lon, la, lo) > circle.meters) return false
        if (rings && !inAnyGrid(rings, la, lo)) return false
      }
      if (units && !units.has(x)) return false
      if (places && !(inAnyGrid(places.grids, st.lat[x]!, st.lon[x]!) || inDistricts(placeDistricts!, st.district[x]!, st.city[x]!))) return false
      if (leaseYears !== undefined && (st.ownership[x] !== leasehold || st.lease[x]! < leaseYears)) return false
      if (added !== undefined && !(st.created[x]! >= added)) return false
      if (hasPpm2) { const v = st.ppm2[x]!; if (!(v >= ppm2Min && v <= ppm2Max)) return false }
      if (hasYear) { const y = st.built[x]!; if (y < 0 || y < yearMin || y > yearMax) return false }
      if (inCities && !inCities(x)) return false
      if (inDistrictsOf && !inDistrictsOf(x)) return false
      return true
    }
    : undefined
  /** The conditions of searchConditions(), for one slot. */
  const test = (x: number): boolean => {
    const m = st.meta[x]!
    if ((m & (META.alive | META.seek)) !== wantMeta) return false
    if (offerType && ((m >>> META_OFFER_SHIFT) & 255) !== offerCode) return false
    if (categorySet && categorySet[st.category[x]!] !== 1) return false
    if (!visibleAt(st, x, now)) return false
    if (rest && !rest(x)) return false
    if (rooms) { const r = st.rooms[x]!; if (r < 0 || !rooms[Math.min(r, 255)]) return false }
    if (bathrooms) { const b = st.bathrooms[x]!; if (b < 0 || !bathrooms[Math.min(b, 255)]) return false }
    if (building && building[st.building[x]!] !== 1) return false
    if (market && market[st.market[x]!] !== 1) return false
    if (condition && condition[st.condition[x]!] !== 1) return false
    if (floor && floor[st.floor[x]!] !== 1) return false
    if (ownership && ownership[st.ownership[x]!] !== 1) return false
    if (rental && !(st.rental[x]! & rental)) return false
    if (extras && ((st.extras[x]! & extras) >>> 0) !== extras) return false
    if (nearby && ((st.nearby[x]! & nearby) >>> 0) !== nearby) return false
    if (((m >>> META_FLAGS_SHIFT) & flags) !== flags) return false
    if (hideDuplicates && ((m >>> META_FLAGS_SHIFT) & FLAG.dupHidden) !== 0) return false
    if (floorLevels && floorLevels[st.floor[x]!] !== 1) return false
    if (media && (st.media[x]! & media) !== media) return false
    if (advertiser && advertiser[st.media[x]! >>> MEDIA_ADVERTISER_SHIFT] !== 1) return false
    for (const b of wordBits) if (!((b[x >>> 5]! >>> (x & 31)) & 1)) return false
    return true
  }

  /**
   * The same conditions split for counting (decision 084): those a facet bitset holds, ANDed word by word, and the
   * rest, tested only on the slots the bitsets leave (undefined: nothing left to test).
   */
  const fb = st.bits
  const groups: BitGroup[] = [{ sets: [fb.get(FB.alive, 0)] }, { sets: [fb.get(FB.seek, 0)], not: !seek }, { sets: [st.hiddenAt(now)], not: true }]
  const codes = (facet: number, t: Uint8Array | undefined) => {
    if (!t) return
    const sets: (Uint32Array | undefined)[] = []
    for (let v = 0; v < t.length; v++) if (t[v] === 1) sets.push(fb.get(facet, v))
    groups.push({ sets })
  }
  const withTop = (facet: number, t: Uint8Array | undefined, top: number) => {
    if (!t) return
    const sets: (Uint32Array | undefined)[] = []
    for (let v = 0; v < top; v++) if (t[v]) sets.push(fb.get(facet, v))
    if (t[top]) sets.push(fb.get(facet, top))
    groups.push({ sets })
  }
  if (offerType) groups.push({ sets: [fb.get(FB.offer, offerCode)] })
  codes(FB.category, categorySet)
  withTop(FB.rooms, rooms, ROOMS_TOP)
  withTop(FB.bathrooms, bathrooms, BATHROOMS_TOP)
  codes(FB.building, building)
  codes(FB.market, market)
  codes(FB.condition, condition)
  codes(FB.floor, floor)
  codes(FB.ownership, ownership)
  codes(FB.floor, floorLevels)
  codes(FB.advertiser, advertiser)
  if (rental) groups.push({ sets: bitsOf(rental).map((b) => fb.get(FB.rental, b)) })
  for (const b of bitsOf(extras)) groups.push({ sets: [fb.get(FB.extras, b)] })
  for (const b of bitsOf(nearby)) groups.push({ sets: [fb.get(FB.nearby, b)] })
  for (const b of bitsOf(flags)) groups.push({ sets: [fb.get(FB.flag, b)] })
  if (hideDuplicates) groups.push({ sets: [fb.get(FB.flag, bitsOf(FLAG.dupHidden)[0]!)], not: true })
  for (const b of bitsOf(media)) groups.push({ sets: [fb.get(FB.media, b)] })
  for (const b of wordBits) groups.push({ sets: [b] })
  // Ranges (decision 092): the buckets that can hold a match narrow the AND; when ranges are all the rest, the slots
  // in buckets wholly inside every range (`sure`) are counted without their per-slot test.
  const rb = st.ranges
  const ranges = !bitsOn ? [] : [hasPrice && rb.price.groups(priceMin, priceMax), hasArea && rb.area.groups(areaMin, areaMax),
    hasPpm2 && rb.ppm2.groups(ppm2Min, ppm2Max), hasYear && rb.built.groups(yearMin, yearMax),
    added !== undefined && rb.created.groups(added, Infinity)].filter((g): g is RangeGroups => !!g)
  for (const g of ranges) groups.push(...g.maybe)

  const onlyDistricts = places && !places.regions.length ? placeDistricts : undefined
  const picked = candidates(store, seek, offerType ? offerCode : undefined, categoryIds, box, cities, districts ?? onlyDistricts)
  const found = picked.lists
  // In ascending slot order, as every other list (countBits reads a list's first and last slot as its bounds).
  if (unitList) unitList.items.subarray(0, unitList.length).sort()
  const lists0 = unitList && unitList.length < listsSize(found) ? [unitList] : found
  // The rarest word's slots, in every sort order when there are enough of them to make a walk pay (decision 100).
  const wordList = rarest && rarest.count < listsSize(lists0)
    ? (engineSwitches.phraseWalk ? store.wordList(rarest) : store.words.slotList(rarest)) : undefined
  const lists = wordList ? [wordList] : lists0
  // A phrase's city needs no per-slot test in the count when the lists are that city's (decision 100): a city
  // search ('lodz', 'mieszkanie w Krakowie') is then counted like a range-only one, by popcount where nothing else is left.
  const exactCities = bitsOn && engineSwitches.phraseWalk && picked.cities === true && lists === found
  const rangesOnly = bitsOn && !(box || units || places || leaseYears !== undefined || (citiesT && !exactCities) || districts)
  /**
   * Whole cells (decision 092): when the places are a box, drawn areas or regions (no circle, no district) and the
   * lists are grid cells, a cell wholly inside them needs no point test (its slots count by the ranges' inner buckets,
   * or all of them), a cell wholly outside none at all; `inside` says which (1 in, 0 out, 2 test), per list.
   */
  let inside: Uint8Array | undefined
  // Only districts as places (and no other per-slot condition but ranges): the count walks their (district, city)
  // lists, which hold exactly the place's slots, so those are counted like a range-only search.
  let countLists = lists
  if (bitsOn && onlyDistricts && lists === found && !(box || units || leaseYears !== undefined || citiesT || districts)) {
    const keys = [...new Set(onlyDistricts.filter((pd) => pd.code >= 0 && pd.city >= 0).map((pd) => districtCityKey(pd.code, pd.city)))]
    countLists = keys.flatMap((k) => st.districtCities.get(k) ?? [])
    inside = new Uint8Array(countLists.length).fill(1)
  }
  if (bitsOn && !(units || leaseYears !== undefined || citiesT || districts || circle || places?.districts.length) && box && lists === found && picked.cells) {
    inside = new Uint8Array(lists.length)
    const c = picked.cells
    for (let i = 0; i < lists.length; i++) {
      // The cell's bounds, widened by a hair: floor(lat * GRID) is the cell, whatever the rounding of the product.
      const r: [number, number, number, number] = [c[2 * i]! / GRID - 1e-9, c[2 * i + 1]! / GRID - 1e-9, (c[2 * i]! + 1) / GRID + 1e-9, (c[2 * i + 1]! + 1) / GRID + 1e-9]
      let k = r[0] >= box[0] && r[1] >= box[1] && r[2] <= box[2] && r[3] <= box[3] ? 1 : 2
      if (r[2] < box[0] || r[0] > box[2] || r[3] < box[1] || r[1] > box[3]) k = 0
      const and = (g: 0 | 1 | 2) => { if (g === 0) k = 0; else if (g === 2) k = 2 }
      if (k && rings) and(anyGrid(rings, r))
      if (k && places) and(anyGrid(places.grids, r))
      inside[i] = k
    }
  }
  // With every condition in the bitsets (the alive, wanted-ad, offer and category bits among them) the lists add
  // nothing the AND does not hold: the count is one popcount over the store, whatever lists the walk takes.
  return { lists, walk: wordList && !wordList.orders ? lists0 : undefined, test, count: () => (rest ? countBits(store, countLists, groups, rest, rangesOnly || inside ? ranges.flatMap((g) => g.sure) : undefined, inside) : countAll(store, groups)), bitsOnly: !rest }
}

/** Matches of bitset-only conditions: the AND of the groups over every slot, popcounted (slots past the end are not alive). */
function countAll(store: Store, groups: BitGroup[]): number {
  const words = (store.size + 31) >>> 5
  if (!words) return 0
  if (store.scratch.length < words) store.scratch = new Uint32Array(Math.max(words, store.scratch.length * 2))
  const m = store.scratch
  andGroups(groups, 0, words - 1, m)
  let n = 0
  for (let w = 0; w < words; w++) { const v = m[w]!; if (v) n += popcount(v) }
  return n
}

/**
 * The matches among the lists (disjoint, each in ascending slot order): the groups ANDed over the words the lists
 * span, then, per list, a popcount over the range it covers when its slots are contiguous (a kind and category's
 * bucket after clustering), else a bit test per slot; `rest` runs only on the slots whose bit is on (a plan without it counts by countAll).
 */
function countBits(store: Store, lists: SlotList[], groups: BitGroup[], rest: (x: number) => boolean, sure?: BitGroup[], inside?: Uint8Array): number {
  let lo = Infinity, hi = -1
  for (const l of lists) {
    if (!l.length) continue
    lo = Math.min(lo, l.items[0]! >>> 5)
    hi = Math.max(hi, l.items[l.length - 1]! >>> 5)
  }
  if (hi < 0) return 0
  if (store.scratch.length < hi - lo + 1) store.scratch = new Uint32Array(Math.max(hi - lo + 1, store.scratch.length * 2))
  const m = store.scratch
  andGroups(groups, lo, hi, m)
  // The slots of `m` that need no per-slot test (in every range's inner buckets): counted by popcount, then dropped.
  if (sure) {
    if (store.scratchSure.length < hi - lo + 1) store.scratchSure = new Uint32Array(store.scratch.length)
    andGroups(sure, lo, hi, store.scratchSure)
  }
  let s = sure ? store.scratchSure : undefined
  const sureAll = s
  let n = 0
  const range = (a: number, b: number) => {
    // slots a..b inclusive
    const wa = a >>> 5, wb = b >>> 5
    for (let w = wa; w <= wb; w++) {
      let v = m[w - lo]!
      if (w === wa) v &= 0xffffffff << (a & 31)
      if (w === wb) v &= 0xffffffff >>> (31 - (b & 31))
      if (!v) continue
      if (s) { const known = v & s[w - lo]!; if (known) { n += popcount(known); v ^= known } }
      const base = w << 5
      while (v) {
        const low = v & -v
        if (rest(base + 31 - Math.clz32(low))) n++
        v ^= low
      }
    }
  }
  const each = (items: Int32Array, from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const x = items[i]!
      if ((m[(x >>> 5) - lo]! >>> (x & 31)) & 1 && ((s && (s[(x >>> 5) - lo]! >>> (x & 31)) & 1) || rest(x))) n++
    }
  }
  for (let i = 0; i < lists.length; i++) {
    const l = lists[i]!
    const items = l.items, len = l.length
    if (!len || inside?.[i] === 0) continue
    // Without `inside`, every list's slots in the inner buckets are sure; with it, only a whole cell's.
    s = inside && inside[i] !== 1 ? undefined : sureAll
    if (items[len - 1]! - items[0]! === len - 1) { range(items[0]!, items[len - 1]!); continue }
    const k = l.sortedLength
    if (k > 1 && items[k - 1]! - items[0]! === k - 1) { range(items[0]!, items[k - 1]!); each(items, k, len); continue }
    each(items, 0, len)
  }
  return n
}

/** One of the places' districts (a district of that name in that city). */
function inDistricts(ds: { code: number; city: number }[], district: number, city: number): boolean {
  for (let i = 0; i < ds.length; i++) if (ds[i]!.code === district && ds[i]!.city === city) return true
  return false
}

/**
 * A cell [minLat, minLon, maxLat, maxLon] against ring grids (drawn areas, regions; a point is in when it is in any):
 * 1 wholly inside one of them, 0 wholly outside all, 2 unknown (the points are tested). Grid cells next to the
 * rectangle's are looked at too, so rounding in the point's cell index cannot put it outside the cells looked at.
 */
function anyGrid(grids: Grid[], [a, b, c, d]: [number, number, number, number]): 0 | 1 | 2 {
  let out = true
  for (const g of grids) {
    const i0 = Math.floor((a - g.a) / g.dLat) - 1, i1 = Math.floor((c - g.a) / g.dLat) + 1
    const j0 = Math.floor((b - g.b) / g.dLon) - 1, j1 = Math.floor((d - g.b) / g.dLon) + 1
    // Reaching past the grid, where points take the exact test: unknown.
    if (i0 < 0 || j0 < 0 || i1 >= g.g || j1 >= g.g) { out = false; continue }
    let all1 = true, all0 = true
    for (let i = i0; i <= i1 && (all1 || all0); i++) for (let j = j0; j <= j1; j++) {
      const v = g.cells[i * g.g + j]!
      if (v !== 1) all1 = false
      if (v !== 0) all0 = false
    }
    if (all1) return 1
    if (!all0) out = false
  }
  return out ? 0 : 2
}

/** A lookup table over small non-negative integers (codes, category ids): faster than a Set in the scan loop. */
function lookup(values: number[]): Uint8Array {
  const t = new Uint8Array(Math.max(0, ...values) + 1)
  for (const v of values) if (v >= 0) t[v] = 1
  return t
}

/**
 * Up to this many matches are counted exactly (as the SQL path does); beyond it each candidate list is walked
 * best-first only until it has given its share of matches, and the rest of it is estimated from the share of
 * matches among the slots walked.
 */
export const EXACT_COUNT = 1000
const WALK_BUDGET = 3000
const WALK_SAMPLE = 100

/**
 * The ranked page and the total. Each candidate list is walked in the sort's order (its slots appended since the last
 * clustering are always scanned, and for the default order its promoted slots too, since those rank first), so the
 * best `offset + limit` of each list come first and the walk can stop once it has them and its share of the count.
 */
function collect(store: Store, lists: SlotList[], test: (x: number) => boolean, sort: SearchSort, limit: number, offset: number,
  now: number, countCap: number, knownTotal?: number): EngineHit {
  return walk(store, lists, test, sort, limit, offset, now, countCap, knownTotal)!
}

/** collect(), giving up (null) once it has visited more than `budget` slots. */
function walk(store: Store, lists: SlotList[], test: (x: number) => boolean, sort: SearchSort, limit: number, offset: number,
  now: number, countCap: number, knownTotal?: number, budget = Infinity): EngineHit | null {
  const top = new TopK(limit + offset, sort)
  const need = limit + offset
  const share = Math.ceil(countCap / Math.max(1, lists.length))
  const col = store[top.column]
  const nullKey = top.nullKey
  const st = store
  let exact = 0
  let estimated = 0
  let estimating = false
  const promotedNow = (x: number) => promotedAt(st, x, now)
  /** The slot's sort key, nulls (NaN) replaced so they rank last. */
  const keyOf = (x: number) => { const k = col[x]!; return k !== k ? nullKey : k }
  const keep = (x: number) => {
    const promoted = promotedNow(x)
    const key = keyOf(x)
    const id = st.id[x]!
    if (top.accepts(promoted, key, id)) top.offer(x, promoted, key, id)
  }
  const promotedFirst = sort === 'newest'
  /**
   * Enough seen of a list to estimate the rest: its share of the exact-count cap, or, for a selective filter on a long
   * list, a sample of WALK_SAMPLE matches once WALK_BUDGET slots were visited (about ±10% before rounding).
   */
  // An uncapped count walks everything: a sample stop would estimate and recurse into itself again (stack overflow).
  // With the total known (counted by the bitsets), nothing is estimated: a walk stops as soon as its page is decided.
  const enough = knownTotal !== undefined ? () => true
    : (found: number, walked: number) => countCap !== Infinity && (found >= share || (walked >= WALK_BUDGET && found >= WALK_SAMPLE))
  /** Slots visited so far, against `budget`. */
  let spent = 0
  for (const list of lists) {
    const items = list.items
    for (let i = list.sortedLength; i < list.length; i++) { const x = items[i]!; if (test(x)) { exact++; keep(x) } }
    spent += list.length - list.sortedLength
    if (spent > budget) return null
    const o = list.orders
    if (!o) continue
    const n = list.sortedLength
    /**
     * Whether the walk no longer changes the page: it has `need` matches of its own, or (walking in rank order)
     * the slot just seen would not have been kept, so no later one of this list will be either.
     */
    const ranked = (x: number, found: number, promoted: boolean) => {
      if (found >= need) return true
      return top.full && !top.accepts(promoted, keyOf(x), st.id[x]!)
    }
    if (promotedFirst && o.promoted.length) {
      // The currently promoted rank first: walk them (newest first) like a list of their own.
      const p = o.promoted
      let found = 0, walked = 0, stopped = false, done = false
      for (let i = 0; i < p.length; i++) {
        const x = p[i]!
        if (!promotedNow(x)) continue
        walked++
        if (++spent > budget) return null
        if (test(x)) { found++; keep(x) }
        done ||= ranked(x, found, true)
        if (done && enough(found, walked) && walked < p.length) { stopped = true; break }
      }
      if (stopped) { estimating = true; estimated += (found / walked) * p.length } else exact += found
    }
    const skipPromoted = promotedFirst
    const walkable = n - (skipPromoted ? o.promoted.length : 0)
    let found = 0, walked = 0, stopped = false, done = false
    const visit = (x: number): boolean => {
      if (skipPromoted && promotedNow(x)) return false
      walked++
      if (++spent > budget) return true
      if (test(x)) { found++; keep(x) }
      done ||= ranked(x, found, false)
      return done && enough(found, walked) && walked < walkable
    }
    switch (sort) {
      case 'price_asc': for (let i = 0; i < n; i++) if (visit(o.price[i]!)) { stopped = true; break } break
      case 'price_desc': for (let i = n - 1; i >= 0; i--) if (visit(o.price[i]!)) { stopped = true; break } break
      case 'price_m2_asc': case 'area_asc': {
        const order = sort === 'area_asc' ? o.area : o.ppm2
        for (let i = 0; i < n; i++) if (visit(order[i]!)) { stopped = true; break }
        break
      }
      case 'price_m2_desc': case 'area_desc': {
        // Non-null values from the largest down, then the nulls (by id descending).
        const order = sort === 'area_desc' ? o.area : o.ppm2
        const valid = sort === 'area_desc' ? o.areaValid : o.ppm2Valid
        for (let i = valid - 1; i >= 0 && !stopped; i--) if (visit(order[i]!)) stopped = true
        for (let i = n - 1; i >= valid && !stopped; i--) if (visit(order[i]!)) stopped = true
        break
      }
      default: for (let i = 0; i < n; i++) if (visit(o.created[i]!)) { stopped = true; break }
    }
    if (spent > budget) return null
    if (stopped) { estimating = true; estimated += (found / walked) * walkable } else exact += found
  }
  let total = exact
  if (knownTotal !== undefined) { total = knownTotal; estimating = false } else if (estimating) {
    const e = exact + estimated
    // Lists stopped early, yet the whole looks small: count it exactly after all.
    if (e <= countCap) return collect(store, lists, test, sort, limit, offset, now, Infinity)
    // Rounded as the SQL path rounds the planner's estimate (search.ts countSearch).
    total = Math.max(countCap, e > 50_000 ? Math.floor(e / 1000) * 1000 : Math.floor(e / 100) * 100)
  }
  const ranked = top.sorted()
  return { total, slots: ranked.slots.slice(offset), promoted: ranked.promoted.slice(offset), estimated: estimating }
}

/** The smallest set of candidate lists that holds every match: per kind and category, per grid cell or per city. */
function candidates(store: Store, seek: number, offer: number | undefined, categoryIds: number[] | undefined,
  box: [number, number, number, number] | undefined, cities: Set<number> | undefined, districts: { code: number }[] | undefined): Candidates {
  const options: Candidates[] = []
  const buckets: SlotList[] = []
  const bucketKeys: number[] = []
  for (const [key, list] of store.buckets) {
    const cat = key % 100_000
    const kind = Math.floor(key / 100_000)
    if (Math.floor(kind / 256) !== seek) continue
    if (offer !== undefined && kind % 256 !== offer) continue
    if (categoryIds && !categoryIds.includes(cat)) continue
    buckets.push(list)
    bucketKeys.push(key)
  }
  options.push({ lists: buckets })
  if (box) {
    const la0 = Math.floor(box[0] * GRID), la1 = Math.floor(box[2] * GRID)
    const lo0 = Math.floor(box[1] * GRID), lo1 = Math.floor(box[3] * GRID)
    const cellCount = (la1 - la0 + 1) * (lo1 - lo0 + 1)
    if (cellCount <= 4096) {
      const cells: Candidates = { lists: [], cells: [] }
      const keys: number[] = []
      const at: number[] = []
      for (let la = la0; la <= la1; la++) for (let lo = lo0; lo <= lo1; lo++) {
        const k = cellKey(la, lo)
        keys.push(k)
        at.push(la, lo)
        const l = store.cells.get(k)
        if (l) { cells.lists.push(l); cells.cells!.push(la, lo) }
      }
      options.push(cells)
      if (bucketKeys.length * cellCount <= 4096) {
        const both: Candidates = { lists: [], cells: [] }
        for (const b of bucketKeys) {
          const byCell = store.bucketCells.get(b)
          if (byCell) keys.forEach((k, i) => { const l = byCell.get(k); if (l) { both.lists.push(l); both.cells!.push(at[2 * i]!, at[2 * i + 1]!) } })
        }
        options.push(both)
      }
    }
  }
  if (cities) options.push({ lists: [...cities].flatMap((c) => store.cities.get(c) ?? []), cities: true })
  if (districts) options.push({ lists: [...new Set(districts.map((d) => d.code))].flatMap((c) => store.districts.get(c) ?? []) })
  return options.reduce((best, o) => (listsSize(o.lists) < listsSize(best.lists) ? o : best))
}

/** Candidate lists, and when they are grid cells (GRID per degree) each one's cell: cells[2i], cells[2i + 1] = lat, lon index. */
/** cities: the lists are the phrase's cities' own (every slot in them is in one of the cities). */
interface Candidates { lists: SlotList[]; cells?: number[]; cities?: boolean }

export interface ClusterHit { total: number; slots: number[]; clusters: { lat: number; lon: number; count: number; bounds: [number, number, number, number] }[] }

/**
 * Map markers over a box: every match is visited (the count is exact); up to `maxMarkers` the newest are returned as
 * markers, beyond that all of them are grouped on a grid × grid over the box instead.
 */
export function runMarkers(store: Store, q: SearchQuery & { bbox: NonNullable<SearchQuery['bbox']> }, maxMarkers: number, grid: number,
  now = Date.now()): ClusterHit | null {
  const p = plan(store, q, now)
  if (p === 'none') return { total: 0, slots: [], clusters: [] }
  if (!p) return null
  const [minLon, minLat, maxLon, maxLat] = q.bbox
  const cellH = (maxLat - minLat) / grid || 1, cellW = (maxLon - minLon) / grid || 1
  const n = grid * grid
  const count = new Int32Array(n), sumLat = new Float64Array(n), sumLon = new Float64Array(n)
  const lo = new Float64Array(n * 4)
  const top = new TopK(maxMarkers, 'newest_plain')
  const st = store
  let total = 0
  const visit = (x: number) => {
    if (!p.test(x)) return
    total++
    const la = st.lat[x]!, ln = st.lon[x]!
    const c = Math.min(grid - 1, Math.max(0, Math.floor((la - minLat) / cellH))) * grid + Math.min(grid - 1, Math.max(0, Math.floor((ln - minLon) / cellW)))
    if (count[c]++ === 0) { lo[c * 4] = la; lo[c * 4 + 1] = ln; lo[c * 4 + 2] = la; lo[c * 4 + 3] = ln } else {
      if (la < lo[c * 4]!) lo[c * 4] = la
      if (ln < lo[c * 4 + 1]!) lo[c * 4 + 1] = ln
      if (la > lo[c * 4 + 2]!) lo[c * 4 + 2] = la
      if (ln > lo[c * 4 + 3]!) lo[c * 4 + 3] = ln
    }
    sumLat[c] += la
    sumLon[c] += ln
    if (total <= maxMarkers || top.accepts(false, st.created[x]!, st.id[x]!)) top.offer(x, false, st.created[x]!, st.id[x]!)
  }
  for (const list of p.lists) { const items = list.items; for (let i = 0; i < list.length; i++) visit(items[i]!) }
  if (total <= maxMarkers) return { total, slots: top.sorted().slots, clusters: [] }
  const clusters: ClusterHit['clusters'] = []
  for (let c = 0; c < n; c++) {
    if (!count[c]) continue
    clusters.push({ lat: sumLat[c]! / count[c]!, lon: sumLon[c]! / count[c]!, count: count[c]!,
      bounds: [lo[c * 4]!, lo[c * 4 + 1]!, lo[c * 4 + 2]!, lo[c * 4 + 3]!] })
  }
  return { total, slots: [], clusters }
}

/**
 * The newest visible listings of every kind (offers and wanted ads), or only the currently promoted ones: the home
 * page's lists (GET /api/offers), as listSummaries() orders them in SQL.
 */
export function runLatest(store: Store, promotedOnly: boolean, limit: number, offset: number, now = Date.now()): EngineHit {
  const st = store
  const test = (x: number) => (st.meta[x]! & META.alive) !== 0 && visibleAt(st, x, now) && (!promotedOnly || promotedAt(st, x, now))
  const lists = promotedOnly ? [...store.buckets.values()].flatMap(promotedPart) : [...store.buckets.values()]
  return collect(store, lists, test, 'newest_plain', limit, offset, now, EXACT_COUNT)
}

/**
 * The currently promoted matches of a search, newest first: the few promoted slots at the top of a results page
 * (routes/api/search/results.ts); only each list's promoted part is walked.
 */
export function runPromoted(store: Store, q: SearchQuery, limit: number, offset: number, now = Date.now()): EngineHit | null {
  const p = plan(store, q, now)
  if (p === 'none') return { total: 0, slots: [], promoted: [], estimated: false }
  if (!p) return null
  const st = store
  const test = (x: number) => promotedAt(st, x, now) && p.test(x)
  return collect(store, p.lists.flatMap(promotedPart), test, 'newest_plain', limit, offset, now, EXACT_COUNT)
}

/** A list's promoted slots (newest first, walkable) and its unsorted tail: where promoted matches can be. */
function promotedPart(list: SlotList): SlotList[] {
  const tail = new SlotList()
  for (let i = list.sortedLength; i < list.length; i++) tail.push(list.items[i]!)
  const o = list.orders
  if (!o) return [tail]
  const promoted = new SlotList()
  promoted.items = o.promoted as typeof promoted.items
  promoted.length = promoted.sortedLength = o.promoted.length
  promoted.orders = { ...o, created: o.promoted }
  return [promoted, tail]
}
