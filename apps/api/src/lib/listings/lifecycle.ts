import { and, eq, lte, sql } from 'drizzle-orm'
import { listingMeta, listingPriceHistory, listings, type DbHandle } from '@portal/db'
import { OFFER_DURATION_DAYS } from '@portal/contracts/offer'
import type { ListingRow } from './access.ts'
import { enqueueReview, moderationModeFor } from './review.ts'
import { needsPayment } from './promotion.ts'
import { notifyListingEvent, notifyListingsExpired } from '../notifications/listing-events.ts'

/**
 * Status lifecycle (docs/decisions/008-listing-lifecycle.md):
 *   draft ──publish──▶ active (hidden until visible_from) ──30 days──▶ expired ──renew──▶ active
 *     │                   └──end──▶ ended                              └──end──▶ ended
 *     └─(guest) pending_activation: published by itself when the account is activated.
 * The paid step: `publishTarget` answers 'awaiting_payment' while the listing's bill (package, frames, a later
 * visible-from date: promotion.ts) has something unpaid; the verified, idempotent payment booking then calls
 * `activateListing` (decision 023).
 */
const DAY_MS = 24 * 3600_000

/** Where a publish goes: straight to active when nothing is to be paid, else waiting for the payment. */
export async function publishTarget(db: DbHandle, listing: Pick<ListingRow, 'id' | 'visibleFrom'>): Promise<'active' | 'awaiting_payment'> {
  return (await needsPayment(db, listing)) ? 'awaiting_payment' : 'active'
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

/** `quiet`: no bell notification (a feed import reports its listings in the run's report instead, not one bell each). */
export interface PublishOptions { quiet?: boolean }

export async function activateListing(db: DbHandle, listing: Pick<ListingRow, 'id' | 'visibleFrom'>, opts: PublishOptions = {}): Promise<void> {
  await db.db.update(listings)
    .set({ status: 'active', expiresAt: expiryFrom(listing.visibleFrom), updatedAt: sql`now()` })
    .where(eq(listings.id, listing.id))
  await upsertMeta(db, listing.id, { pendingActivation: false, creatorSessionId: null, publishedAt: new Date() })
  const later = listing.visibleFrom && new Date(listing.visibleFrom).getTime() > Date.now()
  if (!opts.quiet) await notifyListingEvent(db, listing.id, later ? 'scheduled' : 'activated')
}

/**
 * Publish a draft: awaiting_payment once payments exist; otherwise per the category's moderation mode either
 * 'pending' (pre-moderation: waits in the queue) or active at once and queued for review (post-moderation).
 */
export async function publishListing(db: DbHandle, listing: ListingRow, opts: PublishOptions = {}): Promise<void> {
  if ((await publishTarget(db, listing)) === 'awaiting_payment') {
    await db.db.update(listings).set({ status: 'awaiting_payment', updatedAt: sql`now()` }).where(eq(listings.id, listing.id))
    return
  }
  await goLive(db, listing, opts)
}

/** Past the payment step: live, or to the moderators first when the category is pre-moderated. */
export async function goLive(db: DbHandle, listing: ListingRow, opts: PublishOptions = {}): Promise<void> {
  const mode = await moderationModeFor(db, listing.categoryId)
  if (mode === 'pre') {
    await db.db.update(listings).set({ status: 'pending', updatedAt: sql`now()` }).where(eq(listings.id, listing.id))
    await upsertMeta(db, listing.id, { pendingActivation: false, creatorSessionId: null })
  } else {
    await activateListing(db, listing, opts)
  }
  await enqueueReview(db, listing.id, mode, 'new')
}

/**
 * The owner changed the content (title, description, links) of a listing that is live, waiting or rejected:
 * a rejected one always goes back to the queue; under pre-moderation a live one waits again ('pending'), under
 * post-moderation it stays live and is queued for review. Drafts and ended listings are not reviewed.
 */
export async function contentEdited(db: DbHandle, listing: ListingRow): Promise<void> {
  if (!['active', 'pending', 'rejected', 'expired'].includes(listing.status)) return
  const mode = await moderationModeFor(db, listing.categoryId)
  if (listing.status === 'rejected' || (mode === 'pre' && listing.status === 'active')) {
    const status = mode === 'pre' ? 'pending' : 'active'
    await db.db.update(listings).set({
      status, updatedAt: sql`now()`,
      ...(status === 'active' ? { expiresAt: expiryFrom(listing.visibleFrom) } : {}),
    }).where(eq(listings.id, listing.id))
  }
  await enqueueReview(db, listing.id, mode, 'edit')
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

/** The hourly sweep: active listings past expires_at become 'expired' (reads already treat them so); owners are notified. */
export async function expireListings(db: DbHandle): Promise<number> {
  const rows = await db.db.update(listings).set({ status: 'expired', updatedAt: sql`now()` })
    .where(and(eq(listings.status, 'active'), lte(listings.expiresAt, sql`now()`)))
    .returning({ id: listings.id, userId: listings.userId, title: listings.title })
  await notifyListingsExpired(db, rows)
  return rows.length
}

/** Renewal restarts the 30 days from now: for running, expired and ended listings. */
export const RENEWABLE: readonly string[] = ['active', 'expired', 'ended']
export const ENDABLE: readonly string[] = ['draft', 'awaiting_payment', 'active', 'expired']
