import { sql } from 'drizzle-orm'
import { DateTime } from 'luxon'
import { CATEGORY_BY_ID } from '@portal/contracts/catalogue'
import { priceStats, priceStatsRuns, rowsOf, type DbHandle } from '@portal/db'
import { inTransaction } from '../http/transaction.ts'
import { dropLatestStats } from './latest.ts'

/**
 * Market price statistics (issue 26, decision 062): the quartiles of the price per m² (sale) and the rent per m²
 * (rent) of the listings on the market in each of the last 24 months, per top category × offer type × city ×
 * district × room bucket. Computed by the `price-stats` job into `price_stats`; pages and listing pages only read it.
 *
 * - A listing is on the market in a month when its time online (published or created → ended, expired or now)
 *   overlaps the month; its figure is the price it had at the month's end (or at its own end), from its price history.
 * - Months start at midnight Europe/Warsaw on the 1st.
 * - One property advertised several times (a duplicate group, lib/duplicates) counts once per month: its newest ad.
 * - Outliers are trimmed: values beyond 3 × IQR from the quartiles (Tukey's 'far out' fences) are dropped.
 * - A group with fewer than MIN_SAMPLE listings after that is not stored, so never shown.
 */
export const PRICE_STATS_JOB = 'price-stats'
export const MIN_SAMPLE = 10
export const STATS_MONTHS = 24
export const OUTLIER_FENCE = 3
export const BIN_COUNT = 12
export const ZONE = 'Europe/Warsaw'

/** Room buckets: 1, 2 (2–3 rooms), 4 (4 and more); 0 = all rooms. */
export type RoomBucket = 0 | 1 | 2 | 4
export function roomBucket(rooms: number | null | undefined): RoomBucket | null {
  if (!rooms || rooms < 1) return null
  return rooms === 1 ? 1 : rooms <= 3 ? 2 : 4
}

export interface Month { month: string; start: Date; end: Date }

/** The `count` calendar months in Europe/Warsaw up to and including the one of `now`, oldest first. */
export function warsawMonths(now: Date, count = STATS_MONTHS): Month[] {
  const current = DateTime.fromJSDate(now, { zone: ZONE }).startOf('month')
  return Array.from({ length: count }, (_, i) => {
    const s = current.minus({ months: count - 1 - i })
    return { month: s.toISODate()!, start: s.toJSDate(), end: s.plus({ months: 1 }).toJSDate() }
  })
}

/** Linear interpolation between order statistics (R type 7) of an ascending array. */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  if (!sorted.length) return NaN
  const pos = (sorted.length - 1) * q
  const lo = Math.floor(pos), hi = Math.ceil(pos)
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo)
}

/** The values within OUTLIER_FENCE × IQR of the quartiles (ascending in, ascending out). */
export function trimOutliers<T extends number[] | Float64Array>(sorted: T): T {
  if (sorted.length < 4) return sorted
  const q1 = quantile(sorted, 0.25), q3 = quantile(sorted, 0.75)
  const iqr = q3 - q1
  const lo = q1 - OUTLIER_FENCE * iqr, hi = q3 + OUTLIER_FENCE * iqr
  return sorted.filter((v: number) => v >= lo && v <= hi) as T
}

export interface Summary { n: number; p25: number; median: number; p75: number; binMin: number; binWidth: number; bins: number[] }

/** Quartiles and distribution of a sample (grosze per m²), or null below the minimum sample after trimming. */
export function summarize(values: number[]): Summary | null {
  return summarizeSorted(Float64Array.from(values).sort())
}

