import { z } from 'zod'
import { ATTRIBUTE_BY_ID, CATEGORY_BY_ID, LEASE_YEARS, MULTI_VALUED_IDS, OFFER_TYPE_VALUES, type AttributeDef } from './catalogue/index.ts'
import { AUTH_MESSAGES, EMAIL_RE, PASSWORD_RE, PHONE_RE } from './auth.ts'
import { listingSummarySchema } from './listing.ts'
import { parseVideoUrl } from './offer-video.ts'
import { ownerPromotionSchema } from './payments.ts'

export { parseVideoUrl, type VideoInfo } from './offer-video.ts'

/**
 * Listings API contracts (issue 5): adding, editing and managing listings, the public listing page, photos,
 * contact, phone reveal and reports. One schema per call; Polish messages shared by the form and the API's 422.
 */
export const OFFER_MESSAGES = {
  titleRequired: 'Tytuł jest wymagany',
  titleTooLong: 'Tytuł może mieć najwyżej 70 znaków',
  descriptionRequired: 'Opis jest wymagany',
  descriptionTooLong: 'Opis może mieć najwyżej 17 000 znaków',
  categoryRequired: 'Wybierz kategorię',
  offerTypeRequired: 'Wybierz rodzaj oferty',
  offerTypeNotAllowed: 'Ta kategoria nie obsługuje wybranego rodzaju oferty',
  adTypeInvalid: 'Wybierz: oferuję lub szukam',
  priceRequired: 'Podaj cenę',
  priceInvalid: 'Cena musi być liczbą całkowitą (w groszach), nie mniejszą niż 0',
  locationRequired: 'Wskaż lokalizację na mapie',
  videoInvalid: 'Dozwolone są tylko linki do YouTube lub Vimeo',
  visibleFromInvalid: 'Podaj poprawną datę publikacji (RRRR-MM-DD)',
  statusInvalid: 'Status musi mieć wartość draft lub publish',
  attributeUnknown: 'Nieznany parametr',
  attributeNotApplicable: 'Ten parametr nie dotyczy wybranej kategorii lub rodzaju oferty',
  attributeDuplicate: 'Parametr podano więcej niż raz',
  attributeOption: 'Wybierz jedną z dostępnych wartości',
  attributeBoolean: "Ten parametr przyjmuje tylko wartość 'true'",
  attributeList: 'Ten parametr przyjmuje listę wartości',
  attributeNumber: 'Podaj liczbę',
  attributeDate: 'Podaj datę w formacie RRRR-MM-DD',
  attributeText: 'Podaj wartość tekstową',
  leaseYears: `Okres dzierżawy musi wynosić od ${LEASE_YEARS.min} do ${LEASE_YEARS.max} lat`,
  // Files.
  fileRequired: 'Wybierz plik',
  kindInvalid: 'Rodzaj pliku musi mieć wartość photo lub plan',
  photoNotImage: 'Plik musi być zdjęciem (JPG, PNG, WebP lub HEIC)',
  heicUnsupported: 'Format HEIC nie jest obsługiwany',
  photoTooLarge: 'Plik jest za duży. Maksymalny rozmiar to 15 MB',
  tooManyPixels: 'Obraz ma zbyt dużą rozdzielczość (najwyżej 50 megapikseli)',
  tooManyPhotos: 'Możesz dodać najwyżej 40 zdjęć',
  tooManyPlans: 'Możesz dodać najwyżej 10 planów',
  ecertificateInvalid: 'Świadectwo energetyczne musi być plikiem PDF lub zdjęciem',
  orderInvalid: 'Podaj kolejność wszystkich zdjęć tego rodzaju',
  // Contact, report.
  contactNameRequired: 'Podaj imię',
  contactMessageRequired: 'Wpisz treść wiadomości',
  contactMessageTooLong: 'Wiadomość może mieć najwyżej 5000 znaków',
  reportReasonRequired: 'Wybierz powód zgłoszenia',
  reportMessageTooLong: 'Opis zgłoszenia może mieć najwyżej 2000 znaków',
  // Answers.
  notFound: 'Nie znaleziono ogłoszenia.',
  gone: 'To ogłoszenie jest już nieaktualne.',
  forbidden: 'Nie możesz zmieniać tego ogłoszenia.',
  notRenewable: 'Tego ogłoszenia nie można przedłużyć.',
  notPublishable: 'Tego ogłoszenia nie można opublikować.',
  tooManyRequests: 'Zbyt wiele żądań. Spróbuj ponownie później.',
  userRequired: 'Zaloguj się albo podaj dane do założenia konta',
} as const

