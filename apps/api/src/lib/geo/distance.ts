/** Great-circle distance in metres (earthdistance's earth radius). */
export function haversine(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = 6378168
  const rad = Math.PI / 180
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2
  return 2 * r * Math.asin(Math.min(1, Math.sqrt(a)))
}

/** Box around a circle (degrees). */
export function circleBox(lat: number, lon: number, meters: number): [number, number, number, number] {
  const dLat = meters / 111_000
  const dLon = meters / (111_000 * Math.max(0.01, Math.cos((lat * Math.PI) / 180)))
  return [lat - dLat, lon - dLon, lat + dLat, lon + dLon]
}
