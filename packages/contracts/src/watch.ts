import { z } from 'zod'
import { WATCH_MESSAGES } from './plain/watch.ts'

export * from './plain/watch.ts'

/** GET/PUT /api/user/watch-settings. */
export const watchSettingsSchema = z.object({
  email_digest: z.boolean({ error: 'Pole email_digest musi mieć wartość true albo false.' }),
})
export type WatchSettings = z.infer<typeof watchSettingsSchema>

export const followedInvestmentParamsSchema = z.object({
  id: z.string().regex(/^\d{1,10}$/, WATCH_MESSAGES.idInvalid).transform(Number)
    .pipe(z.number().int().positive(WATCH_MESSAGES.idInvalid).max(2_147_483_647, WATCH_MESSAGES.idInvalid)),
})

export const followedInvestmentSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  city: z.string(),
  location_name: z.string(),
  status: z.string(),
  units_available: z.number().int(),
  price_from: z.number().int().nullable(),
  followed_at: z.string(),
})
export type FollowedInvestment = z.infer<typeof followedInvestmentSchema>
export const followedInvestmentsSchema = z.object({ data: z.array(followedInvestmentSchema) })
export const followStateSchema = z.object({ id: z.number().int(), followed: z.boolean() })
export type FollowState = z.infer<typeof followStateSchema>

export const priceChangeSchema = z.object({ offer_id: z.number().int(), old_price: z.number().int(), new_price: z.number().int(), at: z.string() })
