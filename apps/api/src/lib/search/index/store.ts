/**
 * The columns of the in-memory search index (docs/decisions/012-in-memory-search-index.md): one slot per active
 * listing, every facet GET /api/search filters or sorts on in a typed array, so a query is a tight loop over
 * numbers instead of a walk through PostgreSQL's indexes. Text facets become small integer codes, the array
 * facets (extras, nearby, rental periods) bit masks, timestamps epoch milliseconds; NaN / -1 / 0 stand for null.
 *
 * A slot is never reused: an update kills the old slot and appends a new one, and the store is rebuilt when dead
 * slots pile up (compact()). Candidate lists (per offer kind and category, per 0.1° grid cell, per city) let a
 * query visit only the slots that can match.
 */

import { BATHROOMS_TOP, FB, FacetBits, ROOMS_TOP, RangeBits, bitsOf } from './facet-bits.ts'

/** One listing as read from the database (see sync.ts for the SELECT that produces it). */
export interface IndexRow {
  id: number
  slug: string
  /** The owner (listings.user_id): the listing page counts the seller's active listings from memory. */
  user_id: number
  category_id: number
  offer_type: string
  seek: boolean
  price: number
  area: number | null
  price_per_m2: number | null
  rooms: number | null
  bathrooms: number | null
  floor: string | null
  building_type: string | null
  market: string | null
  condition: string | null
  ownership: string | null
  rental_periods: string[]
  extras: string[]
  nearby: string[]
  /** FLAG_* bits. */
  flags: number
  promoted_until: number | null
  visible_from: number | null
  expires_at: number | null
  created_at: number
  lat: number
  lon: number
  city_slug: string
  district: string | null
  /** Attribute 32 (years of a leasehold), when given as a whole number. */
  lease_years: number | null
  /** listings.search_text (folded title and place names), for free-text words. */
  search_text: string
  /** Attribute 18 (year built), when given as a whole number. */
  year_built: number | null
  /** MEDIA bits (video, virtual tour, floor plan) and the advertiser code at MEDIA_ADVERTISER_SHIFT (sync.ts). */
  media: number
}

/** dupHidden: another ad of the same property represents its group ('ukryj duplikaty' leaves this one out, issue 13). */
export const FLAG = { negotiable: 1, instalments: 2, urgent: 4, bargain: 8, billsIncluded: 16, promoted: 32, dupHidden: 64 } as const
/**
 * Store.media: what a listing shows (issue 25's 'z filmem', 'z wirtualnym spacerem', 'z rzutem') and, in the bits from
 * MEDIA_ADVERTISER_SHIFT, who advertises (ADVERTISER_CODE). One byte per listing.
 */
export const MEDIA = { video: 1, tour: 2, plan: 4 } as const
export const MEDIA_ADVERTISER_SHIFT = 3
export const ADVERTISER_CODE = { private: 1, agency: 2, developer: 3 } as const
/** Store.meta bits: live slot, wanted ad, has a visible-from or expiry date to check. */
export const META = { alive: 1, seek: 2, scheduled: 4 } as const
export const META_FLAGS_SHIFT = 8
export const META_OFFER_SHIFT = 16
export const GRID = 10 // cells per degree, as the SQL path's grid (search-density.ts)

/** Strings ↔ small integer codes; code 0 is null. */
export class Dict {
  private codes = new Map<string, number>()
  private names: string[] = ['']
  code(value: string | null): number {
    if (value === null) return 0
    let c = this.codes.get(value)
    if (c === undefined) { this.codes.set(value, c = this.codes.size + 1); this.names[c] = value }
    return c
  }
  name(code: number): string { return this.names[code] ?? '' }
  /** The values by code (snapshot.ts). */
  values(): string[] { return this.names.slice(1) }
  static of(values: string[]): Dict { const d = new Dict(); for (const v of values) d.code(v); return d }
  /** The code of a value, or -1 when no listing ever had it (so nothing can match). */
  find(value: string): number { return this.codes.get(value) ?? -1 }
  get size() { return this.codes.size }
}

/** Up to 32 distinct values per column as bits; `overflow` once a 33rd appears (queries on it then use SQL). */
export class BitDict {
  private bits = new Map<string, number>()
  overflow = false
  mask(values: string[]): number {
    let m = 0
    for (const v of values) {
      let b = this.bits.get(v)
      if (b === undefined) {
        if (this.bits.size >= 32) { this.overflow = true; continue }
        this.bits.set(v, b = this.bits.size)
      }
      m |= 1 << b
    }
    return m >>> 0
  }
  /** The values by bit (snapshot.ts). */
  values(): string[] { return [...this.bits.keys()] }
  static of(values: string[], overflow: boolean): BitDict { const d = new BitDict(); d.mask(values); d.overflow = overflow; return d }
  /** The mask of the wanted values, or null when one of them never occurs. */
  find(values: string[]): number | null {
    let m = 0
    for (const v of values) { const b = this.bits.get(v); if (b === undefined) return null; m |= 1 << b }
    return m >>> 0
  }
}

/** The orders a candidate list is kept in (besides insertion order), built by Store.clustered(). */
export interface ListOrders {
  /** created desc, id desc */
  created: Int32Array
  /** price asc, id asc */
  price: Int32Array
  /** price per m² asc, id asc, then nulls by id asc; `ppm2Valid` non-null ones first */
  ppm2: Int32Array
  ppm2Valid: number
  /** area asc, id asc, then nulls; `areaValid` non-null ones first */
  area: Int32Array
  areaValid: number
  /** The promoted-flagged slots, newest first (the default order puts the currently promoted ones first). */
  promoted: Int32Array
}