export const TITLE_MAX = 70
export const DESCRIPTION_MAX = 17_000
/** Days a listing runs after activation or renewal. */
export const OFFER_DURATION_DAYS = 30
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024
export const MAX_PHOTOS = 40
export const MAX_PLANS = 10

export const OFFER_STATUSES = ['draft', 'awaiting_payment', 'pending', 'active', 'expired', 'ended', 'rejected', 'suspended'] as const
export type OfferStatus = (typeof OFFER_STATUSES)[number]
export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  draft: 'Szkice', awaiting_payment: 'Do opłacenia', pending: 'Oczekujące', active: 'Aktywne', expired: 'Wygasłe', ended: 'Zakończone',
  rejected: 'Odrzucone', suspended: 'Zawieszone',
}
export const ACCOUNT_TYPES = ['private', 'agency', 'developer'] as const
export const PHOTO_KINDS = ['photo', 'plan'] as const
export const REPORT_REASONS = ['oszustwo', 'nieaktualne', 'bledne-dane', 'duplikat', 'nieodpowiednia-tresc', 'inne'] as const
export const REPORT_REASON_LABELS: Record<(typeof REPORT_REASONS)[number], string> = {
  oszustwo: 'Oszustwo', nieaktualne: 'Ogłoszenie nieaktualne', 'bledne-dane': 'Błędne dane', duplikat: 'Duplikat',
  'nieodpowiednia-tresc': 'Nieodpowiednia treść', inne: 'Inne',
}

/** Groups of the listing page's parameter table, in display order. */
export const ATTRIBUTE_GROUPS = ['Podstawowe', 'Budynek', 'Wyposażenie', 'Okolica', 'Energia'] as const
export type AttributeGroup = (typeof ATTRIBUTE_GROUPS)[number]
const GROUP_BY_ID: Record<number, AttributeGroup> = {
  9: 'Budynek', 10: 'Budynek', 18: 'Budynek', 30: 'Budynek', 16: 'Wyposażenie', 17: 'Okolica', 34: 'Energia', 35: 'Energia', 36: 'Energia',
}
export const attributeGroup = (id: number): AttributeGroup => GROUP_BY_ID[id] ?? 'Podstawowe'

// ---------------------------------------------------------------------------------------------------------------
// Attribute values against the catalogue.

export type AttributeValueOut = string | string[]
export interface AttributeIssue { index: number; message: string }

const NUMBER_RE = /^-?\d+(?:[.,]\d+)?$/
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/

/** Does the attribute apply to this category and offer type? */
export function attributeApplies(def: AttributeDef, categoryId: number, offerType: string): boolean {
  const cat = CATEGORY_BY_ID.get(categoryId)
  if (!cat || !cat.attributes.includes(def.id)) return false
  return !def.offerTypes || (def.offerTypes as string[]).includes(offerType)
}

/**
 * Checks one value against its definition and returns the normalized value (booleans 'true', numbers as plain
 * decimal strings, multi-valued as de-duplicated slug lists) or a message.
 */
