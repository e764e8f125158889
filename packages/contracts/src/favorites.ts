import { z } from 'zod'
import { listingSummarySchema } from './listing.ts'
import { FAVORITE_MESSAGES, FAVORITES_MAX_PER_PAGE } from './plain/favorites.ts'
import { priceChangeSchema } from './watch.ts'

// Texts, constants and pure helpers live in plain/ (no zod), so the web's first paint can import them without
// loading zod (issue 16).
export * from './plain/favorites.ts'

const offerId = z.number({ error: FAVORITE_MESSAGES.offerIdInvalid })
  .int({ error: FAVORITE_MESSAGES.offerIdInvalid })
  .positive({ error: FAVORITE_MESSAGES.offerIdInvalid })
  .max(Number.MAX_SAFE_INTEGER, { error: FAVORITE_MESSAGES.offerIdInvalid })

/** POST /api/favorites — an id sent as a JSON number (or a string of digits, as forms send it). */
export const addFavoriteSchema = z.object({
  offer_id: z.union([offerId, z.string().regex(/^\d{1,15}$/).transform(Number).pipe(offerId)], { error: FAVORITE_MESSAGES.offerIdInvalid }),
})
export type AddFavorite = z.input<typeof addFavoriteSchema>

export const favoriteParamsSchema = z.object({
  offerId: z.string().regex(/^\d{1,15}$/, FAVORITE_MESSAGES.offerIdInvalid).transform(Number).pipe(offerId),
})

const intQuery = (field: string, min: number, max: number) =>
  z.string().regex(/^\d{1,9}$/, `Pole ${field} musi być liczbą całkowitą od ${min} do ${max}.`).transform(Number)
    .pipe(z.number().int().min(min, `Pole ${field} musi być liczbą całkowitą od ${min} do ${max}.`)
      .max(max, `Pole ${field} musi być liczbą całkowitą od ${min} do ${max}.`))

/** GET /api/favorites query. */
export const favoritesQuerySchema = z.object({
  page: intQuery('page', 1, 100_000).optional(),
  per_page: intQuery('per_page', 1, FAVORITES_MAX_PER_PAGE).optional(),
})

export const favoritesPageSchema = z.object({
  data: z.array(listingSummarySchema),
  /** The last price change of the page's listings that had one (decision 067). */
  price_changes: z.array(priceChangeSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  last_page: z.number().int(),
})
export type FavoritesPage = z.infer<typeof favoritesPageSchema>

export const favoriteIdsSchema = z.object({ ids: z.array(z.number().int()) })
export type FavoriteIds = z.infer<typeof favoriteIdsSchema>

/** Answer of POST: `created` false when it already was a favourite (200 instead of 201). */
export const favoriteAddedSchema = z.object({ offer_id: z.number().int(), is_favorite: z.literal(true), created: z.boolean() })
