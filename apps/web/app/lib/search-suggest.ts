// The search bar's suggestions (spec §2, §4, §5, §9): the dropdown opens from 2 typed characters; phones show
// three hard-coded samples, only when the text is non-empty and one contains it (case-insensitive).
// No import of the search contract (its parser, messages and the catalogue behind them): this module is in the
// header, which every page loads before its first paint (issue 16). `locationQuery` writes what the contract's
// toSearchParams writes for a place (search-web.test.ts compares them).

export const SUGGEST_MIN_CHARS = 2
export const SUGGEST_BLUR_MS = 200
export const RECENT_KEY = 'recent_search'
export const RECENT_MAX = 5

export interface Suggestion {
  label: string
  url: string
  /** Recent searches are places (spec §3): their coordinates, for POST /api/recent-search. */
  lat?: number
  lon?: number
}

export const MOBILE_SAMPLES: Suggestion[] = [
  { label: 'Mieszkanie na sprzedaż Warszawa', url: '/nieruchomosci/mieszkanie/sprzedaz/warszawa' },
  { label: 'Mieszkanie na wynajem Kraków', url: '/nieruchomosci/mieszkanie/wynajem/krakow' },
  { label: 'Dom na sprzedaż Gdańsk', url: '/nieruchomosci/dom/sprzedaz/gdansk' },
]

export function shouldSuggest(text: string): boolean {
  return text.trim().length >= SUGGEST_MIN_CHARS
}

export function mobileSamples(text: string): Suggestion[] {
  const t = text.trim().toLowerCase()
  return t ? MOBILE_SAMPLES.filter((s) => s.label.toLowerCase().includes(t)) : []
}

/** `/szukaj` parameters of a place, as `toSearchParams({ location: { lat, lon, name } })` of the search contract. */
export function locationQuery(lat: number, lon: number, name: string): string {
  const p = new URLSearchParams({ 'lokalizacja[lat]': String(lat), 'lokalizacja[lon]': String(lon) })
  if (name.trim()) p.set('lokalizacja[nazwa]', name.trim())
  return p.toString()
}

/** Normalises a recent-search entry (a location or a labelled link, from the server or localStorage). */
export function recentEntry(raw: unknown): Suggestion | null {
  if (typeof raw === 'string') return raw.trim() ? { label: raw, url: `/szukaj?phrase=${encodeURIComponent(raw)}` } : null
  if (!raw || typeof raw !== 'object') return null
  const r = raw as Record<string, unknown>
  const label = [r.label, r.display_name, r.name, r.phrase].find((v): v is string => typeof v === 'string' && !!v.trim())
  if (!label) return null
  const lat = Number(r.lat), lon = Number(r.lon)
  const url = typeof r.url === 'string' && r.url.startsWith('/')
    ? r.url
    : r.lat !== undefined && Number.isFinite(lat) && Number.isFinite(lon)
      ? `/szukaj?${locationQuery(lat, lon, label)}`
      : `/szukaj?phrase=${encodeURIComponent(label)}`
  return { label, url, ...(Number.isFinite(lat) && r.lat !== undefined ? { lat, lon } : {}) }
}

export function recentList(raw: unknown): Suggestion[] {
  const list = Array.isArray(raw) ? raw : Array.isArray((raw as { data?: unknown })?.data) ? (raw as { data: unknown[] }).data : []
  return list.map(recentEntry).filter((s): s is Suggestion => !!s)
}

/** Newest first, no duplicates (by label), at most RECENT_MAX. */
export function pushRecent(list: Suggestion[], entry: Suggestion): Suggestion[] {
  return [entry, ...list.filter((s) => s.label.toLowerCase() !== entry.label.toLowerCase())].slice(0, RECENT_MAX)
}

/** Recent searches matching the typed text (all of them when it is short). */
export function matchingRecent(list: Suggestion[], text: string): Suggestion[] {
  const t = text.trim().toLowerCase()
  return t.length < SUGGEST_MIN_CHARS ? list : list.filter((s) => s.label.toLowerCase().includes(t))
}
