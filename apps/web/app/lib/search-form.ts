// The search form's state (spec §3 "Search state") and its /szukaj URL (spec §2). Blank values are left out of
// the URL (spec §5); 'Szukam' becomes ad-type=seek-property and drops the offer type (spec §4).
import { ATTRIBUTE_BY_ID, categoryBySlug, OFFER_TYPES, offerTypeFromSlug, offerTypeInfo, optionName } from '@portal/contracts/catalogue'
import {
  ADDED_LABELS, ADVERTISER_LABELS, ADVERTISERS, areaKeys, floorRangeLabel, parseSearchParams, toSearchParams,
  type Advertiser, type SearchQuery,
} from '@portal/contracts/plain/search'
import { formatNumber } from '@portal/contracts/format'
import type { PickedLocation, SearchPlace } from './search-location'
// The places field's rules (decision 080) come with this module: one chunk less for every page's lazy-import lists.
export { addChoice, choiceOf, choicesOf, choicesToForm } from './search-places'

export const WANTED = 'szukam'

export interface SearchForm {
  /** Offer type slug, 'szukam' for wanted ads, '' for any. */
  typ: string
  kategoria: string[]
  phrase: string
  cenaMin: string
  cenaMax: string
  metrazMin: string
  metrazMax: string
  location: PickedLocation | null
  /** km around the location; blank = the API's default. */
  radius: string
  pokoje: string[]
  lazienki: string
  typBudynku: string[]
  doNegocjacji: boolean
  naRaty: boolean
  /** 'Ukryj duplikaty' (issue 13): one card per property. */
  bezDuplikatow: boolean
  pilne: boolean
  okazja: boolean
  pietro: string
  okres: string[]
  rynek: string
  stan: string[]
  dodatkowe: string[]
  blisko: string[]
  wlasnosc: string
  lataDzierzawy: string
  /** Issue 25: who advertises ('private' | 'agency' | 'developer'). */
  ogloszeniodawca: Advertiser[]
  /** Added within the last N days ('' any). */
  dodane: string
  cenaM2Min: string
  cenaM2Max: string
  rokMin: string
  rokMax: string
  /** Floor levels -1..11 ('' open). */
  pietroOd: string
  pietroDo: string
  zFilmem: boolean
  zSpacerem: boolean
  zRzutem: boolean
  /** The map view the list follows (`mapa`, 'minLon,minLat,maxLon,maxLat'; '' none). */
  mapa: string
  /** Drawn areas (`obszar`), each an encoded polyline as the URL has it (the API decodes and checks them). */
  obszar: string[]
  /** Several places (`lokalizacje`, decision 069): regions and districts, with their labels. */
  lokalizacje: SearchPlace[]
  /** The investment whose units are searched (`inwestycja`, decision 077): its id and name (the loader's). */
  inwestycja: SearchPlace | null
}

export const emptyForm = (): SearchForm => ({
  typ: '', kategoria: [], phrase: '', cenaMin: '', cenaMax: '', metrazMin: '', metrazMax: '', location: null, radius: '',
  pokoje: [], lazienki: '', typBudynku: [], doNegocjacji: false, naRaty: false, pilne: false, okazja: false, bezDuplikatow: false,
  pietro: '', okres: [], rynek: '', stan: [], dodatkowe: [], blisko: [], wlasnosc: '', lataDzierzawy: '',
  ogloszeniodawca: [], dodane: '', cenaM2Min: '', cenaM2Max: '', rokMin: '', rokMax: '', pietroOd: '', pietroDo: '',
  zFilmem: false, zSpacerem: false, zRzutem: false, mapa: '', obszar: [], lokalizacje: [], inwestycja: null,
})