/**
 * A growable list of slots. The first `sortedLength` are also held in each sort order (`orders`), so a search can
 * walk them best-first and stop early; slots appended after clustering (the tail) are always scanned.
 */
export class SlotList {
  items = new Int32Array(16)
  length = 0
  sortedLength = 0
  orders?: ListOrders
  push(slot: number) {
    if (this.length === this.items.length) { const next = new Int32Array(this.items.length * 2); next.set(this.items); this.items = next }
    this.items[this.length++] = slot
  }
}

/** Sorts slots by a column ascending (ties by id ascending), nulls (NaN) last; returns how many are not null. */
function sortedBy(slots: Int32Array, col: Float64Array, id: Float64Array): [Int32Array, number] {
  const valid = slots.filter((x) => col[x] === col[x])
  valid.sort((a, b) => col[a]! - col[b]! || id[a]! - id[b]!)
  const nulls = slots.filter((x) => col[x] !== col[x]).sort((a, b) => id[a]! - id[b]!)
  const out = new Int32Array(slots.length)
  out.set(valid)
  out.set(nulls, valid.length)
  return [out, valid.length]
}

const grow = <T extends Float64Array | Int32Array | Int16Array | Uint8Array | Uint16Array | Uint32Array>(a: T, n: number): T => {
  const next = new (a.constructor as new (n: number) => T)(n)
  next.set(a)
  return next
}

export const COLUMNS = ['id', 'alive', 'created', 'price', 'ppm2', 'area', 'rooms', 'bathrooms', 'category', 'offer', 'seek', 'floor',
  'building', 'market', 'condition', 'ownership', 'city', 'district', 'rental', 'extras', 'nearby', 'flags', 'promotedUntil',
  'visibleFrom', 'expires', 'lat', 'lon', 'lease', 'meta', 'user', 'built', 'media'] as const

function newDicts() {
  return {
    offer: new Dict(), floor: new Dict(), building: new Dict(), market: new Dict(), condition: new Dict(),
    ownership: new Dict(), city: new Dict(), district: new Dict(),
    rental: new BitDict(), extras: new BitDict(), nearby: new BitDict(),
  }
}
type Dicts = ReturnType<typeof newDicts>
const TEXT_DICTS = ['offer', 'floor', 'building', 'market', 'condition', 'ownership', 'city', 'district'] as const
const BIT_DICTS = ['rental', 'extras', 'nearby'] as const

/**
 * A store as plain data (snapshot.ts writes it to disk): every column (dead slots too), the slugs, the dictionaries'
 * values, the free-text postings and the candidate lists with their sort orders. Restoring it sorts nothing: the
 * sorts are most of a load's CPU.
 */
/**
 * A family of candidate lists flattened: list i has key keys[i] (and outer[i] for bucketCells), lens[i] slots, and
 * sorted[i] of them held in the sort orders (-1: no orders).
 */
export interface ListsImage {
  keys: Float64Array
  outer: Float64Array
  lens: Int32Array
  sorted: Int32Array
  items: Int32Array
  orders: {
    created: Int32Array; price: Int32Array; ppm2: Int32Array; area: Int32Array
    promoted: Int32Array; promotedLens: Int32Array; ppm2Valid: Int32Array; areaValid: Int32Array
  }
}

function listsImage(entries: [number, number, SlotList][]): ListsImage {
  const m = entries.length
  let total = 0, sortedTotal = 0, promotedTotal = 0
  for (const [, , l] of entries) { total += l.length; if (l.orders) { sortedTotal += l.sortedLength; promotedTotal += l.orders.promoted.length } }
  const img: ListsImage = {
    keys: new Float64Array(m), outer: new Float64Array(m), lens: new Int32Array(m), sorted: new Int32Array(m), items: new Int32Array(total),
    orders: {
      created: new Int32Array(sortedTotal), price: new Int32Array(sortedTotal), ppm2: new Int32Array(sortedTotal), area: new Int32Array(sortedTotal),
      promoted: new Int32Array(promotedTotal), promotedLens: new Int32Array(m), ppm2Valid: new Int32Array(m), areaValid: new Int32Array(m),
    },
  }
  const o = img.orders
  let at = 0, sat = 0, pat = 0
  entries.forEach(([outer, key, l], i) => {
    img.keys[i] = key; img.outer[i] = outer; img.lens[i] = l.length
    img.items.set(l.items.subarray(0, l.length), at)
    at += l.length
    const lo = l.orders
    img.sorted[i] = lo ? l.sortedLength : -1
    if (!lo) return
    o.created.set(lo.created, sat); o.price.set(lo.price, sat); o.ppm2.set(lo.ppm2, sat); o.area.set(lo.area, sat)
    sat += l.sortedLength
    o.promoted.set(lo.promoted, pat); o.promotedLens[i] = lo.promoted.length; pat += lo.promoted.length
    o.ppm2Valid[i] = lo.ppm2Valid; o.areaValid[i] = lo.areaValid
  })
  return img
}

