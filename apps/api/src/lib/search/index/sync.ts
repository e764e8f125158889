import { asc, gt, sql, type SQL } from 'drizzle-orm'
import { arrayOf, listingChanges, perHandle, type Db } from '@portal/db'
import { rowsOf } from '../sql.ts'
import { ADVERTISER_CODE, FLAG, MEDIA, MEDIA_ADVERTISER_SHIFT, Store, type IndexRow } from './store.ts'
import { ADVERTISER_SQL, HAS_PLAN_SQL, HAS_TOUR_SQL, HAS_VIDEO_SQL, YEAR_BUILT_SQL } from '../facets.ts'

/** Everything the store keeps, with timestamps as epoch milliseconds and the booleans packed into FLAG bits. */
export const COLUMNS_SQL = `id::float8 as id, slug, user_id::float8 as user_id, category_id, offer_type, ad_type = 'seek' as seek, price::float8 as price,
  area::float8 as area, price_per_m2::float8 as price_per_m2, rooms, bathrooms, floor, building_type, market, condition, ownership,
  rental_periods, extras, nearby,
  (negotiable::int * ${FLAG.negotiable} + instalments::int * ${FLAG.instalments} + urgent::int * ${FLAG.urgent}
    + bargain::int * ${FLAG.bargain} + bills_included::int * ${FLAG.billsIncluded} + is_promoted::int * ${FLAG.promoted}
    + dup_hidden::int * ${FLAG.dupHidden}) as flags,
  extract(epoch from promoted_until)::float8 * 1000 as promoted_until, extract(epoch from visible_from)::float8 * 1000 as visible_from,
  extract(epoch from expires_at)::float8 * 1000 as expires_at, extract(epoch from created_at)::float8 * 1000 as created_at,
  lat, lon, city_slug, district, search_text,
  case when ownership = 'leasehold' then (select max(case when a->>'value' ~ '^[0-9]{1,4}$' then (a->>'value')::int end)
    from jsonb_array_elements(attributes) a where a->>'id' = '32') end as lease_years,
  ${YEAR_BUILT_SQL('listings')} as year_built,
  ((${HAS_VIDEO_SQL('listings')})::int * ${MEDIA.video} + (${HAS_TOUR_SQL('listings')})::int * ${MEDIA.tour}
    + (${HAS_PLAN_SQL('listings')})::int * ${MEDIA.plan}
    + (case ${ADVERTISER_SQL('listings')} when 'private' then ${ADVERTISER_CODE.private} when 'developer' then ${ADVERTISER_CODE.developer}
      else ${ADVERTISER_CODE.agency} end) * ${1 << MEDIA_ADVERTISER_SHIFT}) as media`
const COLUMNS = sql.raw(COLUMNS_SQL)

const BATCH = 20_000
/** How far back the change log is read again (see readChanges). */
export const REREAD_SECONDS = 10
export const CHANGES_PER_READ = 20_000

const textArray = (v: unknown): string[] => arrayOf(v, String)
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v))

function toRow(r: Record<string, unknown>): IndexRow {
  return {
    id: Number(r.id), slug: String(r.slug), user_id: Number(r.user_id), category_id: Number(r.category_id), offer_type: String(r.offer_type),
    seek: r.seek === true || r.seek === 't', price: Number(r.price), area: numOrNull(r.area), price_per_m2: numOrNull(r.price_per_m2),
    rooms: numOrNull(r.rooms), bathrooms: numOrNull(r.bathrooms),
    floor: (r.floor as string | null) ?? null, building_type: (r.building_type as string | null) ?? null,
    market: (r.market as string | null) ?? null, condition: (r.condition as string | null) ?? null,
    ownership: (r.ownership as string | null) ?? null,
    rental_periods: textArray(r.rental_periods), extras: textArray(r.extras), nearby: textArray(r.nearby),
    flags: Number(r.flags), promoted_until: numOrNull(r.promoted_until), visible_from: numOrNull(r.visible_from),
    expires_at: numOrNull(r.expires_at), created_at: Number(r.created_at), lat: Number(r.lat), lon: Number(r.lon),
    city_slug: String(r.city_slug), district: (r.district as string | null) ?? null, lease_years: numOrNull(r.lease_years),
    search_text: String(r.search_text ?? ''), year_built: numOrNull(r.year_built), media: Number(r.media ?? 0),
  }
}

