import { createHash } from 'node:crypto'
import {
  AREA_OPTIONS, ATTRIBUTES, CATEGORIES, CITIES, OFFER_TYPE_VALUES, PRICE_OPTIONS, type Category,
} from '@portal/contracts/catalogue'
import type { FilterCategory, FiltersResponse } from '@portal/contracts/filters'

function toFilterCategory(c: Category): FilterCategory {
  return {
    label: c.name,
    id: c.slug,
    name: c.name,
    slug: c.slug,
    category_id: c.id,
    url_slug: c.urlSlug,
    offer_types: c.offerTypes,
    children: c.childIds.map((id) => toFilterCategory(CATEGORIES.find((x) => x.id === id)!)),
  }
}

/** Spec §3 "Filters response", built from the declarative catalogue (no database: it only changes on deploy). */
export function buildFilters(): FiltersResponse {
  return {
    categories: CATEGORIES.filter((c) => c.parentId === null).map(toFilterCategory),
    price: { min: [...PRICE_OPTIONS.min], max: [...PRICE_OPTIONS.max] },
    attributes: { metraz: { min: [...AREA_OPTIONS.min], max: [...AREA_OPTIONS.max] } },
    // Attributes the search can filter by (they have a query key); area is in `attributes` above.
    attributes2: ATTRIBUTES
      .filter((a) => a.param && (a.type === 'choice' || a.type === 'multi_choice' || a.type === 'boolean'))
      .map((a) => ({
        id: a.id,
        slug: a.slug,
        name: a.name,
        type: a.type,
        param: a.param ?? null,
        offer_types: a.offerTypes ?? [...OFFER_TYPE_VALUES],
        options: (a.options ?? []).map((o) => ({ name: o.name, slug: o.slug })),
      })),
    location: CITIES.map((c) => ({
      name: c.name, slug: c.slug, locative: c.locative, lat: c.lat, lon: c.lon, districts: c.districts.map((d) => d.name),
    })),
  }
}

let cached: { body: string; etag: string } | undefined

/** The serialized response and its strong ETag, computed once per process. */
export function filtersPayload(): { body: string; etag: string } {
  if (!cached) {
    const body = JSON.stringify(buildFilters())
    cached = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` }
  }
  return cached
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): W/ prefixes are ignored, `*` matches. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').map((t) => t.trim().replace(/^W\//, '')).some((t) => t === etag || t === '*')
}
