import { z } from 'zod'
import { FAVORITE_USER_MESSAGES } from './plain/favorite-users.ts'

// Texts, constants and pure helpers live in plain/ (no zod), so the web's first paint can import them without
// loading zod (issue 16).
export * from './plain/favorite-users.ts'

export const favoriteUserParamsSchema = z.object({
  id: z.string().regex(/^\d{1,9}$/, FAVORITE_USER_MESSAGES.idInvalid).transform(Number),
})

export const favoriteUsersQuerySchema = z.object({
  type: z.enum(['user', 'agency', 'developer', 'hotel'], { error: FAVORITE_USER_MESSAGES.typeInvalid }).optional(),
  page: z.string().regex(/^\d{1,6}$/, 'Pole page musi być liczbą całkowitą od 1.').transform(Number).pipe(z.number().int().min(1, 'Pole page musi być liczbą całkowitą od 1.')).optional(),
})

export const favoriteUserSchema = z.object({
  id: z.number().int(), name: z.string(), type: z.enum(['user', 'agency', 'developer', 'hotel']), company_name: z.string().nullable(),
  avatar: z.string().nullable(), city: z.string().nullable(), offers_count: z.number().int(), is_favorite_user: z.literal(true),
  created_at: z.string(),
  /** The public profile, /profil/{id}-{slug}. */
  profile_url: z.string(),
})
export type FavoriteUser = z.infer<typeof favoriteUserSchema>

export const favoriteUsersPageSchema = z.object({
  data: z.array(favoriteUserSchema), total: z.number().int(), page: z.number().int(), per_page: z.number().int(), last_page: z.number().int(),
})
