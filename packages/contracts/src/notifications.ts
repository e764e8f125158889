import { z } from 'zod'
import { idString } from './ids.ts'
import { NOTIFICATION_MESSAGES } from './plain/notifications.ts'

// The texts live in plain/ (no zod) so the web's first paint can import them without zod (issue 16).
export { NOTIFICATION_MESSAGES }

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.enum(['info', 'warning']),
  message: z.string(),
  link: z.string().nullable(),
  created_at: z.string(),
})
export type Notification = z.infer<typeof notificationSchema>

/** `data.data` as the spec's client reads it (a paginator), plus the unread total for the badge. */
export const notificationsPageSchema = z.object({
  data: z.array(notificationSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  last_page: z.number().int(),
})
export type NotificationsPage = z.infer<typeof notificationsPageSchema>

export const notificationsQuerySchema = z.object({
  page: z.string().regex(/^\d{1,6}$/, 'Pole page musi być liczbą całkowitą od 1 do 100000.').transform(Number)
    .pipe(z.number().int().min(1, 'Pole page musi być liczbą całkowitą od 1 do 100000.').max(100_000)).optional(),
})

export const notificationParamsSchema = z.object({
  id: idString(NOTIFICATION_MESSAGES.idInvalid).transform(Number),
})
