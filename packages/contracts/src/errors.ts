import { z } from 'zod'

// Texts, constants and pure helpers live in plain/ (no zod), so the web's first paint can import them without
// loading zod (issue 16).
export * from './plain/errors.ts'

/** Laravel-compatible error bodies (the seed's back end was Laravel Sanctum). */
export const validationErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
})
export type ValidationError = z.infer<typeof validationErrorSchema>

/**
 * `{error, message, code}`. Spec §8: the client shows the server's `error` text, so `error` is the Polish text
 * (the same as `message`), except `email_already_exist`, which §8 names as a code; `code` keeps the machine code.
 */
export const apiErrorSchema = z.object({ error: z.string(), message: z.string(), code: z.string().optional() })
export type ApiError = z.infer<typeof apiErrorSchema>

/** Static page list item of GET /api/footers. */
export const footerItemSchema = z.object({ id: z.number().int(), title: z.string() })
/** `content` is Markdown; `content_html` its sanitised HTML (decision 026). */
export const footerPageSchema = footerItemSchema.extend({ name: z.string(), content: z.string(), content_html: z.string() })
export type FooterItem = z.infer<typeof footerItemSchema>
export type FooterPage = z.infer<typeof footerPageSchema>
