import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { listingPhotos, listingPriceHistory, listingProperty, listings, propertyGroups, users, rowsOf, type DbHandle } from '@portal/db'
import { inTransaction } from '../http/transaction.ts'
import { photoDistance, photoHashes, SAME_PHOTO_BITS, type PhotoHashes } from './phash.ts'

/**
 * One property, many ads (issue 13, decision 024). An ad joins another's group when it has a photo whose perceptual
 * hash is within SAME_PHOTO_BITS of one of the other's, the same category, a pin within RADIUS_M and an area within
 * AREA_TOLERANCE (both without an area also count). Candidates come from the GiST index over live pins
 * (listings_earth_idx), so the cost per new ad does not grow with the number of listings.
 */
export const RADIUS_M = 300
export const AREA_TOLERANCE = 0.05
const MAX_CANDIDATES = 200

/** The photo hashes of each listing (photos without hashes are left out). */
export async function hashesOf(db: DbHandle, ids: number[]): Promise<Map<number, PhotoHashes[]>> {
  const out = new Map<number, PhotoHashes[]>()
  if (!ids.length) return out
  const rows = await db.db.select({ id: listingPhotos.listingId, h: listingPhotos.phashes }).from(listingPhotos)
    .where(and(inArray(listingPhotos.listingId, ids), eq(listingPhotos.kind, 'photo'), sql`${listingPhotos.phashes} IS NOT NULL`))
  for (const r of rows) out.set(Number(r.id), [...(out.get(Number(r.id)) ?? []), r.h!.map((x) => BigInt(x))])
  return out
}

/** Two ads show the same property when any photo of one is the same photo as any of the other. */
export function photosMatch(a: PhotoHashes[], b: PhotoHashes[]): boolean {
  for (const x of a) for (const y of b) if (photoDistance(x, y) <= SAME_PHOTO_BITS) return true
  return false
}

/** Live ads of the same category near the pin with about the same area (the listing itself excluded). */
export async function candidatesFor(db: DbHandle, l: { id: number; categoryId: number; lat: number; lon: number; area: number | null }): Promise<number[]> {
  const areaCond = l.area && l.area > 0
    ? sql`and l.area between ${l.area * (1 - AREA_TOLERANCE)} and ${l.area * (1 + AREA_TOLERANCE)}`
    : sql`and l.area is null`
  const r = await db.db.execute(sql`select l.id from listings l
    where l.status = 'active' and earth_box(ll_to_earth(${l.lat}, ${l.lon}), ${RADIUS_M}) @> ll_to_earth(l.lat, l.lon)
      and earth_distance(ll_to_earth(${l.lat}, ${l.lon}), ll_to_earth(l.lat, l.lon)) <= ${RADIUS_M}
      and l.category_id = ${l.categoryId} and l.id <> ${l.id} ${areaCond}
    limit ${MAX_CANDIDATES}`)
  return rowsOf(r).map((x) => Number(x.id))
}

/**
 * Finds the ads of the same property as `listingId` and records the group (merging groups an ad bridges). Returns
 * the group id, or null when no other ad matches. Run after a photo upload and on publication.
 */
