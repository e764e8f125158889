import { z } from 'zod'
import { idString } from './ids.ts'
import { ADMIN_MESSAGES, ASSIGNABLE_ROLES } from './plain/admin.ts'

// Texts, constants and pure helpers live in plain/ (no zod), so the web's first paint can import them without
// loading zod (issue 16).
export * from './plain/admin.ts'

const page = z.string().regex(/^\d{1,6}$/, 'Numer strony musi być liczbą.').transform(Number).pipe(z.number().int().min(1)).optional()
export const adminIdParams = z.object({ id: idString('Nieprawidłowy identyfikator.') })

export interface AdminPage<T> { data: T[]; total: number; page: number; per_page: number; last_page: number }
export const pageOf = <T extends z.ZodTypeAny>(item: T) => z.object({
  data: z.array(item), total: z.number().int(), page: z.number().int(), per_page: z.number().int(), last_page: z.number().int(),
})

// ----- who am I (the admin area's own check) ---------------------------------------------------------------------
export const adminMeSchema = z.object({
  id: z.number().int(), name: z.string(), email: z.string(), roles: z.array(z.string()), is_admin: z.boolean(),
  backlog: z.object({ moderation: z.number().int(), reports: z.number().int() }),
})
export type AdminMe = z.infer<typeof adminMeSchema>

// ----- audit log -------------------------------------------------------------------------------------------------
export const AUDIT_ACTIONS = [
  'listing.approve', 'listing.reject', 'listing.end', 'reports.dismiss', 'reports.warn', 'user.block', 'user.unblock',
  'user.role', 'blacklist.add', 'blacklist.remove', 'category.moderation', 'content.update', 'content.create', 'content.delete',
] as const
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'listing.approve': 'Zatwierdzenie ogłoszenia', 'listing.reject': 'Odrzucenie ogłoszenia', 'listing.end': 'Zakończenie ogłoszenia',
  'reports.dismiss': 'Oddalenie zgłoszeń', 'reports.warn': 'Ostrzeżenie właściciela', 'user.block': 'Blokada konta',
  'user.unblock': 'Odblokowanie konta', 'user.role': 'Zmiana roli', 'blacklist.add': 'Dodanie słowa do czarnej listy',
  'blacklist.remove': 'Usunięcie słowa z czarnej listy', 'category.moderation': 'Tryb moderacji kategorii',
  'content.update': 'Zmiana treści', 'content.create': 'Nowa treść', 'content.delete': 'Usunięcie treści',
  'campaign.create': 'Nowa kampania newslettera', 'campaign.update': 'Zmiana kampanii newslettera', 'campaign.send': 'Wysyłka kampanii newslettera',
  'prices.update': 'Zmiana cennika',
}
export const auditQuerySchema = z.object({
  page,
  actor: z.string().trim().max(200).optional(),
  action: z.string().trim().max(60).optional(),
  target_type: z.string().trim().max(40).optional(),
  target_id: z.string().trim().max(40).optional(),
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data w formacie RRRR-MM-DD.').optional(),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data w formacie RRRR-MM-DD.').optional(),
})
export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor_id: z.number().int().nullable(),
  actor_email: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
})
export type AuditEntry = z.infer<typeof auditEntrySchema>
export const auditPageSchema = pageOf(auditEntrySchema)

// ----- moderation ------------------------------------------------------------------------------------------------
export const MODERATION_MODES = ['pre', 'post'] as const
export type ModerationModeValue = (typeof MODERATION_MODES)[number]
export const MODERATION_MODE_LABELS: Record<ModerationModeValue, string> = {
  pre: 'Przed publikacją (czeka na akceptację)', post: 'Po publikacji (od razu widoczne)',
}
export const queueItemSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.string(),
  price: z.number(),
  city: z.string(),
  category: z.string(),
  mode: z.enum(MODERATION_MODES),
  reason: z.enum(['new', 'edit']),
  queued_at: z.string(),
  owner: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  photo: z.string().nullable(),
})
export type QueueItem = z.infer<typeof queueItemSchema>
export const queuePageSchema = pageOf(queueItemSchema)
export const rejectSchema = z.object({
  note: z.string({ error: ADMIN_MESSAGES.noteRequired }).trim().min(3, ADMIN_MESSAGES.noteRequired).max(1000, ADMIN_MESSAGES.noteTooLong),
})
export const moderationDecisionSchema = z.object({ id: z.number().int(), status: z.string(), state: z.string(), note: z.string().nullable() })
export const categoryModeSchema = z.object({
  id: z.number().int(), name: z.string(), parent: z.string().nullable(), mode: z.enum(MODERATION_MODES),
})
export const setCategoryModeSchema = z.object({ mode: z.enum(MODERATION_MODES, { error: ADMIN_MESSAGES.modeInvalid }) })