/** The filters of the 'Filtry dodatkowe' badge (issue 25's among them): how many are set. */
export function extendedFilterCount(f: SearchForm): number {
  return (f.rynek ? 1 : 0) + f.stan.length + f.dodatkowe.length + f.blisko.length + f.ogloszeniodawca.length + (f.dodane ? 1 : 0)
    + (f.cenaM2Min || f.cenaM2Max ? 1 : 0) + (f.rokMin || f.rokMax ? 1 : 0) + (f.pietroOd || f.pietroDo ? 1 : 0)
    + (f.zFilmem ? 1 : 0) + (f.zSpacerem ? 1 : 0) + (f.zRzutem ? 1 : 0)
}
/** The form without any of those filters ('Wyczyść' of the modal). */
export const EXTENDED_CLEARED: Partial<SearchForm> = {
  rynek: '', stan: [], dodatkowe: [], blisko: [], ogloszeniodawca: [], dodane: '', cenaM2Min: '', cenaM2Max: '', rokMin: '', rokMax: '',
  pietroOd: '', pietroDo: '', zFilmem: false, zSpacerem: false, zRzutem: false,
}
export const EXTENDED_KEYS = Object.keys(EXTENDED_CLEARED) as (keyof SearchForm)[]

const str = (n: number | undefined) => (n === undefined ? '' : String(n))
const num = (v: string) => {
  const t = v.replace(/\s/g, '').replace(',', '.')
  const n = Number(t)
  return t && Number.isFinite(n) ? n : undefined
}
/** The form of a parsed query (contracts/search: every Polish and English name is read there). */
export function formFromQuery(q: SearchQuery): SearchForm {
  const f = emptyForm()
  f.typ = q.seek ? WANTED : q.type ? offerTypeInfo(q.type).slug : ''
  f.kategoria = (q.categories ?? []).map((s) => categoryBySlug(s)?.urlSlug ?? s)
  f.phrase = q.phrase ?? q.locationText ?? ''
  f.cenaMin = str(q.price?.min)
  f.cenaMax = str(q.price?.max)
  f.metrazMin = str(q.area?.min)
  f.metrazMax = str(q.area?.max)
  if (q.location) {
    const { lat, lon, name } = q.location
    f.location = { lat, lon, display_name: name || `${lat.toFixed(3)}, ${lon.toFixed(3)}` }
  }
  f.radius = str(q.radius)
  f.pokoje = (q.rooms ?? []).map(String)
  f.lazienki = q.bathrooms?.length ? String(q.bathrooms[0]) : ''
  f.typBudynku = q.buildingTypes ?? []
  f.doNegocjacji = !!q.negotiable
  f.naRaty = !!q.instalments
  f.bezDuplikatow = !!q.hideDuplicates
  f.pilne = !!q.urgent
  f.okazja = !!q.bargain
  f.pietro = q.floor?.[0] ?? ''
  f.okres = q.rentalPeriod ?? []
  f.rynek = q.market?.[0] ?? ''
  f.stan = q.condition ?? []
  f.dodatkowe = q.extras ?? []
  f.blisko = q.nearby ?? []
  f.wlasnosc = q.ownership?.[0] ?? ''
  f.lataDzierzawy = f.wlasnosc === 'leasehold' ? str(q.leaseYears) : ''
  f.ogloszeniodawca = q.advertiser ?? []
  f.dodane = str(q.addedDays)
  f.cenaM2Min = str(q.pricePerM2?.min)
  f.cenaM2Max = str(q.pricePerM2?.max)
  f.rokMin = str(q.yearBuilt?.min)
  f.rokMax = str(q.yearBuilt?.max)
  f.pietroOd = str(q.floorRange?.min)
  f.pietroDo = str(q.floorRange?.max)
  f.zFilmem = !!q.withVideo
  f.zSpacerem = !!q.withTour
  f.zRzutem = !!q.withPlan
  f.mapa = q.bbox?.join(',') ?? ''
  f.lokalizacje = (q.places ?? []).map((id) => ({ id, label: id }))
  f.inwestycja = q.investment ? { id: q.investment, label: q.investment } : null
  return f
}