export async function groupListing(db: DbHandle, listingId: number): Promise<number | null> {
  const [l] = await db.db.select({ id: listings.id, categoryId: listings.categoryId, lat: listings.lat, lon: listings.lon, area: listings.area })
    .from(listings).where(eq(listings.id, listingId))
  if (!l) return null
  const own = (await hashesOf(db, [l.id])).get(l.id) ?? []
  if (!own.length) return null
  const candidates = await candidatesFor(db, l)
  const hashes = await hashesOf(db, candidates)
  const matches = candidates.filter((id) => photosMatch(own, hashes.get(id) ?? []))
  if (!matches.length) return null
  return inTransaction(db, async (t) => {
    const tx = t.db
    const existing = await tx.select({ listingId: listingProperty.listingId, groupId: listingProperty.groupId }).from(listingProperty)
      .where(inArray(listingProperty.listingId, [l.id, ...matches]))
    const groupIds = [...new Set(existing.map((e) => Number(e.groupId)))].sort((a, b) => a - b)
    let group = groupIds[0]
    if (group === undefined) group = (await tx.insert(propertyGroups).values({}).returning({ id: propertyGroups.id }))[0]!.id
    // Bridged groups merge into the oldest.
    const others = groupIds.filter((g) => g !== group)
    if (others.length) {
      await tx.update(listingProperty).set({ groupId: group }).where(inArray(listingProperty.groupId, others))
      await tx.delete(propertyGroups).where(inArray(propertyGroups.id, others))
    }
    const inGroup = new Set(existing.map((e) => Number(e.listingId)))
    const fresh = [l.id, ...matches].filter((id) => !inGroup.has(id))
    if (fresh.length) await tx.insert(listingProperty).values(fresh.map((listingId) => ({ listingId, groupId: group! }))).onConflictDoUpdate({ target: listingProperty.listingId, set: { groupId: group! } })
    await refreshRepresentative(t, group!)
    return group!
  })
}

/**
 * 'ukryj duplikaty': the group's cheapest live ad (then the newest) represents it; the others get dup_hidden. Run
 * when the group changes and by the hourly sweep (prices and statuses change elsewhere).
 */
export async function refreshRepresentative(db: DbHandle, groupId: number): Promise<void> {
  await db.db.execute(sql`with members as (
      select l.id, (l.status = 'active' and (l.expires_at is null or l.expires_at > now())) as live, l.price, l.created_at
      from listings l join listing_property p on p.listing_id = l.id where p.group_id = ${groupId}
    ), best as (select id from members where live order by price asc, created_at desc, id desc limit 1)
    update listings set dup_hidden = (listings.id <> coalesce((select id from best), -1))
    from members where listings.id = members.id and listings.dup_hidden is distinct from (listings.id <> coalesce((select id from best), -1))`)
}

/** The hourly sweep: every group's representative again (a price change or an ended ad may move it). */
export async function refreshAllRepresentatives(db: DbHandle): Promise<number> {
  const groups = await db.db.select({ id: propertyGroups.id }).from(propertyGroups)
  for (const g of groups) await refreshRepresentative(db, g.id)
  return groups.length
}

/** The group of a listing for its page: the other ads (any status), their prices, the first sighting, all prices. */
export async function propertyOf(db: DbHandle, listingId: number, knownGroupId?: number) {
  const [m] = knownGroupId !== undefined
    ? [{ groupId: knownGroupId }]
    : await db.db.select({ groupId: listingProperty.groupId }).from(listingProperty).where(eq(listingProperty.listingId, listingId))
  if (!m) return null
  const members = await db.db.select({
    id: listings.id, slug: listings.slug, title: listings.title, price: listings.price, status: listings.status, expiresAt: listings.expiresAt,
    visibleFrom: listings.visibleFrom, createdAt: listings.createdAt, advertiser: users.name, type: users.type, companyName: users.companyName,
  }).from(listingProperty).innerJoin(listings, eq(listings.id, listingProperty.listingId)).innerJoin(users, eq(users.id, listings.userId))
    .where(eq(listingProperty.groupId, m.groupId)).orderBy(asc(listings.price), asc(listings.id))
  const history = await db.db.select({ listingId: listingPriceHistory.listingId, price: listingPriceHistory.price, changedAt: listingPriceHistory.changedAt })
    .from(listingPriceHistory).where(inArray(listingPriceHistory.listingId, members.map((x) => x.id))).orderBy(asc(listingPriceHistory.changedAt))
  return { groupId: Number(m.groupId), members, history }
}

/** After a photo upload: its hash, then the listing's group. Never fails the upload (logged by the caller). */
export async function hashPhotoAndGroup(db: DbHandle, photoId: number, listingId: number, image: Buffer): Promise<number | null> {
  const hashes = await photoHashes(image)
  await db.db.update(listingPhotos).set({ phashes: hashes }).where(eq(listingPhotos.id, photoId))
  return groupListing(db, listingId)
}
