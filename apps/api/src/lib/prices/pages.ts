import { and, desc, eq, sql } from 'drizzle-orm'
import { countLabel, LISTING_FORMS } from '@portal/contracts/format'
import { CATEGORY_BY_ID, locativePhrase } from '@portal/contracts/catalogue'
import {
  CATEGORY_GENITIVE_PLURAL, cityBySlug, districtSlug, districtWhere, findDistrict, PRICE_CITIES, PRICE_PAGE_CATEGORY, pricePagePath,
  pricePageTitle, ROOM_BUCKET_ADJECTIVE, ROOM_BUCKET_LABELS, type PriceComparison, type PriceFigure, type PriceIndex, type PricePage,
  type PriceRow,
} from '@portal/contracts/prices'
import { listings, priceStats, priceStatsRuns, rowsOf, type DbHandle } from '@portal/db'
import { MIN_SAMPLE, roomBucket, STATS_MONTHS, warsawMonths } from './stats.ts'
import { latestStats, statKey } from './latest.ts'

type StatRow = typeof priceStats.$inferSelect

async function lastRun(db: DbHandle): Promise<{ finishedAt: Date; lastMonth: string } | null> {
  const [r] = await db.db.select({ finishedAt: priceStatsRuns.finishedAt, lastMonth: priceStatsRuns.lastMonth }).from(priceStatsRuns)
    .orderBy(desc(priceStatsRuns.id)).limit(1)
  return r ?? null
}

const figure = (r: StatRow | undefined): PriceFigure | null =>
  r ? { month: r.month, n: r.n, p25: r.p25, median: r.median, p75: r.p75 } : null

/** Change of the median over 12 months in per cent (one decimal), when both months have a figure. */
export function change12(series: (PriceFigure | null)[]): number | null {
  const last = series.length - 1
  const now = series[last], before = series[last - 12]
  if (!now || !before) return null
  return Math.round((now.median / before.median - 1) * 1000) / 10
}

/** The months shown: the last run's 24 months (or the current ones before the first run). */
function monthsOf(run: { lastMonth: string } | null): string[] {
  const end = run ? new Date(`${run.lastMonth}T12:00:00Z`) : new Date()
  return warsawMonths(end, STATS_MONTHS).map((m) => m.month)
}

/** A city's or a district's price page; null for an unknown city or district. */
export async function pricePage(db: DbHandle, citySlug: string, dSlug?: string): Promise<PricePage | null> {
  const city = cityBySlug(citySlug)
  if (!city) return null
  const district = dSlug === undefined ? undefined : findDistrict(city, dSlug)
  if (dSlug !== undefined && !district) return null
  const run = await lastRun(db)
  const months = monthsOf(run)
  const rows = await db.db.select().from(priceStats).where(and(
    eq(priceStats.categoryId, PRICE_PAGE_CATEGORY), eq(priceStats.citySlug, city.slug),
    district ? eq(priceStats.district, district.name) : eq(priceStats.rooms, 0),
  ))
  const index = new Map(rows.map((r) => [`${r.offerType}|${r.district}|${r.rooms}|${r.month}`, r]))
  const series = (offerType: string, d: string, rooms: number) => months.map((m) => figure(index.get(`${offerType}|${d}|${rooms}|${m}`)))
  const ownDistrict = district?.name ?? ''
  const sell = series('sell', ownDistrict, 0), rent = series('rent', ownDistrict, 0)
  const row = (key: string, name: string, href: string | null, d: string, rooms: number): PriceRow => {
    const s = series('sell', d, rooms), r = series('rent', d, rooms)
    return { key, name, href, sell: s.at(-1) ?? null, sell_change_12m: change12(s), rent: r.at(-1) ?? null, rent_change_12m: change12(r) }
  }
  const tableRows = district
    ? [1, 2, 4].map((b) => row(String(b), ROOM_BUCKET_LABELS[b]!, null, district.name, b))
    : city.districts.map((d) => row(districtSlug(d.name), d.name, pricePagePath(city.slug, d.name), d.name, 0))
  return {
    title: pricePageTitle(city, district),
    city: { slug: city.slug, name: city.name, where: locativePhrase(city) },
    district: district ? { slug: districtSlug(district.name), name: district.name, where: districtWhere(city, district.name) } : null,
    computed_at: run?.finishedAt.toISOString() ?? null,
    months, sell, rent, sell_change_12m: change12(sell), rent_change_12m: change12(rent),
    rows_kind: district ? 'rooms' : 'districts', rows: tableRows, min_sample: MIN_SAMPLE,
  }
}

/** /ceny-nieruchomosci: every city with its latest whole-city figures. */
export async function priceIndex(db: DbHandle): Promise<PriceIndex> {
  const run = await lastRun(db)
  const rows = run ? await db.db.select().from(priceStats).where(and(
    eq(priceStats.categoryId, PRICE_PAGE_CATEGORY), eq(priceStats.district, ''), eq(priceStats.rooms, 0), eq(priceStats.month, run.lastMonth),
  )) : []
  const at = (slug: string, t: string) => figure(rows.find((r) => r.citySlug === slug && r.offerType === t))
  return {
    computed_at: run?.finishedAt.toISOString() ?? null,
    cities: PRICE_CITIES.map((c) => ({ slug: c.slug, name: c.name, href: pricePagePath(c.slug), sell: at(c.slug, 'sell'), rent: at(c.slug, 'rent') })),
  }
}

