import { z } from 'zod'
import { CITIES, CITY_BY_SLUG, DISTRICT_LOCATIVE, locativePhrase, placeForms, type City, type District } from './catalogue/index.ts'
import { districtSlug, pricePagePath } from './plain/prices.ts'

export { districtSlug, pricePagePath }

/**
 * Market prices (issue 26, decision 062): the price pages /ceny-nieruchomosci/{city}[/{district}], their API and the
 * comparison on a listing page. Figures are grosze per m²; months are 'YYYY-MM-01' in Europe/Warsaw.
 */

/** The category of the price pages: flats (top category 1). */
export const PRICE_PAGE_CATEGORY = 1
/** Genitive plural for 'mediana dla … mieszkań' per top category; categories without one get no comparison. */
export const CATEGORY_GENITIVE_PLURAL: Record<number, string> = { 1: 'mieszkań', 9: 'domów', 17: 'domów modułowych' }
export const ROOM_BUCKET_LABELS: Record<number, string> = { 0: 'wszystkie', 1: '1 pokój', 2: '2–3 pokoje', 4: '4 pokoje i więcej' }
/** 'dla 2–3-pokojowych mieszkań': the adjective of the bucket ('' for all rooms). */
export const ROOM_BUCKET_ADJECTIVE: Record<number, string> = { 0: '', 1: '1-pokojowych', 2: '2–3-pokojowych', 4: 'co najmniej 4-pokojowych' }

export function findDistrict(city: City, slug: string): District | undefined {
  return city.districts.find((d) => districtSlug(d.name) === slug)
}
export const cityBySlug = (slug: string) => CITY_BY_SLUG.get(slug)
export const PRICE_CITIES = CITIES

/** 'na Mokotowie', 'w Podgórzu', 'w centrum Katowic'; 'w dzielnicy Krzyki' where no form is known. */
export function districtWhere(city: City, name: string): string {
  const known = DISTRICT_LOCATIVE[name]
  if (known === 'w centrum') return `w centrum ${placeForms(city.name).genitive}`
  if (known) return known
  return `w dzielnicy ${name}`
}

/** 'Ceny mieszkań w Krakowie', 'Ceny mieszkań na Mokotowie w Warszawie', 'Ceny mieszkań w centrum Katowic'. */
export function pricePageTitle(city: City, district?: District): string {
  if (!district) return `Ceny mieszkań ${locativePhrase(city)}`
  const where = districtWhere(city, district.name)
  return where.startsWith('w centrum ') ? `Ceny mieszkań ${where}` : `Ceny mieszkań ${where} ${locativePhrase(city)}`
}


// ----- API responses ------------------------------------------------------------------------------------------------
export const priceFigureSchema = z.object({
  month: z.string(), n: z.number().int(), p25: z.number().int(), median: z.number().int(), p75: z.number().int(),
})
export type PriceFigure = z.infer<typeof priceFigureSchema>

/** A row of the table: a district (on a city's page) or a room bucket (on a district's page). */
export const priceRowSchema = z.object({
  key: z.string(),
  name: z.string(),
  href: z.string().nullable(),
  sell: priceFigureSchema.nullable(),
  sell_change_12m: z.number().nullable(),
  rent: priceFigureSchema.nullable(),
  rent_change_12m: z.number().nullable(),
})
export type PriceRow = z.infer<typeof priceRowSchema>

export const pricePageSchema = z.object({
  title: z.string(),
  city: z.object({ slug: z.string(), name: z.string(), where: z.string() }),
  district: z.object({ slug: z.string(), name: z.string(), where: z.string() }).nullable(),
  computed_at: z.string().nullable(),
  months: z.array(z.string()),
  /** Per month (same order as months): the whole place's figure, or null below the minimum sample. */
  sell: z.array(priceFigureSchema.nullable()),
  rent: z.array(priceFigureSchema.nullable()),
  sell_change_12m: z.number().nullable(),
  rent_change_12m: z.number().nullable(),
  rows_kind: z.enum(['districts', 'rooms']),
  rows: z.array(priceRowSchema),
  min_sample: z.number().int(),
})
export type PricePage = z.infer<typeof pricePageSchema>

export const priceIndexSchema = z.object({
  computed_at: z.string().nullable(),
  cities: z.array(z.object({
    slug: z.string(), name: z.string(), href: z.string(), sell: priceFigureSchema.nullable(), rent: priceFigureSchema.nullable(),
  })),
})
export type PriceIndex = z.infer<typeof priceIndexSchema>

/**
 * The shapes of a city's districts for the price map (decision 079): generated cells of the city's boundary, not
 * surveyed borders. Rings of [lat, lon]; several rings of one district are drawn even-odd.
 */
const latLon = z.tuple([z.number(), z.number()])
export const priceMapSchema = z.object({
  approximate: z.literal(true),
  bounds: z.tuple([latLon, latLon]),
  districts: z.array(z.object({ name: z.string(), slug: z.string(), rings: z.array(z.array(latLon)) })),
})
export type PriceMap = z.infer<typeof priceMapSchema>

export const priceComparisonSchema = z.object({
  comparison: z.object({
    /** Signed percentage of the listing's price per m² against the median (−8 = 8 % lower). */
    pct: z.number().int(),
    text: z.string(),
    price_per_m2: z.number().int(),
    median: z.number().int(), p25: z.number().int(), p75: z.number().int(), n: z.number().int(),
    bin_min: z.number().int(), bin_width: z.number().int(), bins: z.array(z.number().int()),
    href: z.string(),
    link_text: z.string(),
    offer_type: z.enum(['sell', 'rent']),
  }).nullable(),
})
export type PriceComparison = z.infer<typeof priceComparisonSchema>

// ----- mortgage calculator rates (set by staff in /admin/ustawienia) --------------------------------------------------
export const MORTGAGE_MESSAGES = {
  referenceInvalid: 'Podaj stopę referencyjną od 0 do 20 %, najwyżej z dwoma miejscami po przecinku.',
  marginInvalid: 'Podaj marżę od 0 do 10 %, najwyżej z dwoma miejscami po przecinku.',
  saved: 'Zapisano oprocentowanie kalkulatora kredytowego.',
} as const
/** Defaults until staff set their own: a 3-month reference rate and a typical bank margin. */
export const MORTGAGE_DEFAULTS = { referenceRateBp: 425, marginBp: 200 } as const

const pct = (max: number, error: string) => z.number({ error }).min(0, { error }).max(max, { error })
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error })
export const mortgageRatesInputSchema = z.object({
  reference_rate_pct: pct(20, MORTGAGE_MESSAGES.referenceInvalid),
  margin_pct: pct(10, MORTGAGE_MESSAGES.marginInvalid),
})
export type MortgageRatesInput = z.infer<typeof mortgageRatesInputSchema>
export const mortgageRatesSchema = z.object({
  reference_rate_pct: z.number(), margin_pct: z.number(), rate_pct: z.number(),
  /** null: the defaults, never changed. */
  updated_at: z.string().nullable(),
})
export type MortgageRates = z.infer<typeof mortgageRatesSchema>
