import { ATTRIBUTE_BY_ID, BUILDING_TYPES, EXTRAS, NEARBY, categoryBySlug, offerTypeInfo } from '../catalogue/index.ts'
import { formatNumber, plural } from '../format.ts'
import { ADDED_LABELS, ADVERTISER_LABELS, floorRangeLabel, parseSearchParams, toSearchParams, type SearchQuery } from './search.ts'

/** Saved searches (spec §3/§4/§9, `/api/favorite-filters`): texts, periods, naming and the request/response shapes. */
export const SAVED_SEARCH_PERIODS = [0, 1, 3, 7, 14, 30] as const
export type SavedSearchPeriod = (typeof SAVED_SEARCH_PERIODS)[number]
/** 'Powiadom mnie:' choices (reference: od razu / codziennie / 3, 7, 14, 30 dni). */
export const PERIOD_LABELS: Record<SavedSearchPeriod, string> = {
  0: 'od razu', 1: 'codziennie', 3: 'co 3 dni', 7: 'co 7 dni', 14: 'co 14 dni', 30: 'co 30 dni',
}

export const SAVED_SEARCH_MESSAGES = {
  save: 'Zapisz wyszukiwanie',
  dialogTitle: 'Zapisz filtry do ulubionych',
  notifyMe: 'Powiadom mnie:',
  emailToggle: 'Powiadomienia e-mail',
  saved: 'Wyszukiwanie zostało zapisane.',
  updated: 'Zmieniono ustawienia wyszukiwania.',
  removed: 'Usunięto zapisane wyszukiwanie.',
  failed: 'Nie udało się zapisać wyszukiwania. Spróbuj ponownie.',
  tab: 'Zapisane wyszukiwania',
  empty: 'Nie masz jeszcze zapisanych wyszukiwań. Zapisz wyszukiwanie na stronie wyników, a powiadomimy Cię o nowych ogłoszeniach.',
  showResults: 'Pokaż wyniki',
  remove: 'Usuń',
  period: 'Okres powiadomień',
  periodInvalid: 'Wybierz okres: od razu, codziennie lub co 3, 7, 14 albo 30 dni.',
  filtersInvalid: 'Nieprawidłowe filtry wyszukiwania.',
  idInvalid: 'Nieprawidłowy identyfikator wyszukiwania.',
  statusInvalid: 'Status musi być wartością true lub false.',
  notFound: 'Nie znaleziono zapisanego wyszukiwania.',
  unsubscribed: 'Nie będziesz już otrzymywać powiadomień o nowych ogłoszeniach dla tego wyszukiwania.',
} as const

/**
 * Query keys that do not describe what is searched (paging, order, the markers' box `bbox`). The map view a list
 * follows (`mapa`) and drawn areas (`obszar`) narrow the results, so a saved search keeps them (issue 25).
 */
const VIEW_KEYS = new Set(['page', 'strona', 'per_page', 'limit', 'sortuj', 'sort', 'bbox'])

/**
 * The stored form of a search: the /szukaj query with the Polish parameter names, without paging, order or the map
 * box, from a query string, a key/value object, or the old client's JSON string (it encoded filters twice).
 * Errors use the parameter names as written (like GET /api/search).
 */
