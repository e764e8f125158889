import { PRECISION, type Area } from './areas.ts'

export const MAX_AREAS = 5
export const MAX_AREA_POINTS = 500

export const AREA_MESSAGES = {
  malformed: 'Obszar jest zapisany niepoprawnie.',
  tooFew: 'Obszar musi mieć co najmniej 3 punkty.',
  tooMany: `Obszar może mieć najwyżej ${MAX_AREA_POINTS} punktów.`,
  crossing: 'Granice obszaru nie mogą się przecinać.',
  tooManyAreas: `Można narysować najwyżej ${MAX_AREAS} obszarów.`,
} as const

/**
 * Whether a drawn area can be searched: the crossing test of its edges. Apart from plain/search.ts (the web's first
 * paint parses areas without it; the API's parseSearchParams in search.ts, the saved searches and the map's drawing
 * tool check with it).
 */
/** Segments p1p2 and p3p4 cross or touch (orientation test; collinear overlaps count). */
function segmentsMeet(p1: number[], p2: number[], p3: number[], p4: number[]): boolean {
  const o = (a: number[], b: number[], c: number[]) => Math.sign((b[1]! - a[1]!) * (c[0]! - a[0]!) - (b[0]! - a[0]!) * (c[1]! - a[1]!))
  const on = (a: number[], b: number[], c: number[]) =>
    Math.min(a[0]!, b[0]!) <= c[0]! && c[0]! <= Math.max(a[0]!, b[0]!) && Math.min(a[1]!, b[1]!) <= c[1]! && c[1]! <= Math.max(a[1]!, b[1]!)
  const d1 = o(p3, p4, p1), d2 = o(p3, p4, p2), d3 = o(p1, p2, p3), d4 = o(p1, p2, p4)
  if (d1 * d2 < 0 && d3 * d4 < 0) return true
  return (d1 === 0 && on(p3, p4, p1)) || (d2 === 0 && on(p3, p4, p2)) || (d3 === 0 && on(p1, p2, p3)) || (d4 === 0 && on(p1, p2, p4))
}

/**
 * One `obszar` as the API searches it (cleaned), or why not: unreadable, too few or too many points, an outline
 * that crosses itself, or more than MAX_AREAS areas (`accepted` were read before it).
 */
export function checkArea(raw: string, accepted: number): Area | string {
  if (accepted >= MAX_AREAS) return AREA_MESSAGES.tooManyAreas
  const points = decodeArea(raw)
  if (!points) return AREA_MESSAGES.malformed
  return areaProblem(points) ?? cleanArea(points)
}

/** Why an area cannot be searched (a Polish message), or undefined when it can. A repeated closing point is dropped. */
export function areaProblem(points: Area): string | undefined {
  if (points.length > MAX_AREA_POINTS) return AREA_MESSAGES.tooMany
  const distinct = cleanArea(points)
  if (distinct.length < 3) return AREA_MESSAGES.tooFew
  return shapeProblem(distinct)
}

/** A cleaned ring that crosses itself (or has no area): the message; else undefined. O(n²) over at most 500 points. */
export function shapeProblem(distinct: Area): string | undefined {
  const n = distinct.length
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      // Neighbouring edges share a point; they only "cross" when they fold back onto each other (checked below).
      if (j === i + 1 || (i === 0 && j === n - 1)) continue
      if (segmentsMeet(distinct[i]!, distinct[(i + 1) % n]!, distinct[j]!, distinct[(j + 1) % n]!)) return AREA_MESSAGES.crossing
    }
  }
  // A ring with no area at all (every point on one line).
  let twice = 0
  for (let i = 0; i < n; i++) { const a = distinct[i]!, b = distinct[(i + 1) % n]!; twice += a[1] * b[0] - b[1] * a[0] }
  return twice === 0 ? AREA_MESSAGES.crossing : undefined
}


/** An encoded polyline's points, or null when it is not one (or longer than the limit allows reading). */
export function decodeArea(s: string): Area | null {
  const points: Area = []
  let i = 0, lat = 0, lon = 0
  const next = (): number | null => {
    let shift = 0, n = 0, c: number
    do {
      if (i >= s.length || shift > 30) return null
      c = s.charCodeAt(i++) - 63
      if (c < 0 || c > 63) return null
      n |= (c & 0x1f) << shift
      shift += 5
    } while (c >= 0x20)
    return n & 1 ? ~(n >>> 1) : n >>> 1
  }
  while (i < s.length) {
    const a = next(), b = next()
    if (a === null || b === null) return null
    lat += a; lon += b
    if (points.length > MAX_AREA_POINTS) return points // enough to say it is too long
    points.push([lat / PRECISION, lon / PRECISION])
  }
  return points.every(([a, b]) => Math.abs(a) <= 90 && Math.abs(b) <= 180) ? points : null
}

/** The area as searched: without a repeated point or a closing copy of the first one. */
export function cleanArea(points: Area): Area {
  const out = points.filter((p, i) => i === 0 || p[0] !== points[i - 1]![0] || p[1] !== points[i - 1]![1])
  if (out.length > 1 && out[0]![0] === out.at(-1)![0] && out[0]![1] === out.at(-1)![1]) out.pop()
  return out
}