export function normalizeAttributeValue(def: AttributeDef, raw: unknown): { value: AttributeValueOut } | { error: string } {
  const multi = (MULTI_VALUED_IDS as readonly number[]).includes(def.id) || def.type === 'multi_choice'
  if (multi) {
    if (!Array.isArray(raw)) return { error: OFFER_MESSAGES.attributeList }
    const out: string[] = []
    for (const v of raw) {
      if (typeof v !== 'string' || !def.options?.some((o) => o.slug === v)) return { error: OFFER_MESSAGES.attributeOption }
      if (!out.includes(v)) out.push(v)
    }
    return { value: out }
  }
  if (def.type === 'boolean') {
    return raw === 'true' || raw === true ? { value: 'true' } : { error: OFFER_MESSAGES.attributeBoolean }
  }
  if (def.type === 'choice') {
    const v = typeof raw === 'number' ? String(raw) : raw
    return typeof v === 'string' && def.options?.some((o) => o.slug === v) ? { value: v } : { error: OFFER_MESSAGES.attributeOption }
  }
  if (def.type === 'integer' || def.type === 'numeric') {
    const s = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : ''
    if (!NUMBER_RE.test(s)) return { error: def.id === 32 ? OFFER_MESSAGES.leaseYears : OFFER_MESSAGES.attributeNumber }
    const n = Number(s.replace(',', '.'))
    if (!Number.isFinite(n) || (def.type === 'integer' && !Number.isInteger(n))) {
      return { error: def.id === 32 ? OFFER_MESSAGES.leaseYears : OFFER_MESSAGES.attributeNumber }
    }
    const min = def.id === 32 ? LEASE_YEARS.min : def.min ?? 0
    const max = def.id === 32 ? LEASE_YEARS.max : def.max ?? 1e12
    if (n < min || n > max) {
      return { error: def.id === 32 ? OFFER_MESSAGES.leaseYears : `Wartość musi być od ${min} do ${max}` }
    }
    return { value: String(n) }
  }
  if (def.type === 'date') {
    if (typeof raw !== 'string' || !DATE_RE.test(raw) || Number.isNaN(Date.parse(`${raw}T00:00:00Z`))) {
      return { error: OFFER_MESSAGES.attributeDate }
    }
    return { value: raw }
  }
  if (typeof raw !== 'string' || raw.length > 200) return { error: OFFER_MESSAGES.attributeText }
  return { value: raw.trim() }
}

/** Validates a whole attribute list for a category and offer type; returns normalized values or per-index issues. */
export function validateAttributes(categoryId: number, offerType: string, list: { id: number; value: unknown }[]) {
  const issues: AttributeIssue[] = []
  const values: { id: number; value: AttributeValueOut }[] = []
  const seen = new Set<number>()
  list.forEach((a, index) => {
    const def = ATTRIBUTE_BY_ID.get(a.id)
    if (!def) return issues.push({ index, message: OFFER_MESSAGES.attributeUnknown })
    if (!attributeApplies(def, categoryId, offerType)) return issues.push({ index, message: OFFER_MESSAGES.attributeNotApplicable })
    if (seen.has(a.id)) return issues.push({ index, message: OFFER_MESSAGES.attributeDuplicate })
    seen.add(a.id)
    const r = normalizeAttributeValue(def, a.value)
    if ('error' in r) return issues.push({ index, message: r.error })
    // An empty list or text means "not set".
    if ((Array.isArray(r.value) && r.value.length === 0) || r.value === '') return
    values.push({ id: a.id, value: r.value })
  })
  return { issues, values }
}

// ---------------------------------------------------------------------------------------------------------------
// Requests.

const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message })

const videoLink = z.string({ error: OFFER_MESSAGES.videoInvalid }).trim().max(500, { error: OFFER_MESSAGES.videoInvalid })
  .refine((v) => v === '' || parseVideoUrl(v) !== null, { error: OFFER_MESSAGES.videoInvalid })
  .nullable().optional()

export const offerLinksSchema = z.object({ video: videoLink, video_2: videoLink, walk_video: videoLink })