/** The lists of a ListsImage (views into its arrays: a list that grows later gets its own copy, see SlotList.push). */
function* listsOf(img: ListsImage, size: number): Generator<[number, number, SlotList]> {
  const o = img.orders
  const check = (a: Int32Array) => { for (let i = 0; i < a.length; i++) if (a[i]! < 0 || a[i]! >= size) throw new Error('snapshot list out of range') }
  for (const a of [img.items, o.created, o.price, o.ppm2, o.area, o.promoted]) check(a)
  let at = 0, sat = 0, pat = 0
  for (let i = 0; i < img.keys.length; i++) {
    const n = img.lens[i]!, sorted = img.sorted[i]!
    if (n <= 0 || at + n > img.items.length || sorted > n) throw new Error('snapshot lists do not fit')
    const l = new SlotList()
    l.items = img.items.subarray(at, at + n) as Int32Array<ArrayBuffer>
    l.length = n
    if (sorted >= 0) {
      const pn = o.promotedLens[i]!
      if (sat + sorted > o.created.length || pat + pn > o.promoted.length) throw new Error('snapshot lists do not fit')
      const part = (a: Int32Array) => a.subarray(sat, sat + sorted) as Int32Array<ArrayBuffer>
      l.orders = {
        created: part(o.created), price: part(o.price), ppm2: part(o.ppm2), ppm2Valid: o.ppm2Valid[i]!, area: part(o.area),
        areaValid: o.areaValid[i]!, promoted: o.promoted.subarray(pat, pat + pn) as Int32Array<ArrayBuffer>,
      }
      l.sortedLength = sorted
      sat += sorted
      pat += pn
    }
    at += n
    yield [img.outer[i]!, img.keys[i]!, l]
  }
  if (at !== img.items.length) throw new Error('snapshot lists do not fit')
}

export interface StoreImage {
  size: number
  columns: Record<(typeof COLUMNS)[number], Float64Array | Int32Array | Int16Array | Uint8Array | Uint16Array | Uint32Array>
  /** Slugs joined by newlines (one string serialises far faster than a million). */
  slugs: string
  dicts: Record<(typeof TEXT_DICTS)[number], string[]>
  bits: Record<(typeof BIT_DICTS)[number], { values: string[]; overflow: boolean }>
  lists: Record<'buckets' | 'cells' | 'cities' | 'districts' | 'bucketCells' | 'users', ListsImage>
  /** Tokens joined by newlines; token i's slots are postings[offsets[i] .. offsets[i+1]). */
  tokens: string
  offsets: Int32Array
  postings: Int32Array
}

/** Store.frozen(): what a StoreImage is made of, to be read (and cut at `size`) bit by bit later. */
export interface FrozenStore {
  size: number
  columns: StoreImage['columns']
  slugs: string[]
  dicts: StoreImage['dicts']
  bits: StoreImage['bits']
  /** [outer key, key, list] of each family; lists (and map entries) added later hold only slots from `size` up. */
  lists: Record<keyof StoreImage['lists'], Iterable<[number, number, SlotList]>>
  words: { tokens: string[]; postings: SlotList[] }
}

/** How many of a list's first slots are below `size` (the slots appended later are at its end). */
export function lengthBelow(l: SlotList, size: number): number {
  let n = l.length
  while (n > 0 && l.items[n - 1]! >= size) n--
  return n
}

/** The columns with range bitsets (Store.ranges). */
export const RANGE_COLUMNS = ['price', 'area', 'ppm2', 'built', 'created'] as const
type RangeColumn = (typeof RANGE_COLUMNS)[number]
export const districtCityKey = (district: number, city: number) => district * 65_536 + city
export const bucketKey = (seek: number, offer: number, category: number) => (seek * 256 + offer) * 100_000 + category
export const cellKey = (cellLat: number, cellLon: number) => (cellLat + 10_000) * 100_000 + (cellLon + 20_000)

export class Store {
  capacity = 0
  size = 0
  dead = 0
  id = new Float64Array(0)
  alive = new Uint8Array(0)
  created = new Float64Array(0)
  price = new Float64Array(0)
  ppm2 = new Float64Array(0)
  area = new Float64Array(0)
  rooms = new Int16Array(0)
  bathrooms = new Int16Array(0)
  category = new Int32Array(0)
  offer = new Uint8Array(0)
  seek = new Uint8Array(0)
  floor = new Uint16Array(0)
  building = new Uint16Array(0)
  market = new Uint16Array(0)
  condition = new Uint16Array(0)
  ownership = new Uint16Array(0)
  city = new Uint16Array(0)
  district = new Uint32Array(0)
  rental = new Uint32Array(0)
  extras = new Uint32Array(0)
  nearby = new Uint32Array(0)
  flags = new Uint8Array(0)
  promotedUntil = new Float64Array(0)
  visibleFrom = new Float64Array(0)
  expires = new Float64Array(0)
  lat = new Float64Array(0)
  lon = new Float64Array(0)
  lease = new Int16Array(0)
  /**
   * The facets every search reads, packed so a scan touches one cache line for them: META bits, the FLAG bits at
   * META_FLAGS_SHIFT and the offer-type code at META_OFFER_SHIFT.
   */
  meta = new Uint32Array(0)
  user = new Float64Array(0)
  /** Year built, -1 when not given. */
  built = new Int16Array(0)
  /** MEDIA bits and the advertiser code. */
  media = new Uint8Array(0)
  slug: string[] = []

