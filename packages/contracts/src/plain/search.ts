import { categoryBySlug } from '../catalogue/index.ts'
import { ATTRIBUTE_BY_ID, BUILDING_TYPES, EXTRAS, LEASE_YEARS, NEARBY } from '../catalogue/attributes.ts'
import { encodeArea, type Area } from './areas.ts'
import { ADVERTISERS, type Advertiser } from './listing.ts'
import { SEEK_PROPERTY, offerTypeFromSlug, offerTypeInfo, type OfferType } from '../catalogue/offer-types.ts'

/**
 * The /szukaj query (spec §2), shared by the web (URL ⇄ form state) and the API (GET /api/search).
 * `parseSearchParams` reads every Polish and English parameter name; `toSearchParams` always writes the Polish ones.
 *
 * Decisions:
 * - Blank values are ignored (spec §5); a malformed value is an error keyed by the parameter name as written
 *   (`cena[min]` or `price[min]`, `dodatkowe[3]`), never silently dropped, so the API can answer 422.
 * - Prices are zł (the database keeps grosze; the API multiplies by 100). Areas are m².
 * - A location needs both lat and lon; the radius (`promien`, km) defaults to DEFAULT_RADIUS_KM when a location is
 *   given and is not written to the URL then. A place name without coordinates is kept as `locationText` and the
 *   API searches it like a phrase.
 * - Lists (kategoria, pokoje, lazienki, typ_budynku, rynek, stan, pietro, okres, wlasnosc) are comma-joined; the
 *   indexed form `name[0]=…` is read too. dodatkowe/blisko are written indexed (dodatkowe[0..14]) as the spec says;
 *   only the first 15 entries are read. Lists are any-of, except dodatkowe and blisko where every entry must match.
 * - rooms 5 means 5 or more, bathrooms 3 means 3 or more.
 * - lata_dzierzawy (the leasehold tag's 'How many years of lease?', 1..200) means leasehold with at least that many
 *   years of lease (docs/decisions/011-lease-years-filter.md).
 * - Categories are stored by backend slug (a parent includes its children in the API) and written as URL slugs.
 */

export const DEFAULT_PER_PAGE = 24
export const MAX_PER_PAGE = 60
export const MAX_PAGE = 10_000
export const DEFAULT_RADIUS_KM = 10
export const MAX_RADIUS_KM = 300
/** The radius choices next to the location (issue 25); 0 = the place itself (its name, not a circle). */
export const RADIUS_CHOICES = [0, 5, 10, 15, 25, 50, 75] as const
export const MAX_LIST_ENTRIES = 15
export const MAX_PRICE_ZL = 10_000_000_000
export const MAX_AREA_M2 = 1_000_000

/** Who advertises (`ogloszeniodawca`): the URL's Polish values and the query's English ones (issue 25). */
export { ADVERTISERS, type Advertiser }
export const ADVERTISER_PARAM: Record<Advertiser, string> = { private: 'prywatny', agency: 'biuro', developer: 'deweloper' }
export const ADVERTISER_LABELS: Record<Advertiser, string> = { private: 'Prywatne', agency: 'Biuro nieruchomości', developer: 'Deweloper' }
/** 'Dodane': within the last N days. */
export const ADDED_DAYS = [1, 3, 7, 14, 30] as const
export const ADDED_LABELS: Record<(typeof ADDED_DAYS)[number], string> = { 1: 'Ostatnie 24 godziny', 3: 'Ostatnie 3 dni', 7: 'Ostatnie 7 dni', 14: 'Ostatnie 14 dni', 30: 'Ostatnie 30 dni' }
/**
 * Floor levels of the floor range (`pietro_od`/`pietro_do`): the floor attribute's options as numbers. 'Poddasze'
 * (attic) has no level, so a range never matches it.
 */
export const FLOOR_LEVELS: Record<string, number> = {
  suterena: -1, parter: 0, ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [String(i + 1), i + 1])), 'powyzej-10': 11,
}
const FLOOR_LEVEL_NAMES: Record<string, number> = { suterena: -1, parter: 0, 'powyzej-10': 11 }
export const FLOOR_LEVEL_LABELS: [number, string][] = [[-1, 'Suterena'], [0, 'Parter'],
  ...Array.from({ length: 10 }, (_, i): [number, string] => [i + 1, String(i + 1)]), [11, 'Powyżej 10']]
