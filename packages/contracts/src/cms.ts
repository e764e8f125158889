import { z } from 'zod'

/**
 * The admin area's CMS (issue 13, decision 026): static footer pages (/strony/{id}), FAQ groups and entries, blog
 * posts. Bodies are Markdown; the API turns them into sanitised HTML (`*_html` fields) for the site and for the
 * editor's preview, so both show the same thing. Everything else a visitor sees is escaped by React.
 */
export const CMS_MESSAGES = {
  titleRequired: 'Tytuł jest wymagany.',
  titleTooLong: 'Tytuł może mieć najwyżej 200 znaków.',
  contentRequired: 'Treść jest wymagana.',
  contentTooLong: 'Treść może mieć najwyżej 100 000 znaków.',
  statusInvalid: 'Wybierz status.',
  positionInvalid: 'Pozycja to liczba od 0 do 999.',
  questionRequired: 'Pytanie jest wymagane.',
  questionTooLong: 'Pytanie może mieć najwyżej 300 znaków.',
  answerRequired: 'Odpowiedź jest wymagana.',
  answerTooLong: 'Odpowiedź może mieć najwyżej 10 000 znaków.',
  groupRequired: 'Wybierz grupę pytań.',
  groupUnknown: 'Nie ma takiej grupy pytań.',
  groupNotEmpty: 'Grupa ma pytania: przenieś je lub usuń najpierw.',
  groupOrderMismatch: 'Kolejność musi wymieniać każdą grupę pytań dokładnie raz.',
  entryOrderMismatch: 'Kolejność musi wymieniać każde pytanie tej grupy dokładnie raz.',
  slugInvalid: 'Adres może zawierać małe litery bez polskich znaków, cyfry i myślniki (2–80 znaków).',
  slugTaken: 'Ten adres jest już zajęty.',
  leadRequired: 'Wstęp jest wymagany.',
  leadTooLong: 'Wstęp może mieć najwyżej 500 znaków.',
  dateInvalid: 'Podaj datę publikacji.',
  cityUnknown: 'Nie znamy takiego miasta.',
  categoryUnknown: 'Nie znamy takiej kategorii.',
  authorTooLong: 'Autor może mieć najwyżej 100 znaków.',
  altTooLong: 'Opis zdjęcia może mieć najwyżej 200 znaków.',
  photoRequired: 'Wybierz zdjęcie.',
  photoTooLarge: 'Zdjęcie może mieć najwyżej 15 MB.',
} as const

const text = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong })
const position = z.number({ error: CMS_MESSAGES.positionInvalid }).int({ error: CMS_MESSAGES.positionInvalid })
  .min(0, { error: CMS_MESSAGES.positionInvalid }).max(999, { error: CMS_MESSAGES.positionInvalid })
export const CMS_SLUG_RE = /^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])$/
const slug = z.string({ error: CMS_MESSAGES.slugInvalid }).trim().regex(CMS_SLUG_RE, { error: CMS_MESSAGES.slugInvalid })

/** Polish letters folded, everything else to hyphens: 'Kredyt w 2026 roku' → 'kredyt-w-2026-roku'. */
export function slugify(value: string): string {
  const folded = value.toLowerCase().replace(/ł/g, 'l').normalize('NFD').replace(/[\u0300-\u036f]/g, '')
  return folded.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80).replace(/-+$/, '')
}

// ----- preview -----------------------------------------------------------------------------------------------------
export const markdownPreviewSchema = z.object({ markdown: z.string().max(100_000, { error: CMS_MESSAGES.contentTooLong }) })
export const markdownHtmlSchema = z.object({ html: z.string() })

// ----- static footer pages (/strony/{id}) ----------------------------------------------------------------------------
export const PAGE_STATUSES = ['active', 'in_active'] as const
export const PAGE_STATUS_LABELS: Record<(typeof PAGE_STATUSES)[number], string> = { active: 'Opublikowana', in_active: 'Ukryta' }
export const pageInputSchema = z.object({
  title: text(CMS_MESSAGES.titleRequired, 200, CMS_MESSAGES.titleTooLong),
  content: text(CMS_MESSAGES.contentRequired, 100_000, CMS_MESSAGES.contentTooLong),
  status: z.enum(PAGE_STATUSES, { error: CMS_MESSAGES.statusInvalid }),
  position: position.optional(),
})
export type PageInput = z.input<typeof pageInputSchema>
export const adminPageSchema = z.object({
  id: z.number().int(), title: z.string(), name: z.string(), content: z.string(),
  status: z.enum(PAGE_STATUSES), position: z.number().int(),
})
export type AdminStaticPage = z.infer<typeof adminPageSchema>
export const adminPagesSchema = z.object({ data: z.array(adminPageSchema) })