  /** Shared with the clustered copy, so codes stay valid. */
  constructor(readonly dicts: Dicts = newDicts(), words?: Words) {
    this.words = words ?? new Words()
    // One bucket per column until the first clustering knows the values: a load's million puts set one bit each.
    this.fitRanges({ price: [], area: [], ppm2: [], built: [], created: [] })
  }
  /** Bitsets per facet value (facet-bits.ts): what the exact totals count with popcount. */
  readonly bits = new FacetBits()
  /**
   * Range-encoded bitsets of the range filters' columns (decision 092): price, area, price per m², year built and the
   * date added. A clustered or restored store cuts them at the quantiles of its own values (fitRanges), so each bucket
   * holds about 1/64 of the listings; a fresh one (being loaded, not yet clustered) has a single bucket per column.
   */
  readonly ranges = {
    price: new RangeBits(isNaN), area: new RangeBits(isNaN), ppm2: new RangeBits(isNaN),
    built: new RangeBits((v) => v < 0), created: new RangeBits(isNaN),
  }
  /** The live slots hidden by their dates (hiddenAt), and the span of time over which that holds. */
  private hidden = { bits: new Uint32Array(0), upTo: 0, from: Infinity, until: -Infinity }
  /** A scratch buffer for the engine's AND of bitsets (one search at a time: the engine is synchronous). */
  scratch = new Uint32Array(0)
  /** A second one, for the AND of the ranges' inner buckets (countBits). */
  scratchSure = new Uint32Array(0)
  readonly slotById = new Map<number, number>()
  /** Free-text words: the distinct tokens of search_text, each with the slots whose text has it (see Words). */
  readonly words: Words
  readonly buckets = new Map<number, SlotList>()
  readonly cells = new Map<number, SlotList>()
  /** Per kind and category, per grid cell: what a category search around a place needs, and nothing else. */
  readonly bucketCells = new Map<number, Map<number, SlotList>>()
  readonly cities = new Map<number, SlotList>()
  readonly districts = new Map<number, SlotList>()
  /**
   * Per district and city (districtCityKey): the exact set of a `lokalizacje` district, whose name alone (`districts`)
   * several cities share (decision 092: the count needs no per-slot test for it). Derived, not in the snapshot.
   */
  readonly districtCities = new Map<number, SlotList>()
  /** Per owner (user id): the seller's active-listing count on the listing page. Not kept in sort orders. */
  readonly users = new Map<number, SlotList>()
  /**
   * Per owner: the count of public listings and until when it holds (the next visible-from or expiry among them).
   * Counted once from `users` and dropped whenever one of the owner's slots is added or removed, so a listing page
   * reads it in O(1) instead of walking an agency's tens of thousands of slots per view (listing-page.ts).
   */
  readonly sellerCounts = new Map<number, { n: number; from: number; until: number }>()

  private ensure(n: number) {
    if (n <= this.capacity) return
    const cap = Math.max(1024, Math.ceil(n * 1.5))
    for (const k of COLUMNS) (this as Record<string, unknown>)[k] = grow(this[k], cap)
    this.bits.ensure(cap)
    for (const k of RANGE_COLUMNS) this.ranges[k].ensure(this.bits.words)
    this.capacity = cap
  }

  /**
   * Cuts the range bitsets at `edges` (by column) or at the quantiles of the slots' values, and puts every slot there
   * is into them (clustered(), fromImage(); later slots are added one by one by put()).
   */
  private fitRanges(edges?: Partial<Record<RangeColumn, number[]>>) {
    for (const k of RANGE_COLUMNS) {
      const r = this.ranges[k]
      r.reset(edges?.[k] ?? RangeBits.quantileEdges(this[k], this.size, r.isNull), this.bits.words)
      r.addAll(this[k], this.size)
    }
  }

  /**
   * A copy holding only the live slots, laid out kind by kind and category by category, newest first: a search
   * over one category then reads each column front to back instead of jumping across the whole array. Built
   * after loading and whenever updates have left many dead slots.
   */
  clustered(): Store {
    const order = new Int32Array(this.count)
    let n = 0
    for (let x = 0; x < this.size; x++) if (this.alive[x]) order[n++] = x
    // Kind and category, then grid cell, then newest first: a category's slots in one area are contiguous.
    const bucket = new Float64Array(this.size)
    const cell = new Float64Array(this.size)
    for (const x of order) {
      bucket[x] = bucketKey(this.seek[x]!, this.offer[x]!, this.category[x]!)
      cell[x] = cellKey(Math.floor(this.lat[x]! * GRID), Math.floor(this.lon[x]! * GRID))
    }
    order.sort((a, b) => bucket[a]! - bucket[b]! || cell[a]! - cell[b]! || this.created[b]! - this.created[a]! || this.id[b]! - this.id[a]!)
    const next = new Store(this.dicts, this.words)
    next.ensure(order.length)
    for (const k of COLUMNS) {
      const from = this[k] as Float64Array, to = next[k] as Float64Array
      for (let i = 0; i < order.length; i++) to[i] = from[order[i]!]!
    }
    for (let i = 0; i < order.length; i++) next.slug[i] = this.slug[order[i]!]!
    next.size = order.length
    next.fitRanges()
    for (let s = 0; s < next.size; s++) next.index(s)
    const moved = new Int32Array(this.size).fill(-1)
    for (let i = 0; i < order.length; i++) moved[order[i]!] = i
    this.words.remap(moved)
    for (const lists of [next.buckets, next.cells, next.cities, next.districts, ...next.bucketCells.values()]) for (const l of lists.values()) next.order(l)
    return next
  }

