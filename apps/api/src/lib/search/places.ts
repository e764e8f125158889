import { placeById } from '@portal/contracts/catalogue/regions'
import type { SearchQuery } from '@portal/contracts/search'
import { regionRings } from '../geo/regions.ts'
import { AREA_SQL, areaEdges, areasBox, inArea, type AreaEdges } from './facets.ts'

/**
 * Several places at once (`lokalizacje`, issue 25 item 4, decision 069), resolved once for both engines: regions
 * (voivodeship, powiat, gmina) by their boundary — the drawn areas' exact even-odd test over all the region's rings,
 * the same doubles in JS and SQL — and city districts by the listing's district and city. A listing in any of the
 * places matches. `box` ([minLat, minLon, maxLat, maxLon]) bounds them when every place is a region.
 */
export interface PlaceFilter {
  regions: AreaEdges[]
  districts: { city: string; name: string }[]
  box?: [number, number, number, number]
}

const edgesCache = new Map<string, { edges: AreaEdges; box: [number, number, number, number] }>()
function regionEdges(code: string) {
  let hit = edgesCache.get(code)
  if (!hit) {
    const rings = regionRings(code)
    if (!rings) return undefined
    const parts = rings.map(areaEdges)
    const edges = new Float64Array(parts.reduce((n, p) => n + p.length, 0))
    let o = 0
    for (const p of parts) { edges.set(p, o); o += p.length }
    hit = { edges, box: areasBox(rings) }
    edgesCache.set(code, hit)
  }
  return hit
}

/** The query's places as a filter; undefined without places. Unknown ids (the parser refuses them) match nothing. */
export function placeFilter(q: SearchQuery): PlaceFilter | undefined {
  if (!q.places?.length) return undefined
  const f: PlaceFilter = { regions: [], districts: [] }
  let box: [number, number, number, number] | undefined
  for (const id of q.places) {
    const p = placeById(id)
    if (!p) continue
    if (p.kind === 'district') { f.districts.push({ city: p.city!, name: p.name }); continue }
    const r = regionEdges(p.code!)
    if (!r) continue
    f.regions.push(r.edges)
    box = box ? [Math.min(box[0], r.box[0]), Math.min(box[1], r.box[1]), Math.max(box[2], r.box[2]), Math.max(box[3], r.box[3])] : r.box
  }
  if (!f.districts.length) f.box = box ?? [1, 1, -1, -1] // no known place: an empty box
  return f
}

/** In one of the regions (the index's test; the districts are tested by code by the engine). */
export const inRegions = (f: PlaceFilter, lat: number, lon: number) => f.regions.some((e) => inArea(e, lat, lon))

/** The filter as SQL over the row `l` (numbers and catalogue names only, the latter as literals). */
export function PLACES_SQL(f: PlaceFilter): string {
  const lit = (s: string) => `'${s.replace(/'/g, "''")}'`
  const terms = [
    ...f.regions.map((e) => `(${AREA_SQL(e, 'l')})`),
    ...f.districts.map((d) => `(l.district = ${lit(d.name)} and l.city_slug = ${lit(d.city)})`),
  ]
  return terms.length ? `(${terms.join(' or ')})` : 'false'
}
