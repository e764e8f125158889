import { z } from 'zod'
import { OFFER_TYPE_VALUES } from './catalogue/offer-types.ts'

/** Listing feeds and the partner API (issue 12, decision 025): requests, answers and the Polish messages. */
export const FEED_MESSAGES = {
  urlInvalid: 'Podaj adres pliku zaczynający się od http:// lub https://',
  intervalInvalid: 'Wybierz, jak często pobierać plik (od 15 minut do 24 godzin)',
  fileRequired: 'Wybierz plik XML albo ZIP',
  fileType: 'Plik musi być plikiem XML albo archiwum ZIP z plikiem XML i zdjęciami',
  fileTooLarge: 'Plik jest za duży (najwięcej 300 MB)',
  tokenName: 'Podaj nazwę klucza (do 60 znaków)',
  sourceLimit: 'Można dodać najwyżej 10 adresów plików',
  tokenInvalid: 'Brak lub nieprawidłowy klucz API',
  externalId: 'Identyfikator oferty: 1–100 znaków (litery, cyfry, - _ . /)',
} as const

/** Polling intervals offered in minutes (15 min … 24 h). */
export const FEED_INTERVALS = [15, 30, 60, 180, 360, 720, 1440] as const

export const feedSourceInputSchema = z.object({
  url: z.string({ error: FEED_MESSAGES.urlInvalid }).trim().max(2000, { error: FEED_MESSAGES.urlInvalid })
    .regex(/^https?:\/\/[^\s]+$/i, { error: FEED_MESSAGES.urlInvalid }),
  interval_minutes: z.number({ error: FEED_MESSAGES.intervalInvalid }).int({ error: FEED_MESSAGES.intervalInvalid })
    .min(15, { error: FEED_MESSAGES.intervalInvalid }).max(1440, { error: FEED_MESSAGES.intervalInvalid }),
})

export const feedSourceSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['url', 'upload']),
  url: z.string().nullable(),
  interval_minutes: z.number().int().nullable(),
  last_polled_at: z.string().nullable(),
  last_file_at: z.string().nullable(),
})

export const feedRejectionSchema = z.object({ external_id: z.string(), reason: z.string() })

export const FEED_RUN_STATUSES = ['queued', 'running', 'done', 'skipped', 'failed'] as const
export const FEED_RUN_STATUS_LABELS: Record<(typeof FEED_RUN_STATUSES)[number], string> = {
  queued: 'W kolejce', running: 'W toku', done: 'Zakończony', skipped: 'Pominięty', failed: 'Błąd',
}

export const feedRunSchema = z.object({
  id: z.number().int(),
  source_id: z.number().int(),
  status: z.enum(FEED_RUN_STATUSES),
  file_name: z.string().nullable(),
  total: z.number().int(),
  processed: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  ended: z.number().int(),
  rejected: z.number().int(),
  unchanged: z.number().int(),
  format: z.string().nullable(),
  mode: z.enum(['full', 'diff']).nullable(),
  rejections: z.array(feedRejectionSchema),
  warnings: z.array(z.string()),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
})
export type FeedRun = z.infer<typeof feedRunSchema>

export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
})
export type ApiToken = z.infer<typeof apiTokenSchema>

export const apiTokenInputSchema = z.object({
  name: z.string({ error: FEED_MESSAGES.tokenName }).trim().min(1, { error: FEED_MESSAGES.tokenName })
    .max(60, { error: FEED_MESSAGES.tokenName }),
})
/** The token itself is shown once, on creation. */
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() })

export const integrationsSchema = z.object({
  sources: z.array(feedSourceSchema),
  runs: z.array(feedRunSchema),
  tokens: z.array(apiTokenSchema),
})
export type Integrations = z.infer<typeof integrationsSchema>

// ---------------------------------------------------------------------------------------------------------------
// Partner API (JSON): one offer by the partner's own id.

export const EXTERNAL_ID_RE = /^[\w.\-/]{1,100}$/

export const partnerOfferSchema = z.object({
  /** Our category slug ('mieszkanie', 'dom', 'blizniak' …) or id. */
  category: z.union([z.string().max(60), z.number().int()]),
  offer_type: z.enum(OFFER_TYPE_VALUES),
  title: z.string().trim().min(1).max(70),
  description: z.string().trim().min(1).max(17_000),
  /** Grosze. */
  price: z.number().int().min(0).max(1e13),
  currency: z.literal('PLN').default('PLN'),
  location: z.object({
    name: z.string().trim().min(1).max(200),
    lat: z.number().min(-90).max(90).optional(),
    lon: z.number().min(-180).max(180).optional(),
  }),
  /** Attributes of the catalogue by slug ('metraz', 'ilosc-pokoi' …); multi-valued ones as arrays of option slugs. */
  attributes: z.record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean(), z.array(z.string().max(60)).max(40)]))
    .default({}),
  /** Photo URLs (http/https), in order; at most 40 are used. */
  photos: z.array(z.string().max(2000)).max(100).default([]),
})
export type PartnerOfferInput = z.input<typeof partnerOfferSchema>

export const partnerOfferResultSchema = z.object({
  external_id: z.string(),
  listing_id: z.number().int(),
  slug: z.string(),
  status: z.string(),
  /** created | updated | unchanged | ended */
  result: z.enum(['created', 'updated', 'unchanged', 'ended']),
})
