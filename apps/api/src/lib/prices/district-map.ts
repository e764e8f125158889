import { CITY_BY_SLUG, type City } from '@portal/contracts/catalogue'
import { districtSlug } from '@portal/contracts/prices'
import { cityRings } from '../geo/regions.ts'

/**
 * Approximate district shapes for the price map (issue 26 item 2, decision 079). No open boundary data of the big
 * cities' districts is in the repo or in a registry package, so each district is the part of its city's boundary
 * (PRG gmina, decision 069) nearer to its centre (the catalogue's point) than to any other district's centre: a
 * Voronoi cell clipped to the city. Believable, not surveyed: the page says so.
 */
export interface DistrictCell { name: string; slug: string; rings: [number, number][][] }
export interface CityCells { bounds: [[number, number], [number, number]]; districts: DistrictCell[] }

type P = [number, number]

/**
 * Keeps the part of a ring on the side of the line a·x + b·y ≤ c (Sutherland–Hodgman against one half-plane).
 * A concave ring cut into several pieces comes back as one ring joined by zero-width seams along the line, which
 * draws the same.
 */
export function clipHalfPlane(ring: P[], a: number, b: number, c: number): P[] {
  const out: P[] = []
  const side = (p: P) => a * p[0] + b * p[1] - c
  for (let i = 0; i < ring.length; i++) {
    const cur = ring[i]!, prev = ring[(i + ring.length - 1) % ring.length]!
    const sc = side(cur), sp = side(prev)
    if (sc <= 0) {
      if (sp > 0) out.push(cross(prev, cur, sp, sc))
      out.push(cur)
    } else if (sp <= 0) out.push(cross(prev, cur, sp, sc))
  }
  return out
}
const cross = (p: P, q: P, sp: number, sq: number): P => {
  const t = sp / (sp - sq)
  return [p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t]
}

/** Signed area of a ring in the plane (shoelace). */
export function ringArea(ring: P[]): number {
  let s = 0
  for (let i = 0; i < ring.length; i++) {
    const [x1, y1] = ring[i]!, [x2, y2] = ring[(i + 1) % ring.length]!
    s += x1 * y2 - x2 * y1
  }
  return s / 2
}

/**
 * The Voronoi cells of `sites` clipped to `rings` (all [lat, lon]). Distances in a local plane: longitude scaled by
 * the cosine of the mean latitude, so the cells' borders are true perpendicular bisectors on the ground.
 */
export function voronoiInRings(sites: P[], rings: P[][]): P[][][] {
  const lat0 = sites.reduce((s, p) => s + p[0], 0) / Math.max(1, sites.length)
  const k = Math.cos((lat0 * Math.PI) / 180)
  const toXY = (p: P): P => [p[1] * k, p[0]]
  const toLL = (p: P): P => [p[1], p[0] / k]
  const xy = sites.map(toXY)
  const cityXY = rings.map((r) => r.map(toXY))
  return xy.map((s, i) => {
    let parts = cityXY
    for (let j = 0; j < xy.length && parts.length; j++) {
      if (j === i) continue
      const o = xy[j]!
      // Nearer to s than to o: (o − s)·p ≤ (|o|² − |s|²) / 2.
      const a = o[0] - s[0], b = o[1] - s[1]
      if (a === 0 && b === 0) continue
      const c = (o[0] ** 2 + o[1] ** 2 - s[0] ** 2 - s[1] ** 2) / 2
      parts = parts.map((r) => clipHalfPlane(r, a, b, c)).filter((r) => r.length >= 3 && Math.abs(ringArea(r)) > 1e-12)
    }
    return parts.map((r) => r.map(toLL))
  })
}

const round = (v: number) => Math.round(v * 1e4) / 1e4
/** Drops points that repeat after rounding to 4 decimals (~10 m). */
function tidy(ring: P[]): P[] {
  const out: P[] = []
  for (const p of ring) {
    const q: P = [round(p[0]), round(p[1])]
    const last = out[out.length - 1]
    if (!last || last[0] !== q[0] || last[1] !== q[1]) out.push(q)
  }
  if (out.length > 1 && out[0]![0] === out.at(-1)![0] && out[0]![1] === out.at(-1)![1]) out.pop()
  return out
}

const cache = new Map<string, CityCells | null>()

/** The districts of a catalogue city as cells of its boundary; null for an unknown city or one without districts. */
export function cityDistrictCells(citySlug: string): CityCells | null {
  if (cache.has(citySlug)) return cache.get(citySlug)!
  const city = CITY_BY_SLUG.get(citySlug)
  const result = city ? build(city) : null
  cache.set(citySlug, result)
  return result
}

function build(city: City): CityCells | null {
  const rings = cityRings(city.name)
  if (!rings?.length || !city.districts.length) return null
  const cells = voronoiInRings(city.districts.map((d) => [d.lat, d.lon] as P), rings)
  let a = Infinity, b = Infinity, c = -Infinity, d = -Infinity
  for (const r of rings) for (const [la, lo] of r) { a = Math.min(a, la); b = Math.min(b, lo); c = Math.max(c, la); d = Math.max(d, lo) }
  return {
    bounds: [[round(a), round(b)], [round(c), round(d)]],
    districts: city.districts.map((dist, i) => ({
      name: dist.name, slug: districtSlug(dist.name), rings: cells[i]!.map(tidy).filter((r) => r.length >= 3),
    })),
  }
}
