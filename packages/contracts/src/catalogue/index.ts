import { CATEGORY_TREE, type CategoryNode } from './categories.ts'
import { ATTRIBUTE_BY_ID } from './attributes.ts'
import type { OfferType } from './offer-types.ts'

export * from './categories.ts'
export * from './attributes.ts'
export * from './offer-types.ts'
export * from './cities.ts'
export * from './inflection.ts'

/** A category with everything inherited from its parent resolved. */
export interface Category {
  id: number
  slug: string
  urlSlug: string
  name: string
  plural: string
  parentId: number | null
  offerTypes: OfferType[]
  attributes: number[]
  childIds: number[]
  demo: NonNullable<CategoryNode['demo']>
}

function flatten(nodes: CategoryNode[], parent?: Category): Category[] {
  return nodes.flatMap((n) => {
    const c: Category = {
      id: n.id,
      slug: n.slug,
      urlSlug: n.urlSlug ?? n.slug,
      name: n.name,
      plural: n.plural,
      parentId: parent?.id ?? null,
      offerTypes: n.offerTypes ?? parent?.offerTypes ?? [],
      attributes: n.attributes ?? parent?.attributes ?? [],
      childIds: (n.children ?? []).map((ch) => ch.id),
      demo: n.demo ?? parent!.demo!,
    }
    return [c, ...flatten(n.children ?? [], c)]
  })
}

export const CATEGORIES: Category[] = flatten(CATEGORY_TREE)
export const CATEGORY_BY_ID = new Map(CATEGORIES.map((c) => [c.id, c]))
const BY_ANY_SLUG = new Map(CATEGORIES.flatMap((c) => [[c.slug, c], [c.urlSlug, c]] as [string, Category][]))

/** Finds a category by its backend slug or its URL slug ('kamienica-1' and 'kamienica-dom' both work). */
export function categoryBySlug(slug: string | null | undefined): Category | undefined {
  return slug ? BY_ANY_SLUG.get(slug.trim().toLowerCase()) : undefined
}

/** A category's id together with all its descendants' ids (a parent slug includes its children). */
export function categoryWithDescendants(id: number): number[] {
  const c = CATEGORY_BY_ID.get(id)
  return c ? [id, ...c.childIds.flatMap(categoryWithDescendants)] : []
}

export function topCategories(): Category[] {
  return CATEGORIES.filter((c) => c.parentId === null)
}

export function attributesForCategory(id: number) {
  return (CATEGORY_BY_ID.get(id)?.attributes ?? []).map((a) => ATTRIBUTE_BY_ID.get(a)!).filter(Boolean)
}

const steps = (from: number, to: number, step: number) =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step)

/** Spec §9 price lists, in zł. */
export const PRICE_OPTIONS = {
  min: steps(500, 5000, 500),
  max: [...steps(1000, 10000, 1000), 15000, 20000],
}
/**
 * Sale price lists, in zł. The §9 lists are rental amounts (up to 20 000 zł), so sales get their own steps
 * (docs/decisions/014-price-steps-and-promoted-slots.md); every price field also takes a typed amount.
 */
export const SALE_PRICE_OPTIONS = {
  min: [50_000, 100_000, 150_000, 200_000, 250_000, 300_000, 350_000, 400_000, 450_000, 500_000, 600_000, 700_000, 800_000,
    1_000_000, 1_500_000, 2_000_000, 3_000_000],
  max: [100_000, 200_000, 300_000, 400_000, 500_000, 600_000, 700_000, 800_000, 900_000, 1_000_000, 1_250_000, 1_500_000,
    2_000_000, 3_000_000, 5_000_000],
}

/**
 * The price steps for an offer type (its slug or value): rent keeps §9's lists, sale has its own; without a type
 * (or exchange, free, wanted) both, since such a search covers rents and sales alike.
 */
export function priceOptionsFor(offerType: string | null | undefined): { min: number[]; max: number[] } {
  if (offerType === 'wynajem' || offerType === 'rent') return PRICE_OPTIONS
  if (offerType === 'sprzedaz' || offerType === 'sell') return SALE_PRICE_OPTIONS
  return { min: [...PRICE_OPTIONS.min, ...SALE_PRICE_OPTIONS.min], max: [...PRICE_OPTIONS.max, ...SALE_PRICE_OPTIONS.max] }
}

/** Area lists in m² (the spec does not give them: docs/catalogue.md). */
export const AREA_OPTIONS = {
  min: [10, 20, 30, 40, 50, 60, 70, 80, 100, 120, 150, 200, 300],
  max: [20, 30, 40, 50, 60, 70, 80, 100, 120, 150, 200, 300, 500, 1000],
}
export const ROOM_OPTIONS = ['1', '2', '3', '4', '5'] as const
export const BATHROOM_OPTIONS = ['1', '2', '3'] as const
/** Property types offered by the search modal (spec §9). */
export const SEARCH_MODAL_CATEGORIES = ['mieszkanie', 'dom', 'dom-modulowy', 'lokal-uzytkowy', 'dzialka'] as const