/** Rows a search can ever show: active ones (scheduled and expired ones are told apart at query time). */
const searchable = sql`status = 'active'`

/** Reads every searchable listing in batches of ids, so the event loop keeps serving meanwhile. */
export async function loadStore(db: Db): Promise<{ store: Store; lastSeq: number; seen: number[] }> {
  // The change log position first: anything that changes while we read is applied again afterwards.
  const [pos] = rowsOf<{ seq: unknown }>(await db.execute(sql`select coalesce(max(seq), 0)::float8 as seq from listing_changes`))
  // Changes already committed now are in what we read next: readChanges' re-read window must not apply them again.
  const seen = rowsOf<{ seq: unknown }>(await db.execute(sql`select seq::float8 as seq from listing_changes
    where at > now() - interval '${sql.raw(String(REREAD_SECONDS))} seconds' and seq <= ${Number(pos?.seq ?? 0)}`)).map((r) => Number(r.seq))
  const [range] = rowsOf<{ lo: unknown; hi: unknown }>(await db.execute(sql`select coalesce(min(id), 0)::float8 as lo,
    coalesce(max(id), 0)::float8 as hi from listings`))
  const store = new Store()
  // Ranges of ids rather than `order by id limit n`: the planner may sort everything after the cursor for the latter.
  for (let from = Number(range?.lo ?? 0), hi = Number(range?.hi ?? 0); from <= hi; from += BATCH) {
    const rows = rowsOf<Record<string, unknown>>(await db.execute(
      sql`select ${COLUMNS} from listings where ${searchable} and id >= ${from} and id < ${from + BATCH}`))
    for (const r of rows) store.put(toRow(r))
  }
  return { store: store.clustered(), lastSeq: Number(pos?.seq ?? 0), seen }
}

/**
 * The change log after `floor`, in order. A sequence number is taken when a row is inserted but becomes visible at
 * commit, so a slow transaction can commit a number below one already read: the caller passes as `floor` the last
 * number it had read REREAD_SECONDS ago (and skips numbers it already applied), so those are caught. One primary-key
 * range scan on both drivers.
 */
export async function readChanges(db: Db, floor: number, also: number[] = []): Promise<{ seq: number; listingId: number }[]> {
  // Nearly every read (one per search and per listing page the page cache serves or stores): planned once.
  if (!also.length) return changesAfter(db).execute({ floor, limit: CHANGES_PER_READ })
  // `also`: numbers below the floor read past before they committed (SearchIndex's holes), in the same statement.
  const holes = also.length ? sql` or seq = any(${`{${also.join(',')}}`}::bigint[])` : sql``
  const rows = rowsOf<{ seq: unknown; listing_id: unknown }>(await db.execute(sql`select seq::float8 as seq, listing_id::float8 as listing_id
    from listing_changes where seq > ${floor}${holes} order by seq limit ${CHANGES_PER_READ}`))
  return rows.map((r) => ({ seq: Number(r.seq), listingId: Number(r.listing_id) }))
}

const changesAfter = perHandle((db) => db.select({ seq: sql<number>`${listingChanges.seq}::float8`.mapWith(Number), listingId: sql<number>`${listingChanges.listingId}::float8`.mapWith(Number) })
  .from(listingChanges).where(gt(listingChanges.seq, sql.placeholder('floor'))).orderBy(asc(listingChanges.seq))
  .limit(sql.placeholder('limit')).prepare('listing_changes_after'))

/** Re-reads the given listings into the store (removing those no longer searchable). */
export async function applyListings(db: Db, store: Store, ids: number[]) {
  for (let i = 0; i < ids.length; i += BATCH) {
    const chunk = ids.slice(i, i + BATCH)
    const list: SQL = sql.join(chunk.map((id) => sql`${id}`), sql`, `)
    const rows = rowsOf<Record<string, unknown>>(await db.execute(sql`select ${COLUMNS} from listings where ${searchable} and id in (${list})`))
    const found = new Set<number>()
    for (const r of rows) { const row = toRow(r); found.add(row.id); store.put(row) }
    for (const id of chunk) if (!found.has(id)) store.remove(id)
  }
}

/** The change log is only read a few seconds behind; a day is kept (an index idle longer reloads, see index.ts). */
export async function pruneListingChanges(db: Db): Promise<number> {
  const rows = rowsOf(await db.execute(sql`delete from listing_changes where at < now() - interval '1 day' returning seq`))
  return rows.length
}