const FLOOR_NOM: Record<number, string> = { [-1]: 'suterena', 0: 'parter', 11: 'powyżej 10' }
const FLOOR_GEN: Record<number, string> = { [-1]: 'suteryny', 0: 'parteru' }
/** 'parter–3', 'od 2', 'do parteru', 'powyżej 10' (chips, saved searches). */
export function floorRangeLabel(r: Range): string {
  const nom = (n: number) => FLOOR_NOM[n] ?? String(n)
  const gen = (n: number) => FLOOR_GEN[n] ?? String(n)
  const min = r.min, max = r.max === 11 ? undefined : r.max
  if (min === 11) return 'powyżej 10'
  if (min !== undefined && max !== undefined) return min === max ? nom(min) : `${nom(min)}–${nom(max)}`
  if (min !== undefined) return `od ${gen(min)}`
  return max !== undefined ? `do ${gen(max)}` : 'dowolne'
}
/** The floor slugs inside a floor range (both engines filter on these). */
export function floorsInRange(r: Range): string[] {
  return Object.entries(FLOOR_LEVELS).filter(([, n]) => n >= (r.min ?? -Infinity) && n <= (r.max ?? Infinity)).map(([slug]) => slug)
}

export const SORTS = ['newest', 'newest_plain', 'price_asc', 'price_desc', 'price_m2_asc', 'price_m2_desc', 'area_asc', 'area_desc'] as const
export type SearchSort = (typeof SORTS)[number]
/** Polish labels for the sort dropdown, in display order. */
export const SORT_LABELS: Record<SearchSort, string> = {
  newest: 'Najnowsze, najpierw promowane',
  newest_plain: 'Najnowsze bez promowanych',
  price_asc: 'Cena rosnąco',
  price_desc: 'Cena malejąco',
  price_m2_asc: 'Cena za m² rosnąco',
  price_m2_desc: 'Cena za m² malejąco',
  area_asc: 'Powierzchnia rosnąco',
  area_desc: 'Powierzchnia malejąco',
}

export interface Range { min?: number; max?: number }
export interface SearchLocation { lat: number; lon: number; name?: string }
/** [minLon, minLat, maxLon, maxLat] */
export type BBox = [number, number, number, number]

export interface SearchQuery {
  type?: OfferType
  /** Wanted ads (ad-type=seek-property); the offer type is dropped. */
  seek?: boolean
  /** Backend category slugs. */
  categories?: string[]
  phrase?: string
  /** zł */
  price?: Range
  /** m² */
  area?: Range
  location?: SearchLocation
  /** A typed place name without coordinates (lokalizacja[nazwa] alone); searched like a phrase. */
  locationText?: string
  /** km; only meaningful with a location (default DEFAULT_RADIUS_KM). */
  radius?: number
  rooms?: number[]
  bathrooms?: number[]
  buildingTypes?: string[]
  negotiable?: boolean
  instalments?: boolean
  urgent?: boolean
  bargain?: boolean
  billsIncluded?: boolean
  /** 'ukryj duplikaty': one card per property (issue 13; the group's cheapest live ad). */
  hideDuplicates?: boolean
  extras?: string[]
  nearby?: string[]
  market?: string[]
  condition?: string[]
  floor?: string[]
  rentalPeriod?: string[]
  ownership?: string[]
  /** Leasehold (ownership 'leasehold') with at least this many years of lease (attribute 32), 1..200. */
  leaseYears?: number
  /** Who advertises (issue 25): private owners, agencies (and hotels, agents of a company), developers; any-of. */
  advertiser?: Advertiser[]
  /** Added in the last N days (ADDED_DAYS). */
  addedDays?: number
  /** Price per m², zł. */
  pricePerM2?: Range
  /** Year built (attribute 18). */
  yearBuilt?: Range
  /** Floor levels (FLOOR_LEVELS: -1 basement, 0 ground, 11 above the 10th); attic and unknown floors never match. */
  floorRange?: Range
  /** Has a video link (links.video or links.video_2). */
  withVideo?: boolean
  /** Has a virtual tour (links.walk_video). */
  withTour?: boolean
  /** Has a floor plan (a listing_photos row of kind 'plan'). */
  withPlan?: boolean
  sort?: SearchSort
  page?: number
  per_page?: number
  /** The map view (`mapa`, issue 25): only listings inside this box. */
  bbox?: BBox
  /** Drawn areas (`obszar`, repeatable): only listings inside one of them (point in polygon); [lat, lon] rings. */
  areas?: Area[]
  /**
   * Several places (`lokalizacje`, comma-joined, decision 069): voivodeship slugs, powiat/gmina TERC codes, city
   * districts (`warszawa.mokotow`); a listing in any of them matches.
   */
  places?: string[]
  /**
   * An investment's units (`inwestycja`, decision 077): its id or slug as written; the API checks it and writes the id.
   */
  investment?: string
  /** The API's resolution of `investment`: its units' listing ids (never read from a URL; both engines filter on it). */
  investmentUnits?: number[]
}
export type { Area }
export { encodeArea } from './areas.ts'

