import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { foldPolish, type LocationSuggestion } from '@portal/contracts/search'
import { haversine } from './distance.ts'

/** One embedded place (gazetteer-pl.json, built by gazetteer-build.ts). */
export interface GazetteerPlace {
  name: string
  lat: number
  lon: number
  type: 'city' | 'town' | 'village' | 'suburb'
  /** Voivodeship, e.g. 'małopolskie'. */
  state: string
  population: number
  /** The city a suburb (district) belongs to. */
  city?: string
}

interface Indexed extends GazetteerPlace { key: string; cityKey: string }

let places: Indexed[] | undefined
function load(): Indexed[] {
  places ??= (JSON.parse(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'gazetteer-pl.json'), 'utf8')) as GazetteerPlace[])
    .map((p) => ({ ...p, key: foldPolish(p.name), cityKey: p.city ? foldPolish(p.city) : '' }))
  return places
}

/** The §3 location suggestion, shaped like Nominatim's answer (addressdetails=1, accept-language=pl). */
export function toSuggestion(p: GazetteerPlace): LocationSuggestion {
  const state = p.state ? `województwo ${p.state}` : undefined
  const display = [p.name, p.city, state, 'Polska'].filter(Boolean).join(', ')
  const address: LocationSuggestion['address'] = p.type === 'suburb'
    ? { suburb: p.name, city: p.city, country: 'Polska' }
    : { [p.type]: p.name, country: 'Polska' }
  if (state) address.state = state
  return { display_name: display, lat: p.lat, lon: p.lon, addresstype: p.type, address }
}

export const MAX_LOCATIONS = 10

/**
 * Places whose name (or "district city", e.g. 'mokotow warsz') starts with the typed text, diacritics ignored;
 * a match at the start of the name ranks above a match of a later word, then bigger places first.
 */
export function lookupPlaces(text: string, limit = MAX_LOCATIONS): LocationSuggestion[] {
  const q = foldPolish(text).replace(/[,]+/g, ' ').replace(/\s+/g, ' ').trim()
  if (!q) return []
  const hits: { p: Indexed; score: number }[] = []
  for (const p of load()) {
    let score = -1
    if (p.key.startsWith(q)) score = 3
    else if (p.cityKey && `${p.key} ${p.cityKey}`.startsWith(q)) score = 2
    else if (p.key.split(/[\s-]+/).some((w) => w.startsWith(q))) score = 1
    if (score >= 0) hits.push({ p, score })
  }
  hits.sort((a, b) => b.score - a.score || (a.p.key === q ? -1 : 0) - (b.p.key === q ? -1 : 0) || b.p.population - a.p.population)
  return hits.slice(0, limit).map((h) => toSuggestion(h.p))
}

/** The nearest place (a district inside the 30 big cities, else a locality) within 50 km, or null. */
export function nearestPlace(lat: number, lon: number): LocationSuggestion | null {
  let best: Indexed | undefined
  let bestD = Infinity
  for (const p of load()) {
    const d = haversine(lat, lon, p.lat, p.lon)
    if (d < bestD) { best = p; bestD = d }
  }
  return best && bestD <= 50_000 ? toSuggestion(best) : null
}
