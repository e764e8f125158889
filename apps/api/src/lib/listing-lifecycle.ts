import { and, eq, lte, sql } from 'drizzle-orm'
import { listingMeta, listingPriceHistory, listings, type DbHandle } from '@portal/db'
import { OFFER_DURATION_DAYS } from '@portal/contracts/offer'
import type { ListingRow } from './listing-access.ts'

/**
 * Status lifecycle (docs/decisions/008-listing-lifecycle.md):
 *   draft ──publish──▶ active (hidden until visible_from) ──30 days──▶ expired ──renew──▶ active
 *     │                   └──end──▶ ended                              └──end──▶ ended
 *     └─(guest) pending_activation: published by itself when the account is activated.
 * The paid step plugs in at `publishTarget`: once a package/price exists it answers 'awaiting_payment' and the
 * payment callback (a later issue) calls `activateListing` after verifying the gateway's signature.
 */
const DAY_MS = 24 * 3600_000

/** Where a publish goes. Free for now; the payment issue decides per category/user/package. */
export function publishTarget(_listing: Pick<ListingRow, 'categoryId' | 'userId'>): 'active' | 'awaiting_payment' {
  return 'active'
}

/** The listing runs 30 days from when visitors can first see it (now, or visible_from when that is later). */
export function expiryFrom(visibleFrom: Date | string | null): Date {
  const start = Math.max(Date.now(), visibleFrom ? new Date(visibleFrom).getTime() : 0)
  return new Date(start + OFFER_DURATION_DAYS * DAY_MS)
}

async function upsertMeta(db: DbHandle, listingId: number, set: Partial<typeof listingMeta.$inferInsert>) {
  await db.db.insert(listingMeta).values({ listingId, ...set })
    .onConflictDoUpdate({ target: listingMeta.listingId, set })
}

export async function activateListing(db: DbHandle, listing: Pick<ListingRow, 'id' | 'visibleFrom'>): Promise<void> {
  await db.db.update(listings)
    .set({ status: 'active', expiresAt: expiryFrom(listing.visibleFrom), updatedAt: sql`now()` })
    .where(eq(listings.id, listing.id))
  await upsertMeta(db, listing.id, { pendingActivation: false, creatorSessionId: null, publishedAt: new Date() })
}

/** Publish a draft: active (or awaiting_payment once payments exist). */
export async function publishListing(db: DbHandle, listing: ListingRow): Promise<void> {
  if (publishTarget(listing) === 'awaiting_payment') {
    await db.db.update(listings).set({ status: 'awaiting_payment', updatedAt: sql`now()` }).where(eq(listings.id, listing.id))
    return
  }
  await activateListing(db, listing)
}

/** A guest's account was activated: its listings waiting for that go live (called from complete-registration). */
export async function publishPendingListings(db: DbHandle, userId: number): Promise<number> {
  const rows = await db.db.select({ listing: listings }).from(listings)
    .innerJoin(listingMeta, eq(listingMeta.listingId, listings.id))
    .where(and(eq(listings.userId, userId), eq(listingMeta.pendingActivation, true), eq(listings.status, 'draft')))
  for (const { listing } of rows) await publishListing(db, listing)
  return rows.length
}

export async function recordPrice(db: DbHandle, listingId: number, price: number): Promise<void> {
  await db.db.insert(listingPriceHistory).values({ listingId, price })
}

/** The hourly sweep: active listings past expires_at become 'expired' (reads already treat them so). */
export async function expireListings(db: DbHandle): Promise<number> {
  const rows = await db.db.update(listings).set({ status: 'expired', updatedAt: sql`now()` })
    .where(and(eq(listings.status, 'active'), lte(listings.expiresAt, sql`now()`))).returning({ id: listings.id })
  return rows.length
}

/** Renewal restarts the 30 days from now: for running, expired and ended listings. */
export const RENEWABLE: readonly string[] = ['active', 'expired', 'ended']
export const ENDABLE: readonly string[] = ['draft', 'awaiting_payment', 'active', 'expired']