// ----- reports ---------------------------------------------------------------------------------------------------
export const REPORT_ACTIONS = ['end', 'warn', 'block', 'dismiss'] as const
export type ReportAction = (typeof REPORT_ACTIONS)[number]
export const REPORT_ACTION_LABELS: Record<ReportAction, string> = {
  end: 'Zakończ ogłoszenie', warn: 'Ostrzeż właściciela', block: 'Zablokuj właściciela', dismiss: 'Oddal zgłoszenia',
}
export const reportGroupSchema = z.object({
  listing: z.object({ id: z.number().int(), slug: z.string(), title: z.string(), status: z.string(), owner_id: z.number().int(), owner_name: z.string(), owner_email: z.string(), owner_blocked: z.boolean() }),
  count: z.number().int(),
  first_at: z.string(),
  last_at: z.string(),
  reports: z.array(z.object({
    id: z.number().int(), reason: z.string(), reason_label: z.string(), message: z.string().nullable(), created_at: z.string(),
    reporter: z.string().nullable(),
  })),
})
export type ReportGroup = z.infer<typeof reportGroupSchema>
export const reportGroupsPageSchema = pageOf(reportGroupSchema)
export const reportActionSchema = z.object({
  action: z.enum(REPORT_ACTIONS, { error: ADMIN_MESSAGES.actionInvalid }),
  note: z.string().trim().max(1000, ADMIN_MESSAGES.noteTooLong).optional().nullable(),
})
export const reportActionResultSchema = z.object({ resolved: z.number().int(), told: z.number().int() })

// ----- users -----------------------------------------------------------------------------------------------------
export const usersQuerySchema = z.object({
  page,
  q: z.string().trim().max(200).optional(),
  role: z.string().trim().max(20).optional(),
  blocked: z.enum(['1', '0']).optional(),
})
export const adminUserSchema = z.object({
  id: z.number().int(), name: z.string(), email: z.string(), type: z.string(), roles: z.array(z.string()),
  created_at: z.string(), blocked_at: z.string().nullable(), blocked_reason: z.string().nullable(),
  verified: z.boolean(), listings: z.number().int(),
})
export type AdminUser = z.infer<typeof adminUserSchema>
export const adminUsersPageSchema = pageOf(adminUserSchema)
export const adminUserDetailSchema = adminUserSchema.extend({
  phone: z.string().nullable(),
  listings_by_status: z.record(z.string(), z.number().int()),
  open_reports: z.number().int(),
  recent_listings: z.array(z.object({ id: z.number().int(), slug: z.string(), title: z.string(), status: z.string(), created_at: z.string() })),
  audit: z.array(auditEntrySchema),
})
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>
export const blockSchema = z.object({ reason: z.string().trim().max(500, ADMIN_MESSAGES.reasonTooLong).optional().nullable() })
export const roleSchema = z.object({ role: z.enum(ASSIGNABLE_ROLES, { error: ADMIN_MESSAGES.roleInvalid }) })

// ----- blacklist -------------------------------------------------------------------------------------------------
export const blacklistWordSchema = z.object({ id: z.number().int(), word: z.string(), created_at: z.string() })
export const blacklistSchema = z.object({ data: z.array(blacklistWordSchema) })
export const addWordSchema = z.object({
  word: z.string({ error: ADMIN_MESSAGES.wordRequired }).trim().toLowerCase()
    .regex(/^[\p{L}]{2,40}$/u, ADMIN_MESSAGES.wordRequired),
})

// ----- dashboard -------------------------------------------------------------------------------------------------
export const DASHBOARD_SERIES = ['new_listings', 'active_listings', 'new_users', 'searches', 'messages', 'revenue'] as const
export type DashboardSeries = (typeof DASHBOARD_SERIES)[number]
export const DASHBOARD_LABELS: Record<DashboardSeries, string> = {
  new_listings: 'Nowe ogłoszenia', active_listings: 'Aktywne ogłoszenia', new_users: 'Nowi użytkownicy',
  searches: 'Wyszukiwania', messages: 'Wiadomości', revenue: 'Przychód',
}
export const dashboardQuerySchema = z.object({ days: z.enum(['30', '90']).optional() })
export const dashboardSchema = z.object({
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  series: z.array(z.object({
    /** Counts; for `revenue` integer grosze (gross) of booked payments. */
    key: z.enum(DASHBOARD_SERIES), label: z.string(), total: z.number(),
    points: z.array(z.object({ day: z.string(), value: z.number() })),
  })),
  backlog: z.object({ moderation: z.number().int(), reports: z.number().int(), oldest_queued_at: z.string().nullable() }),
})
export type Dashboard = z.infer<typeof dashboardSchema>
