import { eq, sql } from 'drizzle-orm'
import { listings, perHandle, type DbHandle, type InvestmentPhoto } from '@portal/db'
import type { OfferInvestment } from '@portal/contracts/offer'
import type { PhotoFields } from './read.ts'

export interface PageExtras {
  photos: PhotoFields[]
  history: { price: number; changed_at: string }[]
  favourites: number
  viewings: boolean
  investment: { card: OfferInvestment; photos: InvestmentPhoto[] } | null
  /** In a property group (issue 13): only then can GET /api/offers/:id/property answer other ads of it. */
  propertyGroup: boolean
}

/**
 * The statement, prepared once per database handle (as findListing's): ~1.5 ms of PostgreSQL's parsing and planning
 * per uncached listing page before, and drizzle's building of it on the main thread.
 */
const extrasOf = perHandle((db) => {
  const id = sql.placeholder('id')
  return db.select({
    photos: sql`coalesce((select json_agg(json_build_object('id', p.id, 'kind', p.kind, 'position', p.position, 'storageKey', p.storage_key,
        'width', p.width, 'height', p.height, 'placeholder', p.placeholder) order by p.position, p.id)
      from listing_photos p where p.listing_id = ${id}), '[]'::json)`,
    history: sql`coalesce((select json_agg(json_build_object('price', h.price, 'at', floor(extract(epoch from h.changed_at) * 1000)) order by h.changed_at, h.id)
      from listing_price_history h where h.listing_id = ${id}), '[]'::json)`,
    favourites: sql<number>`(select count(*) from favorites f where f.listing_id = ${id})::int`,
    viewings: sql<boolean>`(exists (select 1 from viewing_settings where listing_id = ${id})
      or exists (select 1 from viewing_open_days where listing_id = ${id} and ends_at > now()))`,
    investment: sql`(select json_build_object('slug', i.slug, 'name', i.name, 'status', i.status, 'completion_date', i.completion_date,
        'units_available', (select count(*) from investment_units a where a.investment_id = i.id and a.status = 'dostepne'),
        'photos', i.photos)
      from investment_units u join investments i on i.id = u.investment_id where u.listing_id = ${id} limit 1)`,
    propertyGroup: sql<boolean>`exists (select 1 from listing_property lp where lp.listing_id = ${id})`,
  }).from(listings).where(eq(listings.id, id)).prepare('listing_page_extras')
})

/**
 * What the listing page shows beside the listing row, in one statement (decision 097): its photos, price history,
 * how many keep it as a favourite, whether it takes viewings (hours set, or an open day ahead), the investment a unit
 * belongs to with the units still available, and whether it is in a property group. Five round trips (six for a unit)
 * before; each cost the main thread a query's building, writing and parsing, on every render of a listing page the
 * page cache does not hold. The same answers as listingPhotoFieldss, priceHistory, favouritesCount, takesViewings,
 * investmentOfListing and a listing_property row (page-extras.test).
 */
export async function pageExtras(db: DbHandle, listingId: number): Promise<PageExtras> {
  // No row: the listing went between its read and this one; the page then shows none of these.
  const row = (await extrasOf(db.db).execute({ id: listingId }))[0]
    ?? { photos: [], history: [], favourites: 0, viewings: false, investment: null, propertyGroup: false }
  const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T
  const inv = json<(OfferInvestment & { photos: InvestmentPhoto[] }) | null>(row.investment)
  return {
    photos: json<PhotoFields[]>(row.photos).map((p) => ({ ...p, id: Number(p.id) })),
    history: json<{ price: number | string; at: number | string }[]>(row.history)
      .map((h) => ({ price: Number(h.price), changed_at: new Date(Number(h.at)).toISOString() })),
    favourites: Number(row.favourites),
    viewings: !!row.viewings,
    investment: inv && {
      card: { slug: inv.slug, name: inv.name, status: inv.status, completion_date: inv.completion_date ?? null, units_available: Number(inv.units_available) },
      photos: inv.photos,
    },
    propertyGroup: !!row.propertyGroup,
  }
}
