import { placeById } from '@portal/contracts/catalogue/regions'
import type { SearchQuery } from '@portal/contracts/search'
import { regionRings } from '../geo/regions.ts'
import { areaEdges, areasBox, inArea, type AreaEdges } from './facets.ts'

/**
 * Several places at once (`lokalizacje`, issue 25 item 4, decision 069), resolved once for both engines: regions
 * (voivodeship, powiat, gmina) by their boundary — the drawn areas' exact even-odd test over all the region's rings,
 * the same doubles in JS and SQL — and city districts by the listing's district and city. A listing in any of the
 * places matches. `box` ([minLat, minLon, maxLat, maxLon]) bounds them when every place is a region.
 */
export interface PlaceFilter {
  regions: AreaEdges[]
  /** Each region's cell grid (the index's fast path; same answers as `inArea`). */
  grids: Grid[]
  districts: { city: string; name: string }[]
  box?: [number, number, number, number]
}

/**
 * A region's box cut into G × G cells, each known inside (1), outside (0) or crossed by an edge (2). Away from its
 * edges the even-odd count cannot change, so a cell no edge touches (edges' boxes, padded) has the answer of its
 * centre for every point in it; only points in crossed cells run the exact test. Voivodeships have ~300 edges: the
 * grid spares most listings the exact test (one core: mazowieckie 1.4 → ~0.4 µs a point, a gmina 0.3 → ~0.1 µs).
 */
const G_REGION = 128
export interface Grid { a: number; b: number; dLat: number; dLon: number; cells: Uint8Array; edges: AreaEdges; g: number; sql?: string }
/** The grid of a ring set (a region's, or a drawn area's: the index builds one per search, with a smaller G). */
export function buildGrid(edges: AreaEdges, [a, b, c, d]: [number, number, number, number], G = G_REGION): Grid {
  const dLat = (c - a) / G || 1e-9, dLon = (d - b) / G || 1e-9
  const cells = new Uint8Array(G * G)
  const pad = 1e-7
  const cell = (v: number, o: number, step: number) => Math.min(G - 1, Math.max(0, Math.floor((v - o) / step)))
  for (let k = 0; k < edges.length; k += 5) {
    const yi = edges[k]!, yj = edges[k + 1]!, xi = edges[k + 2]!, xj = xi + edges[k + 3]!
    const la0 = cell(Math.min(yi, yj) - pad, a, dLat), la1 = cell(Math.max(yi, yj) + pad, a, dLat)
    const lo0 = cell(Math.min(xi, xj) - pad, b, dLon), lo1 = cell(Math.max(xi, xj) + pad, b, dLon)
    for (let i = la0; i <= la1; i++) for (let j = lo0; j <= lo1; j++) cells[i * G + j] = 2
  }
  for (let i = 0; i < G; i++) for (let j = 0; j < G; j++) {
    if (cells[i * G + j] !== 2) cells[i * G + j] = inArea(edges, a + (i + 0.5) * dLat, b + (j + 0.5) * dLon) ? 1 : 0
  }
  return { a, b, dLat, dLon, cells, edges, g: G }
}
/** `inArea` of the region, through its grid. */
export function inGrid(g: Grid, lat: number, lon: number): boolean {
  const G = g.g
  const i = Math.floor((lat - g.a) / g.dLat), j = Math.floor((lon - g.b) / g.dLon)
  if (i < 0 || j < 0 || i >= G || j >= G) return inArea(g.edges, lat, lon)
  const v = g.cells[i * G + j]!
  return v === 2 ? inArea(g.edges, lat, lon) : v === 1
}

const edgesCache = new Map<string, { edges: AreaEdges; box: [number, number, number, number]; grid: Grid }>()
function regionEdges(code: string) {
  let hit = edgesCache.get(code)
  if (!hit) {
    const rings = regionRings(code)
    if (!rings) return undefined
    const parts = rings.map(areaEdges)
    const edges = new Float64Array(parts.reduce((n, p) => n + p.length, 0))
    let o = 0
    for (const p of parts) { edges.set(p, o); o += p.length }
    const box = areasBox(rings)
    hit = { edges, box, grid: buildGrid(edges, box) }
    edgesCache.set(code, hit)
  }
  return hit
}