export type SearchErrors = Record<string, string[]>

/** Lower-case, diacritic-free ('ł' → 'l'), single-spaced: the form of listings.search_text. */
export function foldPolish(text: string): string {
  return text.toLowerCase().replace(/ł/g, 'l').normalize('NFD').replace(/\p{Diacritic}/gu, '').replace(/\s+/g, ' ').trim()
}

export const SEARCH_MESSAGES = {
  number: 'Podaj liczbę.',
  integer: 'Podaj liczbę całkowitą.',
  tooLarge: (max: number) => `Wartość nie może być większa niż ${max}.`,
  tooSmall: (min: number) => `Wartość nie może być mniejsza niż ${min}.`,
  minAboveMax: 'Wartość „od” nie może być większa niż „do”.',
  unknownOption: (value: string) => `Nieznana wartość: ${value}.`,
  unknownCategory: (value: string) => `Nieznana kategoria: ${value}.`,
  unknownType: 'Nieznany typ ogłoszenia.',
  lat: 'Szerokość geograficzna musi być liczbą od -90 do 90.',
  lon: 'Długość geograficzna musi być liczbą od -180 do 180.',
  latLonPair: 'Lokalizacja wymaga obu współrzędnych (lat i lon).',
  flag: 'Dozwolone wartości to 1 lub 0.',
  sort: 'Nieznany sposób sortowania.',
  perPage: `Na stronie może być od 1 do ${MAX_PER_PAGE} ogłoszeń.`,
  page: `Numer strony musi być liczbą od 1 do ${MAX_PAGE}.`,
  bbox: 'Obszar mapy podaj jako minLon,minLat,maxLon,maxLat.',
  phraseTooLong: 'Wyszukiwana fraza może mieć najwyżej 200 znaków.',
  single: 'Ten parametr może wystąpić tylko raz.',
  addedDays: 'Dozwolone wartości to 1, 3, 7, 14 lub 30 (dni).',
  yearBuilt: 'Rok budowy musi być liczbą całkowitą od 1700 do 2035.',
  floorLevel: 'Piętro musi być liczbą całkowitą od -1 (suterena) do 11 (powyżej 10).',
  investment: 'Podaj identyfikator lub adres inwestycji.',
  unknownInvestment: (value: string) => `Nieznana inwestycja: ${value}.`,
  leaseYears: `Liczba lat dzierżawy musi być liczbą całkowitą od ${LEASE_YEARS.min} do ${LEASE_YEARS.max}.`,
} as const

const decimal = /^\d{1,12}(?:[.,]\d{1,2})?$/
const signedDecimal = /^-?\d{1,3}(?:\.\d{1,12})?$/
/** A parameter's check (zod-free, so the web's first paint can parse a query without loading zod; issue 16). */
type Check<T> = (value: string) => { ok: true; value: T } | { ok: false; message: string }
const ok = <T>(value: T) => ({ ok: true as const, value })
const bad = (message: string) => ({ ok: false as const, message })
const numberIn = (min: number, max: number): Check<number> => (s) => {
  if (!decimal.test(s)) return bad(SEARCH_MESSAGES.number)
  const n = Number(s.replace(',', '.'))
  return n < min ? bad(SEARCH_MESSAGES.tooSmall(min)) : n > max ? bad(SEARCH_MESSAGES.tooLarge(max)) : ok(n)
}
const intIn = (min: number, max: number, message?: string): Check<number> => (s) => {
  if (!/^\d{1,9}$/.test(s)) return bad(message ?? SEARCH_MESSAGES.integer)
  const n = Number(s)
  return n < min ? bad(message ?? SEARCH_MESSAGES.tooSmall(min)) : n > max ? bad(message ?? SEARCH_MESSAGES.tooLarge(max)) : ok(n)
}
const coordinate = (limit: number, message: string): Check<number> => (s) =>
  signedDecimal.test(s) && Math.abs(Number(s)) <= limit ? ok(Number(s)) : bad(message)

