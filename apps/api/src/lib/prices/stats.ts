import { sql } from 'drizzle-orm'
import { DateTime } from 'luxon'
import { CATEGORY_BY_ID } from '@portal/contracts/catalogue'
import { priceStats, priceStatsRuns, rowsOf, type DbHandle } from '@portal/db'
import { inTransaction } from '../http/transaction.ts'

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
export function quantile(sorted: number[], q: number): number {
  if (!sorted.length) return NaN
  const pos = (sorted.length - 1) * q
  const lo = Math.floor(pos), hi = Math.ceil(pos)
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo)
}

/** The values within OUTLIER_FENCE × IQR of the quartiles (ascending in, ascending out). */
export function trimOutliers(sorted: number[]): number[] {
  if (sorted.length < 4) return sorted
  const q1 = quantile(sorted, 0.25), q3 = quantile(sorted, 0.75)
  const iqr = q3 - q1
  const lo = q1 - OUTLIER_FENCE * iqr, hi = q3 + OUTLIER_FENCE * iqr
  return sorted.filter((v) => v >= lo && v <= hi)
}

export interface Summary { n: number; p25: number; median: number; p75: number; binMin: number; binWidth: number; bins: number[] }

/** Quartiles and distribution of a sample (grosze per m²), or null below the minimum sample after trimming. */
export function summarize(values: number[]): Summary | null {
  const kept = trimOutliers([...values].sort((a, b) => a - b))
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

/** The statistics of the listings for the months (pure: the unit tests feed it crafted data). */
export function computeStats(listings: StatListing[], months: Month[]): StatRow[] {
  const out: StatRow[] = []
  for (const m of months) {
    // One ad per property and month (the newest), per category and offer type.
    const chosen = new Map<string, StatListing>()
    for (const l of listings) {
      if (!(l.start < m.end && (l.end === null || l.end >= m.start))) continue
      if (!(l.area > 0)) continue
      const key = `${l.categoryId}|${l.offerType}|${l.property}`
      const prev = chosen.get(key)
      if (!prev || prev.id < l.id) chosen.set(key, l)
    }
    const groups = new Map<string, number[]>()
    const add = (key: string, v: number) => { const g = groups.get(key); if (g) g.push(v); else groups.set(key, [v]) }
    for (const l of chosen.values()) {
      const at = l.end && l.end < m.end ? l.end : m.end
      const price = priceAt(l, at)
      if (!(price > 0)) continue
      const v = price / l.area
      const base = `${l.categoryId}|${l.offerType}|${l.citySlug}`
      const b = roomBucket(l.rooms)
      const districts = l.district ? ['', l.district] : ['']
      for (const d of districts) {
        add(`${base}|${d}|0`, v)
        if (b) add(`${base}|${d}|${b}`, v)
      }
    }
    for (const [key, values] of groups) {
      const s = summarize(values)
      if (!s) continue
      const [cat, offerType, citySlug, district, rooms] = key.split('|')
      out.push({ categoryId: Number(cat), offerType: offerType as 'sell' | 'rent', citySlug: citySlug!, district: district!, rooms: Number(rooms) as RoomBucket, month: m.month, ...s })
    }
  }
  return out
}

const topCategory = (id: number): number => {
  let c = CATEGORY_BY_ID.get(id)
  while (c?.parentId) c = CATEGORY_BY_ID.get(c.parentId)
  return c?.id ?? id
}

/** The offers (sale and rent, with an area) that were on the market at some time since `since`, with their histories. */
export async function loadStatListings(db: DbHandle, since: Date): Promise<StatListing[]> {
  const r = await db.db.execute(sql`
    select l.id, l.category_id, l.offer_type, l.city_slug, l.district, l.rooms, l.area::float8 as area, l.price,
      coalesce(m.published_at, l.created_at) as start,
      case when l.status = 'active' then null
           else coalesce(m.ended_at, case when l.status = 'expired' then l.expires_at end, l.updated_at) end as "end",
      lp.group_id,
      (select coalesce(json_agg(json_build_array(h.price, h.changed_at) order by h.changed_at, h.id), '[]'::json)
         from listing_price_history h where h.listing_id = l.id) as history
    from listings l
    left join listing_meta m on m.listing_id = l.id
    left join listing_property lp on lp.listing_id = l.id
    where l.status in ('active', 'ended', 'expired') and l.ad_type = 'offer' and l.offer_type in ('sell', 'rent')
      and l.area > 0 and l.price > 0
      and (l.status = 'active' or coalesce(m.ended_at, case when l.status = 'expired' then l.expires_at end, l.updated_at) >= ${since.toISOString()})`)
  return rowsOf(r).map((x) => {
    const hist = (typeof x.history === 'string' ? JSON.parse(x.history) : x.history) as [number | string, string][]
    return {
      id: Number(x.id),
      property: x.group_id != null ? `g${x.group_id}` : `l${x.id}`,
      categoryId: topCategory(Number(x.category_id)),
      offerType: x.offer_type as 'sell' | 'rent',
      citySlug: String(x.city_slug),
      district: (x.district as string | null) || null,
      rooms: x.rooms == null ? null : Number(x.rooms),
      area: Number(x.area),
      start: new Date(x.start as string),
      end: x.end == null ? null : new Date(x.end as string),
      price: Number(x.price),
      history: hist.map(([p, at]) => ({ price: Number(p), at: new Date(at) })),
    }
  })
}

/** The job: computes the last STATS_MONTHS months and replaces the table's contents in one transaction. */
export async function runPriceStats(db: DbHandle, now = new Date()): Promise<{ groups: number; listings: number; ms: number }> {
  const t0 = performance.now()
  const months = warsawMonths(now)
  const listings = await loadStatListings(db, months[0]!.start)
  const rows = computeStats(listings, months)
  const ms = Math.round(performance.now() - t0)
  await inTransaction(db, async (t) => {
    await t.db.delete(priceStats)
    for (let i = 0; i < rows.length; i += 1000) await t.db.insert(priceStats).values(rows.slice(i, i + 1000))
    await t.db.insert(priceStatsRuns).values({ lastMonth: months[months.length - 1]!.month, groups: rows.length, listings: listings.length, ms })
  })
  return { groups: rows.length, listings: listings.length, ms: Math.round(performance.now() - t0) }
}
