import { z } from 'zod'
import { AMENITIES, INVESTMENT_MAX_PHOTOS, INVESTMENT_MESSAGES as M, UNIT_LIMITS as L } from './plain/investments.ts'

export * from './plain/investments.ts'

const investmentStatus = z.enum(['w-przygotowaniu', 'w-budowie', 'gotowe'], { error: M.status })
const unitStatus = z.enum(['dostepne', 'zarezerwowane', 'sprzedane'], { error: M.unitStatus })
const amenity = z.enum(AMENITIES.map((a) => a.value) as [string, ...string[]], { error: M.amenities })

const optText = (max: number) => z.string().trim().max(max).nullable().optional()

export const investmentInputSchema = z.object({
  name: z.string({ error: M.name }).trim().min(2, M.name).max(120, M.name),
  description: z.string({ error: M.description }).max(20_000, M.description).default(''),
  location: z.object({
    lat: z.number().min(49, M.location).max(55, M.location),
    lon: z.number().min(14, M.location).max(24.2, M.location),
    name: z.string().trim().min(2, M.location).max(200, M.location),
  }, { error: M.location }),
  address: z.object({
    street: optText(120), number: optText(20), zip: optText(10), county: optText(80), commune: optText(80),
  }).optional(),
  status: investmentStatus,
  completion_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, M.completionDate).nullable().optional(),
  buildings: z.array(z.string().trim().min(1, M.buildings).max(40, M.buildings), { error: M.buildings }).max(50, M.buildings).default([]),
  amenities: z.array(amenity).max(30).default([]),
})
export type InvestmentInput = z.input<typeof investmentInputSchema>

export const unitExtraInputSchema = z.object({
  kind: z.enum(['parking', 'storage', 'other']),
  label: z.string().trim().max(120, M.extraLabel).default(''),
  price: z.number({ error: M.extraPrice }).int(M.extraPrice).min(0, M.extraPrice).max(L.extraMax, M.extraPrice),
})

export const unitInputSchema = z.object({
  building: z.string().trim().max(40, M.building).default(''),
  unit_number: z.string({ error: M.unitNumber }).trim().min(1, M.unitNumber).max(20, M.unitNumber),
  floor: z.number({ error: M.floor }).int(M.floor).min(L.floorMin, M.floor).max(L.floorMax, M.floor),
  area: z.number({ error: M.area }).min(L.areaMin, M.area).max(L.areaMax, M.area),
  rooms: z.number({ error: M.rooms }).int(M.rooms).min(L.roomsMin, M.rooms).max(L.roomsMax, M.rooms),
  /** Grosze. */
  price: z.number({ error: M.price }).int(M.price).min(L.priceMin, M.price).max(L.priceMax, M.price),
  status: unitStatus.default('dostepne'),
  outdoor: z.array(z.enum(['balkon', 'ogrod', 'taras'], { error: M.outdoor })).max(3).default([]),
  extras: z.array(unitExtraInputSchema).max(20).default([]),
})
export type UnitInput = z.input<typeof unitInputSchema>
export type UnitValues = z.output<typeof unitInputSchema>

export const pricePointSchema = z.object({ price: z.number().int(), changed_at: z.string() })

export const unitSchema = z.object({
  id: z.number().int(),
  listing_slug: z.string(),
  /** The unit's listing is live (not sold, not ended): the public table links to it. */
  listed: z.boolean(),
  building: z.string(), unit_number: z.string(), floor: z.number().int().nullable(),
  area: z.number().nullable(), rooms: z.number().int().nullable(),
  price: z.number().int(), price_per_m2: z.number().int().nullable(),
  status: unitStatus, outdoor: z.array(z.string()),
  extras: z.array(z.object({ kind: z.enum(['parking', 'storage', 'other']), label: z.string(), price: z.number().int(), since: z.string() })),
  price_history: z.array(pricePointSchema),
})
export type Unit = z.infer<typeof unitSchema>

export const investmentPhotoSchema = z.object({ key: z.string(), width: z.number().int(), height: z.number().int(), placeholder: z.string().nullable() })

export const investmentCardSchema = z.object({
  id: z.number().int(), slug: z.string(), name: z.string(), city: z.string(), district: z.string().nullable(),
  location_name: z.string(), lat: z.number(), lon: z.number(),
  status: investmentStatus, completion_date: z.string().nullable(),
  developer: z.object({ id: z.number().int(), name: z.string(), profile_url: z.string() }),
  units_available: z.number().int(), units_total: z.number().int(),
  price_from: z.number().int().nullable(), price_per_m2_from: z.number().int().nullable(),
  rooms: z.array(z.number().int()),
  photo: investmentPhotoSchema.nullable(),
})
export type InvestmentCard = z.infer<typeof investmentCardSchema>

