import { z } from 'zod'
import { ATTRIBUTE_BY_ID, BUILDING_TYPES, EXTRAS, NEARBY, categoryBySlug, offerTypeInfo } from './catalogue/index.ts'
import { formatNumber, plural } from './format.ts'
import { parseSearchParams, toSearchParams, type SearchQuery } from './search.ts'
import {
  SAVED_SEARCH_MESSAGES, SAVED_SEARCH_PERIODS, filtersQuery as plainFiltersQuery, normalizeFilters as plainNormalizeFilters,
  savedSearchUrl as plainSavedSearchUrl,
} from './plain/saved-searches.ts'

// Texts, constants and pure helpers live in plain/ (no zod), so the web's first paint can import them without
// loading zod (issue 16).
export * from './plain/saved-searches.ts'

/*
 * The API's versions read drawn areas (`obszar`) with the API's parser (decoded and checked as GET /api/search does);
 * the web's first paint carries them as written (plain/search.ts).
 */
export const normalizeFilters = (input: unknown) => plainNormalizeFilters(input, parseSearchParams)
export const filtersQuery = (filters: Record<string, string>) => plainFiltersQuery(filters, parseSearchParams)
export const savedSearchUrl = (filters: Record<string, string>) => plainSavedSearchUrl(filters, parseSearchParams)

const periodSchema = z.union([z.number(), z.string().regex(/^\d{1,2}$/).transform(Number)], { error: SAVED_SEARCH_MESSAGES.periodInvalid })
  .pipe(z.number().refine((v) => (SAVED_SEARCH_PERIODS as readonly number[]).includes(v), SAVED_SEARCH_MESSAGES.periodInvalid))
const boolSchema = (message: string) => z.union([
  z.boolean(), z.number().refine((v) => v === 0 || v === 1).transform((v) => v === 1),
  z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
], { error: message })
const idSchema = z.union([z.number().int().positive(), z.string().regex(/^\d{1,9}$/).transform(Number)], { error: SAVED_SEARCH_MESSAGES.idInvalid })

/** POST /api/favorite-filters. A null period or notification means its default (spec §9: period 0, notification false). */
export const storeSavedSearchSchema = z.object({
  filters: z.unknown(),
  period: periodSchema.nullish(),
  notification: boolSchema(SAVED_SEARCH_MESSAGES.statusInvalid).nullish(),
  /** Optional own name; generated from the filters when absent. */
  name: z.string().trim().max(200).optional(),
})

/** PUT /api/favorite-filters: {id, status} switches the e-mail alert (the old client); period/notification/name too. */
export const updateSavedSearchSchema = z.object({
  id: idSchema,
  status: boolSchema(SAVED_SEARCH_MESSAGES.statusInvalid).nullish(),
  notification: boolSchema(SAVED_SEARCH_MESSAGES.statusInvalid).nullish(),
  /** null leaves it as it is, like an absent one. */
  period: periodSchema.nullish(),
  name: z.string().trim().min(1).max(200).optional(),
})

export const savedSearchParamsSchema = z.object({
  id: z.string().regex(/^\d{1,9}$/, SAVED_SEARCH_MESSAGES.idInvalid).transform(Number),
})

export const savedSearchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  filters: z.record(z.string(), z.string()),
  params: z.array(z.string()),
  period: z.number().int(),
  notification: z.boolean(),
  email_notifications: z.boolean(),
  url: z.string(),
  /** Active listings published since the user last opened the results. */
  new_count: z.number().int(),
  created_at: z.string(),
})
export type SavedSearch = z.infer<typeof savedSearchSchema>

/** Index: `data.data` as the old client reads it (a paginator). */
export const savedSearchListSchema = z.object({
  data: z.array(savedSearchSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  last_page: z.number().int(),
})

export const savedSearchCreatedSchema = z.object({ id: z.number().int(), created_at: z.string(), name: z.string() })
