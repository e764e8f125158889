import { and, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm'
import { listings, savedSearches, type Db } from '@portal/db'
import { CATEGORY_BY_ID, offerTypeInfo } from '@portal/contracts/catalogue'
import { normalizeFilters } from '@portal/contracts/saved-searches'
import { newUnsubscribeToken } from './saved-searches.ts'

/**
 * Wanted ads (ad-type seek-property) alert their authors like saved searches do: each active wanted ad has a saved
 * search (source_listing_id) built from it — its category, transaction, place (10 km around it) and, when given,
 * its price as the budget — with daily alerts. It is not listed among the user's saved searches; it stops when the
 * ad stops being active and is removed with the ad.
 */
export function wantedFilters(l: Pick<typeof listings.$inferSelect, 'categoryId' | 'offerType' | 'lat' | 'lon' | 'city' | 'price'>): Record<string, string> {
  const cat = CATEGORY_BY_ID.get(l.categoryId)
  const raw: Record<string, string> = {
    typ: offerTypeInfo(l.offerType).slug,
    ...(cat ? { kategoria: cat.urlSlug ?? cat.slug } : {}),
    'lokalizacja[lat]': String(l.lat), 'lokalizacja[lon]': String(l.lon), 'lokalizacja[nazwa]': l.city,
    ...(l.price > 0 ? { 'cena[max]': String(Math.round(l.price / 100)) } : {}),
  }
  return normalizeFilters(raw).filters
}

export const WANTED_PERIOD = 1

/** Creates the saved searches of new active wanted ads and switches off those whose ad is no longer active. */
export async function syncWantedSearches(db: Db): Promise<{ created: number; stopped: number }> {
  const fresh = await db.select({
    id: listings.id, userId: listings.userId, title: listings.title, categoryId: listings.categoryId, offerType: listings.offerType,
    lat: listings.lat, lon: listings.lon, city: listings.city, price: listings.price,
  }).from(listings)
    .leftJoin(savedSearches, eq(savedSearches.sourceListingId, listings.id))
    .where(and(eq(listings.adType, 'seek'), eq(listings.status, 'active'), isNull(savedSearches.id)))
    .limit(1000)
  const now = new Date()
  if (fresh.length) {
    await db.insert(savedSearches).values(fresh.map((l) => ({
      userId: l.userId, name: l.title.slice(0, 200), filters: wantedFilters(l), period: WANTED_PERIOD, notification: true,
      sourceListingId: l.id, unsubscribeToken: newUnsubscribeToken(), checkedUntil: now, lastSeenAt: now,
      nextAlertAt: new Date(now.getTime() + WANTED_PERIOD * 24 * 3600_000),
    }))).onConflictDoNothing()
  }
  const stale = await db.select({ id: savedSearches.id }).from(savedSearches)
    .innerJoin(listings, eq(listings.id, savedSearches.sourceListingId))
    .where(and(isNotNull(savedSearches.sourceListingId), eq(savedSearches.notification, true), ne(listings.status, 'active')))
  if (stale.length) {
    await db.update(savedSearches).set({ notification: false, nextAlertAt: null })
      .where(inArray(savedSearches.id, stale.map((s) => s.id)))
  }
  return { created: fresh.length, stopped: stale.length }
}