  /** The store as a StoreImage: copies, taken synchronously, so later updates do not tear it. */
  image(): StoreImage {
    const n = this.size
    const columns = {} as StoreImage['columns']
    for (const k of COLUMNS) columns[k] = this[k].slice(0, n)
    const d = this.dicts
    const flat = (m: Map<number, SlotList>, outer = 0) => [...m].map(([k, l]): [number, number, SlotList] => [outer, k, l])
    return {
      size: n, columns, slugs: this.slug.slice(0, n).join('\n'),
      lists: {
        buckets: listsImage(flat(this.buckets)), cells: listsImage(flat(this.cells)), cities: listsImage(flat(this.cities)),
        districts: listsImage(flat(this.districts)), users: listsImage(flat(this.users)),
        bucketCells: listsImage([...this.bucketCells].flatMap(([b, m]) => flat(m, b))),
      },
      dicts: Object.fromEntries(TEXT_DICTS.map((k) => [k, d[k].values()])) as StoreImage['dicts'],
      bits: Object.fromEntries(BIT_DICTS.map((k) => [k, { values: d[k].values(), overflow: d[k].overflow }])) as StoreImage['bits'],
      ...this.words.image(),
    }
  }

  /**
   * The store as it is now, for writing a StoreImage out piece by piece while the store keeps changing (snapshot.ts,
   * issue 30): O(slots) of copying only for what changes in place (alive, meta, slugs). Everything else is read later,
   * cut at `size`: a slot is never reused and its columns never change after put() except alive/meta/slug (remove()),
   * and lists and postings only ever grow at their end, by slots from `size` up.
   */
  frozen(): FrozenStore {
    const n = this.size
    const columns = {} as FrozenStore['columns']
    for (const k of COLUMNS) columns[k] = k === 'alive' || k === 'meta' ? this[k].slice(0, n) : this[k].subarray(0, n)
    const d = this.dicts
    // Lists are never taken out of these maps and a Map iterates in insertion order: the first `size` entries at the
    // cut are all the lists that hold slots below `n`. Bounding the walk to them keeps a write that yields between
    // entries from chasing lists added faster than it reads them.
    const upTo = function* <V>(m: Map<number, V>, count: number) {
      let i = 0
      for (const e of m) { if (i++ >= count) return; yield e }
    }
    const family = (m: Map<number, SlotList>): Iterable<[number, number, SlotList]> => {
      const count = m.size
      return { *[Symbol.iterator]() { for (const [k, l] of upTo(m, count)) yield [0, k, l] } }
    }
    const nested = [...this.bucketCells].map(([b, m]) => [b, m, m.size] as const)
    return {
      size: n, columns, slugs: this.slug.slice(0, n),
      dicts: Object.fromEntries(TEXT_DICTS.map((k) => [k, d[k].values()])) as StoreImage['dicts'],
      bits: Object.fromEntries(BIT_DICTS.map((k) => [k, { values: d[k].values(), overflow: d[k].overflow }])) as StoreImage['bits'],
      lists: {
        buckets: family(this.buckets), cells: family(this.cells), cities: family(this.cities), districts: family(this.districts),
        users: family(this.users),
        bucketCells: { *[Symbol.iterator]() { for (const [b, m, count] of nested) for (const [k, l] of upTo(m, count)) yield [b, k, l] as [number, number, SlotList] } },
      },
      words: this.words.frozen(),
    }
  }

  /** Rebuilds the store of an image, exactly as it was (dead slots and unsorted tails included). */
  static fromImage(img: StoreImage): Store {
    const dicts = newDicts()
    for (const k of TEXT_DICTS) dicts[k] = Dict.of(img.dicts[k])
    for (const k of BIT_DICTS) dicts[k] = BitDict.of(img.bits[k].values, img.bits[k].overflow)
    const st = new Store(dicts, Words.fromImage(img))
    const n = img.size
    st.ensure(n)
    for (const k of COLUMNS) {
      const col = img.columns[k]
      if (col.length !== n || col.constructor !== st[k].constructor) throw new Error(`snapshot column ${k} does not fit`)
      ;(st[k] as Float64Array).set(col as Float64Array)
    }
    const slugs = n ? img.slugs.split('\n') : []
    if (slugs.length !== n) throw new Error('snapshot slugs do not fit')
    st.slug = slugs
    st.size = n
    st.fitRanges()
    for (let s = 0; s < n; s++) {
      st.addBits(s)
      if (st.district[s]) st.listFor(st.districtCities, districtCityKey(st.district[s]!, st.city[s]!)).push(s)
      if (!st.alive[s]) { st.dead++; continue }
      if (st.slotById.has(st.id[s]!)) throw new Error('snapshot ids repeat')
      st.slotById.set(st.id[s]!, s)
    }
    for (const k of ['buckets', 'cells', 'cities', 'districts', 'users'] as const) {
      for (const [, key, l] of listsOf(img.lists[k], n)) st[k].set(key, l)
    }
    for (const [b, cell, l] of listsOf(img.lists.bucketCells, n)) {
      let m = st.bucketCells.get(b)
      if (!m) st.bucketCells.set(b, m = new Map())
      m.set(cell, l)
    }
    return st
  }

  /**
   * A phrase word's slots (Words.slotsWith) as a candidate list, held in every sort order like a category's (decision
   * 100): a search walks them best-first and stops at its page instead of testing every one. The orders are built on
   * the word's first walk and kept with its slots (Words' bounded memory); slots added since are the list's unsorted
   * tail, and once that tail outgrows an eighth of the list the orders are built again. A word with no more than
   * wordOrder.min slots is cheaper to scan; one with more than wordOrder.max is left unordered (sorting it would hold
   * the event loop for long: the engine walks its kind and category lists instead).
   */
  wordList(hit: WordSlots): SlotList {
    const list = this.words.slotList(hit)
    if (hit.count <= wordOrder.min || hit.count > wordOrder.max) return list
    if (!hit.orders || hit.count - hit.sorted > wordOrder.min + hit.sorted / 8) {
      this.order(list)
      this.words.keepOrders(hit, list.orders!, list.sortedLength)
    } else {
      list.orders = hit.orders
      list.sortedLength = hit.sorted
    }
    return list
  }

