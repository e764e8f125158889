import { z } from 'zod'
import { NEWSLETTER_MESSAGES } from './plain/newsletter.ts'

// Texts, constants and pure helpers live in plain/ (no zod), so the web's first paint can import them without
// loading zod (issue 16).
export * from './plain/newsletter.ts'

export const newsletterSubscribeSchema = z.object({
  email: z.string({ error: NEWSLETTER_MESSAGES.emailRequired }).trim().min(1, NEWSLETTER_MESSAGES.emailRequired)
    .max(254, NEWSLETTER_MESSAGES.emailInvalid).email(NEWSLETTER_MESSAGES.emailInvalid).transform((v) => v.toLowerCase()),
  captcha: z.string().max(4000).optional(),
})

export const newsletterConfirmSchema = z.object({
  token: z.string({ error: NEWSLETTER_MESSAGES.tokenInvalid }).trim().min(1, NEWSLETTER_MESSAGES.tokenInvalid).max(200, NEWSLETTER_MESSAGES.tokenInvalid),
})

export const newsletterStatusSchema = z.object({ status: z.enum(['active', 'pending']), message: z.string() })

/** POST /api/unsubscribe {token}: a saved search's (ss_…), the newsletter's (nl_…) or the price digest's (wd_…) one-click link. */
export const unsubscribeSchema = z.object({ token: z.string().trim().min(1).max(200) })
export const unsubscribeResultSchema = z.object({ kind: z.enum(['saved-search', 'newsletter', 'watch-digest']), message: z.string() })
