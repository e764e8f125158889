import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { rowsOf, type DbHandle } from '@portal/db'
import { openTestDb } from '@portal/db/testing'
import { inArea } from './facets.ts'
import { PLACES_SQL, inRegions, placeFilter } from './places.ts'

const REGIONS = ['mazowieckie', 'pomorskie', '1418', '1465011', '2264011']

describe('regions through their cell grid', () => {
  it('answer exactly as the plain even-odd test, near borders too', () => {
    for (const id of REGIONS) {
      const f = placeFilter({ places: [id] })!
      const [a, b, c, d] = f.box!
      let inside = 0
      // The points where the two disagree, checked once: an expect() per point made this test take 30 s on a busy machine.
      const wrong: string[] = []
      // A lattice over the box, and points a hair off every vertex (the border itself).
      for (let i = 0; i <= 300; i++) for (let j = 0; j <= 300; j++) {
        const lat = a + ((c - a) * i) / 300, lon = b + ((d - b) * j) / 300
        const got = inRegions(f, lat, lon)
        if (got !== inArea(f.regions[0]!, lat, lon)) wrong.push(`${id} ${lat} ${lon}`)
        if (got) inside++
      }
      const e = f.regions[0]!
      for (let k = 0; k < e.length; k += 5) for (const dy of [-1e-6, 0, 1e-6]) for (const dx of [-1e-6, 0, 1e-6]) {
        if (inRegions(f, e[k]! + dy, e[k + 2]! + dx) !== inArea(e, e[k]! + dy, e[k + 2]! + dx)) wrong.push(`${id} vertex ${k / 5} ${dy} ${dx}`)
      }
      expect(wrong).toEqual([])
      expect(inside).toBeGreaterThan(1000)
    }
  })
})

/**
 * The SQL form (decision 093): the grid's cells and, in crossed cells, the crossings of the row band's edges
 * (`ring_band_crossings`, migration 0035) must pick exactly the points the plain even-odd test picks: on a lattice
 * reaching past the region's box (outside the grid), on the vertices and a hair off them, and on the rows' borders.
 */
let db: DbHandle
beforeAll(async () => { db = await openTestDb() }, 120_000)
afterAll(async () => { await db?.close() })

describe('regions as SQL', () => {
  it('match the same points as inArea, and carry the boundary as data, not as one term per edge', async () => {
    for (const id of REGIONS) {
      const f = placeFilter({ places: [id] })!
      const e = f.regions[0]!
      const [a, b, c, d] = f.box!
      const pts: [number, number][] = []
      for (let i = -6; i <= 126; i++) for (let j = -6; j <= 126; j++) pts.push([a + ((c - a) * i) / 120, b + ((d - b) * j) / 120])
      for (let k = 0; k < e.length; k += 5) for (const dy of [-1e-6, 0, 1e-6]) for (const dx of [-1e-6, 0, 1e-6]) pts.push([e[k]! + dy, e[k + 2]! + dx])
      // The borders between the grid's rows (the band a point falls in is computed in SQL).
      for (let i = 0; i <= 128; i++) for (let j = 0; j <= 40; j++) pts.push([a + ((c - a) / 128) * i, b + ((d - b) * j) / 40])
      const text = PLACES_SQL(f)
      expect(text.split('l.lat').length - 1, id).toBeLessThan(12)
      const lats = `{${pts.map((p) => String(p[0])).join(',')}}`, lons = `{${pts.map((p) => String(p[1])).join(',')}}`
      const rows = rowsOf<{ i: unknown }>(await db.db.execute(sql`select l.i from unnest(${lats}::float8[], ${lons}::float8[])
        with ordinality as l(lat, lon, i) where ${sql.raw(text)}`))
      const got = new Set(rows.map((r) => Number(r.i) - 1))
      let inside = 0
      pts.forEach(([lat, lon], k) => {
        const want = inArea(e, lat, lon)
        if (want) inside++
        expect(got.has(k), `${id} ${lat} ${lon}`).toBe(want)
      })
      expect(inside).toBeGreaterThan(500)
      expect(got.size).toBe(inside)
    }
  }, 120_000)
})