/**
 * The form of a URL; `places` labels its `lokalizacje`, `investment` its `inwestycja` (the page's loader looks them
 * up; the investment is then written by its id).
 */
export function formFromParams(p: URLSearchParams, places: SearchPlace[] = [], investment?: { id: number; name: string }): SearchForm {
  const f = formFromQuery(parseSearchParams(p).query)
  f.lokalizacje = f.lokalizacje.map((x) => places.find((y) => y.id === x.id) ?? x)
  if (f.inwestycja && investment) f.inwestycja = { id: String(investment.id), label: investment.name }
  return { ...f, obszar: areaKeys(p).flatMap((k) => p.getAll(k)).map((v) => v.trim()).filter(Boolean) }
}

/** The contract query of a form (spec §5: blank values left out, prices as integers). */
export function formToQuery(f: SearchForm): SearchQuery {
  const q: SearchQuery = {}
  if (f.typ === WANTED) q.seek = true
  else if (f.typ) q.type = offerTypeFromSlug(f.typ)
  if (f.kategoria.length) q.categories = f.kategoria.map((s) => categoryBySlug(s)?.slug ?? s)
  if (f.phrase.trim()) q.phrase = f.phrase.trim()
  const pMin = num(f.cenaMin), pMax = num(f.cenaMax), aMin = num(f.metrazMin), aMax = num(f.metrazMax)
  if (pMin !== undefined || pMax !== undefined) q.price = { min: pMin === undefined ? undefined : Math.round(pMin), max: pMax === undefined ? undefined : Math.round(pMax) }
  if (aMin !== undefined || aMax !== undefined) q.area = { min: aMin, max: aMax }
  if (f.location) {
    q.location = { lat: f.location.lat, lon: f.location.lon, name: f.location.display_name }
    const r = num(f.radius)
    if (r !== undefined) q.radius = r
  }
  if (f.pokoje.length) q.rooms = f.pokoje.map(Number)
  if (f.lazienki) q.bathrooms = [Number(f.lazienki)]
  if (f.typBudynku.length) q.buildingTypes = f.typBudynku
  // 'Do negocjacji' exists only for sale and rent (spec §2); 'Okres wynajmu' only for rent.
  if (f.doNegocjacji && negotiableAllowed(f.typ)) q.negotiable = true
  if (f.naRaty) q.instalments = true
  if (f.bezDuplikatow) q.hideDuplicates = true
  if (f.pilne) q.urgent = true
  if (f.okazja) q.bargain = true
  if (f.pietro) q.floor = [f.pietro]
  if (f.okres.length && f.typ === 'wynajem') q.rentalPeriod = f.okres
  if (f.rynek) q.market = [f.rynek]
  if (f.stan.length) q.condition = f.stan
  if (f.dodatkowe.length) q.extras = f.dodatkowe
  if (f.blisko.length) q.nearby = f.blisko
  if (f.wlasnosc) q.ownership = [f.wlasnosc]
  // The leasehold tag's 'How many years of lease?' (spec §4): lata_dzierzawy, at least that many years.
  const years = f.wlasnosc === 'leasehold' ? Number(f.lataDzierzawy) : NaN
  if (Number.isInteger(years) && years > 0) q.leaseYears = years
  const advertiser = ADVERTISERS.filter((a) => f.ogloszeniodawca.includes(a))
  if (advertiser.length) q.advertiser = advertiser
  if (num(f.dodane) !== undefined) q.addedDays = num(f.dodane)
  const pair = (a: string, b: string) => {
    let min = num(a), max = num(b)
    if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min]
    return min === undefined && max === undefined ? undefined : { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) }
  }
  const ppm2 = pair(f.cenaM2Min, f.cenaM2Max)
  if (ppm2) q.pricePerM2 = ppm2
  const year = pair(f.rokMin, f.rokMax)
  if (year) q.yearBuilt = year
  const floors = pair(f.pietroOd, f.pietroDo)
  if (floors) q.floorRange = floors
  if (f.zFilmem) q.withVideo = true
  if (f.zSpacerem) q.withTour = true
  if (f.zRzutem) q.withPlan = true
  if (f.lokalizacje.length) q.places = f.lokalizacje.map((x) => x.id)
  if (f.inwestycja) q.investment = f.inwestycja.id
  return q
}