function summarizeSorted(sorted: Float64Array): Summary | null {
  const kept = trimOutliers(sorted)
  if (kept.length < MIN_SAMPLE) return null
  // Prices per m² are fractions of a grosz (price / area); the table's columns are whole grosze.
  const min = Math.floor(kept[0]!), max = kept[kept.length - 1]!
  const binWidth = Math.max(1, Math.ceil((max - min + 1) / BIN_COUNT))
  const bins = new Array<number>(BIN_COUNT).fill(0)
  for (const v of kept) bins[Math.min(BIN_COUNT - 1, Math.floor((v - min) / binWidth))]!++
  return {
    n: kept.length, p25: Math.round(quantile(kept, 0.25)), median: Math.round(quantile(kept, 0.5)),
    p75: Math.round(quantile(kept, 0.75)), binMin: min, binWidth, bins,
  }
}

export interface StatListing {
  id: number
  /** The duplicate group ('g12') or the listing itself ('l34'). */
  property: string
  /** Top category id. */
  categoryId: number
  offerType: 'sell' | 'rent'
  citySlug: string
  district: string | null
  rooms: number | null
  area: number
  start: Date
  /** null: still on the market. */
  end: Date | null
  /** Current price, grosze. */
  price: number
  /** Price changes, ascending by time (the initial price included where recorded). */
  history: { price: number; at: Date }[]
}

export interface StatRow extends Summary {
  categoryId: number; offerType: 'sell' | 'rent'; citySlug: string; district: string; rooms: RoomBucket; month: string
}

/** The price at `at`: the last change before it, else the first recorded price, else the current one. */
export function priceAt(l: Pick<StatListing, 'price' | 'history'>, at: Date): number {
  let p: number | null = null
  for (const h of l.history) { if (h.at < at) p = h.price; else break }
  return p ?? l.history[0]?.price ?? l.price
}

/**
 * The listings of a run in columns (typed arrays, numbers only), so the month loop allocates no strings and no objects:
 * at 1M listings × 24 months the object and string-key version spent most of the job building keys (decision 075).
 * Group keys (`cat|offer|city|district|rooms`) are numbered once per listing; `dedupe` numbers the listing's
 * category × offer type × property, −1 for a listing alone in its property (no duplicate to choose from).
 */
/** A listing as the columns take it: times as epoch milliseconds (the loader reads them so; no Date per listing). */
export type ColumnListing = Omit<StatListing, 'property' | 'history' | 'start' | 'end'> & { property: string | null; start: number; end: number | null }

export class StatColumns {
  n = 0
  readonly id: number[] = []
  readonly start: number[] = []
  /** Infinity: still on the market. */
  readonly end: number[] = []
  readonly price: number[] = []
  readonly area: number[] = []
  readonly dedupe: number[] = []
  /** Four group numbers per listing: city, city × rooms, district, district × rooms (−1 where none). */
  readonly groups: number[] = []
  /** Price history: listing i's changes are hPrice/hAt[hFrom[i] .. hFrom[i + 1]). */
  readonly hFrom: number[] = [0]
  readonly hPrice: number[] = []
  readonly hAt: number[] = []
  readonly keys: string[] = []
  private readonly keyIndex = new Map<string, number>()
  private readonly dedupeIndex = new Map<string, number>()
  private readonly dedupeSize: number[] = []

  private key(k: string): number {
    let i = this.keyIndex.get(k)
    if (i === undefined) { i = this.keys.length; this.keys.push(k); this.keyIndex.set(k, i) }
    return i
  }

  /** `property`: a key shared by the ads of one property, or null when the listing is its only ad; times in epoch ms. */
  add(l: ColumnListing, history: ArrayLike<number> = [], historyAt: ArrayLike<number> = []): void {
    // A listing without an area never counts, not even as the newest ad of its property.
    if (!(l.area > 0)) return
    this.id.push(l.id); this.start.push(l.start); this.end.push(l.end ?? Infinity)
    this.price.push(l.price); this.area.push(l.area)
    if (l.property === null) this.dedupe.push(-1)
    else {
      const dk = `${l.categoryId}|${l.offerType}|${l.property}`
      let d = this.dedupeIndex.get(dk)
      if (d === undefined) { d = this.dedupeSize.length; this.dedupeSize.push(0); this.dedupeIndex.set(dk, d) }
      this.dedupeSize[d]!++
      this.dedupe.push(d)
    }
    const base = `${l.categoryId}|${l.offerType}|${l.citySlug}`
    const b = roomBucket(l.rooms)
    this.groups.push(this.key(`${base}||0`), b ? this.key(`${base}||${b}`) : -1,
      l.district ? this.key(`${base}|${l.district}|0`) : -1, l.district && b ? this.key(`${base}|${l.district}|${b}`) : -1)
    for (let j = 0; j < history.length; j++) { this.hPrice.push(history[j]!); this.hAt.push(historyAt[j]!) }
    this.hFrom.push(this.hPrice.length)
    this.n++
  }

