import { z } from 'zod'
import { OFFER_TYPE_VALUES } from './catalogue/offer-types.ts'

/**
 * One node of the filter category tree. Spec §3 names a Category's fields id, name, slug and says the filter tree
 * carries label=name and id=slug: both spellings are sent, so a client building the tree from either reads it.
 */
export interface FilterCategory {
  label: string
  id: string
  name: string
  slug: string
  /** Numeric database id, for forms that post category_id. */
  category_id: number
  url_slug: string
  offer_types: (typeof OFFER_TYPE_VALUES)[number][]
  children: FilterCategory[]
}

export const filterCategorySchema: z.ZodType<FilterCategory> = z.lazy(() =>
  z.object({
    label: z.string(),
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    category_id: z.number().int(),
    url_slug: z.string(),
    offer_types: z.array(z.enum(OFFER_TYPE_VALUES)),
    children: z.array(filterCategorySchema),
  }),
)

const rangeLists = z.object({ min: z.array(z.number()), max: z.array(z.number()) })

/** GET /api/search/filters (spec §3 "Filters response"). */
export const filtersResponseSchema = z.object({
  categories: z.array(filterCategorySchema),
  price: rangeLists,
  attributes: z.object({ metraz: rangeLists }),
  attributes2: z.array(z.object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    type: z.string(),
    /** The search-query key this attribute is filtered by. */
    param: z.string().nullable(),
    offer_types: z.array(z.enum(OFFER_TYPE_VALUES)),
    options: z.array(z.object({ name: z.string(), slug: z.string() })),
  })),
  location: z.array(z.object({
    name: z.string(), slug: z.string(), locative: z.string(), lat: z.number(), lon: z.number(),
    districts: z.array(z.string()),
  })),
})
export type FiltersResponse = z.infer<typeof filtersResponseSchema>