  /** Builds a list's sort orders over its current slots. */
  private order(l: SlotList) {
    const slots = l.items.slice(0, l.length)
    const created = slots.slice().sort((a, b) => this.created[b]! - this.created[a]! || this.id[b]! - this.id[a]!)
    const [price] = sortedBy(slots, this.price, this.id)
    const [ppm2, ppm2Valid] = sortedBy(slots, this.ppm2, this.id)
    const [area, areaValid] = sortedBy(slots, this.area, this.id)
    const promoted = created.filter((x) => (this.flags[x]! & FLAG.promoted) !== 0)
    l.orders = { created, price, ppm2, ppm2Valid, area, areaValid, promoted }
    l.sortedLength = l.length
  }

  /** Adds or replaces a listing. */
  put(r: IndexRow) {
    this.remove(r.id)
    this.ensure(this.size + 1)
    const s = this.size++
    const d = this.dicts
    this.id[s] = r.id
    this.user[s] = r.user_id
    this.alive[s] = 1
    this.created[s] = r.created_at
    this.price[s] = r.price
    this.ppm2[s] = r.price_per_m2 ?? NaN
    this.area[s] = r.area ?? NaN
    this.rooms[s] = r.rooms ?? -1
    this.bathrooms[s] = r.bathrooms ?? -1
    this.category[s] = r.category_id
    this.offer[s] = d.offer.code(r.offer_type)
    this.seek[s] = r.seek ? 1 : 0
    this.floor[s] = d.floor.code(r.floor)
    this.building[s] = d.building.code(r.building_type)
    this.market[s] = d.market.code(r.market)
    this.condition[s] = d.condition.code(r.condition)
    this.ownership[s] = d.ownership.code(r.ownership)
    this.city[s] = d.city.code(r.city_slug)
    this.district[s] = d.district.code(r.district)
    this.rental[s] = d.rental.mask(r.rental_periods)
    this.extras[s] = d.extras.mask(r.extras)
    this.nearby[s] = d.nearby.mask(r.nearby)
    this.flags[s] = r.flags
    this.promotedUntil[s] = r.promoted_until ?? NaN
    this.visibleFrom[s] = r.visible_from ?? NaN
    this.expires[s] = r.expires_at ?? NaN
    this.lat[s] = r.lat
    this.lon[s] = r.lon
    this.lease[s] = r.lease_years === null ? -1 : Math.min(r.lease_years, 32_767)
    this.built[s] = r.year_built === null ? -1 : Math.min(r.year_built, 32_767)
    this.media[s] = r.media
    this.slug[s] = r.slug
    this.meta[s] = (META.alive | (r.seek ? META.seek : 0) | (r.visible_from !== null || r.expires_at !== null ? META.scheduled : 0)
      | (r.flags << META_FLAGS_SHIFT) | (this.offer[s]! << META_OFFER_SHIFT)) >>> 0
    this.index(s)
    for (const k of RANGE_COLUMNS) this.ranges[k].add(s, this[k][s]!)
    this.words.add(s, r.search_text)
  }

  /** Enters a filled slot into the lookup map and the candidate lists. */
  private index(s: number) {
    this.slotById.set(this.id[s]!, s)
    this.addBits(s)
    const bucket = bucketKey(this.seek[s]!, this.offer[s]!, this.category[s]!)
    const cell = cellKey(Math.floor(this.lat[s]! * GRID), Math.floor(this.lon[s]! * GRID))
    this.listFor(this.buckets, bucket).push(s)
    this.listFor(this.cells, cell).push(s)
    let byCell = this.bucketCells.get(bucket)
    if (!byCell) this.bucketCells.set(bucket, byCell = new Map())
    this.listFor(byCell, cell).push(s)
    this.listFor(this.cities, this.city[s]!).push(s)
    if (this.district[s]) {
      this.listFor(this.districts, this.district[s]!).push(s)
      this.listFor(this.districtCities, districtCityKey(this.district[s]!, this.city[s]!)).push(s)
    }
    this.listFor(this.users, this.user[s]!).push(s)
    this.sellerCounts.delete(this.user[s]!)
  }

  /** Forgets a listing (no longer active, or deleted). */
  remove(id: number) {
    const s = this.slotById.get(id)
    if (s === undefined) return
    this.slotById.delete(id)
    this.bits.clear(FB.alive, 0, s)
    this.alive[s] = 0
    this.meta[s] = (this.meta[s]! & ~META.alive) >>> 0
    this.slug[s] = ''
    this.dead++
    this.sellerCounts.delete(this.user[s]!)
  }