export const offerLocationSchema = z.object({
  lat: z.number({ error: OFFER_MESSAGES.locationRequired }).min(-90, { error: OFFER_MESSAGES.locationRequired })
    .max(90, { error: OFFER_MESSAGES.locationRequired }),
  lon: z.number({ error: OFFER_MESSAGES.locationRequired }).min(-180, { error: OFFER_MESSAGES.locationRequired })
    .max(180, { error: OFFER_MESSAGES.locationRequired }),
  name: required(OFFER_MESSAGES.locationRequired).max(200, { error: OFFER_MESSAGES.locationRequired }),
}, { error: OFFER_MESSAGES.locationRequired })

export const offerAttributeInputSchema = z.object({
  id: z.coerce.number({ error: OFFER_MESSAGES.attributeUnknown }).int({ error: OFFER_MESSAGES.attributeUnknown }),
  value: z.union([z.string().max(200), z.number(), z.boolean(), z.array(z.string().max(60)).max(40)],
    { error: OFFER_MESSAGES.attributeOption }),
})

/** 'YYYY-MM-DD' (midnight in Poland) or a full ISO date-time; null/'' = at once. */
const visibleFrom = z.string({ error: OFFER_MESSAGES.visibleFromInvalid }).trim()
  .refine((v) => v === '' || (/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v))),
    { error: OFFER_MESSAGES.visibleFromInvalid })
  .nullable().optional()

/** The guest's account block of the listing form (same rules and messages as registration, spec §5). */
export const offerUserSchema = z.object({
  account_type: z.enum(ACCOUNT_TYPES, { error: AUTH_MESSAGES.typeRequired }).default('private'),
  name: required(AUTH_MESSAGES.nameRequired).max(120, { error: AUTH_MESSAGES.nameRequired }),
  email: required(AUTH_MESSAGES.emailRequired).max(254, { error: AUTH_MESSAGES.emailInvalid })
    .regex(EMAIL_RE, { error: AUTH_MESSAGES.emailInvalid }).transform((v) => v.toLowerCase()),
  phone: z.string().trim().max(30).regex(PHONE_RE, { error: AUTH_MESSAGES.phoneInvalid }).optional().or(z.literal('')),
  password: z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, { error: AUTH_MESSAGES.passwordRequired })
    .max(200, { error: AUTH_MESSAGES.passwordRule }).regex(PASSWORD_RE, { error: AUTH_MESSAGES.passwordRule }),
  rePassword: z.string({ error: AUTH_MESSAGES.passwordConfirmationRequired })
    .min(1, { error: AUTH_MESSAGES.passwordConfirmationRequired }),
}, { error: AUTH_MESSAGES.emailRequired }).superRefine((v, ctx) => {
  if (v.password && v.rePassword && v.password !== v.rePassword) {
    ctx.addIssue({ code: 'custom', path: ['rePassword'], message: AUTH_MESSAGES.passwordsDiffer })
  }
})

const offerFields = {
  title: required(OFFER_MESSAGES.titleRequired).max(TITLE_MAX, { error: OFFER_MESSAGES.titleTooLong }),
  category_id: z.number({ error: OFFER_MESSAGES.categoryRequired }).int({ error: OFFER_MESSAGES.categoryRequired }),
  offer_type: z.enum(OFFER_TYPE_VALUES, { error: OFFER_MESSAGES.offerTypeRequired }),
  ad_type: z.enum(['offer', 'seek'], { error: OFFER_MESSAGES.adTypeInvalid }).default('offer'),
  /** Grosze. */
  price: z.number({ error: OFFER_MESSAGES.priceRequired }).int({ error: OFFER_MESSAGES.priceInvalid })
    .min(0, { error: OFFER_MESSAGES.priceInvalid }).max(1e13, { error: OFFER_MESSAGES.priceInvalid }),
  description: required(OFFER_MESSAGES.descriptionRequired).max(DESCRIPTION_MAX, { error: OFFER_MESSAGES.descriptionTooLong }),
  location: offerLocationSchema,
  links: offerLinksSchema.default({}),
  visible_from_date: visibleFrom,
  attributes: z.array(offerAttributeInputSchema, { error: OFFER_MESSAGES.attributeList }).max(60).default([]),
  /** 'publish' (default) activates at once (or at visible_from_date); 'draft' only saves. */
  status: z.enum(['draft', 'publish'], { error: OFFER_MESSAGES.statusInvalid }).default('publish'),
}

