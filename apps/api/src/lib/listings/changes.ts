import { listingChanges, type DbHandle } from '@portal/db'

/**
 * Names listings in the change log for a write its triggers do not see: they fire on the searchable and card columns
 * (migration 0013), not on the description, links, agent or owner. Listing pages in every instance's page cache are
 * dropped by this log (decision 029); the search index re-reads the listings too, which is harmless.
 */
export async function logListingChanges(db: DbHandle, ids: number[]): Promise<void> {
  if (!ids.length) return
  await db.db.insert(listingChanges).values(ids.map((listingId) => ({ listingId })))
}
