import { sql } from 'drizzle-orm'
import { DateTime } from 'luxon'
import { locativePhrase } from '@portal/contracts/catalogue'
import { cityBySlug, districtSlug, districtWhere, findDistrict, PRICE_PAGE_CATEGORY, pricePagePath } from '@portal/contracts/prices'
import type { Valuation, ValuationQuery } from '@portal/contracts/valuation'
import { rowsOf, type DbHandle } from '@portal/db'
import { estimate, MIN_COMPARABLES, monthlyIndex, NEAREST, roundValue, type Adjust, type Comparable, type Subject } from './estimate.ts'
import { STATS_MONTHS, warsawMonths, ZONE } from './stats.ts'

/**
 * The valuation (issue 26, decision 066): comparables from the partial index `listings_valuation_cover_idx` (city,
 * category, offer type, district, area: ordered range scans from the subject's area), the monthly index and the
 * districts' levels from `price_stats`, then the pure estimator (estimate.ts). Two to three indexed reads, no
 * aggregation over listings.
 */
const SAME_DISTRICT = { ratio: 1.5, limit: 200 }
const OTHER_DISTRICTS = { ratio: 1.15, perDistrict: 20, limit: 150 }

export interface ValuationComparable extends Comparable {
  slug: string; title: string; active: boolean; floorText: string | null
}

/** 'parter' → 0, 'suterena' → −1, '3' → 3, 'powyzej-10' → 12; 'poddasze' and unknown → null. */
export function floorNumber(f: string | null): number | null {
  if (f === null) return null
  if (f === 'parter') return 0
  if (f === 'suterena') return -1
  if (f === 'powyzej-10') return 12
  return /^\d{1,2}$/.test(f) ? Number(f) : null
}

interface Market {
  adjust: (subjectDistrict: string | null) => Adjust
}

/** The city's monthly index and district levels of the latest run (flats, the offer type). */
export async function loadMarket(db: DbHandle, citySlug: string, offerType: 'sell' | 'rent'): Promise<Market> {
  const r = await db.db.execute(sql`select s.district, s.month::text as month, s.median from price_stats s
    where s.category_id = ${PRICE_PAGE_CATEGORY} and s.offer_type = ${offerType} and s.city_slug = ${citySlug} and s.rooms = 0`)
  const rows = rowsOf(r).map((x) => ({ district: String(x.district), month: String(x.month).slice(0, 10), median: Number(x.median) }))
  const [run] = rowsOf(await db.db.execute(sql`select last_month::text as m from price_stats_runs order by id desc limit 1`))
  const end = run ? new Date(`${String(run.m).slice(0, 10)}T12:00:00Z`) : new Date()
  const months = warsawMonths(end, STATS_MONTHS).map((m) => m.month)
  const pos = new Map(months.map((m, i) => [m, i]))
  const byDistrict = new Map<string, (number | null)[]>()
  for (const x of rows) {
    const i = pos.get(x.month)
    if (i === undefined) continue
    let s = byDistrict.get(x.district)
    if (!s) byDistrict.set(x.district, (s = months.map(() => null)))
    s[i] = x.median
  }
  const index = monthlyIndex(byDistrict.get('') ?? months.map(() => null))
  /** A place's level: the mean of its last three known months. */
  const level = (d: string): number | null => {
    const known = (byDistrict.get(d) ?? []).filter((v): v is number => v != null).slice(-3)
    return known.length ? known.reduce((a, b) => a + b, 0) / known.length : null
  }
  const first = months[0]!, last = months[months.length - 1]!
  const indexAt = (at: Date) => {
    const m = DateTime.fromJSDate(at, { zone: ZONE }).startOf('month').toISODate()!
    if (m >= last) return 1
    return index[pos.get(m) ?? (m < first ? 0 : months.length - 1)]!
  }
  return {
    adjust: (subjectDistrict) => {
      const target = level(subjectDistrict ?? '')
      return {
        index: indexAt,
        place: (d) => {
          if (!target) return null
          const own = level(d ?? '')
          return own ? target / own : null
        },
      }
    },
  }
}

