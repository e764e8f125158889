/**
 * Bitsets per facet value over the store's slots (decision 084): bit x of a set is on when slot x has that value.
 * The exact totals of a search AND them word by word and count with popcount (issue 25 §6, issue 30), testing slot by
 * slot only what no bitset holds (price and area ranges, places, dates). Slots are never reused and their facets
 * never change after Store.put(), so a set only ever gains bits, except ALIVE (cleared by Store.remove()).
 */

/** The facets kept as bitsets; a set's key is facet * FACET + value. */
export const FB = {
  alive: 0, seek: 1, offer: 2, category: 3, rooms: 4, bathrooms: 5, floor: 6, building: 7, market: 8, condition: 9, ownership: 10,
  rental: 11, extras: 12, nearby: 13, flag: 14, media: 15, advertiser: 16,
} as const
const FACET = 1_000_000
/** Rooms and bathrooms have a top option meaning "or more" (engine.ts anyOfWithTop): values from it share one set. */
export const ROOMS_TOP = 5
export const BATHROOMS_TOP = 3

export class FacetBits {
  /** Words per set (covers the store's capacity). */
  words = 0
  private sets = new Map<number, Uint32Array>()

  ensure(slots: number) {
    const w = (slots + 31) >>> 5
    if (w <= this.words) return
    for (const [k, s] of this.sets) { const next = new Uint32Array(w); next.set(s); this.sets.set(k, next) }
    this.words = w
  }

  set(facet: number, value: number, slot: number) {
    const k = facet * FACET + value
    let s = this.sets.get(k)
    if (!s) this.sets.set(k, s = new Uint32Array(this.words))
    s[slot >>> 5]! |= 1 << (slot & 31)
  }

  clear(facet: number, value: number, slot: number) {
    const s = this.sets.get(facet * FACET + value)
    if (s) s[slot >>> 5]! &= ~(1 << (slot & 31))
  }

  /** The set of a value; undefined when no slot ever had it. */
  get(facet: number, value: number): Uint32Array | undefined {
    return this.sets.get(facet * FACET + value)
  }

  get bytes() { let n = 0; for (const s of this.sets.values()) n += s.byteLength; return n }
  get count() { return this.sets.size }
}

/** Bit positions of a mask (extras, nearby, rental, flags, media). */
export function bitsOf(mask: number): number[] {
  const out: number[] = []
  for (let b = 0; b < 32; b++) if ((mask >>> b) & 1) out.push(b)
  return out
}

/**
 * One condition over bitsets: a slot passes when it is in any of `sets` (none given, or all undefined: no slot), or,
 * with `not`, in none of them.
 */
export interface BitGroup { sets: (Uint32Array | undefined)[]; not?: boolean }

export const popcount = (v: number) => {
  v -= (v >>> 1) & 0x55555555
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24
}

/** Scratch of andGroups (module-level: a closure or arrays made per call slowed every count by ~10 %): a group's OR over
 * the range, the words still nonzero once few are, the one-set groups waiting for andSets. */
let orScratch = new Uint32Array(0)
let liveWords = new Int32Array(0)
const pendingSets: Uint32Array[] = []
const pendingMasks: number[] = []

/** Groups of several sets first (the likeliest to be sparse: a category's subcategories, a phrase's places), `not` last. */
const groupRank = (g: BitGroup) => (g.not ? 2 : g.sets.length > 1 ? 0 : 1)

/**
 * out[i] &= each set's word lo + i (its complement where mask is all ones), up to four sets per pass: one read and one
 * write of `out` for them all. Every set covers the range.
 */
function andSets(sets: Uint32Array[], masks: number[], lo: number, n: number, out: Uint32Array) {
  for (let j = 0; j < sets.length; j += 4) {
    const a = sets[j]!, ma = masks[j]!
    const left = sets.length - j
    if (left >= 4) {
      const b = sets[j + 1]!, c = sets[j + 2]!, d = sets[j + 3]!, mb = masks[j + 1]!, mc = masks[j + 2]!, md = masks[j + 3]!
      for (let i = 0, w = lo; i < n; i++, w++) out[i]! &= (a[w]! ^ ma) & (b[w]! ^ mb) & (c[w]! ^ mc) & (d[w]! ^ md)
    } else if (left === 3) {
      const b = sets[j + 1]!, c = sets[j + 2]!, mb = masks[j + 1]!, mc = masks[j + 2]!
      for (let i = 0, w = lo; i < n; i++, w++) out[i]! &= (a[w]! ^ ma) & (b[w]! ^ mb) & (c[w]! ^ mc)
    } else if (left === 2) {
      const b = sets[j + 1]!, mb = masks[j + 1]!
      for (let i = 0, w = lo; i < n; i++, w++) out[i]! &= (a[w]! ^ ma) & (b[w]! ^ mb)
    } else {
      for (let i = 0, w = lo; i < n; i++, w++) out[i]! &= a[w]! ^ ma
    }
  }
}