  /** Sets the slot's bits in the facet bitsets (from its columns). */
  private addBits(s: number) {
    const b = this.bits
    if (this.alive[s]) b.set(FB.alive, 0, s)
    if (this.seek[s]) b.set(FB.seek, 0, s)
    b.set(FB.offer, this.offer[s]!, s)
    b.set(FB.category, this.category[s]!, s)
    const r = this.rooms[s]!, ba = this.bathrooms[s]!
    if (r >= 0) b.set(FB.rooms, Math.min(r, ROOMS_TOP), s)
    if (ba >= 0) b.set(FB.bathrooms, Math.min(ba, BATHROOMS_TOP), s)
    b.set(FB.floor, this.floor[s]!, s)
    b.set(FB.building, this.building[s]!, s)
    b.set(FB.market, this.market[s]!, s)
    b.set(FB.condition, this.condition[s]!, s)
    b.set(FB.ownership, this.ownership[s]!, s)
    for (const bit of bitsOf(this.rental[s]!)) b.set(FB.rental, bit, s)
    for (const bit of bitsOf(this.extras[s]!)) b.set(FB.extras, bit, s)
    for (const bit of bitsOf(this.nearby[s]!)) b.set(FB.nearby, bit, s)
    for (const bit of bitsOf((this.meta[s]! >>> META_FLAGS_SHIFT) & 255)) b.set(FB.flag, bit, s)
    const media = this.media[s]!
    for (const bit of bitsOf(media & ((1 << MEDIA_ADVERTISER_SHIFT) - 1))) b.set(FB.media, bit, s)
    b.set(FB.advertiser, media >>> MEDIA_ADVERTISER_SHIFT, s)
  }

  /**
   * The live slots that their visible-from or expiry date hides at `now` (visibleAt() in engine.ts false), as bits.
   * Kept with the span of time over which no slot's state changes (between the latest date at or before `now` and the
   * earliest after it), so it is counted again only when `now` leaves that span; slots added since are looked at alone.
   */
  hiddenAt(now: number): Uint32Array {
    const h = this.hidden
    if (!(now >= h.from && now < h.until)) {
      if (h.bits.length < this.bits.words) h.bits = new Uint32Array(this.bits.words)
      else h.bits.fill(0)
      h.upTo = 0; h.from = -Infinity; h.until = Infinity
    } else if (h.bits.length < this.bits.words) {
      const next = new Uint32Array(this.bits.words); next.set(h.bits); h.bits = next
    }
    const bits = h.bits
    for (let x = h.upTo; x < this.size; x++) {
      if (!this.alive[x] || !(this.meta[x]! & META.scheduled)) continue
      const from = this.visibleFrom[x]!, until = this.expires[x]!
      // visible from `from` on, until just before `until` (NaN: no such date)
      if (from === from) { if (from <= now) { if (from > h.from) h.from = from } else if (from < h.until) h.until = from }
      if (until === until) { if (until <= now) { if (until > h.from) h.from = until } else if (until < h.until) h.until = until }
      if (from > now || until <= now) bits[x >>> 5]! |= 1 << (x & 31)
    }
    h.upTo = this.size
    return bits
  }

  get count() { return this.size - this.dead }
  /** Worth rebuilding: the lists carry more dead slots than live ones' quarter. */
  get fragmented() { return this.dead > 10_000 && this.dead > this.count / 4 }

  private listFor(map: Map<number, SlotList>, key: number): SlotList {
    let l = map.get(key)
    if (!l) map.set(key, l = new SlotList())
    return l
  }
}

/**
 * An inverted index of search_text tokens (split on anything but a-z, 0-9 and '-', which are all a phrase word can
 * hold: so "search_text LIKE '%word%'" holds exactly when some token contains the word). A word is looked up by
 * scanning the token dictionary once and caching which tokens contain it.
 */
export class Words {
  private ids = new Map<string, number>()
  private tokens: string[] = []
  postings: SlotList[] = []
  private cache = new Map<string, { upTo: number; tokens: number[] }>()
  /** Per word, its slots (slotsWith), least recently used first; `bytes` is their size. */
  private sets = new Map<string, WordSlots>()
  private bytes = 0

  add(slot: number, text: string) {
    const seen = new Set<string>()
    for (const t of text.split(/[^a-z0-9-]+/)) {
      if (!t || seen.has(t)) continue
      seen.add(t)
      let id = this.ids.get(t)
      if (id === undefined) { this.ids.set(t, id = this.tokens.length); this.tokens.push(t); this.postings.push(new SlotList()) }
      this.postings[id]!.push(slot)
    }
  }

  /** The tokens and their slots, for StoreImage. */
  image(): Pick<StoreImage, 'tokens' | 'offsets' | 'postings'> {
    let total = 0
    for (const l of this.postings) total += l.length
    const postings = new Int32Array(total)
    const offsets = new Int32Array(this.postings.length + 1)
    let n = 0
    this.postings.forEach((l, i) => { offsets[i] = n; postings.set(l.items.subarray(0, l.length), n); n += l.length })
    offsets[this.postings.length] = n
    return { tokens: this.tokens.join('\n'), offsets, postings }
  }

  /** The tokens so far and their postings (Store.frozen): both only grow at their end. */
  frozen(): { tokens: string[]; postings: SlotList[] } {
    return { tokens: this.tokens.slice(), postings: this.postings.slice() }
  }

  static fromImage(img: Pick<StoreImage, 'tokens' | 'offsets' | 'postings' | 'size'>): Words {
    const w = new Words()
    w.tokens = img.tokens ? img.tokens.split('\n') : []
    if (img.offsets.length !== w.tokens.length + 1) throw new Error('snapshot tokens do not fit')
    w.tokens.forEach((t, i) => {
      w.ids.set(t, i)
      const l = new SlotList()
      const part = img.postings.subarray(img.offsets[i]!, img.offsets[i + 1]!)
      l.items = new Int32Array(Math.max(16, part.length)) // push() doubles the capacity, so never 0
      l.items.set(part)
      l.length = part.length
      for (let j = 0; j < l.length; j++) if (l.items[j]! >= img.size || l.items[j]! < 0) throw new Error('snapshot posting out of range')
      w.postings.push(l)
    })
    return w
  }