// ----- FAQ ---------------------------------------------------------------------------------------------------------
export const CONTENT_STATUSES = ['published', 'draft'] as const
export const CONTENT_STATUS_LABELS: Record<(typeof CONTENT_STATUSES)[number], string> = { published: 'Opublikowane', draft: 'Szkic' }
const contentStatus = z.enum(CONTENT_STATUSES, { error: CMS_MESSAGES.statusInvalid })

export const faqGroupInputSchema = z.object({
  title: text(CMS_MESSAGES.titleRequired, 200, CMS_MESSAGES.titleTooLong),
  slug: slug.optional(),
  position: position.optional(),
})
export const faqEntryInputSchema = z.object({
  group_id: z.number({ error: CMS_MESSAGES.groupRequired }).int({ error: CMS_MESSAGES.groupRequired }).positive({ error: CMS_MESSAGES.groupRequired }),
  question: text(CMS_MESSAGES.questionRequired, 300, CMS_MESSAGES.questionTooLong),
  answer: text(CMS_MESSAGES.answerRequired, 10_000, CMS_MESSAGES.answerTooLong),
  status: contentStatus,
  position: position.optional(),
})
export type FaqEntryInput = z.input<typeof faqEntryInputSchema>
const ids = (message: string) => z.array(z.number({ error: message }).int({ error: message }).positive({ error: message }), { error: message })
  .max(1000, { error: message })
/** The groups in their new order: every group exactly once (positions become 0, 1, 2…). */
export const faqGroupOrderSchema = z.object({ group_ids: ids(CMS_MESSAGES.groupOrderMismatch) })
/** A group's entries in their new order: every entry of the group exactly once. */
export const faqEntryOrderSchema = z.object({ entry_ids: ids(CMS_MESSAGES.entryOrderMismatch) })
export const adminFaqEntrySchema = z.object({
  id: z.number().int(), group_id: z.number().int(), question: z.string(), answer: z.string(),
  status: z.enum(CONTENT_STATUSES), position: z.number().int(), updated_at: z.string(),
})
export const adminFaqGroupSchema = z.object({
  id: z.number().int(), slug: z.string(), title: z.string(), position: z.number().int(), entries: z.array(adminFaqEntrySchema),
})
export type AdminFaqGroup = z.infer<typeof adminFaqGroupSchema>
export type AdminFaqEntry = z.infer<typeof adminFaqEntrySchema>
export const adminFaqSchema = z.object({ groups: z.array(adminFaqGroupSchema) })

// ----- blog --------------------------------------------------------------------------------------------------------
export const blogPostInputSchema = z.object({
  title: text(CMS_MESSAGES.titleRequired, 200, CMS_MESSAGES.titleTooLong),
  /** Empty or missing: made from the title. */
  slug: z.union([slug, z.literal('')]).optional(),
  lead: text(CMS_MESSAGES.leadRequired, 500, CMS_MESSAGES.leadTooLong),
  body: text(CMS_MESSAGES.contentRequired, 100_000, CMS_MESSAGES.contentTooLong),
  status: contentStatus,
  /** ISO date-time; missing: now when published. A future date schedules the post. */
  published_at: z.string({ error: CMS_MESSAGES.dateInvalid }).datetime({ offset: true, error: CMS_MESSAGES.dateInvalid }).optional().nullable(),
  city_slug: z.string().trim().max(80, { error: CMS_MESSAGES.cityUnknown }).optional().nullable(),
  category_slug: z.string().trim().max(80, { error: CMS_MESSAGES.categoryUnknown }).optional().nullable(),
  author_name: z.string().trim().max(100, { error: CMS_MESSAGES.authorTooLong }).optional(),
  cover_alt: z.string().trim().max(200, { error: CMS_MESSAGES.altTooLong }).optional(),
})
export type BlogPostInput = z.input<typeof blogPostInputSchema>
export const adminBlogPostSchema = z.object({
  id: z.number().int(), slug: z.string(), title: z.string(), lead: z.string(), body: z.string(),
  status: z.enum(CONTENT_STATUSES), published_at: z.string(), updated_at: z.string(),
  city_slug: z.string().nullable(), category_slug: z.string().nullable(), author_name: z.string(),
  cover_url: z.string().nullable(), cover_alt: z.string(),
})
export type AdminBlogPost = z.infer<typeof adminBlogPostSchema>
export const adminBlogListSchema = z.object({ data: z.array(adminBlogPostSchema.omit({ body: true })) })
/** An uploaded photo for a post's body: its address and the Markdown to paste. */
export const cmsPhotoSchema = z.object({ url: z.string(), markdown: z.string() })

