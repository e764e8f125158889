// The valuation page (issue 26): its query and the 'Dodaj ogłoszenie' link that carries the valued flat into the form.
import type { Valuation } from '@portal/contracts/valuation'

export const VALUATION_FIELDS = ['offer_type', 'city', 'district', 'area', 'rooms', 'floor', 'year_built', 'condition', 'market'] as const

/** The form's fields from the page's URL (as typed: they go back into the fields). */
export function valuationValues(params: URLSearchParams): Partial<Record<(typeof VALUATION_FIELDS)[number], string>> {
  const out: Partial<Record<(typeof VALUATION_FIELDS)[number], string>> = {}
  for (const k of VALUATION_FIELDS) {
    const v = params.get(k)
    if (v !== null && v.length <= 100) out[k] = v
  }
  return out
}

/**
 * /dodaj-ogloszenie?… with the valued flat: category flats, the offer type, the place, area, rooms, floor, year,
 * condition, market and the estimate as the price (read by `prefillFromQuery` in lib/offer-form.ts).
 */
export function addListingHref(v: Valuation, q: { area?: string; rooms?: string; floor?: string; year_built?: string; condition?: string; market?: string }): string {
  const p = new URLSearchParams({ kategoria: '1', typ: v.offer_type, miasto: v.city.slug })
  if (v.district) p.set('dzielnica', v.district.slug)
  const put = (k: string, val: string | undefined) => { if (val) p.set(k, val) }
  put('metraz', q.area); put('pokoje', q.rooms); put('pietro', q.floor); put('rok', q.year_built); put('stan', q.condition); put('rynek', q.market)
  if (v.estimate) p.set('cena', String(Math.round(v.estimate.value / 100)))
  return `/dodaj-ogloszenie?${p}`
}
