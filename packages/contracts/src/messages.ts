import { z } from 'zod'
import { EMAIL_RE, PHONE_RE } from './auth.ts'
import { SCAM_REASONS } from './scam.ts'
import { MESSAGE_MESSAGES, WANT_TO_SEE_MODES } from './plain/messages.ts'

// Texts, constants and pure helpers live in plain/ (no zod), so the web's first paint can import them without
// loading zod (issue 16).
export * from './plain/messages.ts'

const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message })
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/

/** 'Chcę obejrzeć nieruchomość': as soon as possible, or on a given day at a given time (Polish date, HH:MM). */
export const wantToSeeSchema = z.object({
  mode: z.enum(WANT_TO_SEE_MODES),
  date: z.string().trim().optional().nullable(),
  time: z.string().trim().optional().nullable(),
}).superRefine((v, ctx) => {
  if (v.mode !== 'time') return
  if (!v.date) ctx.addIssue({ code: 'custom', path: ['date'], message: MESSAGE_MESSAGES.dateRequired })
  else if (!DATE_RE.test(v.date) || Number.isNaN(Date.parse(`${v.date}T12:00:00Z`))) ctx.addIssue({ code: 'custom', path: ['date'], message: MESSAGE_MESSAGES.dateInvalid })
  else {
    const d = Date.parse(`${v.date}T12:00:00Z`)
    if (d < Date.now() - 36 * 3600_000 || d > Date.now() + 366 * 24 * 3600_000) ctx.addIssue({ code: 'custom', path: ['date'], message: MESSAGE_MESSAGES.dateInvalid })
  }
  if (!v.time) ctx.addIssue({ code: 'custom', path: ['time'], message: MESSAGE_MESSAGES.timeRequired })
  else if (!TIME_RE.test(v.time)) ctx.addIssue({ code: 'custom', path: ['time'], message: MESSAGE_MESSAGES.timeInvalid })
}).transform((v) => (v.mode === 'asap' ? { mode: v.mode, date: null, time: null } : { mode: v.mode, date: v.date ?? null, time: v.time ?? null }))

/** POST /api/offers/{id}/contact and POST /api/profile/{id}/contact. */
export const messageSchema = z.object({
  name: required(MESSAGE_MESSAGES.nameRequired).max(120, { error: MESSAGE_MESSAGES.nameRequired }),
  email: required(MESSAGE_MESSAGES.emailRequired).max(254, { error: MESSAGE_MESSAGES.emailInvalid })
    .regex(EMAIL_RE, { error: MESSAGE_MESSAGES.emailInvalid }).transform((v) => v.toLowerCase()),
  phone: z.string().trim().max(30).regex(PHONE_RE, { error: MESSAGE_MESSAGES.phoneInvalid }).optional().or(z.literal('')).nullable(),
  message: required(MESSAGE_MESSAGES.messageRequired).max(5000, { error: MESSAGE_MESSAGES.messageTooLong }),
  want_to_see: wantToSeeSchema.optional().nullable(),
  captcha: z.string().max(4000).optional(),
})
export type MessageInput = z.input<typeof messageSchema>

/** 200 for a guest (the message waits for the e-mail link); a logged-in sender gets 204. */
export const messageSentSchema = z.object({ status: z.literal('verify_email'), message: z.string() })

export const replySchema = z.object({
  message: required(MESSAGE_MESSAGES.messageRequired).max(5000, { error: MESSAGE_MESSAGES.messageTooLong }),
})
export const confirmSchema = z.object({ token: z.string().min(10).max(200) })
export const flagSchema = z.object({ value: z.boolean({ error: 'Podaj true lub false' }) })
export const MESSAGE_REPORT_REASONS = ['oszustwo', 'spam', 'obrazliwa-tresc', 'inne'] as const
export const MESSAGE_REPORT_LABELS: Record<(typeof MESSAGE_REPORT_REASONS)[number], string> = {
  oszustwo: 'Próba oszustwa', spam: 'Spam lub reklama', 'obrazliwa-tresc': 'Obraźliwa treść', inne: 'Inny powód',
}
export const messageReportSchema = z.object({ reason: z.enum(MESSAGE_REPORT_REASONS, { error: MESSAGE_MESSAGES.reportReasonRequired }) })

const listingRef = z.object({ id: z.number().int(), title: z.string(), slug: z.string(), photo: z.string().nullable() }).nullable()

export const threadSummarySchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  listing: listingRef,
  /** The other party as this user sees them. */
  with: z.object({ name: z.string(), profile_url: z.string().nullable() }),
  /** 'owner': I advertise (I got the first message); 'counterpart': I wrote first. */
  role: z.enum(['owner', 'counterpart']),
  last_message: z.string(),
  last_message_at: z.string(),
  unread: z.number().int(),
  archived: z.boolean(),
  blocked: z.boolean(),
  scam: z.boolean(),
})
export type ThreadSummary = z.infer<typeof threadSummarySchema>

export const threadsPageSchema = z.object({
  data: z.array(threadSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  last_page: z.number().int(),
  unread: z.number().int(),
})
export type ThreadsPage = z.infer<typeof threadsPageSchema>

export const threadMessageSchema = z.object({
  id: z.number().int(),
  mine: z.boolean(),
  from_name: z.string(),
  body: z.string(),
  want_to_see: z.object({ mode: z.enum(WANT_TO_SEE_MODES), date: z.string().nullable(), time: z.string().nullable() }).nullable(),
  scam: z.array(z.enum(SCAM_REASONS)),
  /** Links are clickable only when the sender is a verified account holder. */
  links_allowed: z.boolean(),
  reported: z.boolean(),
  created_at: z.string(),
})
export type ThreadMessage = z.infer<typeof threadMessageSchema>

export const threadSchema = threadSummarySchema.extend({
  /** The sender's contact details for the advertiser (never shown the other way round). */
  contact: z.object({ email: z.string(), phone: z.string().nullable() }).nullable(),
  messages: z.array(threadMessageSchema),
})
export type Thread = z.infer<typeof threadSchema>

export const unreadSchema = z.object({ unread: z.number().int() })
export const MESSAGE_FORMS = ['wiadomość', 'wiadomości', 'wiadomości'] as const
