import {
  ATTRIBUTE_BY_ID, CATEGORIES, CATEGORY_BY_ID, CITIES, CITY_BY_SLUG, type Category, type City, type District, type OfferType,
} from '@portal/contracts/catalogue'
import type { AttributeValue } from '../schema/listings.ts'
import { createRng, deriveSeed, type Rng } from './random.ts'
import { capitalize, searchNormalize, slugify } from './text.ts'
import { CITY_WEIGHTS, place, type Place } from './places.ts'
import { PHOTO_PLAN, POOL_BY_SCENE, type Scene } from './pool.ts'
import type { UserPool } from './users.ts'
import {
  ADJ_HOME, ADJ_LAND, ADJ_PLAIN, AGENCY_CLOSINGS, adj, CONDITION_SENTENCE, DEVELOPER_CLOSINGS, FEATURE_BY_EXTRA, located,
  NEIGHBOURHOOD, NOUNS, OWNERSHIP_SENTENCE, PRIVATE_CLOSINGS, type Noun,
} from './vocabulary.ts'

const DAY = 86_400_000

/** One generated listing, keyed like the Drizzle insert type, plus the pool photos it shows. */
export interface DemoListing {
  id: number
  slug: string
  userId: number
  agentId: number | null
  categoryId: number
  offerType: OfferType
  adType: 'offer' | 'seek'
  status: 'active' | 'ended'
  title: string
  description: string
  price: number
  area: number | null
  pricePerM2: number | null
  rooms: number | null
  bathrooms: number | null
  floor: string | null
  buildingType: string | null
  market: string | null
  condition: string | null
  ownership: string | null
  rentalPeriods: string[]
  extras: string[]
  nearby: string[]
  negotiable: boolean
  instalments: boolean
  urgent: boolean
  bargain: boolean
  billsIncluded: boolean
  attributes: AttributeValue[]
  lat: number
  lon: number
  locationName: string
  city: string
  citySlug: string
  district: string
  voivodeship: string
  searchText: string
  isPromoted: boolean
  promotedUntil: Date | null
  views: number
  createdAt: Date
  updatedAt: Date
  expiresAt: Date
  /** Indexes into POOL, in display order. */
  photos: number[]
  /** Floor plans ('Plany', kind 'plan'): indexes into POOL's plan images. */
  plans: number[]
}

export interface GenerateContext {
  seed: number
  users: UserPool
  /** "Now" for created/expiry dates; fixed per run so one run is consistent. */
  now: number
}

const TOP = new Map(CATEGORIES.map((c) => [c.id, c.parentId === null ? c : CATEGORY_BY_ID.get(c.parentId)!]))
const topOf = (c: Category) => TOP.get(c.id)!
const TOP_CATEGORIES = CATEGORIES.filter((c) => c.parentId === null)
const OFFER_WEIGHT: Record<OfferType, number> = { sell: 0.56, rent: 0.34, exchange: 0.06, for_free: 0.04 }

/**
 * The first listings of every run walk through every (category, offer type) pair, wanted ads and every city, so a
 * small data set still covers the whole catalogue; the rest are drawn by weight.
 */
export interface Forced { categoryId: number; offerType: OfferType; adType: 'offer' | 'seek'; city?: City }
const COVERAGE: Forced[] = [
  ...CATEGORIES.flatMap((c) => c.offerTypes.map((offerType) => ({ categoryId: c.id, offerType, adType: 'offer' as const }))),
  ...TOP_CATEGORIES.filter((c) => c.slug !== 'uslugi').flatMap((c) =>
    c.offerTypes.filter((o) => o === 'sell' || o === 'rent').map((offerType) => ({ categoryId: c.id, offerType, adType: 'seek' as const }))),
]

function pickCategory(rng: Rng): Category {
  const top = rng.weighted(TOP_CATEGORIES, TOP_CATEGORIES.map((c) => c.demo.share))
  if (!top.childIds.length || rng.chance(0.2)) return top
  return CATEGORY_BY_ID.get(rng.pick(top.childIds))!
}

function pickOffer(rng: Rng, c: Category): OfferType {
  const slug = topOf(c).slug
  const w = (o: OfferType) => OFFER_WEIGHT[o] * (slug === 'pokoj' && o === 'rent' ? 10 : 1)
    * (slug === 'domek-letniskowy' || slug === 'hotele-pensjonaty' ? (o === 'rent' ? 2 : 1) : 1)
  return rng.weighted(c.offerTypes, c.offerTypes.map(w))
}

/** Polish 'few' plural form (2–4, 22–24, ... but not 12–14). */
const few = (n: number) => n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14)
const round = (v: number, step: number) => Math.max(step, Math.round(v / step) * step)
const fmt = (n: number) => n.toLocaleString('pl-PL').replace(/\u00a0/g, ' ')
const areaText = (a: number) => (Number.isInteger(a) ? String(a) : a.toFixed(1).replace('.', ','))

