import { SEEK_PROPERTY } from '@portal/contracts/catalogue'

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
