import { CITIES } from '@portal/contracts/catalogue'
import { VOIVODESHIP_BY_CODE, placeSlug } from '@portal/contracts/catalogue/voivodeships'
import { allRegionIds, placeById, placeDetail, type Place } from '@portal/contracts/catalogue/regions'
import { foldPolish, type LocationSuggestion } from '@portal/contracts/search'
import { gminaAt, regionCentre } from './regions.ts'

/**
 * Voivodeships, powiats and gminas among the location suggestions (issue 25 item 4, decision 069): the ones whose
 * name (or 'województwo …', 'powiat …', 'gmina …') begins with the typed text, voivodeships first, then powiats,
 * then gminas, an exact name before a longer one. At most `limit`.
 */
interface Entry { place: Place; keys: string[]; rank: number }
let entries: Entry[] | undefined
function load(): Entry[] {
  entries ??= allRegionIds().map((id) => {
    const place = placeById(id)!
    const name = foldPolish(place.name)
    const rank = place.kind === 'voivodeship' ? 0 : place.kind === 'powiat' ? 1 : 2
    return { place, keys: [name, foldPolish(place.label)], rank }
  })
  return entries
}

const voivodeshipOf = (p: Place) => VOIVODESHIP_BY_CODE.get(p.code!.slice(0, 2))?.name

export function regionSuggestions(text: string, limit = 3): LocationSuggestion[] {
  const q = foldPolish(text).replace(/[,]+/g, ' ').replace(/\s+/g, ' ').trim()
  if (q.length < 2) return []
  // A city with powiat rights is its urban gmina too: the gmina is suggested, not both.
  const hits = load().filter((e) => !e.place.label.startsWith('powiat m.') && e.keys.some((k) => k.startsWith(q)))
    .sort((a, b) => a.rank - b.rank || Number(b.keys[0] === q) - Number(a.keys[0] === q) || a.keys[0]!.localeCompare(b.keys[0]!))
  return hits.slice(0, limit).flatMap(({ place }) => {
    const centre = regionCentre(place.code!)
    if (!centre) return []
    const parent = place.kind === 'gmina' ? placeById(place.code!.slice(0, 4)) : undefined
    const detail = place.kind === 'gmina' && !place.label.startsWith('gmina') ? `${place.label} (${placeDetail(place)})` : place.label
    const where = [detail, parent && !parent.label.startsWith('powiat m.') ? parent.label : undefined,
      place.kind !== 'voivodeship' ? voivodeshipOf(place) : undefined, 'Polska'].filter(Boolean).join(', ')
    const type = place.kind === 'voivodeship' ? 'state' : place.kind === 'powiat' ? 'county' : 'municipality'
    return [{ display_name: where, lat: centre[0], lon: centre[1], addresstype: type, address: { country: 'Polska' }, place: { id: place.id, label: place.label } }]
  })
}

/** A catalogue district among the suggestions becomes a place too ('Mokotów (Warszawa)', `warszawa.mokotow`). */
export function withDistrictPlace(s: LocationSuggestion): LocationSuggestion {
  if (s.addresstype !== 'suburb' || !s.address.suburb || !s.address.city) return s
  const city = CITIES.find((c) => c.name === s.address.city)
  const district = city?.districts.find((d) => d.name === s.address.suburb)
  if (!city || !district) return s
  const place = placeById(`${city.slug}.${placeSlug(district.name)}`)
  return place ? { ...s, place: { id: place.id, label: place.label } } : s
}

/**
 * A town, village or point without a place of its own gets the gmina it lies in (decision 080): alone it is still
 * searched as a point with a radius; searched together with other places, as that gmina.
 */
export function withGmina(s: LocationSuggestion): LocationSuggestion {
  if (s.place || s.gmina) return s
  const code = gminaAt(s.lat, s.lon)
  const place = code ? placeById(code) : undefined
  return place ? { ...s, gmina: { id: place.id, label: place.label } } : s
}
