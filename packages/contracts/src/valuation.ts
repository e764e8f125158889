import { z } from 'zod'

/**
 * The valuation 'Ile jest warte moje mieszkanie?' (issue 26, decision 066): GET /api/valuation?… values a flat for
 * sale or rent from comparable listings. Money in grosze.
 */
export { VALUATION_LIMITS, maxValuationYear, VALUATION_CONDITIONS, VALUATION_MARKETS, VALUATION_MESSAGES } from './plain/valuation.ts'
import { VALUATION_LIMITS, maxValuationYear, VALUATION_CONDITIONS, VALUATION_MESSAGES } from './plain/valuation.ts'

/** '' (an empty field of a GET form) is no value. */
const blank = (v: unknown) => (v === '' || v === null ? undefined : typeof v === 'string' ? v.trim().replace(',', '.') : v)
const num = (msg: string, min: number, max: number, int: boolean) => z.preprocess(blank,
  z.coerce.number({ error: msg }).refine((n) => Number.isFinite(n) && n >= min && n <= max && (!int || Number.isInteger(n)), { message: msg }))
const slug = (msg: string) => z.string({ error: msg }).regex(/^[a-z0-9-]{1,80}$/, msg)

export const valuationQuerySchema = z.object({
  offer_type: z.preprocess(blank, z.enum(['sell', 'rent'], { error: VALUATION_MESSAGES.offerType }).default('sell')),
  city: slug(VALUATION_MESSAGES.city),
  district: z.preprocess(blank, slug(VALUATION_MESSAGES.district).optional()),
  area: num(VALUATION_MESSAGES.area, VALUATION_LIMITS.minArea, VALUATION_LIMITS.maxArea, false),
  rooms: num(VALUATION_MESSAGES.rooms, VALUATION_LIMITS.minRooms, VALUATION_LIMITS.maxRooms, true),
  floor: num(VALUATION_MESSAGES.floor, VALUATION_LIMITS.minFloor, VALUATION_LIMITS.maxFloor, true).optional(),
  year_built: z.preprocess(blank, z.coerce.number({ error: VALUATION_MESSAGES.year() })
    .refine((n) => Number.isInteger(n) && n >= VALUATION_LIMITS.minYear && n <= maxValuationYear(), { error: () => VALUATION_MESSAGES.year() })
    .optional()),
  condition: z.preprocess(blank, z.enum(VALUATION_CONDITIONS.map(([v]) => v) as [string, ...string[]], { error: VALUATION_MESSAGES.condition }).optional()),
  market: z.preprocess(blank, z.enum(['wtorny', 'pierwotny'], { error: VALUATION_MESSAGES.market }).optional()),
})
export type ValuationQuery = z.infer<typeof valuationQuerySchema>

export const valuationComparableSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The listing's page while it is active; null once it ended. */
  href: z.string().nullable(),
  district: z.string().nullable(),
  area: z.number(),
  rooms: z.number().int().nullable(),
  floor: z.number().int().nullable(),
  year_built: z.number().int().nullable(),
  condition: z.string().nullable(),
  market: z.string().nullable(),
  price: z.number().int(),
  price_per_m2: z.number().int(),
  /** Brought to today (the monthly index) and to the subject's district (the districts' medians). */
  adjusted_per_m2: z.number().int(),
  /** When the price applied: today for an active listing, its end for an ended one (ISO). */
  at: z.string(),
  active: z.boolean(),
  /** Its share of the weights, per cent (one decimal). */
  weight_pct: z.number(),
})
export type ValuationComparable = z.infer<typeof valuationComparableSchema>

export const valuationSchema = z.object({
  offer_type: z.enum(['sell', 'rent']),
  city: z.object({ slug: z.string(), name: z.string() }),
  district: z.object({ slug: z.string(), name: z.string() }).nullable(),
  /** 'na Mokotowie w Warszawie', 'w Krakowie'. */
  where: z.string(),
  /** null: fewer comparables than the minimum. */
  estimate: z.object({
    value: z.number().int(), low: z.number().int(), high: z.number().int(), per_m2: z.number().int(),
  }).nullable(),
  comparables: z.array(valuationComparableSchema),
  min_comparables: z.number().int(),
  price_page: z.string(),
})
export type Valuation = z.infer<typeof valuationSchema>
