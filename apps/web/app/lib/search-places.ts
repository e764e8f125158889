// The chosen places of the shared places field (decision 080): the home hero, /szukaj's filters and the phone's
// full-screen modal turn them into the search the same way.
import type { PickedLocation, SearchPlace } from './search-location'

/** One chip: a region or district (`place`), or a town with its point and, when known, its gmina (`place`). */
export interface PlaceChoice {
  label: string
  place?: SearchPlace
  point?: PickedLocation
}

/** `lokalizacje` holds at most 10 entries (decision 069). */
export const MAX_PLACES = 10

export function choiceOf(l: PickedLocation): PlaceChoice {
  return l.place ? { label: l.place.label, place: l.place } : { label: l.display_name, point: l, place: l.gmina }
}

/** Adds a pick at the end; the same place again moves there, and the oldest goes beyond 10. */
export function addChoice(list: PlaceChoice[], c: PlaceChoice): PlaceChoice[] {
  const same = (x: PlaceChoice) => (c.place && x.place?.id === c.place.id) || x.label === c.label
  return [...list.filter((x) => !same(x)), c].slice(-MAX_PLACES)
}

/** The chips of a search (its point, or its places). */
export function choicesOf(f: { location: PickedLocation | null; lokalizacje: SearchPlace[] }): PlaceChoice[] {
  if (f.location) return [choiceOf(f.location)]
  return f.lokalizacje.map((p) => ({ label: p.label, place: p }))
}

/**
 * The search of the chips: one town alone keeps today's point with a radius; anything else is `lokalizacje` (a
 * town as its gmina; one whose gmina is not known yet is left out rather than widening the search).
 */
export function choicesToForm(list: PlaceChoice[]): { location: PickedLocation | null; lokalizacje: SearchPlace[] } {
  if (list.length === 1 && list[0]!.point) return { location: list[0]!.point, lokalizacje: [] }
  return { location: null, lokalizacje: list.flatMap((c) => (c.place ? [c.place] : [])) }
}
