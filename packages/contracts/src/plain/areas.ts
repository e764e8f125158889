/**
 * Drawn areas of a search (`obszar`, issue 25 item 2): each one polygon written as an encoded polyline (Google's
 * algorithm, 5 decimals: ~1 m), compact enough for a URL and a saved search. Zod-free and small (the web's first
 * paint writes the query with it); reading, the limits, the checks and their messages are in area-shape.ts (the API's
 * parser and the map, which load apart from the first paint). The coordinates are [lat, lon] pairs; the ring is closed implicitly (the last point joins the first).
 */
export type Area = [number, number][]

export const PRECISION = 1e5

/** [lat, lon] pairs as an encoded polyline (rounded to 5 decimals). */
export function encodeArea(points: Area): string {
  let out = '', pLat = 0, pLon = 0
  const put = (v: number) => {
    let n = v < 0 ? ~(v << 1) : v << 1
    while (n >= 0x20) { out += String.fromCharCode((0x20 | (n & 0x1f)) + 63); n >>>= 5 }
    out += String.fromCharCode(n + 63)
  }
  for (const [lat, lon] of points) {
    const a = Math.round(lat * PRECISION), b = Math.round(lon * PRECISION)
    put(a - pLat); put(b - pLon)
    pLat = a; pLon = b
  }
  return out
}