/** The query's places as a filter; undefined without places. Unknown ids (the parser refuses them) match nothing. */
export function placeFilter(q: SearchQuery): PlaceFilter | undefined {
  if (!q.places?.length) return undefined
  const f: PlaceFilter = { regions: [], grids: [], districts: [] }
  let box: [number, number, number, number] | undefined
  for (const id of q.places) {
    const p = placeById(id)
    if (!p) continue
    if (p.kind === 'district') { f.districts.push({ city: p.city!, name: p.name }); continue }
    const r = regionEdges(p.code!)
    if (!r) continue
    f.regions.push(r.edges)
    f.grids.push(r.grid)
    box = box ? [Math.min(box[0], r.box[0]), Math.min(box[1], r.box[1]), Math.max(box[2], r.box[2]), Math.max(box[3], r.box[3])] : r.box
  }
  if (!f.districts.length) f.box = box ?? [1, 1, -1, -1] // no known place: an empty box
  return f
}

/** In one of the grids' rings (a loop, not some(): the index runs it per listing, and a closure per call costs). */
export function inAnyGrid(grids: Grid[], lat: number, lon: number): boolean {
  for (let i = 0; i < grids.length; i++) if (inGrid(grids[i]!, lat, lon)) return true
  return false
}
/** In one of the regions (the index's test; the districts are tested by code by the engine). */
export const inRegions = (f: PlaceFilter, lat: number, lon: number) => inAnyGrid(f.grids, lat, lon)

/**
 * `inGrid` as SQL over the row `t`: the grid's cells as a bytea (0 outside, 1 inside, 2 crossed) and, for a point in a
 * crossed cell or outside the grid, the even-odd count of `ring_band_crossings` (migration 0035) over the edges of
 * its row band only. A band holds every edge whose latitudes reach into the row (padded as the grid pads them), so
 * every edge a horizontal ray from a point of that row can cross; the others add nothing to `inArea`'s count. Rows
 * beyond the grid take its first or last band: no edge reaches a latitude outside the region's box. The same doubles
 * and comparisons as `inArea` (AREA_SQL): the same rows, from a few hundred bytes of plan instead of one term per edge
 * (10-150 ms of planning per statement for a voivodeship at a million listings, decision 093). The cast to boolean
 * keeps AREA_SQL's estimate (a third).
 */
function GRID_SQL(g: Grid, t: string): string {
  g.sql ??= (() => {
    const e = g.edges, G = g.g
    const flat: number[] = []
    const offsets = [1]
    const pad = 1e-7
    for (let i = 0; i < G; i++) {
      const lo = g.a + i * g.dLat - pad, hi = g.a + (i + 1) * g.dLat + pad
      for (let k = 0; k < e.length; k += 5) {
        if (Math.max(e[k]!, e[k + 1]!) >= lo && Math.min(e[k]!, e[k + 1]!) <= hi) for (let m = 0; m < 5; m++) flat.push(e[k + m]!)
      }
      offsets.push(flat.length + 1)
    }
    const f = (v: number) => `${String(v)}::float8`
    const row = `floor((T.lat - ${f(g.a)}) / ${f(g.dLat)})`, col = `floor((T.lon - ${f(g.b)}) / ${f(g.dLon)})`
    const band = `least(${G - 1}, greatest(0, ${row}))::int`
    const offs = `'{${offsets.join(',')}}'::int[]`
    return `(case (case when ${row} >= 0 and ${row} < ${G} and ${col} >= 0 and ${col} < ${G}
      then get_byte('\\x${Buffer.from(g.cells).toString('hex')}'::bytea, (${row} * ${G} + ${col})::int) else 2 end)
      when 0 then 0 when 1 then 1
      else ring_band_crossings('{${flat.map(String).join(',')}}'::float8[], (${offs})[${band} + 1], (${offs})[${band} + 2], T.lat, T.lon) % 2 end)::boolean`
  })()
  return g.sql.replaceAll('T.', `${t}.`)
}

/** The filter as SQL over the row `l` (numbers and catalogue names only, the latter as literals). */
export function PLACES_SQL(f: PlaceFilter): string {
  const lit = (s: string) => `'${s.replace(/'/g, "''")}'`
  const terms = [
    ...f.grids.map((g) => `(${GRID_SQL(g, 'l')})`),
    ...f.districts.map((d) => `(l.district = ${lit(d.name)} and l.city_slug = ${lit(d.city)})`),
  ]
  return terms.length ? `(${terms.join(' or ')})` : 'false'
}
