// Location suggestions (spec §3 shape) and the user-location cookie (spec §9: 1 day).
export interface LocationSuggestion {
  display_name: string
  lat: number | string
  lon: number | string
  addresstype?: string
  address?: { city?: string; town?: string; village?: string; suburb?: string; country?: string }
  /** A region or district `lokalizacje` can hold (decision 069). */
  place?: SearchPlace
  /** A town's gmina, searched when it joins other places (decision 080). */
  gmina?: SearchPlace
}
/** A place of `lokalizacje`: its id and how people read it. */
export interface SearchPlace { id: string; label: string }

export interface PickedLocation {
  lat: number
  lon: number
  display_name: string
  place?: SearchPlace
  gmina?: SearchPlace
}

export const LOCATION_DEBOUNCE_MS = 300
export const LOCATION_ERROR = 'Failed to fetch locations. Please try again.'
export const USER_LOCATION_COOKIE = 'user-location'
export const GEOLOCATION_OPTIONS: PositionOptions = { timeout: 5000, enableHighAccuracy: true }

/** Results whose addresstype is 'administrative' are dropped (spec §5). */
export function usableLocations(list: unknown): LocationSuggestion[] {
  if (!Array.isArray(list)) return []
  return list.filter(
    (l): l is LocationSuggestion =>
      !!l && typeof l === 'object' && typeof (l as LocationSuggestion).display_name === 'string' &&
      (l as LocationSuggestion).addresstype !== 'administrative',
  )
}

/** The place's own name ('Kraków'), falling back to the first part of display_name. */
export function placeName(l: LocationSuggestion): string {
  const a = l.address ?? {}
  const own = a.suburb && a.city ? `${a.city}, ${a.suburb}` : a.city ?? a.town ?? a.village
  return own ?? l.display_name.split(',')[0]!.trim()
}

export function toPicked(l: LocationSuggestion): PickedLocation {
  return { lat: Number(l.lat), lon: Number(l.lon), display_name: placeName(l), place: l.place, gmina: l.gmina }
}

/** The cookie string for the last detected locations, kept for one day. */
export function userLocationCookie(list: PickedLocation[]): string {
  return `${USER_LOCATION_COOKIE}=${encodeURIComponent(JSON.stringify(list))}; Max-Age=86400; Path=/; SameSite=Lax`
}
