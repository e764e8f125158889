import { and, count, desc, eq, inArray, sql } from 'drizzle-orm'
import { favorites, listings, type Db } from '@portal/db'
import type { ListingSummary } from '@portal/contracts/listing'
import { listSummaries, publicListingCondition } from '../listings/summary.ts'

/**
 * Favourite listings (the heart). Rows stay when a listing ends or expires (it may come back when renewed);
 * lists and id sets only show listings visitors may still see. Deleting a listing or a user cascades.
 */

/** Add `listingId` for `userId` when the listing is public: 'created', 'exists' (idempotent) or 'not_found'. */
export async function addFavorite(db: Db, userId: number, listingId: number): Promise<'created' | 'exists' | 'not_found'> {
  // One statement: the visibility check and the insert cannot race with a deletion (no FK error, just no row).
  const inserted = await db.insert(favorites)
    .select(db.select({ userId: sql<number>`${userId}::integer`.as('user_id'), listingId: listings.id, createdAt: sql<Date>`now()`.as('created_at') })
      .from(listings).where(and(eq(listings.id, listingId), publicListingCondition())))
    .onConflictDoNothing()
    .returning({ listingId: favorites.listingId })
  if (inserted.length) return 'created'
  const [visible] = await db.select({ id: listings.id }).from(listings)
    .where(and(eq(listings.id, listingId), publicListingCondition())).limit(1)
  return visible ? 'exists' : 'not_found'
}

export async function removeFavorite(db: Db, userId: number, listingId: number): Promise<void> {
  await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.listingId, listingId)))
}

const visibleFavoritesOf = (userId: number) => and(eq(favorites.userId, userId), publicListingCondition())!

/** Ids of the user's favourites that are still public, newest favourite first. */
export async function favoriteIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db.select({ id: favorites.listingId }).from(favorites)
    .innerJoin(listings, eq(listings.id, favorites.listingId))
    .where(visibleFavoritesOf(userId))
    .orderBy(desc(favorites.createdAt), desc(favorites.listingId))
  return rows.map((r) => Number(r.id))
}

/** One page of the user's public favourites as cards, newest favourite first, and how many there are. */
export async function favoritesPage(db: Db, userId: number, page: number, perPage: number): Promise<{ data: ListingSummary[]; total: number }> {
  const [totalRow] = await db.select({ n: count() }).from(favorites)
    .innerJoin(listings, eq(listings.id, favorites.listingId)).where(visibleFavoritesOf(userId))
  const total = Number(totalRow?.n ?? 0)
  const pageIds = (await db.select({ id: favorites.listingId }).from(favorites)
    .innerJoin(listings, eq(listings.id, favorites.listingId))
    .where(visibleFavoritesOf(userId))
    .orderBy(desc(favorites.createdAt), desc(favorites.listingId))
    .limit(perPage).offset((page - 1) * perPage)).map((r) => Number(r.id))
  if (!pageIds.length) return { data: [], total }
  // The shared card mapper (photos included); it orders by listing, so put the rows back in favourite order.
  const summaries = await listSummaries(db, inArray(listings.id, pageIds), pageIds.length, 0)
  const byId = new Map(summaries.map((s) => [s.id, s]))
  return { data: pageIds.map((id) => byId.get(id)).filter((s): s is ListingSummary => !!s), total }
}

/** Whether the user has this listing among their favourites (any status: the owner may be previewing it). */
export async function isFavorite(db: Db, userId: number | null | undefined, listingId: number): Promise<boolean> {
  if (!userId) return false
  const [row] = await db.select({ id: favorites.listingId }).from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.listingId, listingId))).limit(1)
  return !!row
}

/** How many users keep each of these listings as a favourite (listings without any are absent → 0). */
export async function favoriteCounts(db: Db, listingIds: number[]): Promise<Map<number, number>> {
  if (!listingIds.length) return new Map()
  const rows = await db.select({ id: favorites.listingId, n: count() }).from(favorites)
    .where(inArray(favorites.listingId, listingIds)).groupBy(favorites.listingId)
  return new Map(rows.map((r) => [Number(r.id), Number(r.n)]))
}