const priceSchema = numberIn(0, MAX_PRICE_ZL)
const areaSchema = numberIn(0, MAX_AREA_M2)
const radiusSchema = numberIn(0, MAX_RADIUS_KM)
const latSchema = coordinate(90, SEARCH_MESSAGES.lat)
const lonSchema = coordinate(180, SEARCH_MESSAGES.lon)
const pageSchema = intIn(1, MAX_PAGE, SEARCH_MESSAGES.page)
const perPageSchema = intIn(1, MAX_PER_PAGE, SEARCH_MESSAGES.perPage)
const leaseYearsSchema = intIn(LEASE_YEARS.min, LEASE_YEARS.max, SEARCH_MESSAGES.leaseYears)
const yearSchema = intIn(1700, 2035, SEARCH_MESSAGES.yearBuilt)
const floorLevelSchema: Check<number> = (s) => {
  const named = FLOOR_LEVEL_NAMES[foldPolish(s)]
  if (named !== undefined) return ok(named)
  const n = /^-?\d{1,2}$/.test(s) ? Number(s) : NaN
  return n >= -1 && n <= 11 ? ok(n) : bad(SEARCH_MESSAGES.floorLevel)
}
const addedDaysSchema: Check<number> = (s) =>
  (ADDED_DAYS as readonly number[]).includes(Number(s)) && /^\d+$/.test(s) ? ok(Number(s)) : bad(SEARCH_MESSAGES.addedDays)
const sortSchema: Check<SearchSort> = (s) => ((SORTS as readonly string[]).includes(s) ? ok(s as SearchSort) : bad(SEARCH_MESSAGES.sort))

const optionSlugs = (id: number) => ATTRIBUTE_BY_ID.get(id)!.options!.map((o) => o.slug)
/** Option lists of the attribute filters, by attribute id (catalogue). */
export const SEARCH_OPTIONS = {
  buildingTypes: BUILDING_TYPES.map((o) => o.slug),
  extras: EXTRAS.map((o) => o.slug),
  nearby: NEARBY.map((o) => o.slug),
  market: optionSlugs(19),
  condition: optionSlugs(12),
  floor: optionSlugs(9),
  rentalPeriod: optionSlugs(15),
  ownership: optionSlugs(31),
} as const

/** Old-system slugs (underscores, 'siłownia', 'sklep', 'szkola') map onto the catalogue's. */
const OPTION_ALIASES: Record<string, string> = { sklep: 'sklepy', szkola: 'szkoly', 'powyzej-12': 'powyzej-12mcy' }
const optionKey = (s: string) => { const k = foldPolish(s).replace(/[_\s]+/g, '-'); return OPTION_ALIASES[k] ?? k }

/** Polish parameter names (written) and their read aliases. */
export const SEARCH_PARAMS = {
  type: ['typ', 'type'],
  adType: ['ad-type', 'ad_type'],
  categories: ['kategoria', 'category'],
  phrase: ['phrase', 'fraza'],
  priceMin: ['cena[min]', 'price[min]'],
  priceMax: ['cena[max]', 'price[max]'],
  areaMin: ['metraz[min]', 'area[min]'],
  areaMax: ['metraz[max]', 'area[max]'],
  lat: ['lokalizacja[lat]', 'location[lat]'],
  lon: ['lokalizacja[lon]', 'location[lon]'],
  name: ['lokalizacja[nazwa]', 'location[display_name]', 'location[name]'],
  radius: ['promien', 'radius'],
  rooms: ['pokoje', 'rooms'],
  bathrooms: ['lazienki', 'bathrooms'],
  buildingTypes: ['typ_budynku', 'building_type'],
  negotiable: ['do_negocjacji', 'negotiable'],
  instalments: ['na_raty', 'instalments'],
  urgent: ['pilne', 'urgent'],
  bargain: ['okazja', 'bargain'],
  billsIncluded: ['rachunki-wliczone', 'rachunki_wliczone', 'bills_included'],
  hideDuplicates: ['bez_duplikatow', 'hide_duplicates'],
  extras: ['dodatkowe', 'extras'],
  nearby: ['blisko', 'nearby'],
  market: ['rynek', 'market'],
  condition: ['stan', 'condition'],
  floor: ['pietro', 'floor'],
  rentalPeriod: ['okres', 'rental_period'],
  ownership: ['wlasnosc', 'ownership'],
  leaseYears: ['lata_dzierzawy', 'lease_years'],
  advertiser: ['ogloszeniodawca', 'advertiser'],
  addedDays: ['dodane', 'added_days'],
  pricePerM2Min: ['cena_m2[min]', 'price_per_m2[min]'],
  pricePerM2Max: ['cena_m2[max]', 'price_per_m2[max]'],
  yearBuiltMin: ['rok_budowy[min]', 'year_built[min]'],
  yearBuiltMax: ['rok_budowy[max]', 'year_built[max]'],
  floorMin: ['pietro_od', 'floor_from'],
  floorMax: ['pietro_do', 'floor_to'],
  withVideo: ['z_filmem', 'with_video'],
  withTour: ['z_wirtualnym_spacerem', 'with_virtual_tour'],
  withPlan: ['z_rzutem', 'with_floor_plan'],
  sort: ['sortuj', 'sort'],
  page: ['page', 'strona'],
  perPage: ['per_page', 'limit'],
  bbox: ['mapa', 'bbox'],
  areas: ['obszar', 'areas'],
  places: ['lokalizacje', 'locations'],
  investment: ['inwestycja', 'investment'],
} as const