function refineOffer(v: { category_id: number; offer_type: string; attributes: { id: number; value: unknown }[] }, ctx: z.RefinementCtx) {
  const cat = CATEGORY_BY_ID.get(v.category_id)
  if (!cat) {
    ctx.addIssue({ code: 'custom', path: ['category_id'], message: OFFER_MESSAGES.categoryRequired })
    return
  }
  if (!(cat.offerTypes as string[]).includes(v.offer_type)) {
    ctx.addIssue({ code: 'custom', path: ['offer_type'], message: OFFER_MESSAGES.offerTypeNotAllowed })
    return
  }
  for (const i of validateAttributes(v.category_id, v.offer_type, v.attributes).issues) {
    ctx.addIssue({ code: 'custom', path: ['attributes', i.index, 'value'], message: i.message })
  }
}

/** POST /api/offers. `user` is required from guests (creates an inactive account); ignored when logged in. */
export const createOfferSchema = z.object({
  ...offerFields,
  user: offerUserSchema.optional(),
  /** ALTCHA payload: required from guests when CAPTCHA=on. */
  captcha: z.string().max(4000).optional(),
}).superRefine(refineOffer)
export type CreateOfferInput = z.input<typeof createOfferSchema>

/** PUT /api/offers/:id: the whole form again. status 'publish' publishes a draft; otherwise the status is kept. */
export const updateOfferSchema = z.object({
  ...offerFields,
  status: z.enum(['draft', 'publish'], { error: OFFER_MESSAGES.statusInvalid }).optional(),
}).superRefine(refineOffer)
export type UpdateOfferInput = z.input<typeof updateOfferSchema>

export const photoOrderSchema = z.object({
  ids: z.array(z.number().int(), { error: OFFER_MESSAGES.orderInvalid }).min(1, { error: OFFER_MESSAGES.orderInvalid })
    .max(MAX_PHOTOS + MAX_PLANS, { error: OFFER_MESSAGES.orderInvalid }),
})

export const contactSchema = z.object({
  name: required(OFFER_MESSAGES.contactNameRequired).max(120, { error: OFFER_MESSAGES.contactNameRequired }),
  email: required(AUTH_MESSAGES.emailRequired).max(254, { error: AUTH_MESSAGES.emailInvalid })
    .regex(EMAIL_RE, { error: AUTH_MESSAGES.emailInvalid }).transform((v) => v.toLowerCase()),
  phone: z.string().trim().max(30).regex(PHONE_RE, { error: AUTH_MESSAGES.phoneInvalid }).optional().or(z.literal('')).nullable(),
  message: required(OFFER_MESSAGES.contactMessageRequired).max(5000, { error: OFFER_MESSAGES.contactMessageTooLong }),
  captcha: z.string().max(4000).optional(),
})
export type ContactInput = z.input<typeof contactSchema>

export const reportSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: OFFER_MESSAGES.reportReasonRequired }),
  message: z.string().trim().max(2000, { error: OFFER_MESSAGES.reportMessageTooLong }).optional().nullable(),
  captcha: z.string().max(4000).optional(),
})

export const captchaBodySchema = z.object({ captcha: z.string().max(4000).optional() }).nullable().optional()