/** into[0 .. hi - lo] = the OR of the sets' words lo..hi, one tight pass per set (a short set reads as 0 past its end). */
function orSets(sets: Uint32Array[], lo: number, hi: number, into: Uint32Array) {
  into.fill(0, 0, hi - lo + 1)
  for (const s of sets) {
    const end = Math.min(hi + 1, s.length)
    for (let w = lo; w < end; w++) { const v = s[w]!; if (v) into[w - lo]! |= v }
  }
}

/**
 * The AND of the groups over the words [lo, hi] into out[0 .. hi - lo] (a set shorter than the range reads as 0).
 * A group of several sets is ORed set by set (orSets; the first group straight into `out`), and once fewer than 1 word
 * in 16 is left nonzero the groups after it read only those words; groups of one set are ANDed up to four per pass
 * (andSets). Word by word over every set of a group, ANDed into every word of the range, it cost ~0.5 ms of a 0.8 ms
 * phrase search at 1M (e.g. "garaż" to rent).
 */
export function andGroups(groups: BitGroup[], lo: number, hi: number, out: Uint32Array) {
  const n = hi - lo + 1
  out.fill(0xffffffff, 0, n)
  const ordered = groups.length > 1 ? [...groups].sort((x, y) => groupRank(x) - groupRank(y)) : groups
  let live = -1 // the count of liveWords in use; -1 while every word of the range is visited
  let first = true
  // Groups of one set that covers the range, ANDed together in andSets' passes (before any other full pass).
  const single = pendingSets, masks = pendingMasks
  single.length = 0
  masks.length = 0
  for (const g of ordered) {
    const sets = g.sets.filter((s): s is Uint32Array => s !== undefined)
    if (!sets.length) {
      if (!g.not) { out.fill(0, 0, n); return }
      continue
    }
    if (live < 0 && sets.length === 1 && sets[0]!.length > hi) {
      single.push(sets[0]!)
      masks.push(g.not ? 0xffffffff : 0)
      continue
    }
    if (single.length) { andSets(single, masks, lo, n, out); single.length = 0; masks.length = 0; first = false }
    if (live >= 0) {
      let kept = 0
      for (let k = 0; k < live; k++) {
        const i = liveWords[k]!, w = lo + i
        let v = 0
        for (const s of sets) if (w < s.length) v |= s[w]!
        const r = out[i]! & (g.not ? ~v : v)
        out[i] = r
        if (r) liveWords[kept++] = i
      }
      live = kept
      continue
    }
    let nonzero = -1 // counted after a group of several sets only (a count in the single-set passes slowed them)
    if (sets.length > 1 && first && !g.not) {
      orSets(sets, lo, hi, out)
      nonzero = 0
      for (let i = 0; i < n; i++) if (out[i]) nonzero++
    } else {
      let src = sets[0]!
      let from = lo
      if (sets.length > 1) {
        if (orScratch.length < n) orScratch = new Uint32Array(Math.max(n, orScratch.length * 2))
        orSets(sets, lo, hi, orScratch)
        src = orScratch
        from = 0
      }
      // src[from + i] is word lo + i of the group (one set read in place, else their OR in the scratch).
      const end = Math.max(0, Math.min(n, src.length - from))
      if (g.not) { for (let i = 0; i < end; i++) out[i]! &= ~src[from + i]! } else {
        for (let i = 0; i < end; i++) out[i]! &= src[from + i]!
        if (end < n) out.fill(0, end, n)
      }
    }
    first = false
    if (nonzero >= 0 && nonzero * 16 < n) {
      if (liveWords.length < nonzero) liveWords = new Int32Array(Math.max(nonzero, liveWords.length * 2))
      live = 0
      for (let i = 0; i < n; i++) if (out[i]) liveWords[live++] = i
    }
  }
  if (single.length) andSets(single, masks, lo, n, out)
}

/**
 * Range-encoded bitsets over one numeric column (decision 092): the column's values cut into up to RANGE_BUCKETS
 * buckets by `edges` (bucket i holds [edges[i], edges[i + 1]); values below edges[0] fall in bucket 0), and set i
 * holds the slots whose bucket is i or lower, so any run of buckets is two sets (upTo(b) AND NOT upTo(a - 1)). Each
 * bucket also keeps the smallest and largest value ever put in it: a query's range [min, max] then splits into the
 * buckets that lie wholly inside it (`sure`: their slots need no test) and the run that can hold a match (`maybe`:
 * the two edge buckets are tested slot by slot). Null values (`isNull`) are in no bucket; slots are never reused and
 * their values never change, so a set only gains bits (dead slots stay, the alive bit drops them).
 */
export const RANGE_BUCKETS = 64
export interface RangeGroups { maybe: BitGroup[]; sure: BitGroup[] }