const FLAGS = ['negotiable', 'instalments', 'urgent', 'bargain', 'billsIncluded', 'hideDuplicates', 'withVideo', 'withTour', 'withPlan'] as const
type ListKey = 'market' | 'condition' | 'floor' | 'rentalPeriod' | 'ownership'
const OPTION_LISTS: ListKey[] = ['market', 'condition', 'floor', 'rentalPeriod', 'ownership']

/**
 * Parses a /szukaj query. Never throws; `errors` is empty when every present value was understood. Drawn areas
 * (`obszar`) are read only with `readArea` (area-shape.ts's checkArea, passed by the API's parser in ../search.ts):
 * it decodes and checks each one; the web's first paint carries them as written and leaves them to the API.
 */
export function parseSearchParams(params: URLSearchParams, readArea?: (raw: string, accepted: number) => Area | string,
  readPlace?: (raw: string, accepted: number) => { id: string } | string): { query: SearchQuery; errors: SearchErrors } {
  const errors: SearchErrors = {}
  const query: SearchQuery = {}
  const fail = (key: string, message: string) => { (errors[key] ??= []).push(message) }

  /** The first non-blank value under any of the names, with the name it came under. */
  const first = (names: readonly string[]): { key: string; value: string } | undefined => {
    for (const key of names) {
      for (const v of params.getAll(key)) if (v.trim() !== '') return { key, value: v.trim() }
    }
    return undefined
  }
  const parsed = <T>(names: readonly string[], check: Check<T>): { key: string; value: T } | undefined => {
    const hit = first(names)
    if (!hit) return undefined
    const r = check(hit.value)
    if (!r.ok) { fail(hit.key, r.message); return undefined }
    return { key: hit.key, value: r.value }
  }
  /** Comma-joined values under the names plus the indexed form name[0..14]; each entry with the key it came from. */
  const list = (names: readonly string[]): { key: string; value: string }[] => {
    const out: { key: string; value: string }[] = []
    for (const name of names) {
      for (const v of params.getAll(name)) for (const part of v.split(',')) if (part.trim()) out.push({ key: name, value: part.trim() })
      for (const v of params.getAll(`${name}[]`)) if (v.trim()) out.push({ key: `${name}[]`, value: v.trim() })
      for (let i = 0; i < MAX_LIST_ENTRIES; i++) {
        const key = `${name}[${i}]`
        for (const v of params.getAll(key)) for (const part of v.split(',')) if (part.trim()) out.push({ key, value: part.trim() })
      }
    }
    return out.slice(0, MAX_LIST_ENTRIES * 2)
  }
  const options = (names: readonly string[], allowed: readonly string[]): string[] | undefined => {
    const out: string[] = []
    for (const { key, value } of list(names)) {
      const k = optionKey(value)
      if (allowed.includes(k)) { if (!out.includes(k)) out.push(k) } else fail(key, SEARCH_MESSAGES.unknownOption(value))
    }
    return out.length ? out : undefined
  }
  const numbers = (names: readonly string[], max: number): number[] | undefined => {
    const out: number[] = []
    for (const { key, value } of list(names)) {
      const n = /^\d{1,3}\+?$/.test(value) ? Number(value.replace('+', '')) : NaN
      if (n >= 1 && n <= max) { if (!out.includes(n)) out.push(n) } else fail(key, SEARCH_MESSAGES.unknownOption(value))
    }
    return out.length ? out.sort((a, b) => a - b) : undefined
  }

  // Offer type and wanted ads (spec §4: 'wanted' switches to ad-type=seek-property and drops the offer type).
  const adType = first(SEARCH_PARAMS.adType)
  if (adType) {
    if (adType.value === SEEK_PROPERTY) query.seek = true
    else if (adType.value !== 'offer') fail(adType.key, SEARCH_MESSAGES.unknownType)
  }
  const type = first(SEARCH_PARAMS.type)
  if (type) {
    if (type.value === SEEK_PROPERTY) query.seek = true
    else {
      const t = offerTypeFromSlug(type.value)
      if (t) { if (!query.seek) query.type = t } else fail(type.key, SEARCH_MESSAGES.unknownType)
    }
  }

  const cats: string[] = []
  for (const { key, value } of list(SEARCH_PARAMS.categories)) {
    const c = categoryBySlug(value)
    if (c) { if (!cats.includes(c.slug)) cats.push(c.slug) } else fail(key, SEARCH_MESSAGES.unknownCategory(value))
  }
  if (cats.length) query.categories = cats

  const phrase = first(SEARCH_PARAMS.phrase)
  if (phrase) {
    const p = phrase.value.replace(/\s+/g, ' ')
    if (p.length > 200) fail(phrase.key, SEARCH_MESSAGES.phraseTooLong)
    else query.phrase = p
  }

  const range = (minNames: readonly string[], maxNames: readonly string[], check: Check<number>): Range | undefined => {
    const min = parsed(minNames, check)
    const max = parsed(maxNames, check)
    if (min && max && min.value > max.value) { fail(min.key, SEARCH_MESSAGES.minAboveMax); return undefined }
    if (!min && !max) return undefined
    return { ...(min ? { min: min.value } : {}), ...(max ? { max: max.value } : {}) }
  }
  const price = range(SEARCH_PARAMS.priceMin, SEARCH_PARAMS.priceMax, priceSchema)
  if (price) query.price = price
  const area = range(SEARCH_PARAMS.areaMin, SEARCH_PARAMS.areaMax, areaSchema)
  if (area) query.area = area

  const latRaw = first(SEARCH_PARAMS.lat)
  const lonRaw = first(SEARCH_PARAMS.lon)
  const lat = parsed(SEARCH_PARAMS.lat, latSchema)
  const lon = parsed(SEARCH_PARAMS.lon, lonSchema)
  const name = first(SEARCH_PARAMS.name)
  if (lat && lon) query.location = { lat: lat.value, lon: lon.value, ...(name ? { name: name.value } : {}) }
  else if (latRaw && !lonRaw) fail(SEARCH_PARAMS.lon[SEARCH_PARAMS.lat.indexOf(latRaw.key as never)] ?? 'lokalizacja[lon]', SEARCH_MESSAGES.latLonPair)
  else if (lonRaw && !latRaw) fail(SEARCH_PARAMS.lat[SEARCH_PARAMS.lon.indexOf(lonRaw.key as never)] ?? 'lokalizacja[lat]', SEARCH_MESSAGES.latLonPair)
  else if (!latRaw && !lonRaw && name) query.locationText = name.value.replace(/\s+/g, ' ').slice(0, 200)
  const radius = parsed(SEARCH_PARAMS.radius, radiusSchema)
  if (radius) query.radius = radius.value

  const rooms = numbers(SEARCH_PARAMS.rooms, 5)
  if (rooms) query.rooms = rooms
  const bathrooms = numbers(SEARCH_PARAMS.bathrooms, 3)
  if (bathrooms) query.bathrooms = bathrooms
  const buildingTypes = options(SEARCH_PARAMS.buildingTypes, SEARCH_OPTIONS.buildingTypes)
  if (buildingTypes) query.buildingTypes = buildingTypes

  for (const flag of FLAGS) {
    const hit = first(SEARCH_PARAMS[flag])
    if (!hit) continue
    const v = hit.value.toLowerCase()
    if (v === '1' || v === 'true' || v === 'on') query[flag] = true
    else if (v !== '0' && v !== 'false') fail(hit.key, SEARCH_MESSAGES.flag)
  }

  const extras = options(SEARCH_PARAMS.extras, SEARCH_OPTIONS.extras)
  if (extras) query.extras = extras.slice(0, MAX_LIST_ENTRIES)
  const nearby = options(SEARCH_PARAMS.nearby, SEARCH_OPTIONS.nearby)
  if (nearby) query.nearby = nearby.slice(0, MAX_LIST_ENTRIES)
  for (const key of OPTION_LISTS) {
    const v = options(SEARCH_PARAMS[key], SEARCH_OPTIONS[key])
    if (v) query[key] = v
  }
  const leaseYears = parsed(SEARCH_PARAMS.leaseYears, leaseYearsSchema)
  if (leaseYears) query.leaseYears = leaseYears.value

  // Issue 25's filters.
  const advertisers: Advertiser[] = []
  for (const { key, value } of list(SEARCH_PARAMS.advertiser)) {
    const v = foldPolish(value)
    const a = ADVERTISERS.find((x) => x === v || ADVERTISER_PARAM[x] === v)
    if (a) { if (!advertisers.includes(a)) advertisers.push(a) } else fail(key, SEARCH_MESSAGES.unknownOption(value))
  }
  if (advertisers.length) query.advertiser = ADVERTISERS.filter((a) => advertisers.includes(a))
  const added = parsed(SEARCH_PARAMS.addedDays, addedDaysSchema)
  if (added) query.addedDays = added.value
  const ppm2 = range(SEARCH_PARAMS.pricePerM2Min, SEARCH_PARAMS.pricePerM2Max, priceSchema)
  if (ppm2) query.pricePerM2 = ppm2
  const year = range(SEARCH_PARAMS.yearBuiltMin, SEARCH_PARAMS.yearBuiltMax, yearSchema)
  if (year) query.yearBuilt = year
  const floorRange = range(SEARCH_PARAMS.floorMin, SEARCH_PARAMS.floorMax, floorLevelSchema)
  if (floorRange) query.floorRange = floorRange

  const sort = parsed(SEARCH_PARAMS.sort, sortSchema)
  if (sort) query.sort = sort.value
  const page = parsed(SEARCH_PARAMS.page, pageSchema)
  if (page) query.page = page.value
  const perPage = parsed(SEARCH_PARAMS.perPage, perPageSchema)
  if (perPage) query.per_page = perPage.value

  const bbox = first(SEARCH_PARAMS.bbox)
  if (bbox) {
    const parts = bbox.value.split(',').map((s) => s.trim())
    const nums = parts.map(Number)
    const ok = parts.length === 4 && parts.every((p) => signedDecimal.test(p))
      && Math.abs(nums[0]!) <= 180 && Math.abs(nums[2]!) <= 180 && Math.abs(nums[1]!) <= 90 && Math.abs(nums[3]!) <= 90
      && nums[0]! <= nums[2]! && nums[1]! <= nums[3]!
    if (ok) query.bbox = nums as BBox
    else fail(bbox.key, SEARCH_MESSAGES.bbox)
  }
  // Drawn areas: `obszar` repeated, or indexed (`obszar[0]`, as saved searches keep it).
  const areas: Area[] = []
  if (readArea) {
    for (const key of areaKeys(params)) {
      for (const v of params.getAll(key)) {
        if (!v.trim()) continue
        const area = readArea(v.trim(), areas.length)
        if (typeof area === 'string') fail(key, area)
        else areas.push(area)
      }
    }
  }
  if (areas.length) query.areas = areas
  // Places (decision 069): checked against the catalogue by the API's reader; the web's first paint keeps them as written.
  const places: string[] = []
  for (const { key, value } of list(SEARCH_PARAMS.places)) {
    const p = readPlace ? readPlace(value, places.length) : { id: value.toLowerCase() }
    if (typeof p === 'string') fail(key, p)
    else if (!places.includes(p.id)) places.push(p.id)
  }
  if (places.length) query.places = places
  // An investment (decision 077): an id or a slug here; whether it exists is the API's question (it asks the database).
  const investment = first(SEARCH_PARAMS.investment)
  if (investment) {
    const v = investment.value.toLowerCase()
    if (/^(?:[1-9]\d{0,8}|[a-z0-9][a-z0-9-]{0,159})$/.test(v)) query.investment = v
    else fail(investment.key, SEARCH_MESSAGES.investment)
  }
  return { query, errors }
}

