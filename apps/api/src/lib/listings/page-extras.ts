import { sql } from 'drizzle-orm'
import { rowsOf, type DbHandle, type InvestmentPhoto } from '@portal/db'
import type { OfferInvestment } from '@portal/contracts/offer'
import type { PhotoFields } from './read.ts'

export interface PageExtras {
  photos: PhotoFields[]
  history: { price: number; changed_at: string }[]
  favourites: number
  viewings: boolean
  investment: { card: OfferInvestment; photos: InvestmentPhoto[] } | null
}

/**
 * What the listing page shows beside the listing row, in one statement (decision 097): its photos, price history,
 * how many keep it as a favourite, whether it takes viewings (hours set, or an open day ahead), and the investment a
 * unit belongs to with the units still available. Five round trips (six for a unit) before; each cost the main
 * thread a query's building, writing and parsing, on every render of a listing page the page cache does not hold.
 * The same answers as listingPhotoFieldss, priceHistory, favouritesCount, takesViewings and investmentOfListing.
 */
export async function pageExtras(db: DbHandle, listingId: number): Promise<PageExtras> {
  const [row] = rowsOf<{ photos: unknown; history: unknown; favourites: number; viewings: boolean; investment: unknown }>(await db.db.execute(sql`select
    coalesce((select json_agg(json_build_object('id', p.id, 'kind', p.kind, 'position', p.position, 'storageKey', p.storage_key,
        'width', p.width, 'height', p.height, 'placeholder', p.placeholder) order by p.position, p.id)
      from listing_photos p where p.listing_id = ${listingId}), '[]'::json) as photos,
    coalesce((select json_agg(json_build_object('price', h.price, 'at', floor(extract(epoch from h.changed_at) * 1000)) order by h.changed_at, h.id)
      from listing_price_history h where h.listing_id = ${listingId}), '[]'::json) as history,
    (select count(*) from favorites f where f.listing_id = ${listingId})::int as favourites,
    (exists (select 1 from viewing_settings where listing_id = ${listingId})
      or exists (select 1 from viewing_open_days where listing_id = ${listingId} and ends_at > now())) as viewings,
    (select json_build_object('slug', i.slug, 'name', i.name, 'status', i.status, 'completion_date', i.completion_date,
        'units_available', (select count(*) from investment_units a where a.investment_id = i.id and a.status = 'dostepne'),
        'photos', i.photos)
      from investment_units u join investments i on i.id = u.investment_id where u.listing_id = ${listingId} limit 1) as investment`))
  const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T
  const inv = json<(OfferInvestment & { photos: InvestmentPhoto[] }) | null>(row!.investment)
  return {
    photos: json<PhotoFields[]>(row!.photos).map((p) => ({ ...p, id: Number(p.id) })),
    history: json<{ price: number | string; at: number | string }[]>(row!.history)
      .map((h) => ({ price: Number(h.price), changed_at: new Date(Number(h.at)).toISOString() })),
    favourites: Number(row!.favourites),
    viewings: !!row!.viewings,
    investment: inv && {
      card: { slug: inv.slug, name: inv.name, status: inv.status, completion_date: inv.completion_date ?? null, units_available: Number(inv.units_available) },
      photos: inv.photos,
    },
  }
}