/** Comparables of a flat: its district's listings of a similar area, else (too few) the other districts' closer ones. */
export async function loadComparables(db: DbHandle, q: {
  citySlug: string; offerType: 'sell' | 'rent'; district: string | null; otherDistricts: string[]; area: number; excludeId?: number; now?: Date
}): Promise<ValuationComparable[]> {
  const now = q.now ?? new Date()
  const since = DateTime.fromJSDate(now, { zone: ZONE }).startOf('month').minus({ months: STATS_MONTHS - 1 }).toJSDate().toISOString()
  const cols = sql`l.id, l.slug, l.title, l.status, l.price, l.area::float8 as area, l.rooms, l.floor, l.condition, l.market, l.district,
    (select a->>'value' from jsonb_array_elements(l.attributes) a where a->>'id' = '18' limit 1) as year_built,
    case when l.status = 'active' then null else coalesce(m.ended_at, l.expires_at, l.updated_at) end as ended`
  const where = (district: string) => sql`l.city_slug = ${q.citySlug} and l.category_id = ${PRICE_PAGE_CATEGORY} and l.offer_type = ${q.offerType}
    and l.district = ${district}
    and l.ad_type = 'offer' and l.price > 0 and l.area > 0 and l.status in ('active', 'ended', 'expired')
    and l.id <> ${q.excludeId ?? 0}
    and (l.status = 'active' or coalesce((select m.ended_at from listing_meta m where m.listing_id = l.id), l.expires_at, l.updated_at) >= ${since})`
  const nearest = (rows: Record<string, unknown>[], limit: number) =>
    rows.map((x) => ({ x, d: Math.abs(Math.log(Number(x.area) / q.area)) })).sort((a, b) => a.d - b.d || Number(a.x.id) - Number(b.x.id)).slice(0, limit).map((r) => r.x)
  /**
   * The nearest areas per district, walking the index both ways from the subject's area: two ordered range scans per
   * district that stop at their limit, so the cost does not grow with the number of listings. The walks read only the
   * covering index `listings_valuation_cover_idx` (migration 0036, decision 095: id the last key, ties at a limit broken by it;
   * status and the dates in INCLUDE, an
   * index-only scan); only the nearest rows kept are then read from the table by id, for the columns the weighting needs.
   */
  const read = async (districts: string[], ratio: number, perDistrict: number, limit: number) => {
    if (!districts.length) return []
    const parts = districts.flatMap((d) => [
      sql`(select l.id, l.area::float8 as area from listings l
        where ${where(d)} and l.area >= ${q.area} and l.area <= ${q.area * ratio} order by l.area, l.id limit ${perDistrict})`,
      sql`(select l.id, l.area::float8 as area from listings l
        where ${where(d)} and l.area < ${q.area} and l.area >= ${q.area / ratio} order by l.area desc, l.id desc limit ${perDistrict})`,
    ])
    const ids = nearest(rowsOf(await db.db.execute(sql.join(parts, sql` union all `))), limit).map((x) => Number(x.id))
    if (!ids.length) return []
    const rows = rowsOf(await db.db.execute(sql`select ${cols} from listings l left join listing_meta m on m.listing_id = l.id
      where l.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`))
    const byId = new Map(rows.map((x) => [Number(x.id), x]))
    return ids.map((id) => byId.get(id)!)
  }
  const own = q.district ? await read([q.district], SAME_DISTRICT.ratio, SAME_DISTRICT.limit, SAME_DISTRICT.limit) : []
  const others = own.length < 2 * NEAREST ? await read(q.otherDistricts, OTHER_DISTRICTS.ratio, OTHER_DISTRICTS.perDistrict, OTHER_DISTRICTS.limit) : []
  const city = cityBySlug(q.citySlug)
  return [...own, ...others].map((x) => {
    const d = city?.districts.find((c) => c.name === x.district) ?? city
    const year = x.year_built == null ? null : Number(x.year_built)
    return {
      id: Number(x.id), slug: String(x.slug), title: String(x.title), active: x.status === 'active',
      price: Number(x.price), area: Number(x.area), rooms: x.rooms == null ? null : Number(x.rooms),
      floorText: (x.floor as string | null) ?? null, floor: floorNumber((x.floor as string | null) ?? null),
      yearBuilt: Number.isInteger(year) ? year : null,
      condition: (x.condition as string | null) ?? null, market: (x.market as string | null) ?? null,
      district: (x.district as string | null) ?? null, lat: d?.lat ?? 0, lon: d?.lon ?? 0,
      at: x.ended == null ? now : new Date(x.ended as string),
    }
  })
}

/** The valuation of a flat; null for an unknown city or district (a 404). */
export async function valuation(db: DbHandle, q: ValuationQuery, opts: { excludeId?: number; now?: Date } = {}): Promise<Valuation | null> {
  const city = cityBySlug(q.city)
  if (!city) return null
  const district = q.district === undefined ? undefined : findDistrict(city, q.district)
  if (q.district !== undefined && !district) return null
  const now = opts.now ?? new Date()
  const [market, comps] = await Promise.all([
    loadMarket(db, city.slug, q.offer_type),
    loadComparables(db, {
      citySlug: city.slug, offerType: q.offer_type, district: district?.name ?? null, area: q.area, excludeId: opts.excludeId, now,
      otherDistricts: city.districts.filter((d) => d.name !== district?.name).map((d) => d.name),
    }),
  ])
  const place = district ?? city
  const subject: Subject = {
    area: q.area, rooms: q.rooms, floor: q.floor ?? null, yearBuilt: q.year_built ?? null, condition: q.condition ?? null,
    market: q.market ?? null, district: district?.name ?? null, lat: place.lat, lon: place.lon,
  }
  const e = estimate(subject, comps, market.adjust(subject.district), now)
  const total = e ? e.used.reduce((s, x) => s + x.weight, 0) : 1
  return {
    offer_type: q.offer_type,
    city: { slug: city.slug, name: city.name },
    district: district ? { slug: districtSlug(district.name), name: district.name } : null,
    where: district ? `${districtWhere(city, district.name)}${districtWhere(city, district.name).startsWith('w centrum') ? '' : ` ${locativePhrase(city)}`}` : locativePhrase(city),
    estimate: e ? {
      value: roundValue(e.value, q.offer_type), low: roundValue(e.low, q.offer_type), high: roundValue(e.high, q.offer_type),
      per_m2: Math.round(e.perM2 / 100) * 100,
    } : null,
    comparables: (e?.used ?? []).slice().sort((a, b) => b.weight - a.weight).map(({ c, adjusted, weight }) => ({
      id: c.id, title: c.title, href: c.active ? `/ogloszenia/${c.slug}` : null, district: c.district, area: c.area, rooms: c.rooms,
      floor: c.floor, year_built: c.yearBuilt, condition: c.condition, market: c.market, price: c.price,
      price_per_m2: Math.round(c.price / c.area), adjusted_per_m2: Math.round(adjusted), at: c.at.toISOString(), active: c.active,
      weight_pct: Math.round((weight / total) * 1000) / 10,
    })),
    min_comparables: MIN_COMPARABLES,
    price_page: pricePagePath(city.slug, district?.name ?? null),
  }
}