/** The query's drawn-area keys, in order: `obszar`, `obszar[]`, `obszar[0..14]`, then the same of `areas`. */
export function areaKeys(params: URLSearchParams): string[] {
  return SEARCH_PARAMS.areas.flatMap((name) => [name, `${name}[]`, ...Array.from({ length: MAX_LIST_ENTRIES }, (_, i) => `${name}[${i}]`)])
    .filter((k) => params.has(k))
}

const FLAG_PARAM: Record<(typeof FLAGS)[number], string> = {
  negotiable: 'do_negocjacji', instalments: 'na_raty', urgent: 'pilne', bargain: 'okazja', billsIncluded: 'rachunki-wliczone',
  hideDuplicates: 'bez_duplikatow', withVideo: 'z_filmem', withTour: 'z_wirtualnym_spacerem', withPlan: 'z_rzutem',
}
const num = (n: number) => String(Math.round(n * 100) / 100)

/** Writes a query with the Polish names, omitting defaults (sort newest, page 1, the default radius). */
export function toSearchParams(q: SearchQuery): URLSearchParams {
  const p = new URLSearchParams()
  if (q.seek) p.set('ad-type', SEEK_PROPERTY)
  else if (q.type) p.set('typ', offerTypeInfo(q.type).slug)
  if (q.categories?.length) p.set('kategoria', q.categories.map((s) => categoryBySlug(s)?.urlSlug ?? s).join(','))
  if (q.phrase?.trim()) p.set('phrase', q.phrase.trim())
  if (q.price?.min !== undefined) p.set('cena[min]', num(q.price.min))
  if (q.price?.max !== undefined) p.set('cena[max]', num(q.price.max))
  if (q.area?.min !== undefined) p.set('metraz[min]', num(q.area.min))
  if (q.area?.max !== undefined) p.set('metraz[max]', num(q.area.max))
  if (q.location) {
    p.set('lokalizacja[lat]', String(q.location.lat))
    p.set('lokalizacja[lon]', String(q.location.lon))
    if (q.location.name?.trim()) p.set('lokalizacja[nazwa]', q.location.name.trim())
    if (q.radius !== undefined && q.radius !== DEFAULT_RADIUS_KM) p.set('promien', num(q.radius))
  } else if (q.locationText?.trim()) p.set('lokalizacja[nazwa]', q.locationText.trim())
  if (q.rooms?.length) p.set('pokoje', q.rooms.join(','))
  if (q.bathrooms?.length) p.set('lazienki', q.bathrooms.join(','))
  if (q.buildingTypes?.length) p.set('typ_budynku', q.buildingTypes.join(','))
  for (const flag of FLAGS) if (q[flag]) p.set(FLAG_PARAM[flag], '1')
  q.extras?.slice(0, MAX_LIST_ENTRIES).forEach((s, i) => p.set(`dodatkowe[${i}]`, s))
  q.nearby?.slice(0, MAX_LIST_ENTRIES).forEach((s, i) => p.set(`blisko[${i}]`, s))
  for (const key of OPTION_LISTS) if (q[key]?.length) p.set(SEARCH_PARAMS[key][0], q[key]!.join(','))
  if (q.leaseYears !== undefined) p.set(SEARCH_PARAMS.leaseYears[0], String(q.leaseYears))
  if (q.advertiser?.length) p.set('ogloszeniodawca', q.advertiser.map((a) => ADVERTISER_PARAM[a]).join(','))
  if (q.addedDays !== undefined) p.set('dodane', String(q.addedDays))
  if (q.pricePerM2?.min !== undefined) p.set('cena_m2[min]', num(q.pricePerM2.min))
  if (q.pricePerM2?.max !== undefined) p.set('cena_m2[max]', num(q.pricePerM2.max))
  if (q.yearBuilt?.min !== undefined) p.set('rok_budowy[min]', String(q.yearBuilt.min))
  if (q.yearBuilt?.max !== undefined) p.set('rok_budowy[max]', String(q.yearBuilt.max))
  if (q.floorRange?.min !== undefined) p.set('pietro_od', String(q.floorRange.min))
  if (q.floorRange?.max !== undefined) p.set('pietro_do', String(q.floorRange.max))
  if (q.sort && q.sort !== 'newest') p.set('sortuj', q.sort)
  if (q.page && q.page > 1) p.set('page', String(q.page))
  if (q.per_page) p.set('per_page', String(q.per_page))
  if (q.bbox) p.set('mapa', q.bbox.join(','))
  q.areas?.forEach((a, i) => p.set(`obszar[${i}]`, encodeArea(a)))
  if (q.places?.length) p.set('lokalizacje', q.places.join(','))
  if (q.investment) p.set('inwestycja', q.investment)
  return p
}

/** `/szukaj?…` for a query (no '?' when empty). */
export function searchUrl(q: SearchQuery): string {
  const s = toSearchParams(q).toString()
  return s ? `/szukaj?${s}` : '/szukaj'
}