const intQuery = (field: string, min: number, max: number) =>
  z.string().regex(/^\d{1,9}$/, `Pole ${field} musi być liczbą całkowitą od ${min} do ${max}.`).transform(Number)
    .pipe(z.number().int().min(min, `Pole ${field} musi być liczbą całkowitą od ${min} do ${max}.`)
      .max(max, `Pole ${field} musi być liczbą całkowitą od ${min} do ${max}.`))

/** GET /api/user/offers query. */
export const userOffersQuerySchema = z.object({
  status: z.enum(OFFER_STATUSES, { error: 'Nieznany status ogłoszenia.' }).optional(),
  keyword: z.string().trim().max(100).optional(),
  page: intQuery('page', 1, 100_000).optional(),
  per_page: intQuery('per_page', 1, 48).optional(),
  /** A company's listings of one agent. */
  agent_id: intQuery('agent_id', 1, 999_999_999).optional(),
})

// ---------------------------------------------------------------------------------------------------------------
// Responses.

export const createdOfferSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  status: z.enum(OFFER_STATUSES),
  /** True while the guest's account waits for its e-mail activation (the listing then goes live by itself). */
  pending_activation: z.boolean(),
})

export const offerPhotoSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  srcset: z.string(),
  placeholder: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  position: z.number().int(),
})
export type OfferPhoto = z.infer<typeof offerPhotoSchema>

export const ecertificateSchema = z.object({
  file: z.object({ url: z.string(), type: z.enum(['pdf', 'image']), name: z.string() }).nullable(),
  /** EP, kWh/(m²·rok) — attribute 34. */
  ep: z.number().nullable(),
  /** CO₂ emission, kg/(m²·rok) — attribute 35. */
  co2: z.number().nullable(),
  /** Renewable share, % — attribute 36. */
  oze: z.number().nullable(),
})

const attributeValueSchema = z.object({ id: z.number().int(), value: z.union([z.string(), z.array(z.string())]) })
const linksOut = z.object({ video: z.string().nullable(), video_2: z.string().nullable(), walk_video: z.string().nullable() })
const videoOut = z.object({ provider: z.enum(['youtube', 'vimeo']), id: z.string(), url: z.string(), embed_url: z.string(), thumbnail: z.string().nullable() })

/** GET /api/offers/:id/edit and PUT /api/offers/:id: the spec §3 "Listing as read for editing". */
export const editOfferSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  status: z.enum(OFFER_STATUSES),
  pending_activation: z.boolean(),
  title: z.string(),
  category_id: z.number().int(),
  offer_type: z.enum(OFFER_TYPE_VALUES),
  ad_type: z.enum(['offer', 'seek']),
  price: z.number().int(),
  description: z.string(),
  location: z.object({ lat: z.number(), lon: z.number(), name: z.string() }),
  photos: z.array(offerPhotoSchema),
  project_plan_photos: z.array(offerPhotoSchema),
  ecertificate: ecertificateSchema.nullable(),
  links: linksOut,
  /** Thumbnail URL per link (YouTube) or null (Vimeo, or no link). */
  video_thumbnails: z.object({ video: z.string().nullable(), video_2: z.string().nullable(), walk_video: z.string().nullable() }),
  /** 'YYYY-MM-DD' (Polish date) or null. */
  visible_from_date: z.string().nullable(),
  attributes: z.array(attributeValueSchema),
  expires_at: z.string().nullable(),
  views: z.number().int(),
  created_at: z.string(),
})
export type EditOffer = z.infer<typeof editOfferSchema>

export const resolvedAttributeSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  type: z.string(),
  unit: z.string().nullable(),
  value: z.union([z.string(), z.array(z.string())]),
  /** Text to show: option names joined, 'Tak' for booleans, numbers with their unit. */
  label: z.string(),
  group: z.enum(ATTRIBUTE_GROUPS),
})

export const advertiserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  avatar: z.string().nullable(),
  company_name: z.string().nullable(),
  agency: z.object({ id: z.number().int(), name: z.string(), avatar: z.string().nullable(), profile_url: z.string() }).nullable(),
  profile_url: z.string(),
  member_since: z.string(),
  active_offers_count: z.number().int(),
})

