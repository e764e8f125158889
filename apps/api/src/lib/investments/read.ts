import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import {
  arrayOf,
  investments, investmentUnits, listings, priceDisclosureXml, rowsOf, users, type DbHandle,
} from '@portal/db'
import type { InvestmentCard, InvestmentDetail, Unit } from '@portal/contracts/investments'
import { displayName, profilePath } from '@portal/contracts/people'
import type { InvestmentRow } from './units.ts'

/** Public reads of investments: the /inwestycje list with its filters, and one investment with all its units. */
export const PER_PAGE = 24

export interface ListFilters { city?: string; status?: string; completedBy?: number; maxPrice?: number; rooms?: number; userId?: number; page: number }

const available = sql`${investmentUnits.status} <> 'sprzedane'`

/** Per investment: units on sale, all units, the lowest price and price per m² on sale, the room counts on sale. */
const stats = (where: SQL) => sql`(
  SELECT count(*) FILTER (WHERE ${available})::int AS available, count(*)::int AS total,
    min(l.price) FILTER (WHERE ${available}) AS price_from, min(l.price_per_m2) FILTER (WHERE ${available}) AS ppm_from,
    coalesce(array_agg(DISTINCT ${investmentUnits.rooms}) FILTER (WHERE ${available} AND ${investmentUnits.rooms} IS NOT NULL), '{}') AS rooms
  FROM ${investmentUnits} JOIN ${listings} l ON l.id = ${investmentUnits.listingId} WHERE ${where})`

type Owner = Pick<typeof users.$inferSelect, 'id' | 'name' | 'companyName' | 'type' | 'agencyId'>

function developerOf(u: Owner) {
  const name = displayName(u)
  return { id: u.id, name, profile_url: profilePath(u.id, name) }
}

interface Agg { available: number; total: number; price_from: string | number | null; ppm_from: string | number | null; rooms: number[] | string }
const num = (v: string | number | null) => (v === null ? null : Number(v))
const roomsOf = (v: number[] | string) => arrayOf(v, Number).sort((a, b) => a - b)

function card(inv: InvestmentRow, owner: Owner, agg: Agg): InvestmentCard {
  return {
    id: inv.id, slug: inv.slug, name: inv.name, city: inv.city, district: inv.district, location_name: inv.locationName,
    lat: inv.lat, lon: inv.lon, status: inv.status, completion_date: inv.completionDate, developer: developerOf(owner),
    units_available: agg.available, units_total: agg.total, price_from: num(agg.price_from), price_per_m2_from: num(agg.ppm_from),
    rooms: roomsOf(agg.rooms), photo: inv.photos[0] ?? null,
  }
}

export async function listInvestments(db: DbHandle, f: ListFilters) {
  const where: SQL[] = [sql`${users.deletedAt} IS NULL AND ${users.blockedAt} IS NULL`]
  if (f.city) where.push(eq(investments.citySlug, f.city))
  if (f.status) where.push(sql`${investments.status} = ${f.status}`)
  if (f.userId) where.push(eq(investments.userId, f.userId))
  if (f.completedBy) where.push(sql`${investments.completionDate} <= ${`${f.completedBy}-12-31`}::date`)
  const unitCond: SQL[] = []
  if (f.maxPrice) unitCond.push(sql`l.price <= ${f.maxPrice}`)
  if (f.rooms) unitCond.push(f.rooms >= 5 ? sql`${investmentUnits.rooms} >= 5` : sql`${investmentUnits.rooms} = ${f.rooms}`)
  if (unitCond.length) {
    where.push(sql`EXISTS (SELECT 1 FROM ${investmentUnits} JOIN ${listings} l ON l.id = ${investmentUnits.listingId}
      WHERE ${investmentUnits.investmentId} = ${investments.id} AND ${available} AND ${sql.join(unitCond, sql` AND `)})`)
  }
  const cond = and(...where)
  const [{ total }] = await db.db.select({ total: sql<number>`count(*)::int` }).from(investments)
    .innerJoin(users, eq(users.id, investments.userId)).where(cond) as [{ total: number }]
  const rows = await db.db.select({
    inv: investments, owner: { id: users.id, name: users.name, companyName: users.companyName, type: users.type, agencyId: users.agencyId },
    agg: sql<Agg>`(SELECT row_to_json(s) FROM ${stats(sql`${investmentUnits.investmentId} = ${investments.id}`)} s)`,
  }).from(investments).innerJoin(users, eq(users.id, investments.userId)).where(cond)
    .orderBy(sql`${investments.completionDate} ASC NULLS LAST`, asc(investments.id))
    .limit(PER_PAGE).offset((f.page - 1) * PER_PAGE)
  return {
    data: rows.map((r) => card(r.inv, r.owner, r.agg)),
    total, page: f.page, per_page: PER_PAGE, last_page: Math.max(1, Math.ceil(total / PER_PAGE)),
  }
}

