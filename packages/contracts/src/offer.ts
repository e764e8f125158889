import { z } from 'zod'
import { CATEGORY_BY_ID, OFFER_TYPE_VALUES } from './catalogue/index.ts'
import { AUTH_MESSAGES, EMAIL_RE, PASSWORD_RE, PHONE_RE } from './auth.ts'
import { ADVERTISERS, listingSummarySchema } from './listing.ts'
import { parseVideoUrl } from './offer-video.ts'
import { ownerPromotionSchema } from './payments.ts'
import { priceComparisonSchema } from './prices.ts'
import { ACCOUNT_TYPES, ATTRIBUTE_GROUPS, DESCRIPTION_MAX, MAX_PHOTOS, MAX_PLANS, OFFER_MESSAGES, OFFER_STATUSES, REPORT_REASONS, TITLE_MAX, validateAttributes, type OfferStatus } from './plain/offer.ts'

// Texts, constants and pure helpers live in plain/ (no zod), so the web's first paint can import them without
// loading zod (issue 16).
export * from './plain/offer.ts'

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
  /** Who advertises, as the search's 'ogloszeniodawca' filter sees it: the owner's account (an agent's by its agency). */
  kind: z.enum(ADVERTISERS),
  avatar: z.string().nullable(),
  company_name: z.string().nullable(),
  agency: z.object({ id: z.number().int(), name: z.string(), avatar: z.string().nullable(), profile_url: z.string() }).nullable(),
  profile_url: z.string(),
  member_since: z.string(),
  active_offers_count: z.number().int(),
})

/** The investment of a unit listing (issue 27): shown on its page with a link to /inwestycje/{slug}. */
export const offerInvestmentSchema = z.object({
  slug: z.string(), name: z.string(), status: z.string(), completion_date: z.string().nullable(), units_available: z.number().int(),
})
export type OfferInvestment = z.infer<typeof offerInvestmentSchema>

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
  /** True when visits can be booked ('Umów oglądanie', issue 28): hours set or an open day ahead. */
  viewings: z.boolean().optional(),
  /** A unit of a developer's investment: the investment (its gallery fills `photos` when the unit has none). */
  investment: offerInvestmentSchema.nullable().optional(),
  /**
   * True when the listing is in a property group (issue 13): GET /api/offers/:id/property may then show other ads of
   * the same property; false when that call can only answer 404 (the listing page then does not ask it).
   */
  property_group: z.boolean().optional(),
  similar: z.array(listingSummarySchema),
  /**
   * The price per m² against the latest median of its kind (issue 26), as GET /api/offers/:id/price-comparison
   * answers; null when the listing is not active or the sample is too small (decision 091).
   */
  price_comparison: priceComparisonSchema.shape.comparison,
})
export type PublicOffer = z.infer<typeof publicOfferSchema>

/**
 * GET /api/offers/:id/viewer: what the listing page shows differently to this visitor (decision 102). A signed-in
 * browser given the page everybody gets (decision 099) asks this instead of the whole listing again; the view is
 * counted here as the listing's read counts it (an owner's never).
 */
export const offerViewerSchema = publicOfferSchema.pick({ id: true, is_owner: true, is_favorite: true, views: true })
export type OfferViewer = z.infer<typeof offerViewerSchema>

/** 410 for ended or expired listings: links to the category and city help the visitor on. */
export const goneOfferSchema = z.object({
  /** The Polish text (spec §8); `code` is 'gone'. */
  error: z.string(),
  message: z.string(),
  code: z.literal('gone').optional(),
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
