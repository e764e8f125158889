import { and, count, eq } from 'drizzle-orm'
import { investments, investmentUnits, type DbHandle, type InvestmentPhoto } from '@portal/db'
import type { OfferInvestment } from '@portal/contracts/offer'
import { logListingChanges } from '../listings/changes.ts'

/**
 * The investment a unit listing belongs to, for its page (issue 27): name, status, completion and the units still
 * available, linking to /inwestycje/{slug}; and the gallery, which the page shows when the unit has no photos of its
 * own (developers photograph the building, not each flat). Null for any other listing.
 */
export async function investmentOfListing(db: DbHandle, listingId: number): Promise<{ card: OfferInvestment; photos: InvestmentPhoto[] } | null> {
  const [row] = await db.db.select({
    id: investments.id, slug: investments.slug, name: investments.name, status: investments.status,
    completionDate: investments.completionDate, photos: investments.photos,
  }).from(investmentUnits).innerJoin(investments, eq(investments.id, investmentUnits.investmentId))
    .where(eq(investmentUnits.listingId, listingId)).limit(1)
  if (!row) return null
  const [left] = await db.db.select({ n: count() }).from(investmentUnits)
    .where(and(eq(investmentUnits.investmentId, row.id), eq(investmentUnits.status, 'dostepne')))
  return {
    card: { slug: row.slug, name: row.name, status: row.status, completion_date: row.completionDate ?? null, units_available: Number(left?.n ?? 0) },
    photos: row.photos,
  }
}

/** The gallery changed: unit pages that show it (cached for guests, decision 029) are dropped through the change log. */
export async function galleryChanged(db: DbHandle, investmentId: number): Promise<void> {
  const units = await db.db.select({ id: investmentUnits.listingId }).from(investmentUnits).where(eq(investmentUnits.investmentId, investmentId))
  await logListingChanges(db, units.map((u) => u.id))
}