/**
 * Every unit of an investment (sold ones too) with its listing's price and its whole price history, oldest first.
 * Plain SQL rows, not the query builder's nested selection: at 500 units mapping each column of each row through
 * drizzle's entity checks was a fifth of the investment page's API time (issue 27 "Speed"). The units and their
 * histories are read at once (two connections of a pool; one after the other on PGlite): one history per unit as
 * JSON from a correlated subquery cost the database twice as much as this join (decision 082). `of` is the
 * investment's id, or its slug (the public page reads the units beside the investment itself).
 */
export async function unitsOf(db: DbHandle, of: number | string, { histories = true } = {}): Promise<Unit[]> {
  const investment = typeof of === 'number' ? sql`${of}::bigint` : sql`(SELECT id FROM investments WHERE slug = ${of})`
  const [rows, history] = await Promise.all([
    db.db.execute(sql`
      SELECT l.id, l.slug, l.status AS listing_status, l.price, l.area::float8 AS area, l.price_per_m2, l.rooms AS listing_rooms,
        u.building, u.unit_number, u.floor, u.rooms, u.status, u.outdoor, u.extras
      FROM investment_units u JOIN listings l ON l.id = u.listing_id
      WHERE u.investment_id = ${investment}
      ORDER BY u.building, length(u.unit_number), u.unit_number`).then((r) => rowsOf(r)),
    histories ? db.db.execute(sql`
      SELECT h.listing_id, h.price, h.changed_at FROM listing_price_history h JOIN investment_units u ON u.listing_id = h.listing_id
      WHERE u.investment_id = ${investment} ORDER BY h.changed_at, h.id`).then((r) => rowsOf(r)) : [],
  ])
  const byListing = new Map<number, { price: number; changed_at: string }[]>()
  for (const h of history) {
    const id = Number(h.listing_id)
    let list = byListing.get(id)
    if (!list) byListing.set(id, list = [])
    list.push({ price: Number(h.price), changed_at: new Date(h.changed_at as string | Date).toISOString() })
  }
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v))
  return rows.map((r) => {
    const id = Number(r.id)
    return {
      id, listing_slug: String(r.slug), listed: r.listing_status === 'active', building: String(r.building), unit_number: String(r.unit_number),
      floor: num(r.floor), area: num(r.area), rooms: num(r.rooms) ?? num(r.listing_rooms),
      price: Number(r.price), price_per_m2: num(r.price_per_m2), status: r.status as Unit['status'],
      outdoor: arrayOf(r.outdoor, String) as Unit['outdoor'], extras: (typeof r.extras === 'string' ? JSON.parse(r.extras) : r.extras) as Unit['extras'],
      price_history: byListing.get(id) ?? [],
    }
  })
}


/** A public investment's row with its owner, its units' figures and whether its developer has an open-data file. */
function publicInvestment(db: DbHandle, slug: string) {
  return db.db.select({
    inv: investments, owner: { id: users.id, name: users.name, companyName: users.companyName, type: users.type, agencyId: users.agencyId },
    agg: sql<Agg>`(SELECT row_to_json(s) FROM ${stats(sql`${investmentUnits.investmentId} = ${investments.id}`)} s)`,
    openData: priceDisclosureXml.userId,
  }).from(investments).innerJoin(users, eq(users.id, investments.userId))
    .leftJoin(priceDisclosureXml, eq(priceDisclosureXml.userId, investments.userId))
    .where(and(eq(investments.slug, slug), sql`${users.deletedAt} IS NULL AND ${users.blockedAt} IS NULL`)).limit(1)
}

/**
 * One public investment with all its units; `histories: false` leaves each unit's price history empty without reading
 * it (the public page reads one when its 'Historia cen' opens, decision 082, 087).
 */
export async function investmentBySlug(db: DbHandle, slug: string, { histories = true } = {}): Promise<InvestmentDetail | null> {
  // The units are read beside the investment (two connections of a pool; one after the other on PGlite).
  const [[r], units] = await Promise.all([publicInvestment(db, slug), unitsOf(db, slug, { histories })])
  if (!r) return null
  return detail(db, r.inv, r.owner, r.agg, r.openData !== null, units)
}