/** The /szukaj query of a form, written by the contract's serializer. */
export function formToParams(f: SearchForm, extra?: Pick<SearchQuery, 'sort'>): URLSearchParams {
  const p = toSearchParams({ ...formToQuery(f), ...extra })
  // The map view and drawn areas as the URL had them (the API checks them).
  if (f.mapa) p.set('mapa', f.mapa)
  f.obszar.forEach((a, i) => p.set(`obszar[${i}]`, a))
  return p
}

/** 'Do negocjacji' applies to sale and rent (spec §2): hidden only when another type is chosen, shown with none. */
export const negotiableAllowed = (typ: string) => typ === '' || typ === 'sprzedaz' || typ === 'wynajem'

export function searchUrl(f: SearchForm, extra?: Pick<SearchQuery, 'sort'>): string {
  const s = formToParams(f, extra).toString()
  return s ? `/szukaj?${s}` : '/szukaj'
}

export interface Chip {
  key: string
  label: string
  /** The form without this filter. */
  without: SearchForm
}

const zl = (v: string) => `${formatNumber(Number(v))} zł`
const m2 = (v: string) => `${formatNumber(Number(v))} m²`
const range = (min: string, max: string, fmt: (v: string) => string) =>
  min && max ? `${fmt(min)} – ${fmt(max)}` : min ? `od ${fmt(min)}` : `do ${fmt(max)}`

