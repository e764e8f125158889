import { z } from 'zod'
import { idString } from './ids.ts'
import { EMAIL_RE, PHONE_RE } from './auth.ts'
import { MESSAGE_MESSAGES } from './plain/messages.ts'
import { MAX_RANGES_A_DAY, VIEWING_MESSAGES, WEEKDAYS_ON } from './plain/viewings.ts'

export * from './plain/viewings.ts'

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/
const time = z.string({ error: VIEWING_MESSAGES.timeInvalid }).regex(TIME_RE, { error: VIEWING_MESSAGES.timeInvalid })
const range = z.object({ from: time, to: time }).refine((r) => r.from < r.to, { error: VIEWING_MESSAGES.hoursInvalid, path: ['to'] })
const date = z.string({ error: VIEWING_MESSAGES.dateInvalid }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: VIEWING_MESSAGES.dateInvalid })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T12:00:00Z`)), { error: VIEWING_MESSAGES.dateInvalid })
const instant = z.string({ error: VIEWING_MESSAGES.dateInvalid }).datetime({ offset: true, error: VIEWING_MESSAGES.dateInvalid })
const reason = z.string({ error: VIEWING_MESSAGES.reasonRequired }).trim().min(1, { error: VIEWING_MESSAGES.reasonRequired }).max(500)

/**
 * The ranges of one day must not overlap, in whatever order they come (touching, 10–12 and 12–14, is fine): an issue
 * at the later-starting one of the first overlapping pair, naming the day. Up to 4 ranges a day.
 */
function checkDay(ctx: z.RefinementCtx, ranges: Array<{ from: string; to: string; at: (string | number)[] }>, day: string) {
  if (ranges.length > MAX_RANGES_A_DAY) {
    ctx.addIssue({ code: 'custom', message: VIEWING_MESSAGES.tooManyRanges(day), path: ranges[MAX_RANGES_A_DAY]!.at })
    return
  }
  const sorted = [...ranges].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to))
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1]!, cur = sorted[i]!
    if (cur.from < prev.to) {
      ctx.addIssue({ code: 'custom', message: VIEWING_MESSAGES.rangesOverlap(day, `${prev.from}–${prev.to}`, `${cur.from}–${cur.to}`), path: [...cur.at, 'from'] })
      return
    }
  }
}

/** PUT /api/offers/{id}/viewing-settings (and an investment's): the week, its exceptions, the visit length, automatic confirmation. */
export const viewingSettingsInputSchema = z.object({
  weekly: z.array(range.and(z.object({ day: z.number().int().min(1).max(7) }))).max(7 * MAX_RANGES_A_DAY),
  exceptions: z.array(z.object({ date, ranges: z.array(range).max(MAX_RANGES_A_DAY, { error: VIEWING_MESSAGES.tooManyRanges('tego dnia') }) })).max(100),
  visit_minutes: z.number({ error: VIEWING_MESSAGES.visitLength }).int().min(15, { error: VIEWING_MESSAGES.visitLength }).max(240, { error: VIEWING_MESSAGES.visitLength }),
  auto_confirm: z.boolean(),
}).superRefine((v, ctx) => {
  for (let d = 1; d <= 7; d++) {
    checkDay(ctx, v.weekly.flatMap((r, i) => (r.day === d ? [{ ...r, at: ['weekly', i] }] : [])), WEEKDAYS_ON[d - 1]!)
  }
  const seen = new Set<string>()
  v.exceptions.forEach((e, i) => {
    if (seen.has(e.date)) ctx.addIssue({ code: 'custom', message: VIEWING_MESSAGES.exceptionTwice, path: ['exceptions', i, 'date'] })
    seen.add(e.date)
    checkDay(ctx, e.ranges.map((r, k) => ({ ...r, at: ['exceptions', i, 'ranges', k] })), `dnia ${e.date}`)
  })
})
export type ViewingSettingsInput = z.input<typeof viewingSettingsInputSchema>

export const openDayInputSchema = z.object({
  starts_at: instant, ends_at: instant,
  capacity: z.number({ error: VIEWING_MESSAGES.capacity }).int().min(1, { error: VIEWING_MESSAGES.capacity }).max(500, { error: VIEWING_MESSAGES.capacity }),
})
export const openDaySchema = z.object({ id: z.number().int(), starts_at: z.string(), ends_at: z.string(), capacity: z.number().int(), taken: z.number().int() })

export const viewingSettingsSchema = z.object({
  enabled: z.boolean(),
  weekly: z.array(z.object({ day: z.number().int(), from: z.string(), to: z.string() })),
  exceptions: z.array(z.object({ date: z.string(), ranges: z.array(z.object({ from: z.string(), to: z.string() })) })),
  visit_minutes: z.number().int(),
  auto_confirm: z.boolean(),
  open_days: z.array(openDaySchema),
  listing: z.object({ id: z.number().int(), title: z.string(), slug: z.string() }),
})
export type ViewingSettings = z.infer<typeof viewingSettingsSchema>
/** GET/POST /api/investments/{id}/open-days: an investment's open days as its developer manages them (decision 070). */
export const investmentOpenDaysSchema = z.object({
  investment: z.object({ id: z.number().int(), title: z.string(), slug: z.string() }),
  open_days: z.array(openDaySchema),
})
export type InvestmentOpenDays = z.infer<typeof investmentOpenDaysSchema>
/** GET/PUT /api/investments/{id}/viewing-settings: an investment's hours (decision 078), as a listing's, with its open days. */
export const investmentViewingSettingsSchema = viewingSettingsSchema.omit({ listing: true }).extend({
  investment: z.object({ id: z.number().int(), title: z.string(), slug: z.string() }),
})
export type InvestmentViewingSettings = z.infer<typeof investmentViewingSettingsSchema>

export const slotSchema = z.object({ start: z.string(), end: z.string(), open_day_id: z.number().int().nullable(), places_left: z.number().int().nullable() })
export type Slot = z.infer<typeof slotSchema>
export const slotsSchema = z.object({ enabled: z.boolean(), visit_minutes: z.number().int(), auto_confirm: z.boolean(), slots: z.array(slotSchema) })

/** POST /api/offers/{id}/viewings: a logged-in person sends only the time; a guest also name, e-mail, phone. */
export const bookingInputSchema = z.object({
  start: instant,
  open_day_id: z.number().int().nullable().optional(),
  name: z.string().trim().max(120).optional(),
  email: z.string().trim().max(254).regex(EMAIL_RE, { error: MESSAGE_MESSAGES.emailInvalid }).transform((v) => v.toLowerCase()).optional().or(z.literal('')),
  phone: z.string().trim().max(30).regex(PHONE_RE, { error: MESSAGE_MESSAGES.phoneInvalid }).optional().or(z.literal('')),
  captcha: z.string().max(4000).optional(),
})
export type BookingInput = z.input<typeof bookingInputSchema>
export const bookedSchema = z.object({ id: z.number().int(), status: z.enum(['verify_email', 'pending', 'confirmed']), message: z.string() })

export const viewingSchema = z.object({
  id: z.number().int(),
  status: z.enum(['pending', 'confirmed', 'cancelled']),
  awaiting: z.enum(['owner', 'visitor']),
  /** My side of the visit: 'owner' (I advertise) or 'visitor'. */
  role: z.enum(['owner', 'visitor']),
  start: z.string(),
  end: z.string(),
  open_day: z.boolean(),
  reason: z.string().nullable(),
  /** What is visited: a listing, or an investment's open day (then `listing` holds the investment's id, name and slug). */
  place: z.enum(['listing', 'investment']),
  /** Its page: /ogloszenia/{slug} or /inwestycje/{slug}. */
  href: z.string(),
  listing: z.object({ id: z.number().int(), title: z.string(), slug: z.string() }),
  /** The visitor's contact (for the advertiser), or the advertiser's name (for the visitor). */
  person: z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  thread_id: z.number().int().nullable(),
})
export type Viewing = z.infer<typeof viewingSchema>
export const viewingListSchema = z.object({
  data: z.array(viewingSchema),
  /** The listings and investments the person's visits are at, for the calendar's filter. */
  listings: z.array(z.object({ id: z.number().int(), title: z.string() })),
  investments: z.array(z.object({ id: z.number().int(), title: z.string() })),
})
export const viewingQuerySchema = z.object({
  role: z.enum(['owner', 'visitor']).default('owner'),
  listing: idString('Nieprawidłowy identyfikator ogłoszenia.').transform(Number).optional(),
  investment: idString('Nieprawidłowy identyfikator inwestycji.').transform(Number).optional(),
  from: instant.optional(),
  to: instant.optional(),
})
export const cancelInputSchema = z.object({ reason })
export const proposeInputSchema = z.object({ start: instant, reason })
export const tokenInputSchema = z.object({ token: z.string().min(10).max(200) })
export const guestCancelSchema = tokenInputSchema.extend({ reason })
export const feedSchema = z.object({ url: z.string() })
