import { LOCATION_ADDRESS_TYPES, type LocationSuggestion } from '@portal/contracts/search'

/** NOMINATIM_URL mode: the same two questions asked of a real Nominatim (Polish names, Poland only). */
const TIMEOUT_MS = 3000

interface NominatimPlace {
  display_name?: string
  lat?: string | number
  lon?: string | number
  addresstype?: string
  type?: string
  address?: Record<string, string>
}

function toSuggestion(p: NominatimPlace): LocationSuggestion | null {
  const lat = Number(p.lat)
  const lon = Number(p.lon)
  if (!p.display_name || !Number.isFinite(lat) || !Number.isFinite(lon)) return null
  const a = p.address ?? {}
  const address: LocationSuggestion['address'] = { country: a.country ?? 'Polska' }
  for (const k of ['city', 'town', 'village', 'suburb', 'state'] as const) if (a[k]) address[k] = a[k]
  return { display_name: p.display_name, lat, lon, addresstype: p.addresstype ?? p.type ?? 'place', address }
}

async function get(base: string, path: string, params: Record<string, string>): Promise<unknown> {
  const url = new URL(path, base.endsWith('/') ? base : `${base}/`)
  for (const [k, v] of Object.entries({ ...params, format: 'json', addressdetails: '1', 'accept-language': 'pl' })) url.searchParams.set(k, v)
  const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { 'user-agent': 'dazu-portal/1.0', accept: 'application/json' } })
  if (!res.ok) throw new Error(`Nominatim ${res.status}`)
  return res.json()
}

export async function nominatimSearch(base: string, q: string, limit: number): Promise<LocationSuggestion[]> {
  const body = await get(base, 'search', { q, countrycodes: 'pl', limit: String(limit) })
  return (Array.isArray(body) ? body as NominatimPlace[] : [])
    .map(toSuggestion)
    .filter((s): s is LocationSuggestion => !!s && s.addresstype !== 'administrative')
    .slice(0, limit)
}

export async function nominatimReverse(base: string, lat: number, lon: number): Promise<LocationSuggestion | null> {
  const body = await get(base, 'reverse', { lat: String(lat), lon: String(lon), zoom: '14' }) as NominatimPlace & { error?: string }
  if (body.error) return null
  const s = toSuggestion(body)
  return s && s.addresstype !== 'administrative' ? s : s && { ...s, addresstype: pickType(s) }
}

/** A reverse hit on a boundary is named after the locality in its address. */
const pickType = (s: LocationSuggestion) => LOCATION_ADDRESS_TYPES.find((t) => s.address[t]) ?? 'city'
