import { z } from 'zod'
import { OFFER_TYPE_VALUES } from './catalogue/offer-types.ts'
import { ADVERTISERS } from './plain/listing.ts'

// Texts, constants and pure helpers live in plain/ (no zod), so the web's first paint can import them without
// loading zod (issue 16).
export * from './plain/listing.ts'

/** Photo sizes stored for every image: `/uploads/{key}/{size}.webp`. */
export const photoSchema = z.object({
  url: z.string(),
  srcset: z.string(),
  /** A tiny blurred data URI to show while the photo loads. */
  placeholder: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
})
export type Photo = z.infer<typeof photoSchema>

/** A listing as shown on cards and in search results (the spec's "Offer (summary)"). */
export const listingSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** Grosze. */
  price: z.number().int(),
  /** Grosze per m², null where area is unknown. */
  price_per_m2: z.number().int().nullable(),
  area: z.number().nullable(),
  rooms: z.number().int().nullable(),
  category: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
  offer_type: z.enum(OFFER_TYPE_VALUES),
  ad_type: z.enum(['offer', 'seek']),
  city: z.string(),
  district: z.string().nullable(),
  location_name: z.string(),
  lat: z.number(),
  lon: z.number(),
  photo: photoSchema.nullable(),
  photos_count: z.number().int(),
  is_promoted: z.boolean(),
  /** The paid PILNE / OKAZJA frame shown on the card (issue 11). */
  frame: z.enum(['urgent', 'bargain']).nullable().optional(),
  /** Who advertises ('Oferta prywatna', 'Biuro nieruchomości', 'Deweloper'), as the search's 'ogloszeniodawca' filter sees it. */
  advertiser: z.enum(ADVERTISERS).optional(),
  created_at: z.string(),
})
export type ListingSummary = z.infer<typeof listingSummarySchema>