/** GET /api/offers/:slug (public listing page). No e-mail and no phone: the phone needs POST /phone. */
export const publicOfferSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  status: z.enum(OFFER_STATUSES),
  title: z.string(),
  category_id: z.number().int(),
  category: z.object({
    id: z.number().int(), slug: z.string(), url_slug: z.string(), name: z.string(),
    parent: z.object({ id: z.number().int(), slug: z.string(), url_slug: z.string(), name: z.string() }).nullable(),
  }),
  offer_type: z.enum(OFFER_TYPE_VALUES),
  ad_type: z.enum(['offer', 'seek']),
  price: z.number().int(),
  price_per_m2: z.number().int().nullable(),
  area: z.number().nullable(),
  rooms: z.number().int().nullable(),
  description: z.string(),
  location: z.object({ lat: z.number(), lon: z.number(), name: z.string() }),
  city: z.string(),
  city_slug: z.string(),
  district: z.string().nullable(),
  voivodeship: z.string().nullable(),
  photos: z.array(offerPhotoSchema),
  project_plan_photos: z.array(offerPhotoSchema),
  ecertificate: ecertificateSchema.nullable(),
  links: linksOut,
  videos: z.object({ video: videoOut.nullable(), video_2: videoOut.nullable(), walk_video: videoOut.nullable() }),
  video_thumbnails: z.object({ video: z.string().nullable(), video_2: z.string().nullable(), walk_video: z.string().nullable() }),
  attributes: z.array(resolvedAttributeSchema),
  price_history: z.array(z.object({ price: z.number().int(), changed_at: z.string() })),
  advertiser: advertiserSchema,
  views: z.number().int(),
  favourites_count: z.number().int(),
  is_promoted: z.boolean(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** True when the caller owns the listing (the page shows edit links; views are not counted). */
  is_owner: z.boolean(),
  /** True when the logged-in caller has it among their favourites (always false for guests). */
  is_favorite: z.boolean(),
  similar: z.array(listingSummarySchema),
})
export type PublicOffer = z.infer<typeof publicOfferSchema>

/** 410 for ended or expired listings: links to the category and city help the visitor on. */
export const goneOfferSchema = z.object({
  error: z.literal('gone'),
  message: z.string(),
  category: z.object({ id: z.number().int(), slug: z.string(), url_slug: z.string(), name: z.string() }),
  city: z.object({ name: z.string(), slug: z.string() }),
})

export const userOfferSchema = listingSummarySchema.extend({
  status: z.enum(OFFER_STATUSES),
  pending_activation: z.boolean(),
  views: z.number().int(),
  favourites_count: z.number().int(),
  expires_at: z.string().nullable(),
  visible_from_date: z.string().nullable(),
  /** The agent the listing names (a company's and its agents' views). */
  agent: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The moderator's note when the listing was rejected ('Odrzucone - {note}'), else null. */
  moderation_note: z.string().nullable(),
  /** Package, what is left of it and the frames (issue 11). */
  promotion: ownerPromotionSchema.optional(),
})
export type UserOffer = z.infer<typeof userOfferSchema>

export const userOffersPageSchema = z.object({
  data: z.array(userOfferSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  last_page: z.number().int(),
  counts: z.object(Object.fromEntries(OFFER_STATUSES.map((s) => [s, z.number().int()])) as Record<OfferStatus, z.ZodNumber>),
})

export const photoListsSchema = z.object({ photos: z.array(offerPhotoSchema), project_plan_photos: z.array(offerPhotoSchema) })
export const phoneSchema = z.object({ phone: z.string().nullable() })
export const lifecycleSchema = z.object({ id: z.number().int(), status: z.enum(OFFER_STATUSES), expires_at: z.string().nullable() })