// ----- newsletter campaigns ----------------------------------------------------------------------------------------
export const CAMPAIGN_MESSAGES = {
  subjectRequired: 'Temat jest wymagany.',
  subjectTooLong: 'Temat może mieć najwyżej 150 znaków.',
  bodyRequired: 'Treść jest wymagana.',
  bodyTooLong: 'Treść może mieć najwyżej 50 000 znaków.',
  notDraft: 'Ta kampania jest już wysyłana lub wysłana.',
  noSubscribers: 'Nie ma potwierdzonych subskrybentów.',
} as const
export const CAMPAIGN_STATUS_LABELS = { draft: 'Szkic', sending: 'Wysyłanie', sent: 'Wysłana' } as const
export const campaignInputSchema = z.object({
  subject: text(CAMPAIGN_MESSAGES.subjectRequired, 150, CAMPAIGN_MESSAGES.subjectTooLong),
  body: text(CAMPAIGN_MESSAGES.bodyRequired, 50_000, CAMPAIGN_MESSAGES.bodyTooLong),
})
export const campaignSchema = z.object({
  id: z.number().int(), subject: z.string(), body: z.string(), status: z.enum(['draft', 'sending', 'sent']),
  /** Confirmed subscribers when sending started (before: how many there are now). */
  total: z.number().int(),
  sent: z.number().int(),
  created_at: z.string(), started_at: z.string().nullable(), finished_at: z.string().nullable(),
})
export type Campaign = z.infer<typeof campaignSchema>
export const campaignsSchema = z.object({ data: z.array(campaignSchema), subscribers: z.number().int() })

// ----- settings: promotion prices ------------------------------------------------------------------------------------
export const PRICE_MESSAGES = {
  priceInvalid: 'Cena to kwota od 0 do 100 000 zł.',
  unknownItem: 'Nie ma takiej pozycji cennika.',
  freeStaysFree: 'Pakiet darmowy musi kosztować 0 zł.',
  saved: 'Zapisano cennik. Nowe ceny obowiązują od teraz.',
} as const
/** Gross integer grosze, at most 100,000 zł. */
const grosze = z.number({ error: PRICE_MESSAGES.priceInvalid }).int({ error: PRICE_MESSAGES.priceInvalid })
  .min(0, { error: PRICE_MESSAGES.priceInvalid }).max(10_000_000, { error: PRICE_MESSAGES.priceInvalid })
export const pricesInputSchema = z.object({
  packages: z.array(z.object({ id: z.number().int(), price: grosze })).max(50).default([]),
  addons: z.array(z.object({ key: z.string().max(40), price: grosze })).max(50).default([]),
})
export type PricesInput = z.input<typeof pricesInputSchema>
const priceItem = { name: z.string(), price: z.number().int(), net: z.number().int(), vat: z.number().int() }
export const adminPricesSchema = z.object({
  vat_rate: z.number().int(),
  /** Only an admin may change prices (a moderator sees them). */
  editable: z.boolean(),
  packages: z.array(z.object({ id: z.number().int(), duration_days: z.number().int(), ...priceItem })),
  addons: z.array(z.object({ key: z.string(), ...priceItem })),
})
export type AdminPrices = z.infer<typeof adminPricesSchema>

// ----- editorial pages by key (/o-nas) -------------------------------------------------------------------------------
export const contentPageInputSchema = z.object({
  title: text(CMS_MESSAGES.titleRequired, 200, CMS_MESSAGES.titleTooLong),
  lead: z.string().trim().max(500, { error: CMS_MESSAGES.leadTooLong }).default(''),
  body: text(CMS_MESSAGES.contentRequired, 100_000, CMS_MESSAGES.contentTooLong),
})
export const adminContentPageSchema = z.object({ id: z.number().int(), slug: z.string(), title: z.string(), lead: z.string(), body: z.string(), updated_at: z.string() })
export type AdminContentPage = z.infer<typeof adminContentPageSchema>
export const adminContentPagesSchema = z.object({ data: z.array(adminContentPageSchema) })
