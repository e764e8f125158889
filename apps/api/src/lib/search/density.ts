import { sql } from 'drizzle-orm'
import type { Db } from '@portal/db'
import { rowsOf } from './sql.ts'

/**
 * How many active listings lie in each 0.1° × 0.1° cell (about 11 × 7 km in Poland), refreshed every 10 minutes.
 * PostgreSQL has no statistics for earth_box, so it guesses the same tiny share for "10 km around Warsaw" (a fifth
 * of all listings) as for "10 km around a village" and walks the GiST index both times. With this grid the API
 * knows which case it is: a dense area is searched by walking the covering index in result order (filtering on
 * lat/lon inside the index), a sparse one through the GiST radius index.
 */
const CELL = 10 // cells per degree
const REFRESH_MS = 10 * 60_000
/** Above this many listings in the area, the ordered index walk is cheaper than collecting and sorting them. */
export const DENSE_AREA_LISTINGS = 2000

interface Grid { cells: Map<number, number>; at: number }
const grids = new WeakMap<object, { grid?: Grid; loading?: Promise<Grid> }>()
const key = (la: number, lo: number) => la * 10_000 + lo

async function load(db: Db): Promise<Grid> {
  const rows = rowsOf<{ la: unknown; lo: unknown; n: unknown }>(await db.execute(sql`select floor(lat * ${CELL})::int as la,
    floor(lon * ${CELL})::int as lo, count(*) as n from listings where status = 'active' group by 1, 2`))
  const cells = new Map<number, number>()
  for (const r of rows) cells.set(key(Number(r.la), Number(r.lo)), Number(r.n))
  return { cells, at: Date.now() }
}

/** The grid for this database (loaded on first use; afterwards refreshed in the background when stale). */
export async function densityGrid(db: Db): Promise<Grid> {
  let entry = grids.get(db)
  if (!entry) grids.set(db, entry = {})
  const e = entry
  if (e.grid && Date.now() - e.grid.at < REFRESH_MS) return e.grid
  e.loading ??= load(db).then((g) => { e.grid = g; return g }).finally(() => { e.loading = undefined })
  return e.grid ?? e.loading
}

/** Listings in the box (whole cells it touches, scaled by the share of each cell it covers). */
export function listingsInBox(grid: Grid, minLat: number, minLon: number, maxLat: number, maxLon: number): number {
  let n = 0
  for (let la = Math.floor(minLat * CELL); la <= Math.floor(maxLat * CELL); la++) {
    const h = Math.min(maxLat * CELL, la + 1) - Math.max(minLat * CELL, la)
    for (let lo = Math.floor(minLon * CELL); lo <= Math.floor(maxLon * CELL); lo++) {
      const c = grid.cells.get(key(la, lo))
      if (!c) continue
      const w = Math.min(maxLon * CELL, lo + 1) - Math.max(minLon * CELL, lo)
      n += c * Math.max(0, Math.min(1, h)) * Math.max(0, Math.min(1, w))
    }
    if (n > 1e9) break
  }
  return n
}

/**
 * Whether a search's plan depends on the density of its area: a radius, a map box, drawn areas and regions all bound
 * the search by a box that is either walked in the covering indexes (dense) or looked up in the GiST index (sparse).
 * Without the grid every box counted as sparse: a drawn area over part of Warsaw or a voivodeship then collected
 * every listing of its box from the heap through the GiST index (3.5 s and 18 s a request at a million listings).
 */
export const dependsOnDensity = (q: { location?: unknown; bbox?: unknown; areas?: unknown[]; places?: unknown[] }) =>
  Boolean(q.location || q.bbox || q.areas?.length || q.places?.length)

export interface AreaDensity { isDense(minLat: number, minLon: number, maxLat: number, maxLon: number): boolean }
export async function areaDensity(db: Db): Promise<AreaDensity> {
  const grid = await densityGrid(db)
  return { isDense: (a, b, c, d) => listingsInBox(grid, a, b, c, d) > DENSE_AREA_LISTINGS }
}