  /** After clustering: slots renumbered (-1 for dead ones). */
  remap(moved: Int32Array) {
    this.sets.clear()
    this.bytes = 0
    for (const list of this.postings) {
      let n = 0
      for (let i = 0; i < list.length; i++) { const to = moved[list.items[i]!]!; if (to >= 0) list.items[n++] = to }
      list.length = n
      list.items.subarray(0, n).sort()
    }
  }

  /** The tokens containing a word. */
  tokensWith(word: string): number[] {
    let hit = this.cache.get(word)
    if (!hit) {
      if (this.cache.size > 5000) this.cache.clear()
      this.cache.set(word, hit = { upTo: 0, tokens: [] })
    }
    for (; hit.upTo < this.tokens.length; hit.upTo++) if (this.tokens[hit.upTo]!.includes(word)) hit.tokens.push(hit.upTo)
    return hit.tokens
  }

  /**
   * Which slots' text contains the word: the slots in ascending order (dead ones included: the search's test drops
   * them) and the same as bits (bit x of `bits` set: slot x has it). Kept per word and brought up to `size` on each
   * use (the new slots' postings only), so a phrase search no longer walks every posting of every token with the
   * word nor allocates a mark per slot (issue 30); clustering renumbers the slots and forgets them all.
   */
  slotsWith(word: string, size: number): WordSlots {
    let hit = this.sets.get(word)
    if (hit) { this.sets.delete(word); this.sets.set(word, hit) } else {
      hit = { upTo: 0, count: 0, slots: new Int32Array(0), bits: new Uint32Array(0), sorted: 0 }
      this.sets.set(word, hit)
    }
    if (hit.upTo < size) this.extend(word, hit, size)
    return hit
  }

  /** Adds the slots in [hit.upTo, size) whose text has the word. */
  private extend(word: string, hit: WordSlots, size: number) {
    const from = hit.upTo
    const added: number[] = []
    for (const id of this.tokensWith(word)) {
      const l = this.postings[id]!, items = l.items
      // Postings are in ascending slot order (slots are appended, clustering sorts): the new ones are at the end.
      let i = l.length
      while (i > 0 && items[i - 1]! >= from) i--
      for (; i < l.length; i++) { const x = items[i]!; if (x < size) added.push(x) }
    }
    this.bytes -= bytesOf(hit)
    // Bits for every slot below `size` (a read past the end would be undefined: correct, but a slower path).
    const words = (size + 31) >>> 5
    if (words > hit.bits.length) {
      const next = new Uint32Array(from === 0 ? words : Math.ceil(words * 1.25))
      next.set(hit.bits)
      hit.bits = next
    }
    if (added.length) {
      added.sort((a, b) => a - b)
      const need = hit.count + added.length
      if (need > hit.slots.length) {
        const next = new Int32Array(from === 0 ? need : Math.ceil(need * 1.25))
        next.set(hit.slots.subarray(0, hit.count))
        hit.slots = next
      }
      const slots = hit.slots, bits = hit.bits
      let n = hit.count, last = -1
      for (const x of added) {
        if (x === last) continue
        last = x
        slots[n++] = x
        bits[x >>> 5]! |= 1 << (x & 31)
      }
      hit.count = n
    }
    hit.upTo = size
    this.bytes += bytesOf(hit)
    this.evict(hit)
  }

  /** Bounded: the least recently used words go first (`keep`, just used, stays). */
  private evict(keep: WordSlots) {
    for (const [w, h] of this.sets) {
      if (this.bytes <= WORD_SETS_BYTES || h === keep) break
      this.bytes -= bytesOf(h)
      this.sets.delete(w)
    }
  }

  /** Keeps a word's sort orders (Store.wordList) over its first `sorted` slots, in the same memory bound. */
  keepOrders(hit: WordSlots, orders: ListOrders, sorted: number) {
    const kept = [...this.sets.values()].includes(hit)
    if (kept) this.bytes -= bytesOf(hit)
    hit.orders = orders
    hit.sorted = sorted
    if (!kept) return
    this.bytes += bytesOf(hit)
    this.evict(hit)
  }

  /** The memory the kept word sets take (bytes). */
  get keptBytes() { return this.bytes }

  /** The slots of slotsWith() as a candidate list (a view: nothing may push to it). */
  slotList(hit: WordSlots): SlotList {
    const list = new SlotList()
    list.items = hit.slots as Int32Array<ArrayBuffer>
    list.length = hit.count
    return list
  }
}

/** The slots whose text holds a word (Words.slotsWith). */
export interface WordSlots {
  /** Every slot below this was looked at. */
  upTo: number
  count: number
  /** Ascending; the first `count` are valid. */
  slots: Int32Array
  bits: Uint32Array
  /** The first `sorted` slots in each sort order (Store.wordList), once a search walked the word. */
  orders?: ListOrders
  sorted: number
}

const bytesOf = (h: WordSlots) => {
  const o = h.orders
  return h.slots.byteLength + h.bits.byteLength
    + (o ? o.created.byteLength + o.price.byteLength + o.ppm2.byteLength + o.area.byteLength + o.promoted.byteLength : 0)
}

/**
 * Memory for the per-word slot sets: a word held by every listing of a million costs ~4.1 MB, ~20 MB with its sort
 * orders (decision 100: those only up to wordOrder.max slots, ~6 MB).
 */
const WORD_SETS_BYTES = 64 * 1024 * 1024
/**
 * Store.wordList: words with more slots than `min` are walked in sort order, fewer are scanned; words with more than
 * `max` are not sorted. Mutable for tests only (to reach both sides with a few hundred listings).
 */
export const wordOrder = { min: 2_000, max: 300_000 }