  /** Whether listing i shares its property with another listing of the run. */
  shared(i: number): boolean { const d = this.dedupe[i]!; return d >= 0 && this.dedupeSize[d]! > 1 }
  get dedupeCount(): number { return this.dedupeSize.length }
}

/** The price of listing i at `at` (ms): as priceAt. */
function columnPriceAt(c: StatColumns, i: number, at: number): number {
  const from = c.hFrom[i]!, to = c.hFrom[i + 1]!
  if (from === to) return c.price[i]!
  let p = c.hPrice[from]!
  for (let j = from; j < to && c.hAt[j]! < at; j++) p = c.hPrice[j]!
  return p
}

/** The statistics of the columns for the months (the job's core). */
export function computeColumnStats(c: StatColumns, months: Month[]): StatRow[] {
  const out: StatRow[] = []
  const best = new Int32Array(c.dedupeCount)
  const values: number[][] = Array.from({ length: c.keys.length }, () => [])
  const decoded = c.keys.map((k) => k.split('|'))
  for (const m of months) {
    const mStart = +m.start, mEnd = +m.end
    // One ad per property and month (the newest: the highest id), per category and offer type.
    best.fill(-1)
    for (let i = 0; i < c.n; i++) {
      if (!c.shared(i) || !(c.start[i]! < mEnd && c.end[i]! >= mStart)) continue
      const d = c.dedupe[i]!, b = best[d]!
      if (b < 0 || c.id[b]! < c.id[i]!) best[d] = i
    }
    const touched: number[] = []
    for (let i = 0; i < c.n; i++) {
      const end = c.end[i]!
      if (!(c.start[i]! < mEnd && end >= mStart)) continue
      if (c.shared(i) && best[c.dedupe[i]!] !== i) continue
      const price = columnPriceAt(c, i, end < mEnd ? end : mEnd)
      if (!(price > 0)) continue
      const v = price / c.area[i]!
      for (let g = 4 * i; g < 4 * i + 4; g++) {
        const k = c.groups[g]!
        if (k < 0) continue
        const arr = values[k]!
        if (!arr.length) touched.push(k)
        arr.push(v)
      }
    }
    for (const k of touched) {
      const s = summarizeSorted(Float64Array.from(values[k]!).sort())
      values[k] = []
      if (!s) continue
      const [cat, offerType, citySlug, district, rooms] = decoded[k]!
      out.push({ categoryId: Number(cat), offerType: offerType as 'sell' | 'rent', citySlug: citySlug!, district: district!, rooms: Number(rooms) as RoomBucket, month: m.month, ...s })
    }
  }
  return out
}

/** The statistics of the listings for the months (pure: the unit tests feed it crafted data). */
export function computeStats(listings: StatListing[], months: Month[]): StatRow[] {
  const c = new StatColumns()
  for (const l of listings) c.add({ ...l, start: +l.start, end: l.end === null ? null : +l.end }, l.history.map((h) => h.price), l.history.map((h) => +h.at))
  return computeColumnStats(c, months)
}

const topCategory = (id: number): number => {
  let c = CATEGORY_BY_ID.get(id)
  while (c?.parentId) c = CATEGORY_BY_ID.get(c.parentId)
  return c?.id ?? id
}