/** Removable chips for every active filter (the phrase included). */
export function activeChips(f: SearchForm): Chip[] {
  const chips: Chip[] = []
  const add = (key: string, label: string, patch: Partial<SearchForm>) => chips.push({ key, label, without: { ...f, ...patch } })
  if (f.typ === WANTED) add('typ', 'Szukam', { typ: '' })
  else if (f.typ) add('typ', OFFER_TYPES.find((t) => t.slug === f.typ)?.label ?? f.typ, { typ: '' })
  for (const k of f.kategoria) add(`kategoria:${k}`, categoryBySlug(k)?.name ?? k, { kategoria: f.kategoria.filter((x) => x !== k) })
  if (f.phrase) add('phrase', `„${f.phrase}”`, { phrase: '' })
  if (f.inwestycja) add('inwestycja', `Inwestycja ${f.inwestycja.label}`, { inwestycja: null })
  for (const x of f.lokalizacje) add(`lokalizacje:${x.id}`, x.label, { lokalizacje: f.lokalizacje.filter((y) => y !== x) })
  if (f.location) add('location', f.radius ? `${f.location.display_name} (+${f.radius} km)` : f.location.display_name, { location: null, radius: '' })
  if (f.cenaMin || f.cenaMax) add('cena', `Cena ${range(f.cenaMin, f.cenaMax, zl)}`, { cenaMin: '', cenaMax: '' })
  if (f.metrazMin || f.metrazMax) add('metraz', `Powierzchnia ${range(f.metrazMin, f.metrazMax, m2)}`, { metrazMin: '', metrazMax: '' })
  if (f.pokoje.length) add('pokoje', `Pokoje: ${f.pokoje.map((r) => (r === '5' ? '5+' : r)).join(', ')}`, { pokoje: [] })
  if (f.lazienki) add('lazienki', `Łazienki: ${f.lazienki === '3' ? '3+' : f.lazienki}`, { lazienki: '' })
  for (const b of f.typBudynku) add(`typ_budynku:${b}`, optionName(30, b) ?? b, { typBudynku: f.typBudynku.filter((x) => x !== b) })
  if (f.doNegocjacji && negotiableAllowed(f.typ)) add('do_negocjacji', 'Do negocjacji', { doNegocjacji: false })
  if (f.naRaty) add('na_raty', 'Na raty', { naRaty: false })
  if (f.bezDuplikatow) add('bez_duplikatow', 'Bez duplikatów', { bezDuplikatow: false })
  if (f.pilne) add('pilne', 'Pilnie', { pilne: false })
  if (f.okazja) add('okazja', 'Okazja', { okazja: false })
  if (f.pietro) add('pietro', `Piętro: ${optionName(9, f.pietro) ?? f.pietro}`, { pietro: '' })
  if (f.typ === 'wynajem') for (const o of f.okres) add(`okres:${o}`, optionName(15, o) ?? o, { okres: f.okres.filter((x) => x !== o) })
  if (f.rynek) add('rynek', `Rynek ${(optionName(19, f.rynek) ?? f.rynek).toLowerCase()}`, { rynek: '' })
  for (const s of f.stan) add(`stan:${s}`, optionName(12, s) ?? s, { stan: f.stan.filter((x) => x !== s) })
  for (const d of f.dodatkowe) add(`dodatkowe:${d}`, optionName(16, d) ?? d, { dodatkowe: f.dodatkowe.filter((x) => x !== d) })
  for (const b of f.blisko) add(`blisko:${b}`, `Blisko: ${optionName(17, b) ?? b}`, { blisko: f.blisko.filter((x) => x !== b) })
  for (const a of f.ogloszeniodawca) add(`ogloszeniodawca:${a}`, ADVERTISER_LABELS[a], { ogloszeniodawca: f.ogloszeniodawca.filter((x) => x !== a) })
  if (f.dodane) add('dodane', `Dodane: ${(ADDED_LABELS[Number(f.dodane) as keyof typeof ADDED_LABELS] ?? `${f.dodane} dni`).toLowerCase()}`, { dodane: '' })
  if (f.cenaM2Min || f.cenaM2Max) add('cena_m2', `Cena za m² ${range(f.cenaM2Min, f.cenaM2Max, (v) => `${formatNumber(Number(v))} zł/m²`)}`, { cenaM2Min: '', cenaM2Max: '' })
  if (f.rokMin || f.rokMax) add('rok_budowy', `Rok budowy ${range(f.rokMin, f.rokMax, (v) => v)}`, { rokMin: '', rokMax: '' })
  if (f.pietroOd || f.pietroDo) {
    add('pietro_zakres', `Piętro: ${floorRangeLabel({ min: f.pietroOd === '' ? undefined : Number(f.pietroOd), max: f.pietroDo === '' ? undefined : Number(f.pietroDo) })}`, { pietroOd: '', pietroDo: '' })
  }
  if (f.zFilmem) add('z_filmem', 'Z filmem', { zFilmem: false })
  if (f.zSpacerem) add('z_wirtualnym_spacerem', 'Z wirtualnym spacerem', { zSpacerem: false })
  if (f.zRzutem) add('z_rzutem', 'Z rzutem', { zRzutem: false })
  if (f.mapa) add('mapa', 'Obszar mapy', { mapa: '' })
  if (f.obszar.length) add('obszar', f.obszar.length === 1 ? 'Narysowany obszar' : `Narysowane obszary: ${f.obszar.length}`, { obszar: [] })
  if (f.wlasnosc) {
    const years = f.wlasnosc === 'leasehold' && f.lataDzierzawy ? ` (${f.lataDzierzawy} lat)` : ''
    add('wlasnosc', `${optionName(31, f.wlasnosc) ?? f.wlasnosc}${years}`, { wlasnosc: '', lataDzierzawy: '' })
  }
  return chips
}

/** Options of a catalogue attribute, for the filter controls. */
export const attrOptions = (id: number) => ATTRIBUTE_BY_ID.get(id)?.options ?? []
