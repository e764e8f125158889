import { z } from 'zod'

// Texts, constants and pure helpers live in plain/ (no zod), so the web's first paint can import them without
// loading zod (issue 16).
export * from './plain/property.ts'

/** One property, many ads (issue 13): the group a listing belongs to, for its page. */
export const propertyGroupSchema = z.object({
  /** Live ads of the property, this one included. */
  count: z.number().int(),
  first_seen_at: z.string(),
  listings: z.array(z.object({
    id: z.number().int(), slug: z.string(), title: z.string(), price: z.number(), advertiser: z.string(),
    created_at: z.string(), current: z.boolean(),
  })),
  /** Every price of every ad of the property (ended ones included), oldest first. */
  price_history: z.array(z.object({ listing_id: z.number().int(), price: z.number(), changed_at: z.string() })),
})
export type PropertyGroup = z.infer<typeof propertyGroupSchema>