export function normalizeFilters(input: unknown, parse = parseSearchParams): { filters: Record<string, string>; query: SearchQuery; errors: Record<string, string[]> } {
  let params: URLSearchParams
  let value = input
  for (let i = 0; i < 2 && typeof value === 'string' && /^\s*[{"]/.test(value); i++) {
    try { value = JSON.parse(value) } catch { break }
  }
  if (typeof value === 'string') params = new URLSearchParams(value.replace(/^.*?\?/, ''))
  else if (value && typeof value === 'object' && !Array.isArray(value)) {
    params = new URLSearchParams()
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (v === null || v === undefined || v === '') continue
      if (Array.isArray(v)) v.forEach((x, i) => params.append(/\[\d*\]$/.test(k) ? k : `${k}[${i}]`, String(x)))
      else if (typeof v === 'object') for (const [sub, x] of Object.entries(v as Record<string, unknown>)) { if (x !== null && x !== undefined && x !== '') params.append(`${k}[${sub}]`, String(x)) }
      else params.append(k, String(v))
    }
  } else return { filters: {}, query: {}, errors: { filters: [SAVED_SEARCH_MESSAGES.filtersInvalid] } }
  for (const k of [...params.keys()]) if (VIEW_KEYS.has(k)) params.delete(k)
  const { query, errors } = parse(params)
  const { sort: _s, page: _p, per_page: _pp, ...what } = query
  return { filters: Object.fromEntries(toSearchParams(what)), query: what, errors }
}

/** The stored filters as a search query (they were normalised on the way in). */
export function filtersQuery(filters: Record<string, string>, parse = parseSearchParams): SearchQuery {
  return parse(new URLSearchParams(filters)).query
}

/** `/szukaj?…` opening a saved search's results. */
export function savedSearchUrl(filters: Record<string, string>, parse = parseSearchParams): string {
  // Re-written from the parsed query: the canonical order (jsonb does not keep the keys' order).
  const s = toSearchParams(filtersQuery(filters, parse)).toString()
  return s ? `/szukaj?${s}` : '/szukaj'
}

const zl = (v: number) => `${formatNumber(v)} zł`
const m2 = (v: number) => `${formatNumber(v)} m²`
function range(r: { min?: number; max?: number } | undefined, unit: (v: number) => string): string | undefined {
  if (!r || (r.min === undefined && r.max === undefined)) return undefined
  if (r.min !== undefined && r.max !== undefined) return `${formatNumber(r.min)}–${unit(r.max)}`
  return r.min !== undefined ? `od ${unit(r.min)}` : `do ${unit(r.max!)}`
}

function what(q: SearchQuery): string {
  const cats = (q.categories ?? []).map((s) => categoryBySlug(s)).filter((c) => !!c)
  const noun = cats.length === 0 ? 'Nieruchomości' : cats.length === 1 ? cats[0]!.plural
    : cats.length === 2 ? `${cats[0]!.plural} i ${cats[1]!.plural.toLowerCase()}` : `${cats[0]!.plural} i inne`
  if (q.seek) return `Poszukiwane: ${noun.toLowerCase()}`
  return q.type ? `${noun} ${offerTypeInfo(q.type).phrase}` : noun
}

/** A place of `lokalizacje` as people read it (the API and the save dialog pass the catalogue's label). */
export type PlaceLabel = (id: string) => string
const place = (q: SearchQuery, label: PlaceLabel = (id) => id) =>
  q.places?.length ? q.places.map(label).join(', ') : q.location?.name?.trim() || q.locationText?.trim() || undefined

/**
 * The generated name: 'Mieszkania na sprzedaż, Kraków, do 600 000 zł'; 'Mieszkania na sprzedaż, inwestycja Zielone
 * Tarasy, 2 pokoje' when it follows an investment (`investment`: its name, looked up by the API or the page).
 */
export function savedSearchName(q: SearchQuery, label?: PlaceLabel, investment?: string): string {
  const rooms = q.rooms?.length ? `${q.rooms.map((r) => (r >= 5 ? '5+' : String(r))).join(', ')} ${plural(Math.max(...q.rooms), ['pokój', 'pokoje', 'pokoi'])}` : undefined
  const inv = q.investment ? `inwestycja ${investment ?? q.investment}` : undefined
  // Only the investment named: 'Inwestycja Zielone Tarasy, 3 pokoje' rather than 'Nieruchomości, inwestycja …'.
  const lead = inv && !q.seek && !q.type && !q.categories?.length ? [`I${inv.slice(1)}`] : [what(q), inv]
  const parts = [...lead, place(q, label), q.phrase?.trim() ? `„${q.phrase.trim()}”` : undefined, range(q.price, zl), range(q.area, m2), rooms]
  return parts.filter(Boolean).join(', ').slice(0, 200)
}

const optionName = (attributeId: number, slug: string) => ATTRIBUTE_BY_ID.get(attributeId)?.options?.find((o) => o.slug === slug)?.name ?? slug
const listName = (list: readonly { slug: string; name: string }[], slug: string) => list.find((o) => o.slug === slug)?.name ?? slug

/** The search's parameters, one readable line each ('Cena: do 600 000 zł'); `investment` names `inwestycja`. */
export function savedSearchParams(q: SearchQuery, label?: PlaceLabel, investment?: string): string[] {
  const out: string[] = []
  if (q.seek) out.push('Ogłoszenia: poszukiwane')
  else if (q.type) out.push(`Rodzaj: ${offerTypeInfo(q.type).label}`)
  if (q.categories?.length) out.push(`Kategoria: ${q.categories.map((s) => categoryBySlug(s)?.name ?? s).join(', ')}`)
  if (q.investment) out.push(`Inwestycja: ${investment ?? q.investment}`)
  const where = place(q, label)
  if (where) out.push(`${(q.places?.length ?? 0) > 1 ? 'Lokalizacje' : 'Lokalizacja'}: ${where}${q.location ? ` (+${formatNumber(q.radius ?? 10)} km)` : ''}`)
  if (q.phrase?.trim()) out.push(`Fraza: ${q.phrase.trim()}`)
  const price = range(q.price, zl)
  if (price) out.push(`Cena: ${price}`)
  const area = range(q.area, m2)
  if (area) out.push(`Powierzchnia: ${area}`)
  if (q.rooms?.length) out.push(`Pokoje: ${q.rooms.map((r) => (r >= 5 ? '5+' : String(r))).join(', ')}`)
  if (q.bathrooms?.length) out.push(`Łazienki: ${q.bathrooms.map((r) => (r >= 3 ? '3+' : String(r))).join(', ')}`)
  if (q.buildingTypes?.length) out.push(`Typ budynku: ${q.buildingTypes.map((s) => listName(BUILDING_TYPES, s)).join(', ')}`)
  if (q.market?.length) out.push(`Rynek: ${q.market.map((s) => optionName(19, s)).join(', ')}`)
  if (q.condition?.length) out.push(`Stan: ${q.condition.map((s) => optionName(12, s)).join(', ')}`)
  if (q.floor?.length) out.push(`Piętro: ${q.floor.map((s) => optionName(9, s)).join(', ')}`)
  if (q.rentalPeriod?.length) out.push(`Okres wynajmu: ${q.rentalPeriod.map((s) => optionName(15, s)).join(', ')}`)
  if (q.ownership?.length) out.push(`Własność: ${q.ownership.map((s) => optionName(31, s)).join(', ')}`)
  if (q.leaseYears !== undefined) out.push(`Dzierżawa: co najmniej ${q.leaseYears} ${plural(q.leaseYears, ['rok', 'lata', 'lat'])}`)
  const flags: string[] = []
  if (q.negotiable) flags.push('do negocjacji')
  if (q.instalments) flags.push('na raty')
  if (q.urgent) flags.push('pilne')
  if (q.bargain) flags.push('okazja')
  if (q.billsIncluded) flags.push('rachunki wliczone')
  if (q.withVideo) flags.push('z filmem')
  if (q.withTour) flags.push('z wirtualnym spacerem')
  if (q.withPlan) flags.push('z rzutem')
  if (flags.length) out.push(`Tylko: ${flags.join(', ')}`)
  if (q.advertiser?.length) out.push(`Ogłoszeniodawca: ${q.advertiser.map((a) => ADVERTISER_LABELS[a].toLowerCase()).join(', ')}`)
  if (q.addedDays !== undefined) out.push(`Dodane: ${ADDED_LABELS[q.addedDays as keyof typeof ADDED_LABELS]?.toLowerCase() ?? `${q.addedDays} dni`}`)
  const ppm2 = range(q.pricePerM2, (v) => `${formatNumber(v)} zł/m²`)
  if (ppm2) out.push(`Cena za m²: ${ppm2}`)
  const year = q.yearBuilt && (q.yearBuilt.min !== undefined && q.yearBuilt.max !== undefined ? `${q.yearBuilt.min}–${q.yearBuilt.max}`
    : q.yearBuilt.min !== undefined ? `od ${q.yearBuilt.min}` : `do ${q.yearBuilt.max}`)
  if (year) out.push(`Rok budowy: ${year}`)
  if (q.floorRange) out.push(`Piętro: ${floorRangeLabel(q.floorRange)}`)
  if (q.bbox) out.push('Obszar: widoczny fragment mapy')
  const n = q.areas?.length ?? 0
  if (n) out.push(n === 1 ? 'Obszar: narysowany na mapie' : `Obszary: ${n} ${n < 5 ? 'narysowane' : 'narysowanych'} na mapie`)
  if (q.extras?.length) out.push(`Dodatkowe: ${q.extras.map((s) => listName(EXTRAS, s)).join(', ')}`)
  if (q.nearby?.length) out.push(`Blisko: ${q.nearby.map((s) => listName(NEARBY, s)).join(', ')}`)
  return out
}