export class RangeBits {
  /** Lower edges, ascending, edges[0] = -Infinity. */
  edges = new Float64Array([-Infinity])
  /** Per bucket, the smallest and largest value put in it (Infinity / -Infinity while empty). */
  low = new Float64Array([Infinity])
  high = new Float64Array([-Infinity])
  /** sets[i]: slots in bucket 0..i. */
  sets: Uint32Array[] = [new Uint32Array(0)]
  words = 0
  constructor(readonly isNull: (v: number) => boolean) {}

  /** Starts over with the given lower edges (sorted, distinct; -Infinity is added first): every set empty. */
  reset(lowerEdges: number[], words: number) {
    const e = [-Infinity, ...lowerEdges.filter((v, i, a) => v > -Infinity && (i === 0 || v > a[i - 1]!))]
    this.edges = new Float64Array(e)
    this.low = new Float64Array(e.length).fill(Infinity)
    this.high = new Float64Array(e.length).fill(-Infinity)
    this.sets = e.map(() => new Uint32Array(words))
    this.words = words
  }

  /** Edges at the quantiles of a sample of the values (every stride-th non-null one of `values[0 .. n)`). */
  static quantileEdges(values: ArrayLike<number>, n: number, isNull: (v: number) => boolean, buckets = RANGE_BUCKETS): number[] {
    const stride = Math.max(1, Math.floor(n / 20_000))
    const sample: number[] = []
    for (let x = 0; x < n; x += stride) { const v = values[x]!; if (!isNull(v)) sample.push(v) }
    sample.sort((a, b) => a - b)
    const edges: number[] = []
    for (let i = 1; i < buckets; i++) {
      const v = sample[Math.floor((i * sample.length) / buckets)]
      if (v !== undefined && (!edges.length || v > edges[edges.length - 1]!)) edges.push(v)
    }
    return edges
  }

  ensure(words: number) {
    if (words <= this.words) return
    this.sets = this.sets.map((s) => { const next = new Uint32Array(words); next.set(s); return next })
    this.words = words
  }

  /**
   * Adds the slots [0, n) with `values` in one pass (a load): each slot's bit in its own bucket's set, then every set
   * ORed with the one below it (64 passes over the words instead of up to 64 bits per slot).
   */
  addAll(values: ArrayLike<number>, n: number) {
    const sets = this.sets
    for (let x = 0; x < n; x++) {
      const v = values[x]!
      if (this.isNull(v)) continue
      const b = this.bucketOf(v)
      if (v < this.low[b]!) this.low[b] = v
      if (v > this.high[b]!) this.high[b] = v
      sets[b]![x >>> 5]! |= 1 << (x & 31)
    }
    const words = (n + 31) >>> 5
    for (let i = 1; i < sets.length; i++) { const s = sets[i]!, below = sets[i - 1]!; for (let w = 0; w < words; w++) s[w]! |= below[w]! }
  }

  bucketOf(v: number): number {
    const e = this.edges
    let lo = 0, hi = e.length - 1
    while (lo < hi) { const mid = (lo + hi + 1) >>> 1; if (e[mid]! <= v) lo = mid; else hi = mid - 1 }
    return lo
  }

  add(slot: number, v: number) {
    if (this.isNull(v)) return
    const b = this.bucketOf(v)
    if (v < this.low[b]!) this.low[b] = v
    if (v > this.high[b]!) this.high[b] = v
    const w = slot >>> 5, bit = 1 << (slot & 31)
    for (let i = b; i < this.sets.length; i++) this.sets[i]![w]! |= bit
  }

  /**
   * The groups of `min <= v <= max` (either bound infinite): `maybe` holds every slot that can match (non-null, in a
   * bucket whose values reach into the range), `sure` only slots that do (in a bucket wholly inside it).
   */
  groups(min: number, max: number): RangeGroups {
    const k = this.edges.length
    const run = (a: number, b: number): BitGroup[] => {
      if (a > b) return [{ sets: [] }]
      const g: BitGroup[] = [{ sets: [this.sets[b]] }]
      if (a > 0) g.push({ sets: [this.sets[a - 1]], not: true })
      return g
    }
    // The buckets whose values can be in the range, and those whose every value is (empty buckets count as both).
    let ma = 0, mb = k - 1
    while (ma < k && this.high[ma]! < min) ma++
    while (mb >= 0 && this.low[mb]! > max) mb--
    let sa = ma, sb = mb
    while (sa <= sb && !(this.low[sa]! >= min || this.low[sa] === Infinity)) sa++
    while (sb >= sa && !(this.high[sb]! <= max || this.high[sb] === -Infinity)) sb--
    return { maybe: run(ma, mb), sure: run(sa, sb) }
  }

  get bytes() { let n = 0; for (const s of this.sets) n += s.byteLength; return n }
}
