import { DEFAULT_RADIUS_KM, type SearchQuery } from '@portal/contracts/search'

/**
 * The facets of issue 25's filters that listings do not keep in a column of their own, as SQL over a listings row
 * aliased `t`. The SQL path filters on these very expressions and the in-memory index loads them (sync.ts), so both
 * engines agree by construction; the change triggers of migration 0026 log every write they depend on (links, photos,
 * the owner's account type).
 */

/** 'private' (a person), 'developer', or 'agency': lib/listings/advertiser.ts (the listings' summaries show it too). */
export { ADVERTISER_SQL } from '../listings/advertiser.ts'

/**
 * Attribute 18 (year built) as a whole number, null when absent or malformed: the stored generated column that
 * PostgreSQL keeps from `attributes` (`listing_year_built`, migration 0034, decision 086), in the covering indexes.
 */
export const YEAR_BUILT_SQL = (t: string) => `${t}.year_built`

/** A video link ('Film' or 'Drugi film'). */
export const HAS_VIDEO_SQL = (t: string) => `(coalesce(${t}.links->>'video', '') <> '' or coalesce(${t}.links->>'video_2', '') <> '')`
/** A virtual tour ('Wirtualny spacer'). */
export const HAS_TOUR_SQL = (t: string) => `(coalesce(${t}.links->>'walk_video', '') <> '')`
/** A floor plan among the photos (kind 'plan', the form's project plan photos). */
export const HAS_PLAN_SQL = (t: string) => `exists (select 1 from listing_photos p where p.listing_id = ${t}.id and p.kind = 'plan')`

/**
 * 'Dodane' (issue 25): created at or after this moment, to the whole minute, so the SQL path (which computes it
 * the same way) and the index agree and the count cache's minute stays meaningful.
 */
export const addedSince = (days: number, now: number) => Math.floor((now - days * 86_400_000) / 60_000) * 60_000

/**
 * '+0 km' (`promien=0`, issue 25): the picked place itself rather than a circle around it — its name is searched as a
 * typed place is (a catalogue city or district becomes a filter, another place's name a word of the listing's place).
 * A place without a name (a geolocated point) keeps a 1 km circle.
 */
export function placeOnly(q: SearchQuery): string | undefined {
  return q.location && q.radius === 0 ? q.location.name?.trim() || undefined : undefined
}
/** The text both engines interpret: the phrase, a typed place, and a '+0 km' place's name. */
export const searchedText = (q: SearchQuery) => [q.phrase, q.locationText, placeOnly(q)].filter(Boolean).join(' ')
/** The circle around the location in metres (none for a '+0 km' place with a name). */
export function circleMeters(q: SearchQuery): number | undefined {
  if (!q.location || placeOnly(q)) return undefined
  return q.radius === 0 ? 1000 : (q.radius ?? DEFAULT_RADIUS_KM) * 1000
}

/**
 * Drawn areas (`obszar`, issue 25): a listing is inside when an even-odd ray cast from it crosses the ring an odd
 * number of times. Both engines compute every crossing with the same doubles in the same order (the edge constants
 * are computed once here and written into the SQL as exact literals), so they agree on every listing, even one on
 * an edge. One edge per entry: [lat of i, lat of j, lon of i, (lon j − lon i), (lat j − lat i)].
 */
export type AreaEdges = Float64Array
export function areaEdges(area: [number, number][]): AreaEdges {
  const n = area.length
  const out: number[] = []
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const [yi, xi] = area[i]!, [yj, xj] = area[j]!
    // A level edge is never crossed by a level ray (and SQL must not divide by its zero height).
    if (yi !== yj) out.push(yi, yj, xi, xj - xi, yj - yi)
  }
  return Float64Array.from(out)
}

/** Inside the ring (even-odd), exactly as AREA_SQL decides it. */
export function inArea(e: AreaEdges, lat: number, lon: number): boolean {
  let inside = false
  for (let k = 0; k < e.length; k += 5) {
    const yi = e[k]!, yj = e[k + 1]!
    if ((lat > yi) !== (lat > yj) && lon < (e[k + 3]! * (lat - yi)) / e[k + 4]! + e[k + 2]!) inside = !inside
  }
  return inside
}

/** The box of the areas: [minLat, minLon, maxLat, maxLon]. */
export function areasBox(areas: [number, number][][]): [number, number, number, number] {
  const b: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity]
  for (const a of areas) for (const [la, lo] of a) { b[0] = Math.min(b[0], la); b[1] = Math.min(b[1], lo); b[2] = Math.max(b[2], la); b[3] = Math.max(b[3], lo) }
  return b
}

/** `inArea` as SQL over the row `t` (numbers only: the edges come from decoded, validated coordinates). */
export function AREA_SQL(e: AreaEdges, t: string): string {
  const f = (v: number) => `${String(v)}::float8`
  const terms: string[] = []
  for (let k = 0; k < e.length; k += 5) {
    const yi = f(e[k]!), yj = f(e[k + 1]!)
    terms.push(`((${t}.lat > ${yi}) <> (${t}.lat > ${yj}) and ${t}.lon < (${f(e[k + 3]!)} * (${t}.lat - ${yi})) / ${f(e[k + 4]!)} + ${f(e[k + 2]!)})::int`)
  }
  // `::boolean` rather than `= 1` (the same rows: the sum is never negative): the planner estimates an equality on an
  // expression at 0.5 %, so with a ring a dense area's box looked like a few dozen rows and a page sorted every match
  // of the box's offer type (drawn area over Warsaw: 510,000 index entries walked, 170 ms at a million listings); a
  // cast is estimated as a third of the box, and the newest-first walk stops at the page's end.
  return `((${terms.join(' + ')}) % 2)::boolean`
}
