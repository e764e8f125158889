import { SEEK_PROPERTY } from '@portal/contracts/catalogue'

/**
 * 'Popularne miasta' under the hero: the catalogue's first ten cities, copied so the home page's first paint does not
 * load the list of every city with its districts (decision 034; home-search.test.ts compares them).
 */
export const POPULAR_CITIES: readonly { slug: string; name: string }[] = [
  { slug: 'warszawa', name: 'Warszawa' },
  { slug: 'krakow', name: 'Kraków' },
  { slug: 'lodz', name: 'Łódź' },
  { slug: 'wroclaw', name: 'Wrocław' },
  { slug: 'poznan', name: 'Poznań' },
  { slug: 'gdansk', name: 'Gdańsk' },
  { slug: 'szczecin', name: 'Szczecin' },
  { slug: 'bydgoszcz', name: 'Bydgoszcz' },
  { slug: 'lublin', name: 'Lublin' },
  { slug: 'bialystok', name: 'Białystok' },
]

/** The hero's offer-type choices: the four offer types and 'Szukam' (wanted ads, spec §4). */
export const HERO_TYPES = [
  { value: 'sprzedaz', label: 'Sprzedaż' },
  { value: 'wynajem', label: 'Wynajem' },
  { value: 'zamiana', label: 'Zamiana' },
  { value: 'oddam', label: 'Oddam' },
  { value: 'szukam', label: 'Szukam' },
] as const

/**
 * Builds the /szukaj URL of the hero form. Blank values are left out (spec §5); 'Szukam' becomes
 * ad-type=seek-property and drops the offer type (spec §4).
 */
export function heroSearchHref(input: { typ?: string | null; kategoria?: string | null; phrase?: string | null }): string {
  const q = new URLSearchParams()
  const typ = input.typ?.trim()
  if (typ === 'szukam') q.set('ad-type', SEEK_PROPERTY)
  else if (typ) q.set('typ', typ)
  const kategoria = input.kategoria?.trim()
  if (kategoria) q.set('kategoria', kategoria)
  const phrase = input.phrase?.trim()
  if (phrase) q.set('phrase', phrase)
  const s = q.toString()
  return s ? `/szukaj?${s}` : '/szukaj'
}
