import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm'
import { categories, idArray, listingPhotos, listings, rowsOf, type Db } from '@portal/db'
import { photoSrcSet, photoUrl, type Advertiser, type ListingSummary } from '@portal/contracts/listing'
import { ADVERTISER_SQL } from './advertiser.ts'

/** Listings visitors may see: active, already visible and not expired. */
export function publicListingCondition(): SQL {
  const now = sql`now()`
  return and(
    eq(listings.status, 'active'),
    or(isNull(listings.visibleFrom), lte(listings.visibleFrom, now)),
    or(isNull(listings.expiresAt), gt(listings.expiresAt, now)),
  )!
}

export function promotedCondition(): SQL {
  return and(eq(listings.isPromoted, true), or(isNull(listings.promotedUntil), gt(listings.promotedUntil, sql`now()`)))!
}

const summaryColumns = {
  id: listings.id,
  slug: listings.slug,
  title: listings.title,
  price: listings.price,
  pricePerM2: listings.pricePerM2,
  area: listings.area,
  rooms: listings.rooms,
  categoryId: listings.categoryId,
  categorySlug: categories.slug,
  categoryName: categories.name,
  offerType: listings.offerType,
  adType: listings.adType,
  city: listings.city,
  district: listings.district,
  locationName: listings.locationName,
  lat: listings.lat,
  lon: listings.lon,
  // An expired promotion no longer earns the badge (as in search).
  isPromoted: sql<boolean>`(${listings.isPromoted} and (${listings.promotedUntil} is null or ${listings.promotedUntil} > now()))`,
  createdAt: listings.createdAt,
  urgent: listings.urgent,
  bargain: listings.bargain,
  advertiser: sql<Advertiser>`${sql.raw(ADVERTISER_SQL('listings'))}`,
}

/**
 * A page of ListingSummary rows matching `where`, newest first, with each listing's first photo and photo count
 * (one extra query over listing_photos for the whole page instead of one per listing). `orderBy` defaults to newest.
 */
export async function listSummaries(
  db: Db, where: SQL, limit: number, offset: number, orderBy: SQL[] = [desc(listings.createdAt), desc(listings.id)],
): Promise<ListingSummary[]> {
  const rows = await db.select(summaryColumns).from(listings)
    .innerJoin(categories, eq(categories.id, listings.categoryId))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit).offset(offset)
  if (rows.length === 0) return []
  const photos = await db.select({
    listingId: listingPhotos.listingId,
    storageKey: listingPhotos.storageKey,
    width: listingPhotos.width,
    height: listingPhotos.height,
    placeholder: listingPhotos.placeholder,
    count: sql<number>`count(*) over (partition by ${listingPhotos.listingId})`.mapWith(Number),
  }).from(listingPhotos)
    .where(and(inArray(listingPhotos.listingId, rows.map((r) => r.id)), eq(listingPhotos.kind, 'photo')))
    .orderBy(asc(listingPhotos.listingId), asc(listingPhotos.position), asc(listingPhotos.id))
  const first = new Map<number, { storageKey: string; width: number; height: number; placeholder: string | null; count: number }>()
  for (const p of photos) if (!first.has(Number(p.listingId))) first.set(Number(p.listingId), p)
  // Units of an investment without photos of their own show its first photo and count its gallery, as their pages
  // show that gallery (decision 087; search cards read the same through FIRST_PHOTO_JOIN).
  const bare = rows.map((r) => Number(r.id)).filter((id) => !first.has(id))
  if (bare.length) {
    const covers = rowsOf(await db.execute(sql`select u.listing_id, i.photos->0 as photo, jsonb_array_length(i.photos) as n
      from investment_units u join investments i on i.id = u.investment_id
      where u.listing_id = any(${idArray(bare)}) and jsonb_array_length(i.photos) > 0`))
    for (const c of covers) {
      const p = (typeof c.photo === 'string' ? JSON.parse(c.photo) : c.photo) as { key: string; width: number; height: number; placeholder?: string | null }
      first.set(Number(c.listing_id), { storageKey: p.key, width: p.width, height: p.height, placeholder: p.placeholder ?? null, count: Number(c.n) })
    }
  }

  return rows.map((r) => {
    const p = first.get(Number(r.id))
    return {
      id: Number(r.id),
      slug: r.slug,
      title: r.title,
      price: Number(r.price),
      price_per_m2: r.pricePerM2 === null ? null : Number(r.pricePerM2),
      area: r.area === null ? null : Number(r.area),
      rooms: r.rooms,
      category: { id: r.categoryId, slug: r.categorySlug, name: r.categoryName },
      offer_type: r.offerType,
      ad_type: r.adType,
      city: r.city,
      district: r.district,
      location_name: r.locationName,
      lat: r.lat,
      lon: r.lon,
      photo: p ? {
        url: photoUrl(p.storageKey, 'md'),
        srcset: photoSrcSet(p.storageKey),
        placeholder: p.placeholder,
        width: p.width,
        height: p.height,
      } : null,
      photos_count: p?.count ?? 0,
      is_promoted: r.isPromoted,
      frame: r.urgent ? 'urgent' as const : r.bargain ? 'bargain' as const : null,
      created_at: new Date(r.createdAt).toISOString(),
      advertiser: r.advertiser,
    }
  })
}

/** Up to this many matches are counted exactly; beyond it the planner's estimate is used. */
export const EXACT_COUNT_LIMIT = 10_000

/**
 * How many listings match `where`. An exact count(*) over a million active listings is a full scan (over a
 * second), so exact counting stops at EXACT_COUNT_LIMIT and larger totals come from the planner's row estimate,
 * rounded down to a thousand: "ponad 990 000" is what a visitor needs, and it costs a millisecond.
 */
export async function countListings(db: Db, where: SQL): Promise<number> {
  // The estimate first: far above the cap (the home page at national scale) even the capped count would walk
  // 10 001 index entries on every request, and the rounded estimate is all the page shows.
  const plan = await db.execute(sql`explain (format json) select 1 from ${listings} where ${where}`)
  const estimate = Number(planRows(plan))
  const rounded = Number.isFinite(estimate) ? Math.max(EXACT_COUNT_LIMIT, Math.floor(estimate / 1000) * 1000) : EXACT_COUNT_LIMIT
  if (estimate > ESTIMATE_TRUSTED_ABOVE) return rounded
  const capped = db.select({ one: sql`1` }).from(listings).where(where).limit(EXACT_COUNT_LIMIT + 1).as('capped')
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(capped)
  const n = row?.n ?? 0
  return n <= EXACT_COUNT_LIMIT ? n : rounded
}

/** Planner estimates this far above the cap are trusted without counting. */
const ESTIMATE_TRUSTED_ABOVE = 50_000

function planRows(result: unknown): unknown {
  const rows = rowsOf(result)
  let plan = rows?.[0]?.['QUERY PLAN']
  if (typeof plan === 'string') plan = JSON.parse(plan)
  return (plan as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan?.['Plan Rows']
}