function listSentence(items: string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} i ${items[items.length - 1]}`
}

const EXTRAS_BY_TOP: Record<string, [string, number][]> = {
  mieszkanie: [['balkon', 0.6], ['piwnica', 0.4], ['winda', 0.45], ['parking', 0.3], ['garaz', 0.15], ['taras', 0.1], ['umeblowane', 0.3],
    ['otwarta-kuchnia', 0.4], ['wanna', 0.35], ['prysznic', 0.45], ['pralka', 0.4], ['lodowka', 0.45], ['klimatyzacja', 0.12],
    ['internet', 0.4], ['monitoring', 0.2], ['dostosowane-do-niepelnosprawnych', 0.04], ['ogrod', 0.05]],
  dom: [['ogrod', 0.8], ['garaz', 0.55], ['taras', 0.5], ['kominek', 0.35], ['piwnica', 0.3], ['parking', 0.4], ['otwarta-kuchnia', 0.4],
    ['wanna', 0.5], ['prysznic', 0.5], ['media', 0.6], ['klimatyzacja', 0.15], ['internet', 0.4], ['monitoring', 0.2], ['umeblowane', 0.15]],
  'dom-modulowy': [['taras', 0.4], ['otwarta-kuchnia', 0.5], ['prysznic', 0.6], ['media', 0.5], ['ogrod', 0.3], ['klimatyzacja', 0.15]],
  'lokal-uzytkowy': [['parking', 0.45], ['klimatyzacja', 0.5], ['internet', 0.5], ['monitoring', 0.4], ['recepcja', 0.15], ['winda', 0.25],
    ['media', 0.6], ['dostosowane-do-niepelnosprawnych', 0.2], ['piwnica', 0.1]],
  magazyny: [['parking', 0.7], ['monitoring', 0.6], ['media', 0.7], ['internet', 0.3], ['recepcja', 0.1]],
  'hotele-pensjonaty': [['parking', 0.8], ['recepcja', 0.9], ['internet', 0.9], ['ogrod', 0.4], ['taras', 0.4], ['klimatyzacja', 0.3],
    ['umeblowane', 0.9], ['monitoring', 0.5]],
  kemping: [['media', 0.8], ['parking', 0.7], ['internet', 0.4], ['monitoring', 0.3]],
  'domek-letniskowy': [['taras', 0.6], ['kominek', 0.4], ['media', 0.6], ['ogrod', 0.5], ['parking', 0.5], ['umeblowane', 0.6], ['prysznic', 0.5]],
  garaz: [['media', 0.4], ['monitoring', 0.3], ['parking', 0.1]],
  parking: [['monitoring', 0.5]],
  pokoj: [['umeblowane', 0.85], ['internet', 0.8], ['pralka', 0.6], ['lodowka', 0.6], ['balkon', 0.3], ['prysznic', 0.5], ['wanna', 0.3], ['winda', 0.3]],
}

const NEARBY_BASE: [string, number][] = [['silownia', 0.25], ['szpital', 0.15], ['centrum', 0.25], ['sklepy', 0.65], ['szkoly', 0.45],
  ['przystanek-autobusowy', 0.55], ['przystanek-tramwajowy', 0.3], ['dworzec', 0.12], ['park', 0.45], ['poczta', 0.25], ['las', 0.15],
  ['jezioro', 0.05], ['morze', 0], ['rzeka', 0.1]]
const COASTAL = new Set(['gdansk', 'gdynia', 'szczecin', 'elblag'])
const NO_TRAMS = new Set(['bialystok', 'kielce', 'lublin', 'radom', 'rzeszow', 'opole', 'rybnik', 'tychy', 'zielona-gora', 'bielsko-biala'])

const BUILDING_FLOORS: Record<string, [number, number]> = {
  blok: [4, 11], kamienica: [3, 5], loft: [3, 6], apartamentowiec: [5, 15], studio: [2, 8], wiezowiec: [16, 30], inne: [2, 5],
}
const BUILDING_YEARS: Record<string, [number, number]> = {
  blok: [1960, 1998], kamienica: [1880, 1938], loft: [1890, 1930], apartamentowiec: [2004, 2024], studio: [2012, 2024],
  wiezowiec: [1970, 2022], inne: [1950, 2020],
}

const SERVICES: { title: string; text: string; price: [number, number] }[] = [
  { title: 'Remonty mieszkań pod klucz', text: 'Kompleksowo remontujemy mieszkania i domy: od projektu, przez instalacje, po malowanie i montaż mebli.', price: [800, 2000] },
  { title: 'Przeprowadzki i transport mebli', text: 'Przewozimy meble i sprzęt AGD, pakujemy i zabezpieczamy rzeczy, demontujemy i skręcamy meble.', price: [300, 1500] },
  { title: 'Sprzątanie po remoncie i przed sprzedażą', text: 'Myjemy okna, usuwamy pył budowlany, pierzemy tapicerkę. Pracujemy własnymi środkami.', price: [250, 900] },
  { title: 'Świadectwa charakterystyki energetycznej', text: 'Wykonujemy świadectwa energetyczne dla mieszkań, domów i lokali, wymagane przy sprzedaży i najmie.', price: [300, 700] },
  { title: 'Home staging i aranżacja wnętrz', text: 'Przygotujemy mieszkanie do sesji zdjęciowej i sprzedaży: dekoracje, tekstylia, oświetlenie.', price: [1200, 5000] },
  { title: 'Profesjonalne zdjęcia nieruchomości i wirtualne spacery', text: 'Robimy zdjęcia szerokokątne, ujęcia z drona i spacery 360°, gotowe w 48 godzin.', price: [400, 1500] },
  { title: 'Wycena nieruchomości – rzeczoznawca majątkowy', text: 'Sporządzamy operaty szacunkowe dla banków, sądów i urzędów, także w trybie pilnym.', price: [900, 3000] },
  { title: 'Montaż klimatyzacji i pomp ciepła', text: 'Doradzimy, dobierzemy i zamontujemy urządzenia renomowanych producentów z gwarancją.', price: [3500, 15000] },
  { title: 'Zarządzanie najmem krótkoterminowym', text: 'Obsługujemy gości, sprzątanie, rozliczenia i kontakt z portalami rezerwacyjnymi.', price: [500, 2500] },
  { title: 'Usługi hydrauliczne i elektryczne', text: 'Wymiana instalacji, naprawy awarii, biały montaż. Dojazd na terenie całego miasta.', price: [150, 800] },
]

/**
 * A district's price level relative to its city's (issue 26): the catalogue lists central districts first, so the
 * level falls from 1.2 in the first to 0.8 in the last, with a small fixed wobble per district.
 */
export function districtLevel(city: City, district: District): number {
  const i = city.districts.indexOf(district)
  const n = city.districts.length
  if (i < 0 || n < 2) return 1
  const wobble = ((district.name.length * 7 + i * 13) % 9 - 4) / 100
  return Math.round((1.2 - 0.4 * (i / (n - 1)) + wobble) * 1000) / 1000
}

export interface PriceAttributes {
  area: number | null
  /** The category's typical (median generated) area: larger places cost less per m², smaller more. */
  typicalArea: number
  condition: string | null
  market: string | null
  yearBuilt: number | null
  floor: string | null
  /** The floor as a number (0 = ground), null where the category has none. */
  floorNo: number | null
  floors: number | null
  lift: boolean
  /** A district in the central third of the city's list (the dearer ones, see districtLevel). */
  central: boolean
}

/** Divides the product below so the average flat keeps its former level (city medians stay where they were). */
export const PRICE_FACTOR_MEAN = 0.98

/**
 * What a place's own attributes do to its price per m² (issue 26, item 7), as a factor around 1: condition (do remontu
 * −15 %, surowy −20 % on the secondary market but the norm on the primary one, renovated/ready +6–8 %), the primary
 * market +8 %, year built (new +8 %, 1950–1990 'wielka płyta' −10 %, a pre-war tenement +5 % in the central districts
 * and −5 % elsewhere), floor (parter −5 %, suterena −15 %, poddasze −5 %, 3rd floor and up without a lift −4/−8 %,
 * above the 10th +3 %), and size (price per m² ∝ (area / typical)^−0.1, within −10 %…+12 %).
 */
export function priceFactor(a: PriceAttributes): number {
  let f = 1
  const primary = a.market === 'pierwotny'
  if (primary) f *= 1.08
  switch (a.condition) {
    case 'do-remontu': f *= 0.85; break
    case 'do-odswiezenia': f *= 0.95; break
    case 'wyremontowane': f *= 1.06; break
    case 'do-wprowadzenia': f *= 1.08; break
    case 'surowy': f *= primary ? 1 : 0.8; break
  }
  const y = a.yearBuilt
  if (y && !primary) {
    f *= y >= 2015 ? 1.08 : y >= 2000 ? 1.03 : y >= 1991 ? 0.98 : y >= 1950 ? 0.9 : y >= 1940 ? 0.95 : a.central ? 1.05 : 0.95
  }
  if (a.floor === 'parter') f *= 0.95
  else if (a.floor === 'suterena') f *= 0.85
  else if (a.floor === 'poddasze') f *= 0.95
  else if (a.floor === 'powyzej-10') f *= 1.03
  if (a.floorNo != null && a.floorNo >= 3 && !a.lift) f *= a.floorNo >= 4 ? 0.92 : 0.96
  if (a.area && a.typicalArea > 0) f *= Math.min(1.12, Math.max(0.9, (a.area / a.typicalArea) ** -0.1))
  return f / PRICE_FACTOR_MEAN
}

export function generateListing(ctx: GenerateContext, index: number, id: number, force?: Forced): DemoListing {
  const rng = createRng(deriveSeed(ctx.seed, index))
  const forced = force ?? (index < COVERAGE.length ? COVERAGE[index] : undefined)
  const city = force?.city ?? (index < CITIES.length ? CITIES[(index * 7) % CITIES.length]! : rng.weighted(CITIES, CITY_WEIGHTS))
  const district = rng.pick(city.districts)
  const pl = place(city, district)
  const category = forced ? CATEGORY_BY_ID.get(forced.categoryId)! : pickCategory(rng)
  const top = topOf(category)
  const offerType = forced ? forced.offerType : pickOffer(rng, category)
  const adType: 'offer' | 'seek' = forced ? forced.adType
    : top.slug !== 'uslugi' && (offerType === 'sell' || offerType === 'rent') && rng.chance(0.055) ? 'seek' : 'offer'
  const allowed = new Set(category.attributes)
  const applies = (attrId: number) => allowed.has(attrId)
    && (ATTRIBUTE_BY_ID.get(attrId)?.offerTypes?.includes(offerType) ?? true)
  const isSeek = adType === 'seek'

  // Owner: developers sell new flats and houses, the hotel its guesthouses, agencies a good share of the rest.
  // A separate stream, so the rest of the listing does not depend on how many users the pool holds.
  const own = createRng(deriveSeed(ctx.seed ^ 0x0a5a5a5a, index))
  const u = ctx.users
  let userId: number
  let agentId: number | null = null
  let owner: 'private' | 'agency' | 'developer' | 'hotel' = 'private'
  let company = ''
  const developerish = !isSeek && offerType === 'sell' && (top.slug === 'mieszkanie' || category.id === 14 || category.id === 15)
  // Companies work where they are: their home city, else its voivodeship; a place with neither has none (a Wrocław
  // agency advertising all over Poland looked fake, issue 29).
  const local = <T extends { city: string }>(all: T[]): T[] => {
    const here = all.filter((c) => c.city === city.slug)
    return here.length ? here : all.filter((c) => CITY_BY_SLUG.get(c.city)?.voivodeship === city.voivodeship)
  }
  const developers = local(u.developers)
  const agencies = local(u.agencies)
  if (developerish && developers.length && own.chance(top.slug === 'mieszkanie' ? 0.22 : 0.12)) {
    const dev = own.pick(developers)
    userId = dev.id
    owner = 'developer'
  } else if (top.slug === 'hotele-pensjonaty' && u.hotels.length && own.chance(0.4)) {
    userId = own.pick(u.hotels)
    owner = 'hotel'
  } else if (!isSeek && top.slug !== 'uslugi' && agencies.length && own.chance(0.38)) {
    const a = own.pick(agencies)
    userId = a.id
    agentId = a.agents.length ? own.pick(a.agents) : null
    owner = 'agency'
  } else {
    userId = u.privates.length ? own.pick(u.privates) : (u.agencies[0]?.id ?? 1)
  }
  company = owner === 'developer' ? (u.developers.find((d) => d.id === userId)?.name ?? '')
    : owner === 'agency' ? (u.agencies.find((a) => a.id === userId)?.name ?? '') : ''

  // Area, rooms, building.
  const [amin, amax] = category.demo.area
  let area: number | null = null
  if (amax > 0) {
    const raw = amin + (amax - amin) * Math.pow(rng(), 1.7)
    area = amax > 1000 || top.slug === 'dzialka' ? Math.round(raw / 10) * 10 : amax > 150 ? Math.round(raw) : Math.round(raw * 10) / 10
  }
  let rooms: number | null = null
  if (applies(11) && area) {
    if (top.slug === 'mieszkanie') {
      rooms = area < 32 ? 1 : area < 48 ? rng.int(1, 2) : area < 62 ? rng.int(2, 3) : area < 80 ? 3 : area < 100 ? rng.int(3, 4) : rng.int(4, 6)
    } else if (top.slug === 'hotele-pensjonaty') {
      rooms = Math.max(5, Math.round(area / 35))
    } else if (top.slug === 'dom' || top.slug === 'dom-modulowy' || top.slug === 'domek-letniskowy') {
      rooms = Math.max(1, Math.min(8, Math.round(area / 32) + rng.int(-1, 1)))
    } else {
      rooms = Math.max(1, Math.min(5, Math.round(area / 40)))
    }
  }
  let bathrooms: number | null = null
  if (applies(29) && area) {
    bathrooms = top.slug === 'hotele-pensjonaty' ? 3 : area > 160 ? rng.int(2, 3) : area > 85 ? rng.int(1, 2) : 1
  }

  const market = applies(19) ? (owner === 'developer' ? 'pierwotny' : rng.chance(0.18) ? 'pierwotny' : 'wtorny') : null
  const buildingType = applies(30) && top.slug === 'mieszkanie'
    ? (market === 'pierwotny' ? rng.weighted(['apartamentowiec', 'blok', 'wiezowiec', 'loft'], [5, 4, 0.6, 0.4])
      : rng.weighted(['blok', 'kamienica', 'apartamentowiec', 'wiezowiec', 'loft', 'studio', 'inne'], [55, 20, 12, 4, 3, 3, 3]))
    : applies(30) ? rng.weighted(['blok', 'kamienica', 'apartamentowiec', 'inne'], [6, 3, 2, 1]) : null
  let floors: number | null = null
  let floor: string | null = null
  let floorNo: number | null = null
  if (applies(9)) {
    const [fmin, fmax] = BUILDING_FLOORS[buildingType ?? 'inne']!
    floors = rng.int(fmin, fmax)
    const f = top.slug === 'lokal-uzytkowy' ? (rng.chance(0.7) ? 0 : rng.int(1, Math.min(3, floors))) : rng.int(0, floors)
    floorNo = f
    floor = f === 0 ? (rng.chance(0.05) ? 'suterena' : 'parter') : f > 10 ? 'powyzej-10'
      : f === floors && buildingType === 'kamienica' && rng.chance(0.5) ? 'poddasze' : String(f)
  } else if (applies(10)) {
    floors = top.slug === 'dom' ? rng.int(1, 3) : null
  }
  let yearBuilt: number | null = null
  if (applies(18)) {
    if (market === 'pierwotny') yearBuilt = rng.int(2025, 2027)
    else if (buildingType) { const [y0, y1] = BUILDING_YEARS[buildingType]!; yearBuilt = rng.int(y0, y1) }
    else yearBuilt = top.slug === 'dom' && category.id === 10 ? rng.int(1880, 1938) : rng.int(1965, 2024)
  }
  const condition = applies(12) ? (market === 'pierwotny' ? rng.pick(['surowy', 'do-wprowadzenia'])
    : rng.weighted(['do-remontu', 'do-odswiezenia', 'wyremontowane', 'do-wprowadzenia', 'surowy'], [12, 25, 30, 30, 3])) : null
  const ownership = applies(31) ? (top.slug === 'dzialka' || top.slug === 'kemping'
    ? rng.weighted(['pelna-wlasnosc', 'uzytkowanie-wieczyste', 'leasehold', 'udzial'], [78, 10, 9, 3])
    : top.slug === 'mieszkanie' ? rng.weighted(['pelna-wlasnosc', 'spoldzielcze-wlasnosciowe', 'uzytkowanie-wieczyste', 'udzial', 'leasehold'], [66, 22, 8, 3, 1])
      : rng.weighted(['pelna-wlasnosc', 'uzytkowanie-wieczyste', 'udzial', 'leasehold'], [85, 8, 3, 4])) : null
  const leaseYears = ownership === 'leasehold' && applies(32) ? rng.weighted([10, 25, 30, 40, 50, 99], [2, 3, 3, 2, 2, 1]) : null

  const extrasPool = EXTRAS_BY_TOP[top.slug] ?? []
  const extras = applies(16) ? extrasPool.filter(([, p]) => rng.chance(isSeek ? p / 2 : p)).map(([s]) => s) : []
  const nearby = applies(17) ? NEARBY_BASE.filter(([s, p]) => {
    if (s === 'morze') return COASTAL.has(city.slug) && rng.chance(0.45)
    if (s === 'przystanek-tramwajowy' && NO_TRAMS.has(city.slug)) return false
    if ((s === 'las' || s === 'jezioro') && (top.slug === 'dzialka' || top.slug === 'domek-letniskowy' || top.slug === 'kemping')) return rng.chance(0.5)
    return rng.chance(p)
  }).map(([s]) => s) : []
  const rentalPeriods = applies(15) ? rng.some(
    top.slug === 'domek-letniskowy' || top.slug === 'kemping' || top.slug === 'hotele-pensjonaty' ? ['doba', '1-3mcy']
      : top.slug === 'pokoj' ? ['1-3mcy', '3-6mcy', '6-12mcy', 'powyzej-12mcy'] : ['3-6mcy', '6-12mcy', 'powyzej-12mcy'],
    rng.int(1, 2)) : []

  // Price (grosze): city level × district level × category price per m² × area × the flat's own attributes
  // (condition, market, year, floor, size: priceFactor) × ±10 % noise (issue 26: the valuation has something to find).
  const noise = rng.between(0.9, 1.1)
  const dLevel = districtLevel(city, district)
  const attrs = priceFactor({
    area, typicalArea: amin + (amax - amin) * 0.5 ** 1.7, condition, market, yearBuilt, floor, floorNo, floors,
    lift: extras.includes('winda'), central: city.districts.indexOf(district) < city.districts.length / 3,
  })
  const level = city.priceLevel * dLevel * attrs
  const rentLevel = (0.55 + 0.45 * city.priceLevel) * dLevel * attrs
  let priceZl = 0
  const service = top.slug === 'uslugi' ? rng.pick(SERVICES) : null
  const sellLike = () => category.demo.pricePerM2 > 0 && area
    ? level * category.demo.pricePerM2 * area * noise
    : category.demo.rentPerM2 * (area ?? 10) * rentLevel * noise * 100
  if (service) priceZl = round(rng.between(service.price[0], service.price[1]), 10)
  else if (offerType === 'for_free') priceZl = 0
  else if (offerType === 'rent') priceZl = round(category.demo.rentPerM2 * (area ?? 10) * rentLevel * noise, top.slug === 'pokoj' ? 50 : 100)
  else {
    const v = sellLike()
    priceZl = round(v, v > 200_000 ? 1000 : 100)
  }
  if (isSeek) priceZl = round(priceZl * 1.05, priceZl > 200_000 ? 10_000 : 100)
  const price = priceZl * 100
  const pricePerM2 = area && price > 0 ? Math.round(price / area) : null

  const negotiable = applies(6) && !isSeek && rng.chance(0.28)
  const instalments = applies(2) && !isSeek && rng.chance(0.04)
  const urgent = applies(20) && rng.chance(0.06)
  const bargain = applies(33) && !isSeek && rng.chance(0.05)
  const billsIncluded = applies(7) && !isSeek && rng.chance(top.slug === 'pokoj' ? 0.6 : 0.25)
  const availableNow = applies(13) && rng.chance(0.5)
  const availableFrom = !availableNow && applies(14) && rng.chance(0.4)
    ? new Date(ctx.now + rng.int(7, 120) * DAY).toISOString().slice(0, 10) : null
  const deposit = applies(21) && offerType === 'rent' && !isSeek && rng.chance(0.7) ? round(priceZl * rng.pick([1, 1, 1.5, 2]), 100) : null
  const energy = (applies(34) && !isSeek && rng.chance(0.4))
    ? { ep: Math.round(yearBuilt && yearBuilt > 2010 ? rng.between(35, 90) : rng.between(90, 260)), co2: Math.round(rng.between(5, 60)), oze: Math.round(rng.between(0, 45)) }
    : null

  // Monthly costs (decision 072): most flats state a czynsz scaled by area, many rented ones a media figure; a rent
  // with bills included states neither. A separate stream, so every other figure stays as it was before they existed.
  const costs = createRng(deriveSeed(ctx.seed ^ 0x0c25a072, index))
  const flatOffer = top.slug === 'mieszkanie' && !isSeek && !!area && (offerType === 'sell' || offerType === 'rent') && !billsIncluded
  const czynsz = flatOffer && costs.chance(0.8)
    ? round((150 + area! * costs.between(5.5, 9)) * (market === 'pierwotny' ? 1.1 : 1), 10) : null
  const media = flatOffer && offerType === 'rent' && costs.chance(0.65) ? round(110 + area! * costs.between(3, 6), 10) : null

  // Attributes in the spec's [{id, value}] shape: booleans as 'true', 15–17 as arrays of slugs, the rest strings.
  const attributes: AttributeValue[] = []
  const put = (id: number, value: string | string[] | null | false) => {
    if (value === null || value === false || (Array.isArray(value) && !value.length)) return
    if (applies(id)) attributes.push({ id, value })
  }
  put(2, instalments && 'true')
  put(4, area ? String(area) : null)
  put(6, negotiable && 'true')
  put(7, billsIncluded && 'true')
  put(9, floor)
  put(10, floors ? String(floors) : null)
  put(11, rooms ? String(Math.min(rooms, 5)) : null)
  put(12, condition)
  put(13, availableNow && 'true')
  put(14, availableFrom)
  put(15, rentalPeriods)
  put(16, extras)
  put(17, nearby)
  put(18, yearBuilt && !isSeek ? String(yearBuilt) : null)
  put(19, market)
  put(20, urgent && 'true')
  put(21, deposit ? String(deposit) : null)
  put(29, bathrooms ? String(Math.min(bathrooms, 3)) : null)
  put(30, buildingType)
  put(31, ownership)
  put(32, leaseYears ? String(leaseYears) : null)
  put(33, bargain && 'true')
  put(37, czynsz ? String(czynsz) : null)
  put(38, media ? String(media) : null)
  if (energy) { put(34, String(energy.ep)); put(35, String(energy.co2)); put(36, String(energy.oze)) }

  const noun = NOUNS[category.id] ?? NOUNS[top.id]!
  const title = service ? `${service.title} – ${city.name}` : makeTitle(rng, { noun, top: top.slug, offerType, isSeek, rooms, area, pl, extras, market, buildingType, condition })
  const description = makeDescription(rng, {
    noun, top: top.slug, offerType, isSeek, rooms, bathrooms, area, pl, extras, nearby, market, buildingType, condition, floor, floors,
    yearBuilt, ownership, leaseYears, negotiable, billsIncluded, deposit, rentalPeriods, availableNow, availableFrom, owner, company,
    service, priceZl, energy, urgent,
  })

  // Dates: created over the last 60 days; the 30-day period renews so every demo listing is still running.
  const createdAt = new Date(ctx.now - Math.floor(rng() * 60 * DAY))
  let expires = createdAt.getTime() + 30 * DAY
  while (expires < ctx.now + DAY) expires += 30 * DAY
  const isPromoted = rng.chance(0.06)
  const jitter = () => rng.between(-1, 1) * 0.014

  const [coverScenes, restScenes] = PHOTO_PLAN[top.slug] ?? PHOTO_PLAN.mieszkanie!
  const photoCount = top.slug === 'garaz' || top.slug === 'parking' ? rng.int(3, 5) : rng.int(3, 10)
  const photos = pickPhotos(rng, coverScenes, restScenes, photoCount)
  const plans = isSeek ? [] : pickPlans(ctx.seed, index, top.slug)
  const locationName = pl.locationName

  return {
    id, slug: `${slugify(title, 70)}-${id}`, userId, agentId, categoryId: category.id, offerType, adType, status: 'active',
    title, description, price, area, pricePerM2, rooms, bathrooms, floor, buildingType, market, condition, ownership,
    rentalPeriods, extras, nearby, negotiable, instalments, urgent, bargain, billsIncluded, attributes,
    lat: Math.round((district.lat + jitter()) * 1e6) / 1e6,
    lon: Math.round((district.lon + jitter() * 1.6) * 1e6) / 1e6,
    locationName, city: city.name, citySlug: city.slug, district: district.name, voivodeship: city.voivodeship,
    searchText: searchNormalize(`${title} ${city.name} ${district.name} ${locationName}`),
    isPromoted, promotedUntil: isPromoted ? new Date(ctx.now + rng.int(1, 14) * DAY) : null,
    views: Math.floor(Math.pow(rng(), 2.2) * 2500 * ((ctx.now - createdAt.getTime()) / (60 * DAY) + 0.2)),
    createdAt, updatedAt: createdAt, expiresAt: new Date(expires), photos, plans,
  }
}

/** Which homes come with a floor plan, and how many (a house: a plan per storey). */
const PLAN_SHARE: Record<string, [number, number]> = {
  mieszkanie: [0.35, 1], dom: [0.3, 2], 'dom-modulowy': [0.4, 1], 'domek-letniskowy': [0.2, 1], 'lokal-uzytkowy': [0.25, 1],
}

/**
 * Floor plans from a stream of their own (seed and index), so adding them left every other generated field, and the
 * tests that name demo listings, as they were.
 */
function pickPlans(seed: number, index: number, top: string): number[] {
  const share = PLAN_SHARE[top]
  if (!share) return []
  const rng = createRng(deriveSeed(seed ^ 0x504c414e, index))
  if (!rng.chance(share[0])) return []
  return rng.some(POOL_BY_SCENE.get('plan')!, rng.int(1, share[1]))
}

function pickPhotos(rng: Rng, cover: Scene[], rest: Scene[], count: number): number[] {
  const out: number[] = [rng.pick(POOL_BY_SCENE.get(rng.pick(cover))!)]
  const candidates = rest.flatMap((s) => POOL_BY_SCENE.get(s)!).filter((i) => i !== out[0])
  for (const i of rng.some(candidates, Math.min(count - 1, candidates.length)).sort(() => rng() - 0.5)) out.push(i)
  return out
}

interface TitleCtx {
  noun: Noun; top: string; offerType: OfferType; isSeek: boolean; rooms: number | null; area: number | null; pl: Place
  extras: string[]; market: string | null; buildingType: string | null; condition: string | null
}

function makeTitle(rng: Rng, t: TitleCtx): string {
  const { noun, pl } = t
  const feature = t.extras.map((e) => FEATURE_BY_EXTRA[e]).filter((f): f is string => !!f && !(f === 'umeblowane' && noun.g !== 'n'))
  const feat = feature.length && rng.chance(0.7) ? ` ${rng.pick(feature)}` : ''
  const adjs = t.top === 'dzialka' || t.top === 'kemping' ? ADJ_LAND
    : ['garaz', 'parking', 'magazyny', 'lokal-uzytkowy'].includes(t.top) ? ADJ_PLAIN : ADJ_HOME
  const a = adj(rng.pick(adjs), noun.g)
  const areaStr = t.area ? `${areaText(t.area)} m²` : ''
  const flat = t.top === 'mieszkanie'
  const roomsAdj = t.rooms ? (t.rooms >= 5 ? '5-pokojowe' : `${t.rooms}-pokojowe`) : ''

  if (t.isSeek) {
    const verb = t.offerType === 'rent' ? rng.pick(['Szukam', 'Poszukuję', 'Wynajmę od właściciela']) : rng.pick(['Szukam', 'Kupię', 'Poszukuję'])
    if (verb === 'Wynajmę od właściciela') return `Wynajmę od właściciela ${noun.acc} ${pl.where}`
    const what = verb === 'Kupię' ? noun.acc : noun.gen
    const roomsGen = flat && t.rooms && verb !== 'Kupię' ? ` ${Math.min(t.rooms, 4)}-pokojowego` : flat && t.rooms ? ` ${Math.min(t.rooms, 4)}-pokojowe` : ''
    return `${verb} ${what}${roomsGen} ${pl.where}${t.offerType === 'rent' && verb !== 'Kupię' ? rng.pick(['', ' do wynajęcia', ' na dłużej']) : ''}`
  }
  if (t.offerType === 'exchange') {
    return `Zamienię ${noun.acc} ${pl.where} ${rng.pick(['na mniejsze mieszkanie', 'na dom pod miastem', 'na coś większego', 'na mieszkanie nad morzem', '– rozważę propozycje'])}`
  }
  if (t.offerType === 'for_free') {
    // Never a fee: the price of 'Oddam' is 0, shown as 'Za darmo' (a title 'za symboliczną opłatą' contradicted it).
    return `Oddam ${noun.acc} ${pl.where} ${rng.pick(['w zamian za opiekę nad seniorem', 'za przejęcie zadłużenia', 'w zamian za remont', 'bez żadnych opłat'])}`
  }
  // 'Wynajmę' takes the accusative, which only feminine nouns change; they get the other prefixes.
  const rentPrefix = t.offerType === 'rent' ? rng.pick(noun.g === 'f' ? ['Do wynajęcia: ', '', ''] : ['Do wynajęcia: ', 'Wynajmę ', '', '']) : ''
  const lc = (s: string) => (rentPrefix ? s.charAt(0).toLowerCase() + s.slice(1) : capitalize(s))
  const variants: (() => string)[] = [
    () => `${capitalize(a)} ${noun.nom}${feat} ${pl.where}`,
    () => `${capitalize(noun.nom)}${areaStr ? ` ${areaStr}` : ''}${feat}, ${pl.district.name}`,
    () => `${capitalize(noun.nom)} ${pl.where}${areaStr ? ` – ${areaStr}` : ''}`,
  ]
  if (flat && roomsAdj) {
    variants.push(
      () => `${roomsAdj} mieszkanie${feat}, ${pl.district.name}`,
      () => `${capitalize(a)} ${roomsAdj} mieszkanie ${pl.where}`,
    )
    if (t.rooms === 1 && rentPrefix !== 'Wynajmę ') variants.push(() => `Kawalerka${feat} ${pl.where}`)
    if (t.buildingType === 'apartamentowiec' && t.area) variants.push(() => `Apartament ${areaStr}${feat} – ${pl.district.name}`)
    if (t.buildingType === 'kamienica') variants.push(() => `${roomsAdj} mieszkanie w kamienicy ${pl.where}`)
    if (t.market === 'pierwotny') variants.push(() => `Nowe ${roomsAdj} mieszkanie ${pl.where}`, () => `${roomsAdj} mieszkanie w stanie deweloperskim, ${pl.district.name}`)
  }
  if (t.top === 'dom' && t.condition === 'wyremontowane') variants.push(() => `${capitalize(noun.nom)} po remoncie${feat} ${pl.where}`)
  return rentPrefix + lc(rng.pick(variants)())
}

interface DescCtx extends TitleCtx {
  bathrooms: number | null; nearby: string[]; floor: string | null; floors: number | null; yearBuilt: number | null
  ownership: string | null; leaseYears: number | null; negotiable: boolean; billsIncluded: boolean; deposit: number | null
  rentalPeriods: string[]; availableNow: boolean; availableFrom: string | null; owner: string; company: string
  service: { title: string; text: string } | null; priceZl: number; energy: { ep: number; co2: number; oze: number } | null
  urgent: boolean
}

const EXTRA_NAMES = new Map(ATTRIBUTE_BY_ID.get(16)!.options!.map((o) => [o.slug, o.name.toLowerCase()]))
const NEARBY_NAMES = new Map(ATTRIBUTE_BY_ID.get(17)!.options!.map((o) => [o.slug, o.name.toLowerCase()]))
const PERIOD_NAMES = new Map(ATTRIBUTE_BY_ID.get(15)!.options!.map((o) => [o.slug, o.name.toLowerCase()]))

function makeDescription(rng: Rng, d: DescCtx): string {
  const { noun, pl } = d
  const paragraphs: string[] = []
  const inCity = pl.where === pl.inCity ? pl.inCity : `${pl.where} (${pl.city.name})`
  const areaPart = d.area ? ` o powierzchni ${areaText(d.area)} m²` : ''
  if (d.service) {
    paragraphs.push(`${d.service.text} Działamy ${pl.inCity} i okolicach, także w dzielnicy ${pl.district.name}.`)
    paragraphs.push(rng.pick(['Bezpłatna wycena po oględzinach. Wystawiamy faktury VAT i udzielamy gwarancji na wykonane prace.',
      'Terminy ustalamy elastycznie, również w soboty. Na każde zlecenie przygotowujemy pisemny kosztorys.']))
    paragraphs.push(`Cena orientacyjna: od ${fmt(d.priceZl)} zł. Zadzwoń lub napisz – odpowiadamy tego samego dnia.`)
    return paragraphs.join('\n\n')
  }
  if (d.isSeek) {
    const budget = d.priceZl ? `Mój budżet to około ${fmt(d.priceZl)} zł${d.offerType === 'rent' ? ' miesięcznie' : ''}.` : ''
    paragraphs.push(`${rng.pick(['Szukam', 'Poszukuję'])} ${noun.gen} ${pl.where}${d.offerType === 'rent' ? ' do wynajęcia na dłuższy czas' : ' do kupienia'}${d.area ? `, najlepiej około ${Math.round(d.area)} m²` : ''}. ${budget}`)
    paragraphs.push(rng.pick([
      'Jestem osobą pracującą, niepalącą, bez zwierząt. Zależy mi na spokojnej okolicy i dobrym dojeździe do centrum.',
      'Szukam dla rodziny z dzieckiem – ważna jest bliskość szkoły, sklepów i przystanku.',
      'Mam zdolność kredytową potwierdzoną przez bank, mogę szybko sfinalizować transakcję.',
      'Rozważę także nieruchomość do remontu, jeśli cena będzie odpowiednia.',
    ]))
    if (d.extras.length) paragraphs.push(`Mile widziane: ${listSentence(d.extras.map((e) => EXTRA_NAMES.get(e)!))}.`)
    paragraphs.push('Proszę o oferty bezpośrednio od właścicieli. Odpowiem na każdą wiadomość.')
    return paragraphs.join('\n\n')
  }
  const opener = d.offerType === 'rent' ? rng.pick(d.owner === 'private' ? ['Wynajmę', 'Do wynajęcia'] : ['Oferujemy do wynajęcia', 'Do wynajęcia'])
    : d.offerType === 'exchange' ? 'Chętnie zamienię'
      : d.offerType === 'for_free' ? 'Oddam'
        : rng.pick(d.owner === 'private' ? ['Sprzedam', 'Na sprzedaż'] : d.owner === 'developer' ? ['W nowej inwestycji oferujemy', 'Na sprzedaż w nowej inwestycji'] : ['Oferujemy na sprzedaż', 'Na sprzedaż'])
  const adjective = adj(rng.pick(ADJ_HOME), noun.g)
  const verbal = /^(Sprzedam|Wynajmę|Oddam|Chętnie|Oferujemy|W nowej)/.test(opener)
  const adjAcc = verbal && noun.g === 'f' ? adjective.replace(/a$/, 'ą') : adjective
  paragraphs.push(`${opener} ${adjAcc} ${verbal ? noun.acc : noun.nom}${areaPart}, ${located(noun.g)} ${inCity}. ${rng.pick(NEIGHBOURHOOD)}`)

  const details: string[] = []
  if (d.rooms && d.top === 'mieszkanie') details.push(d.rooms === 1 ? 'Mieszkanie to funkcjonalna kawalerka z aneksem kuchennym i łazienką.'
    : `Mieszkanie składa się z ${d.rooms} pokoi, ${d.extras.includes('otwarta-kuchnia') ? 'salonu z otwartą kuchnią' : 'osobnej kuchni'}${d.bathrooms && d.bathrooms > 1 ? ` i ${d.bathrooms} łazienek` : ' i łazienki'}.`)
  else if (d.rooms && d.top === 'hotele-pensjonaty') details.push(`Obiekt dysponuje ${d.rooms} pokojami gościnnymi z łazienkami, recepcją i salą śniadaniową.`)
  else if (d.rooms) details.push(`Wewnątrz ${d.rooms === 1 ? 'jeden pokój' : `${d.rooms} ${few(d.rooms) ? 'pokoje' : 'pokoi'}`}${d.bathrooms ? `, ${d.bathrooms === 1 ? 'łazienka' : `${d.bathrooms} ${few(d.bathrooms) ? 'łazienki' : 'łazienek'}`}` : ''} oraz kuchnia${d.extras.includes('taras') ? ' z wyjściem na taras' : ''}.`)
  if (d.top === 'dzialka') details.push(rng.pick(['Działka ma regularny kształt i dogodny dojazd drogą asfaltową.', 'Teren jest płaski, suchy i nasłoneczniony; media w drodze.', 'Dla działki wydano warunki zabudowy, co przyspiesza start budowy.']))
  if (d.top === 'garaz' || d.top === 'parking') details.push(rng.pick(['Wjazd z bramą na pilota, miejsce oświetlone.', 'Wygodny wjazd nawet dla większego samochodu.', 'Idealne także jako schowek na rowery i opony.']))
  if (d.top === 'magazyny') details.push('Hala z rampą załadunkową, bramą segmentową i placem manewrowym dla TIR-ów.')
  if (d.floor) {
    const f = d.floor === 'parter' ? 'na parterze' : d.floor === 'suterena' ? 'w suterenie' : d.floor === 'poddasze' ? 'na poddaszu' : d.floor === 'powyzej-10' ? 'powyżej 10. piętra' : `na ${d.floor}. piętrze`
    details.push(`${capitalize(noun.nom.split(' ')[0]!)} znajduje się ${f}${d.floors ? ` ${d.floors}-kondygnacyjnego budynku` : ''}${d.buildingType && d.buildingType !== 'inne' ? ` (${d.buildingType === 'wiezowiec' ? 'wieżowiec' : d.buildingType})` : ''}.`)
  }
  if (d.yearBuilt) details.push(d.market === 'pierwotny' ? `Planowany termin oddania budynku: ${d.yearBuilt} rok.` : `Rok budowy: ${d.yearBuilt}.`)
  if (d.condition) details.push(CONDITION_SENTENCE[d.condition]!)
  if (d.market === 'pierwotny') details.push('Rynek pierwotny – kupujący nie płaci podatku PCC.')
  if (d.ownership) details.push(d.ownership === 'leasehold' && d.leaseYears ? `Nieruchomość oferowana w dzierżawie na ${d.leaseYears} lat.` : OWNERSHIP_SENTENCE[d.ownership]!)
  if (d.energy) details.push(`Świadectwo energetyczne: EP ${d.energy.ep} kWh/m² rocznie, udział OZE ${d.energy.oze}%.`)
  if (details.length) paragraphs.push(details.join(' '))

  const surroundings: string[] = []
  if (d.extras.length) surroundings.push(`Do dyspozycji: ${listSentence(d.extras.map((e) => EXTRA_NAMES.get(e)!))}.`)
  if (d.nearby.length) surroundings.push(`W pobliżu: ${listSentence(d.nearby.map((e) => NEARBY_NAMES.get(e)!))}.`)
  if (surroundings.length) paragraphs.push(surroundings.join(' '))

  const terms: string[] = []
  if (d.offerType === 'rent') {
    terms.push(d.billsIncluded ? 'Opłaty za media i czynsz administracyjny są wliczone w cenę najmu.' : 'Do czynszu najmu doliczane są opłaty za media według zużycia.')
    if (d.deposit) terms.push(`Kaucja zwrotna: ${fmt(d.deposit)} zł.`)
    if (d.rentalPeriods.length) terms.push(`Okres wynajmu: ${listSentence(d.rentalPeriods.map((p) => PERIOD_NAMES.get(p)!))}.`)
  }
  if (d.offerType === 'exchange') terms.push('Podana cena jest orientacyjną wartością nieruchomości; rozważę dopłatę w obie strony.')
  if (d.offerType === 'for_free') terms.push('Szczegóły przekazania omówię telefonicznie – proszę o kontakt tylko osoby zdecydowane.')
  if (d.negotiable) terms.push('Cena do negocjacji.')
  if (d.urgent) terms.push(d.offerType === 'sell' ? 'Sprzedaż pilna – zależy mi na szybkiej decyzji.' : 'Sprawa pilna – zależy mi na szybkiej decyzji.')
  if (d.availableNow) terms.push('Dostępne od zaraz.')
  else if (d.availableFrom) terms.push(`Dostępne od ${d.availableFrom.split('-').reverse().join('.')}.`)
  if (terms.length) paragraphs.push(terms.join(' '))

  const closing = d.owner === 'developer' ? rng.pick(DEVELOPER_CLOSINGS) : d.owner === 'agency' ? rng.pick(AGENCY_CLOSINGS)
    : d.owner === 'hotel' ? 'Zapraszamy do kontaktu – chętnie pokażemy obiekt i przedstawimy wyniki obłożenia.' : rng.pick(PRIVATE_CLOSINGS)
  paragraphs.push(closing.replace('{company}', d.company || 'naszego biura'))
  return paragraphs.join('\n\n')
}