/**
 * The public page's answer (decision 090): the investment as `investmentBySlug` gives it, `units` empty and every unit
 * as a row (`PackedUnit`, in the order of `unitsOf`) in `unit_rows`, without price histories, as JSON text. PostgreSQL
 * writes the rows' JSON in one value, so no unit becomes a JavaScript object on the way: at 500 units the driver's
 * row parsing, the objects and their serialisation were most of the answer's cost, and the page carries the rows to
 * the browser as they come.
 */
export async function investmentRowsBySlug(db: DbHandle, slug: string): Promise<string | null> {
  const [[r], rows] = await Promise.all([publicInvestment(db, slug), db.db.execute(sql`
    SELECT coalesce(json_agg(json_build_array(
        l.id, l.slug, (l.status = 'active')::int, u.building, u.unit_number, u.floor, l.area::float8, coalesce(u.rooms, l.rooms),
        l.price, l.price_per_m2, u.status, u.outdoor,
        -- The extras in their order: the function's rows go straight into the aggregate. (An ORDER BY over WITH
        -- ORDINALITY sorted each unit's extras apart and tripled the statement's time.)
        (SELECT coalesce(json_agg(json_build_array(e->'kind', e->'label', e->'price', e->'since')), '[]') FROM jsonb_array_elements(u.extras) e))
      ORDER BY u.building, length(u.unit_number), u.unit_number), '[]')::text AS rows
    FROM investment_units u JOIN listings l ON l.id = u.listing_id
    WHERE u.investment_id = (SELECT id FROM investments WHERE slug = ${slug})`).then((res) => rowsOf(res))])
  if (!r) return null
  const inv = await detail(db, r.inv, r.owner, r.agg, r.openData !== null, [])
  const json = JSON.stringify(inv)
  return `${json.slice(0, -1)},"unit_rows":${String(rows[0]!.rows)}}`
}

export async function detail(db: DbHandle, inv: InvestmentRow, owner: Owner, agg: Agg, hasOpenData: boolean, units?: Unit[]): Promise<InvestmentDetail> {
  const a = inv.address
  return {
    ...card(inv, owner, agg), description: inv.description, buildings: inv.buildings, amenities: inv.amenities, photos: inv.photos,
    address: a ? { street: a.street, number: a.number, zip: a.zip, county: a.county, commune: a.commune } : null,
    units: units ?? await unitsOf(db, inv.id), open_data_url: hasOpenData ? openDataPaths(inv.userId).csv : null,
    updated_at: new Date(inv.updatedAt).toISOString(),
  }
}

/** The stable public addresses of a developer's open-data files (decision 058). */
export function openDataPaths(userId: number) {
  const base = `/api/dane-otwarte/${userId}`
  return { csv: `${base}/ceny.csv`, csvMd5: `${base}/ceny.csv.md5`, xml: `${base}/ceny.xml`, xmlMd5: `${base}/ceny.xml.md5` }
}

/** An owner's own investment as the public sees it (the editor reads the same shape). */
export async function ownDetail(db: DbHandle, inv: InvestmentRow): Promise<InvestmentDetail> {
  const [r] = await db.db.select({
    owner: { id: users.id, name: users.name, companyName: users.companyName, type: users.type, agencyId: users.agencyId },
    agg: sql<Agg>`(SELECT row_to_json(s) FROM ${stats(sql`${investmentUnits.investmentId} = ${inv.id}`)} s)`,
    openData: priceDisclosureXml.userId,
  }).from(users).leftJoin(priceDisclosureXml, eq(priceDisclosureXml.userId, users.id)).where(eq(users.id, inv.userId))
  return detail(db, inv, r!.owner, r!.agg, r!.openData !== null)
}

/**
 * One unit's price history, oldest first, for the public page's 'Historia cen' (decision 082: the page's data leaves
 * the histories out); null when the unit is not in that (public) investment.
 */
export async function unitHistory(db: DbHandle, slug: string, listingId: number): Promise<{ price: number; changed_at: string }[] | null> {
  const rows = rowsOf(await db.db.execute(sql`
    SELECT h.price, h.changed_at FROM investment_units u
      JOIN investments i ON i.id = u.investment_id
      JOIN users o ON o.id = i.user_id AND o.deleted_at IS NULL AND o.blocked_at IS NULL
      LEFT JOIN listing_price_history h ON h.listing_id = u.listing_id
    WHERE i.slug = ${slug} AND u.listing_id = ${listingId}
    ORDER BY h.changed_at, h.id`))
  if (!rows.length) return null
  return rows.filter((r) => r.price !== null)
    .map((r) => ({ price: Number(r.price), changed_at: new Date(r.changed_at as string | Date).toISOString() }))
}
