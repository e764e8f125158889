import { createHash } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { feedListings, listingMeta, listings, type DbHandle, type FeedPhotoRef } from '@portal/db'
import { isUniqueViolation } from '../accounts/lookup.ts'
import { inTransaction } from '../http/transaction.ts'
import { effectiveStatus, type ListingRow } from '../listings/access.ts'
import { logListingChanges } from '../listings/changes.ts'
import { contentEdited, expiryFrom, publishListing, recordPrice } from '../listings/lifecycle.ts'
import { listingColumns, newSlug } from '../listings/write.ts'
import { maskListingText } from '../moderation/blacklist.ts'
import type { FeedOffer } from './map.ts'
import { syncPhotos, type PhotoDeps, type PhotoSource } from './photos.ts'

/**
 * Writing one feed offer, keyed by (company, external id), for file imports and the partner API alike:
 * created → a published listing of the company; changed → updated in place (an ended or expired one runs again);
 * the same content as last time → nothing is written at all. Ending never deletes.
 */
export type ApplyResult = 'created' | 'updated' | 'unchanged'

export interface ApplyDeps extends PhotoDeps { userId: number; origin: 'file' | 'api'; photos: PhotoSource }

/** An unchanged offer needs nothing unless its listing ended or expired (the feed still offers it: it runs again). */
const REVIVE = new Set(['ended', 'expired'])
/** A moderator's decision stands: the feed updates the content but does not bring these back. */
const HELD = new Set(['rejected', 'suspended'])

function contentHash(offer: FeedOffer, photos: PhotoSource): string {
  const photoKeys = offer.photos.map((p) => photos.key(p) ?? `missing:${p}`)
  return createHash('sha256').update(JSON.stringify({ ...offer, photos: photoKeys })).digest('hex')
}

async function insertListing(tx: DbHandle, values: Omit<typeof listings.$inferInsert, 'slug'>, title: string): Promise<ListingRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await tx.db.transaction(async (sp) => (await sp.insert(listings).values({ ...values, slug: newSlug(title) }).returning())[0]!)
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 4) throw err
    }
  }
}

/**
 * `deferPhotos`: write the listing now and leave its photos to a job (the partner API answers at once); the stored
 * hash then marks the offer as not yet complete, so the job's second apply of the same offer fetches them.
 */
export async function applyOffer(deps: ApplyDeps, offer: FeedOffer, opts: { deferPhotos?: boolean } = {}): Promise<{ result: ApplyResult; listing: ListingRow; warnings: string[] }> {
  const { db, userId } = deps
  const hash = contentHash(offer, deps.photos)
  const [known] = await db.db.select({ feed: feedListings, listing: listings }).from(feedListings)
    .innerJoin(listings, eq(listings.id, feedListings.listingId))
    .where(and(eq(feedListings.userId, userId), eq(feedListings.externalId, offer.externalId))).limit(1)
  const same = known && (known.feed.contentHash === hash || (opts.deferPhotos && known.feed.contentHash === `pending:${hash}`))
  if (same && !REVIVE.has(effectiveStatus(known.listing))) {
    return { result: 'unchanged', listing: known.listing, warnings: [] }
  }
  const text = await maskListingText(db, { title: offer.title, description: offer.description })
  const columns = listingColumns({
    title: text.title, description: text.description, category_id: offer.categoryId, offer_type: offer.offerType,
    ad_type: 'offer', price: offer.price, location: offer.location, links: {}, attributes: offer.attributes,
  })
  let listing: ListingRow
  let result: ApplyResult
  if (!known) {
    try {
      listing = await inTransaction(db, async (tx) => {
        const row = await insertListing(tx, { ...columns, userId, status: 'draft' }, columns.title)
        await tx.db.insert(listingMeta).values({ listingId: row.id })
        await recordPrice(tx, row.id, row.price)
        // The hash is written after the photos: a run stopped halfway does them again.
        await tx.db.insert(feedListings).values({ userId, externalId: offer.externalId, listingId: row.id, origin: deps.origin, contentHash: '' })
        await publishListing(tx, row, { quiet: true })
        const [fresh] = await tx.db.select().from(listings).where(eq(listings.id, row.id))
        return fresh!
      })
    } catch (err) {
      // Another run created it a moment ago: update that one instead.
      if (isUniqueViolation(err)) return applyOffer(deps, offer, opts)
      throw err
    }
    result = 'created'
  } else {
    const before = known.listing
    listing = await inTransaction(db, async (tx) => {
      const status = effectiveStatus(before)
      const revive = REVIVE.has(status)
      const [row] = await tx.db.update(listings).set({
        ...columns, updatedAt: sql`now()`,
        ...(revive ? { status: 'active' as const, expiresAt: expiryFrom(null) } : {}),
      }).where(eq(listings.id, before.id)).returning()
      if (revive) await tx.db.update(listingMeta).set({ endedAt: null }).where(eq(listingMeta.listingId, before.id))
      // The description and links are not seen by the change-log triggers; cached listing pages must be.
      await logListingChanges(tx, [before.id])
      if (Number(row!.price) !== Number(before.price)) await recordPrice(tx, before.id, row!.price)
      const contentChanged = row!.title !== before.title || row!.description !== before.description
      if (contentChanged && !revive && !HELD.has(status)) await contentEdited(tx, { ...row!, status: before.status })
      await tx.db.update(feedListings).set({ origin: deps.origin, updatedAt: sql`now()` })
        .where(and(eq(feedListings.userId, userId), eq(feedListings.externalId, offer.externalId)))
      return row!
    })
    result = 'updated'
  }
  if (opts.deferPhotos) {
    await db.db.update(feedListings).set({ contentHash: `pending:${hash}` })
      .where(and(eq(feedListings.userId, userId), eq(feedListings.externalId, offer.externalId)))
    return { result, listing, warnings: [] }
  }
  const current: FeedPhotoRef[] = known?.feed.photos ?? []
  const { refs, warnings } = await syncPhotos(deps, listing.id, current, offer.photos, deps.photos)
  await db.db.update(feedListings).set({ contentHash: hash, photos: refs })
    .where(and(eq(feedListings.userId, userId), eq(feedListings.externalId, offer.externalId)))
  return { result, listing, warnings }
}

/** Ends the company's listing of this external id; 'missing' when the company has none, 'unchanged' when it already ended. */
export async function endOffer(db: DbHandle, userId: number, externalId: string): Promise<{ result: 'ended' | 'unchanged' | 'missing'; listing?: ListingRow }> {
  const [known] = await db.db.select({ listing: listings }).from(feedListings)
    .innerJoin(listings, eq(listings.id, feedListings.listingId))
    .where(and(eq(feedListings.userId, userId), eq(feedListings.externalId, externalId))).limit(1)
  if (!known) return { result: 'missing' }
  if (!['draft', 'awaiting_payment', 'active', 'pending', 'expired'].includes(effectiveStatus(known.listing))) {
    return { result: 'unchanged', listing: known.listing }
  }
  await endListing(db, known.listing.id)
  return { result: 'ended', listing: { ...known.listing, status: 'ended' } }
}

export async function endListing(db: DbHandle, listingId: number): Promise<void> {
  await db.db.update(listings).set({ status: 'ended', updatedAt: sql`now()` }).where(eq(listings.id, listingId))
  await db.db.insert(listingMeta).values({ listingId, endedAt: new Date(), pendingActivation: false })
    .onConflictDoUpdate({ target: listingMeta.listingId, set: { endedAt: new Date(), pendingActivation: false } })
}
