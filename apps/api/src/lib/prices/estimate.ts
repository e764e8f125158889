/**
 * The valuation's estimator (issue 26, decision 066), pure so that the unit tests and the backtest feed it directly.
 *
 * Each comparable's price per m² is brought to today with the city's monthly index and to the subject's district with
 * the districts' medians; its distance to the subject adds up penalties (place, area, rooms, floor, year, condition,
 * market, age); the K nearest are weighted exp(−distance) and the estimate is their weighted median per m² × area,
 * the range their weighted 1st–3rd quartiles (at least ±MIN_SPREAD around the estimate).
 */
export const NEAREST = 25
export const MIN_COMPARABLES = 5
export const MIN_SPREAD = 0.05

export interface Subject {
  area: number
  rooms: number
  floor?: number | null
  yearBuilt?: number | null
  condition?: string | null
  market?: string | null
  district: string | null
  /** The district's (else the city's) centre. */
  lat: number
  lon: number
}

export interface Comparable {
  id: number
  price: number
  area: number
  rooms: number | null
  floor: number | null
  yearBuilt: number | null
  condition: string | null
  market: string | null
  district: string | null
  /** The centre of its district (else of the city). */
  lat: number
  lon: number
  /** When its price applied. */
  at: Date
}

export interface Adjust {
  /** Factor bringing a price of `at` to today (1: no index). */
  index(at: Date): number
  /** Factor bringing a price per m² of `district` to the subject's district; null: no figure for one of them. */
  place(district: string | null): number | null
}

export interface Weighted<C extends Comparable = Comparable> { c: C; adjusted: number; distance: number; weight: number }

const km = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) => {
  const rad = Math.PI / 180
  const x = (b.lon - a.lon) * rad * Math.cos(((a.lat + b.lat) / 2) * rad)
  const y = (b.lat - a.lat) * rad
  return Math.sqrt(x * x + y * y) * 6371
}

const CONDITION_RANK: Record<string, number> = { surowy: 0, 'do-remontu': 0, 'do-odswiezenia': 1, wyremontowane: 2, 'do-wprowadzenia': 2 }

/** How unlike the subject a comparable is (0: the same flat, next door, today). */
export function distance(s: Subject, c: Comparable, placeKnown: boolean, now: Date): number {
  let d = 0
  if (s.district === null || c.district !== s.district) d += 0.5 + km(s, c) / 4 + (placeKnown ? 0 : 0.5)
  d += Math.abs(Math.log(c.area / s.area)) * 4
  if (c.rooms != null) d += Math.min(2, Math.abs(c.rooms - s.rooms)) * 0.3
  if (s.floor != null && c.floor != null) d += Math.min(0.5, Math.abs(c.floor - s.floor) * 0.08) + (Math.min(1, s.floor) !== Math.min(1, c.floor) ? 0.15 : 0)
  if (s.yearBuilt != null && c.yearBuilt != null) d += Math.min(1, Math.abs(c.yearBuilt - s.yearBuilt) / 40)
  if (s.condition && c.condition && s.condition !== c.condition) d += 0.15 * (1 + Math.abs((CONDITION_RANK[s.condition] ?? 1) - (CONDITION_RANK[c.condition] ?? 1)))
  if (s.market && c.market && s.market !== c.market) d += 0.4
  d += Math.max(0, now.getTime() - c.at.getTime()) / (365.25 * 86_400_000) * 0.3
  return d
}

/** Weighted quantile (weights need not sum to 1): the smallest value whose cumulative weight reaches q of the total. */
export function weightedQuantile(items: { v: number; w: number }[], q: number): number {
  const sorted = [...items].sort((a, b) => a.v - b.v)
  const total = sorted.reduce((s, x) => s + x.w, 0)
  let acc = 0
  for (const x of sorted) {
    acc += x.w
    if (acc >= q * total - 1e-9) return x.v
  }
  return sorted[sorted.length - 1]!.v
}

export interface Estimate<C extends Comparable = Comparable> {
  value: number; low: number; high: number; perM2: number
  used: Weighted<C>[]
}

/** The estimate (grosze) from the comparables, or null with fewer than MIN_COMPARABLES. */
export function estimate<C extends Comparable>(s: Subject, comps: C[], adjust: Adjust, now = new Date(), k = NEAREST): Estimate<C> | null {
  const scored: Weighted<C>[] = []
  for (const c of comps) {
    if (!(c.area > 0) || !(c.price > 0)) continue
    const place = c.district === s.district && s.district !== null ? 1 : adjust.place(c.district)
    const adjusted = (c.price / c.area) * adjust.index(c.at) * (place ?? 1)
    const d = distance(s, c, place !== null, now)
    scored.push({ c, adjusted, distance: d, weight: Math.exp(-d) })
  }
  if (scored.length < MIN_COMPARABLES) return null
  scored.sort((a, b) => a.distance - b.distance || a.c.id - b.c.id)
  const used = scored.slice(0, k)
  const items = used.map((x) => ({ v: x.adjusted, w: x.weight }))
  const perM2 = weightedQuantile(items, 0.5)
  const lowM2 = Math.min(weightedQuantile(items, 0.25), perM2 * (1 - MIN_SPREAD))
  const highM2 = Math.max(weightedQuantile(items, 0.75), perM2 * (1 + MIN_SPREAD))
  return { value: perM2 * s.area, low: lowM2 * s.area, high: highM2 * s.area, perM2, used }
}

/**
 * The monthly index from the city's medians per month (oldest first, null where too few listings): a 3-month
 * centred moving average of the known months; a month's factor is today's level over its own (the nearest known
 * month's for a gap). All null → 1 for every month.
 */
export function monthlyIndex(medians: (number | null)[]): number[] {
  const smooth = medians.map((_, i) => {
    const w = [medians[i - 1], medians[i], medians[i + 1]].filter((v): v is number => v != null && v > 0)
    return medians[i] != null && w.length ? w.reduce((a, b) => a + b, 0) / w.length : null
  })
  const known = smooth.map((v, i) => (v == null ? -1 : i)).filter((i) => i >= 0)
  if (!known.length) return medians.map(() => 1)
  const level = (i: number) => {
    const j = known.reduce((best, k) => (Math.abs(k - i) < Math.abs(best - i) ? k : best), known[0]!)
    return smooth[j]!
  }
  const today = level(medians.length - 1)
  return medians.map((_, i) => today / level(i))
}

/** Rounds a value for showing: sale to 1 000 zł, rent to 10 zł (grosze in and out). */
export function roundValue(grosze: number, offerType: 'sell' | 'rent'): number {
  const step = offerType === 'sell' ? 100_000 : 1_000
  return Math.round(grosze / step) * step
}