const BATCH = 50_000

/**
 * The offers (sale and rent, with an area) that were on the market at some time since `since`, with their histories,
 * read in id order in batches (times as epoch milliseconds, history by a second query per batch instead of a
 * subquery per listing), so neither side holds a million row objects at once.
 */
export async function loadStatColumns(db: DbHandle, since: Date): Promise<StatColumns> {
  const c = new StatColumns()
  let after = 0
  for (;;) {
    const rows = rowsOf(await db.db.execute(sql`
      select l.id, l.category_id, l.offer_type, l.city_slug, l.district, l.rooms, l.area::float8 as area, l.price,
        extract(epoch from coalesce(m.published_at, l.created_at))::float8 * 1000 as start,
        case when l.status = 'active' then null
             else extract(epoch from coalesce(m.ended_at, case when l.status = 'expired' then l.expires_at end, l.updated_at))::float8 * 1000 end as "end",
        lp.group_id
      from listings l
      left join listing_meta m on m.listing_id = l.id
      left join listing_property lp on lp.listing_id = l.id
      where l.id > ${after} and l.status in ('active', 'ended', 'expired') and l.ad_type = 'offer' and l.offer_type in ('sell', 'rent')
        and l.area > 0 and l.price > 0
        and (l.status = 'active' or coalesce(m.ended_at, case when l.status = 'expired' then l.expires_at end, l.updated_at) >= ${since.toISOString()})
      order by l.id limit ${BATCH}`))
    if (!rows.length) return c
    const last = Number(rows[rows.length - 1]!.id)
    const hist = rowsOf(await db.db.execute(sql`
      select listing_id, price, extract(epoch from changed_at)::float8 * 1000 as at from listing_price_history
      where listing_id > ${after} and listing_id <= ${last} order by listing_id, changed_at, id`))
    let h = 0
    const prices: number[] = [], ats: number[] = []
    for (const x of rows) {
      const id = Number(x.id)
      prices.length = 0; ats.length = 0
      while (h < hist.length && Number(hist[h]!.listing_id) < id) h++
      for (; h < hist.length && Number(hist[h]!.listing_id) === id; h++) { prices.push(Number(hist[h]!.price)); ats.push(Number(hist[h]!.at)) }
      c.add({
        id,
        property: x.group_id != null ? `g${x.group_id}` : null,
        categoryId: topCategory(Number(x.category_id)),
        offerType: x.offer_type as 'sell' | 'rent',
        citySlug: String(x.city_slug),
        district: (x.district as string | null) || null,
        rooms: x.rooms == null ? null : Number(x.rooms),
        area: Number(x.area),
        start: Number(x.start),
        end: x.end == null ? null : Number(x.end),
        price: Number(x.price),
      }, prices, ats)
    }
    after = last
  }
}

/** The job: computes the last STATS_MONTHS months and replaces the table's contents in one transaction. */
export async function runPriceStats(db: DbHandle, now = new Date()): Promise<{ groups: number; listings: number; ms: number }> {
  const t0 = performance.now()
  const months = warsawMonths(now)
  const listings = await loadStatColumns(db, months[0]!.start)
  const rows = computeColumnStats(listings, months)
  const ms = Math.round(performance.now() - t0)
  await inTransaction(db, async (t) => {
    await t.db.delete(priceStats)
    for (let i = 0; i < rows.length; i += 1000) await t.db.insert(priceStats).values(rows.slice(i, i + 1000))
    await t.db.insert(priceStatsRuns).values({ lastMonth: months[months.length - 1]!.month, groups: rows.length, listings: listings.n, ms })
  })
  // The whole table was replaced: fresh statistics for the planner of the price pages' queries.
  await db.db.execute(sql`analyze price_stats`)
  dropLatestStats(db)
  return { groups: rows.length, listings: listings.n, ms: Math.round(performance.now() - t0) }
}