export const investmentDetailSchema = investmentCardSchema.extend({
  description: z.string(), buildings: z.array(z.string()), amenities: z.array(z.string()), photos: z.array(investmentPhotoSchema),
  address: z.object({ street: z.string().nullable(), number: z.string().nullable(), zip: z.string().nullable(), county: z.string().nullable(), commune: z.string().nullable() }).nullable(),
  units: z.array(unitSchema),
  /** With `wiersze=1` (the public page, decision 090): every unit as a row (`PackedUnit`), and `units` empty. */
  unit_rows: z.array(z.tuple([
    z.number().int(), z.string(), z.union([z.literal(0), z.literal(1)]), z.string(), z.string(), z.number().int().nullable(),
    z.number().nullable(), z.number().int().nullable(), z.number().int(), z.number().int().nullable(), unitStatus, z.array(z.string()),
    z.array(z.tuple([z.enum(['parking', 'storage', 'other']), z.string(), z.number().int(), z.string()])),
  ])).optional(),
  /** The developer's open-data file (art. 19b), when one was written. */
  open_data_url: z.string().nullable(),
  updated_at: z.string(),
})
export type InvestmentDetail = z.infer<typeof investmentDetailSchema>

export const investmentPhotosSchema = z.object({ photos: z.array(investmentPhotoSchema) })
export const investmentPhotoOrderSchema = z.object({
  ids: z.array(z.string().max(40), { error: M.photoOrder }).max(INVESTMENT_MAX_PHOTOS, M.photoOrder),
})

export const investmentListQuerySchema = z.object({
  miasto: z.string().max(60).optional(),
  status: investmentStatus.optional(),
  /** Completed by the end of this year. */
  ukonczenie: z.string().regex(/^\d{4}$/, 'Podaj rok, np. 2027.').optional(),
  cena_do: z.string().regex(/^\d{1,12}$/, 'Cena musi być liczbą złotych.').optional(),
  pokoje: z.string().regex(/^\d{1,2}$/, 'Liczba pokoi musi być liczbą.').optional(),
  user: z.string().regex(/^\d{1,9}$/).optional(),
  page: z.string().regex(/^\d{1,5}$/).optional(),
})

export const investmentListSchema = z.object({
  data: z.array(investmentCardSchema), total: z.number().int(), page: z.number().int(), per_page: z.number().int(), last_page: z.number().int(),
})

export const importRowErrorSchema = z.object({ row: z.number().int(), field: z.string().nullable(), message: z.string() })
export const importReportSchema = z.object({
  dry_run: z.boolean(),
  /** Nothing was written when errors is not empty. */
  ok: z.boolean(),
  rows: z.number().int(),
  created: z.number().int(), updated: z.number().int(), unchanged: z.number().int(),
  errors: z.array(importRowErrorSchema),
})
export type ImportReport = z.infer<typeof importReportSchema>

const addressSchema = z.object({
  voivodeship: optText(60), county: optText(80), commune: optText(80), city: optText(80), street: optText(120),
  number: optText(20), unit: optText(20), zip: z.string().trim().regex(/^(\d{2}-\d{3})?$/, 'Kod pocztowy w formacie 00-000.').nullable().optional(),
})

/** The developer's data the open-data file needs besides the account (art. 19b). */
export const developerDisclosureSchema = z.object({
  legal_form: optText(80), krs: z.string().trim().regex(/^(\d{10})?$/, 'Nr KRS ma 10 cyfr.').nullable().optional(),
  ceidg: optText(40), regon: z.string().trim().regex(/^(\d{9}|\d{14})?$/, 'Nr REGON ma 9 albo 14 cyfr.').nullable().optional(),
  fax: optText(30), website: optText(200), head_office: addressSchema.nullable().optional(), sales_office: addressSchema.nullable().optional(),
  other_sales_places: optText(500), contact_method: optText(300),
})
export type DeveloperDisclosureInput = z.input<typeof developerDisclosureSchema>

export const disclosureStatusSchema = z.object({
  urls: z.object({ csv: z.string(), csv_md5: z.string(), xml: z.string(), xml_md5: z.string() }),
  last_day: z.string().nullable(), last_generated_at: z.string().nullable(), rows: z.number().int(),
  /** Headers of the file's developer columns that are empty. */
  developer_missing: z.array(z.string()),
  units_missing: z.array(z.object({ listing_id: z.number().int(), investment: z.string(), unit: z.string(), fields: z.array(z.string()) })),
  data: developerDisclosureSchema,
})
export type DisclosureStatus = z.infer<typeof disclosureStatusSchema>

/** GET /api/search/investments: a primary-market search's units grouped by investment (issue 27). */
export const investmentGroupSchema = z.object({
  slug: z.string(), name: z.string(), city: z.string(), district: z.string().nullable(),
  /** Units of the investment that match the search. */
  units: z.number().int(),
  /** Every one of them a flat ('12 mieszkań'), else 'lokale'. */
  flats: z.boolean(),
  min_price: z.number().int(),
  /** Grosze per m², the lowest among them. */
  min_price_per_m2: z.number().int().nullable(),
})
export type InvestmentGroup = z.infer<typeof investmentGroupSchema>
export const investmentGroupsSchema = z.object({ data: z.array(investmentGroupSchema) })