const csvCell = (v: string | number | null) => (v === null ? '' : typeof v === 'number' ? String(v) : /[;"\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)
const zl = (grosze: number | undefined) => (grosze === undefined ? null : Math.round(grosze / 100))

/** The page's figures as CSV (semicolon-separated, zł per m², for spreadsheets set to Polish). */
export function priceCsv(page: PricePage): string {
  const lines = [['miesiac', 'obszar', 'transakcja', 'liczba_ogloszen', 'kwartyl_1_zl_m2', 'mediana_zl_m2', 'kwartyl_3_zl_m2']]
  const place = page.district ? `${page.city.name}, ${page.district.name}` : page.city.name
  const push = (area: string, kind: string, f: PriceFigure | null, month: string) => {
    if (f) lines.push([month, area, kind, String(f.n), String(zl(f.p25)), String(zl(f.median)), String(zl(f.p75))])
  }
  page.months.forEach((m, i) => { push(place, 'sprzedaz', page.sell[i]!, m); push(place, 'wynajem', page.rent[i]!, m) })
  for (const r of page.rows) {
    const area = page.rows_kind === 'districts' ? `${page.city.name}, ${r.name}` : `${place}, ${r.name}`
    if (r.sell) push(area, 'sprzedaz', r.sell, r.sell.month)
    if (r.rent) push(area, 'wynajem', r.rent, r.rent.month)
  }
  return '\uFEFF' + lines.map((l) => l.map(csvCell).join(';')).join('\r\n') + '\r\n'
}

/**
 * A listing's price per m² (undefined: no such live listing) against the latest month's median of its kind: the district and its room bucket, else the
 * district, else the city and room bucket, else the city (the first with a figure). Two primary-key reads, no
 * aggregation. null: no area, a category without a phrase, or no figure.
 */
/** The columns of a listing that its comparison reads (a row of `listings`). */
export interface ComparedListing {
  status: string; adType: string; categoryId: number; offerType: string; citySlug: string; district: string | null
  rooms: number | null; area: number | null; price: number
}

export async function priceComparison(db: DbHandle, listingId: number): Promise<PriceComparison['comparison'] | undefined> {
  const [l] = await db.db.select({ status: listings.status,
    categoryId: listings.categoryId, offerType: listings.offerType, citySlug: listings.citySlug, district: listings.district,
    rooms: listings.rooms, area: listings.area, price: listings.price, adType: listings.adType,
  }).from(listings).where(eq(listings.id, listingId))
  return l && compareListing(db, l)
}

/**
 * The comparison of a listing already read (the listing page's API has its row: no second read, decision 091):
 * undefined when it is not active, null where there is no figure. Reads only the in-memory latest month (latest.ts).
 */
export async function compareListing(db: DbHandle, l: ComparedListing): Promise<PriceComparison['comparison'] | undefined> {
  if (l.status !== 'active') return undefined
  if (l.adType !== 'offer' || (l.offerType !== 'sell' && l.offerType !== 'rent') || !l.area || !(l.area > 0) || !(l.price > 0)) return null
  let cat = CATEGORY_BY_ID.get(l.categoryId)
  while (cat?.parentId) cat = CATEGORY_BY_ID.get(cat.parentId)
  const noun = cat ? CATEGORY_GENITIVE_PLURAL[cat.id] : undefined
  const city = cityBySlug(l.citySlug)
  if (!cat || !noun || !city) return null
  const bucket = roomBucket(l.rooms) ?? 0
  const district = l.district && city.districts.some((d) => d.name === l.district) ? l.district : null
  const tries: [string, number][] = [
    ...(district ? [[district, bucket], [district, 0]] as [string, number][] : []), ['', bucket], ['', 0],
  ].filter(([, b], i, a) => a.findIndex((x) => x[0] === a[i]![0] && x[1] === b) === i) as [string, number][]
  const latest = await latestStats(db)
  const hit = tries.map(([d, b]) => latest.get(statKey(cat!.id, l.offerType, city.slug, d, b))).find(Boolean)
  if (!hit) return null
  const median = Number(hit.median)
  const ppm2 = Math.round(l.price / l.area)
  const pct = Math.round((ppm2 / median - 1) * 100)
  const hd = hit.district, hb = hit.rooms
  const adjective = ROOM_BUCKET_ADJECTIVE[hb]
  const where = hd ? districtWhere(city, hd) : locativePhrase(city)
  const group = `${adjective ? `${adjective} ` : ''}${noun} ${where}`
  const count = countLabel(hit.n, LISTING_FORMS)
  const what = l.offerType === 'rent' ? 'Cena najmu za m²' : 'Cena za m²'
  const text = pct === 0
    ? `${what} równa medianie dla ${group} (${count})`
    : `${what} o ${Math.abs(pct)} % ${pct < 0 ? 'niższa' : 'wyższa'} niż mediana dla ${group} (${count})`
  return {
    pct, text, price_per_m2: ppm2, median, p25: hit.p25, p75: hit.p75, n: hit.n,
    bin_min: hit.binMin, bin_width: hit.binWidth, bins: hit.bins,
    href: pricePagePath(city.slug, hd || null),
    link_text: pricePageTitle(city, hd ? city.districts.find((d) => d.name === hd) : undefined),
    offer_type: l.offerType,
  }
}
