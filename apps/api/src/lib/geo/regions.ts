import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The boundaries of voivodeships, powiats and gminas (regions-pl.json, built by regions-build.ts; decision 069),
 * server side only. Each region is a list of rings ([lat, lon], encoded polylines); islands and holes are rings
 * too, so a point is inside when an even-odd count over all of them says so (facets.ts `inArea` on `regionEdges`).
 */
type Row = [code: string, name: string, rings: string[]]
interface RegionsFile { v: Row[]; p: Row[]; g: Row[] }

let rows: Map<string, Row> | undefined
function load(): Map<string, Row> {
  if (!rows) {
    const f = JSON.parse(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'regions-pl.json'), 'utf8')) as RegionsFile
    rows = new Map([...f.v, ...f.p, ...f.g].map((r) => [r[0], r]))
  }
  return rows
}

/** An encoded polyline of any length (the drawn areas' decoder stops at their 500-point limit). */
function decode(s: string): [number, number][] {
  const out: [number, number][] = []
  let i = 0, lat = 0, lon = 0
  const next = () => {
    let shift = 0, n = 0, c: number
    do { c = s.charCodeAt(i++) - 63; n |= (c & 0x1f) << shift; shift += 5 } while (c >= 0x20)
    return n & 1 ? ~(n >>> 1) : n >>> 1
  }
  while (i < s.length) { lat += next(); lon += next(); out.push([lat / 1e5, lon / 1e5]) }
  return out
}

const rings = new Map<string, [number, number][][]>()
/** The rings of a region by TERC code (2, 4 or 7 digits), or undefined for an unknown code. */
export function regionRings(code: string): [number, number][][] | undefined {
  let r = rings.get(code)
  if (!r) {
    const row = load().get(code)
    if (!row) return undefined
    r = row[2].map(decode).filter((a) => a.length >= 3)
    rings.set(code, r)
  }
  return r
}

/** The centre of a region's box (a suggestion's point). */
export function regionCentre(code: string): [number, number] | undefined {
  const r = regionRings(code)
  if (!r) return undefined
  let a = Infinity, b = Infinity, c = -Infinity, d = -Infinity
  for (const ring of r) for (const [la, lo] of ring) { a = Math.min(a, la); b = Math.min(b, lo); c = Math.max(c, la); d = Math.max(d, lo) }
  return [Math.round(((a + c) / 2) * 1e4) / 1e4, Math.round(((b + d) / 2) * 1e4) / 1e4]
}

/**
 * A city with powiat rights as its urban gmina (the 7-digit code ending in 1, powiat code 61 and up): the rings of
 * its boundary, or undefined when no gmina bears the name (every catalogue city has one).
 */
export function cityRings(name: string): [number, number][][] | undefined {
  for (const row of load().values()) {
    if (row[0].length === 7 && row[0][6] === '1' && Number(row[0].slice(2, 4)) >= 61 && row[1] === name) return regionRings(row[0])
  }
  return undefined
}

let gminas: { code: string; box: [number, number, number, number]; rings: [number, number][][] }[] | undefined
/**
 * The gmina (7-digit TERC code) whose boundary holds the point, by an even-odd count over all its rings written as
 * search/facets.ts `inArea` writes it (this layer may not import it), so a town searched as its gmina is in it as
 * the search sees it; undefined outside every gmina.
 */
export function gminaAt(lat: number, lon: number): string | undefined {
  gminas ??= [...load().keys()].filter((code) => code.length === 7).map((code) => {
    const rings = regionRings(code)!
    const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity]
    for (const ring of rings) for (const [la, lo] of ring) { box[0] = Math.min(box[0], la); box[1] = Math.min(box[1], lo); box[2] = Math.max(box[2], la); box[3] = Math.max(box[3], lo) }
    return { code, box, rings }
  })
  const inside = (rings: [number, number][][]) => {
    let odd = false
    for (const ring of rings) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [yi, xi] = ring[i]!, [yj, xj] = ring[j]!
        if (yi !== yj && (lat > yi) !== (lat > yj) && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) odd = !odd
      }
    }
    return odd
  }
  return gminas.find((g) => lat >= g.box[0] && lat <= g.box[2] && lon >= g.box[1] && lon <= g.box[3] && inside(g.rings))?.code
}
