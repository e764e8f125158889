import { CITIES } from './cities.ts'
import { GMINA_NAMES, POWIAT_NAMES } from './region-names.ts'
import { VOIVODESHIP_BY_CODE, VOIVODESHIP_BY_SLUG, placeSlug } from './voivodeships.ts'

/**
 * The places of `lokalizacje` (issue 25 item 4, decision 069): voivodeships (by slug), powiats (4-digit TERC),
 * gminas (7-digit TERC) — matched by their boundaries — and districts of the catalogue's cities (`warszawa.mokotow`),
 * matched by the listing's district. Names only; the boundaries stay on the server (apps/api/src/lib/geo/regions.ts).
 * Not exported from the catalogue's index: the web's first paint never loads these 50 KB of names.
 */
export type PlaceKind = 'voivodeship' | 'powiat' | 'gmina' | 'district'
export interface Place {
  /** As written in the URL. */
  id: string
  kind: PlaceKind
  /** 'mazowieckie', 'piaseczyński', 'Piaseczno', 'Mokotów'. */
  name: string
  /** 'województwo mazowieckie', 'powiat piaseczyński', 'gmina Piaseczno', 'Gdańsk', 'Mokotów (Warszawa)'. */
  label: string
  /** The TERC code of a region (2, 4 or 7 digits). */
  code?: string
  /** A district's city slug. */
  city?: string
}
export const MAX_PLACES = 10

let names: Map<string, string> | undefined
function regionNames(): Map<string, string> {
  names ??= new Map([...POWIAT_NAMES.split('|'), ...GMINA_NAMES.split('|')].map((s) => {
    const code = /^\d+/.exec(s)![0]
    return [code, s.slice(code.length)]
  }))
  return names
}

const GMINA_KIND: Record<string, string> = { 2: 'gmina wiejska', 3: 'gmina miejsko-wiejska' }

/** The place an id names, or undefined. */
export function placeById(raw: string): Place | undefined {
  const id = raw.trim().toLowerCase()
  const v = VOIVODESHIP_BY_SLUG.get(id) ?? (/^\d{2}$/.test(id) ? VOIVODESHIP_BY_CODE.get(id) : undefined)
  if (v) return { id: v.slug, kind: 'voivodeship', name: v.name, label: `województwo ${v.name}`, code: v.code }
  if (/^\d{4}$|^\d{7}$/.test(id)) {
    const name = regionNames().get(id)
    if (!name) return undefined
    if (id.length === 4) {
      const city = name[0] !== name[0]!.toLowerCase()
      return { id, kind: 'powiat', name, label: city ? `powiat m. ${name}` : `powiat ${name}`, code: id }
    }
    const kind = GMINA_KIND[id[6]!]
    return { id, kind: 'gmina', name, label: kind ? `gmina ${name}` : name, code: id }
  }
  const m = /^([a-z-]+)\.([a-z0-9-]+)$/.exec(id)
  const city = m ? CITIES.find((c) => c.slug === m[1]) : undefined
  const district = city?.districts.find((d) => placeSlug(d.name) === m![2])
  if (!city || !district) return undefined
  return { id: `${city.slug}.${placeSlug(district.name)}`, kind: 'district', name: district.name, label: `${district.name} (${city.name})`, city: city.slug }
}

/** A gmina's or powiat's kind for suggestions ('gmina miejsko-wiejska', 'miasto na prawach powiatu'). */
export function placeDetail(p: Place): string {
  if (p.kind === 'gmina') return GMINA_KIND[p.code![6]!] ?? 'gmina miejska'
  if (p.kind === 'powiat') return p.label.startsWith('powiat m.') ? 'miasto na prawach powiatu' : 'powiat'
  return p.kind === 'voivodeship' ? 'województwo' : 'dzielnica'
}

/** Every region for suggestions: [id, name] of voivodeships, powiats and gminas. */
export function allRegionIds(): string[] {
  return [...VOIVODESHIP_BY_SLUG.keys(), ...regionNames().keys()]
}

export const PLACE_MESSAGES = {
  unknown: (id: string) => `Nieznana lokalizacja: ${id}.`,
  tooMany: `Można wybrać najwyżej ${MAX_PLACES} lokalizacji.`,
}

/** The API's reader of one `lokalizacje` entry: the canonical id, or a Polish message. */
export function checkPlace(raw: string, accepted: number): string | { id: string } {
  if (accepted >= MAX_PLACES) return PLACE_MESSAGES.tooMany
  const p = placeById(raw)
  return p ? { id: p.id } : PLACE_MESSAGES.unknown(raw)
}
