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

/**
 * The AND of the groups over the words [lo, hi] into out[0 .. hi - lo] (a set shorter than the range reads as 0).
 */
export function andGroups(groups: BitGroup[], lo: number, hi: number, out: Uint32Array) {
  const n = hi - lo + 1
  out.fill(0xffffffff, 0, n)
  for (const g of groups) {
    const sets = g.sets.filter((s): s is Uint32Array => s !== undefined)
    if (!sets.length) {
      if (!g.not) { out.fill(0, 0, n); return }
      continue
    }
    if (sets.length === 1) {
      const s = sets[0]!
      const end = Math.min(hi + 1, s.length)
      if (g.not) { for (let w = lo; w < end; w++) out[w - lo]! &= ~s[w]! } else {
        for (let w = lo; w < end; w++) out[w - lo]! &= s[w]!
        if (end <= hi) out.fill(0, Math.max(0, end - lo), n)
      }
      continue
    }
    for (let w = lo; w <= hi; w++) {
      let v = 0
      for (const s of sets) if (w < s.length) v |= s[w]!
      out[w - lo]! &= g.not ? ~v : v
    }
  }
}
