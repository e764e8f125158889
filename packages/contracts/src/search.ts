import { z } from 'zod'
import { OFFER_TYPE_VALUES } from './catalogue/offer-types.ts'
import { listingSummarySchema } from './listing.ts'
import { SEARCH_MESSAGES, parseSearchParams as parseWithoutShapes } from './plain/search.ts'
import { checkArea } from './plain/area-shape.ts'
import { checkPlace } from './catalogue/regions.ts'

// The query (URL ⇄ form state, parsing, constants) lives in plain/search.ts, without zod, so the web's first paint
// can use it without loading zod (issue 16); this module adds the API's response shapes.
export * from './plain/search.ts'

/**
 * The API's parser: plain/search.ts's, with drawn areas checked (limits, crossing outlines) and places
 * (`lokalizacje`) looked up in the catalogue, each named when wrong.
 */
export const parseSearchParams = (params: URLSearchParams) => parseWithoutShapes(params, checkArea, checkPlace)
export { AREA_MESSAGES, MAX_AREAS, MAX_AREA_POINTS, areaProblem, decodeArea } from './plain/area-shape.ts'

// ---- API response shapes ----------------------------------------------------------------------------------------

/** GET /api/search */
export const searchResponseSchema = z.object({
  data: z.array(listingSummarySchema),
  /** Exact up to 1 000 (2 000 on the SQL path); beyond that an estimate rounded down to 100 (above 50 000 to 1 000). */
  total: z.number().int(),
  /** True when `total` is such an estimate (the page then says 'około …'). */
  total_estimated: z.boolean().default(false),
  page: z.number().int(),
  per_page: z.number().int(),
  last_page: z.number().int(),
  /** The investment `inwestycja` names (decision 077), for the page's heading and chip. */
  investment: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }).optional(),
})
export type SearchResponse = z.infer<typeof searchResponseSchema>

/** GET /api/search/count: how many listings the filters find (the panels' 'Pokaż 1 234 ogłoszenia', issue 25). */
export const searchCountResponseSchema = z.object({
  /** Exact from the in-memory index (beyond ~300 000 candidates, and on the SQL path above 2 000, an estimate). */
  total: z.number().int(),
  total_estimated: z.boolean(),
})
export type SearchCountResponse = z.infer<typeof searchCountResponseSchema>

export const markerSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  lat: z.number(),
  lon: z.number(),
  /** Grosze. */
  price: z.number().int(),
  offer_type: z.enum(OFFER_TYPE_VALUES),
})
/** GET /api/search/markers: at most MAX_MARKERS markers (newest first); truncated when more matched. */
/** A group of matches drawn as one circle: where they are (mean position), how many, and the box they span. */
export const markerClusterSchema = z.object({
  lat: z.number(),
  lon: z.number(),
  count: z.number().int(),
  /** [minLat, minLon, maxLat, maxLon] of its listings: clicking the circle zooms there. */
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]),
})
export const markersResponseSchema = z.object({
  data: z.array(markerSchema),
  /**
   * When more than MARKERS_BEFORE_CLUSTERS listings match, `data` is empty and every match is counted in one of these
   * instead (a grid of MARKER_GRID × MARKER_GRID over the box): the map shows them all without sending thousands.
   */
  clusters: z.array(markerClusterSchema).default([]),
  total: z.number().int(),
  truncated: z.boolean(),
})
export type MarkerCluster = z.infer<typeof markerClusterSchema>
export const MARKERS_BEFORE_CLUSTERS = 400
export const MARKER_GRID = 24
export type Marker = z.infer<typeof markerSchema>
export type MarkersResponse = z.infer<typeof markersResponseSchema>
export const MAX_MARKERS = 2000

/** GET /api/search/suggestions?q= (at most 5, spec §9). */
export const searchSuggestionSchema = z.object({ label: z.string(), url: z.string() })
export const searchSuggestionsResponseSchema = z.array(searchSuggestionSchema)
export type SearchSuggestion = z.infer<typeof searchSuggestionSchema>

export const LOCATION_ADDRESS_TYPES = ['city', 'town', 'village', 'suburb'] as const
/** Spec §3 location suggestion (Nominatim-like); GET /api/locations?q= and /api/locations/reverse. */
export const locationSuggestionSchema = z.object({
  display_name: z.string(),
  lat: z.number(),
  lon: z.number(),
  addresstype: z.string(),
  address: z.object({
    city: z.string().optional(),
    town: z.string().optional(),
    village: z.string().optional(),
    suburb: z.string().optional(),
    state: z.string().optional(),
    country: z.string(),
  }),
  /**
   * A place `lokalizacje` can hold (decision 069): a voivodeship, powiat or gmina (matched by its boundary) or a big
   * city's district; the search boxes add it to the searched places instead of a point with a radius.
   */
  place: z.object({ id: z.string(), label: z.string() }).optional(),
  /**
   * For a town, village or district without a place: the gmina it lies in (decision 080), which `lokalizacje` holds
   * when it is searched together with other places; alone it stays a point with a radius.
   */
  gmina: z.object({ id: z.string(), label: z.string() }).optional(),
})
export type LocationSuggestion = z.infer<typeof locationSuggestionSchema>

/** GET/POST /api/recent-search */
export const recentSearchSchema = z.object({ id: z.number().int(), display_name: z.string(), lat: z.number(), lon: z.number() })
export const recentSearchInputSchema = z.object({
  display_name: z.string().trim().min(1, 'Podaj nazwę miejsca.').max(300, 'Nazwa miejsca może mieć najwyżej 300 znaków.'),
  lat: z.coerce.number({ error: SEARCH_MESSAGES.lat }).min(-90, SEARCH_MESSAGES.lat).max(90, SEARCH_MESSAGES.lat),
  lon: z.coerce.number({ error: SEARCH_MESSAGES.lon }).min(-180, SEARCH_MESSAGES.lon).max(180, SEARCH_MESSAGES.lon),
})
export type RecentSearch = z.infer<typeof recentSearchSchema>
export const MAX_RECENT_SEARCHES = 5
