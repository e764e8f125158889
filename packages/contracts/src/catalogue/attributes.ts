import type { OfferType } from './offer-types.ts'

/**
 * Attribute catalogue. Ids 1–28 are the original system's (the spec's `attributes [{id, value}]` refers to
 * them); attributes the spec needs beyond them take ids from 29 (docs/catalogue.md).
 * Booleans travel as the string 'true'; multi-valued attributes (15–17) as arrays of option slugs.
 */
export type AttributeType = 'boolean' | 'integer' | 'numeric' | 'choice' | 'multi_choice' | 'date' | 'string'
export type AttributeUnit = 'm2' | 'zł' | 'kWh/m2' | 'kg/m2' | '%' | 'lat'

export interface AttributeOption { slug: string; name: string }
export interface AttributeDef {
  id: number
  slug: string
  name: string
  type: AttributeType
  unit?: AttributeUnit
  /** Offer types it applies to; all when absent. */
  offerTypes?: OfferType[]
  options?: AttributeOption[]
  /** Search-query key(s) it is filtered by (spec §2). */
  param?: string
  min?: number
  max?: number
}

const opts = (pairs: [string, string][]): AttributeOption[] => pairs.map(([slug, name]) => ({ slug, name }))
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)

export const BUILDING_TYPES = opts([
  ['blok', 'Blok'], ['kamienica', 'Kamienica'], ['loft', 'Loft'], ['apartamentowiec', 'Apartamentowiec'],
  ['studio', 'Studio'], ['wiezowiec', 'Wieżowiec'], ['inne', 'Inne'],
])

export const EXTRAS = opts([
  ['winda', 'Winda'], ['piwnica', 'Piwnica'], ['garaz', 'Garaż'], ['parking', 'Parking'], ['balkon', 'Balkon'],
  ['ogrod', 'Ogród'], ['taras', 'Taras'], ['umeblowane', 'Umeblowane'],
  ['dostosowane-do-niepelnosprawnych', 'Dostosowane do niepełnosprawnych'], ['kominek', 'Kominek'],
  ['otwarta-kuchnia', 'Otwarta kuchnia'], ['wanna', 'Wanna'], ['prysznic', 'Prysznic'], ['media', 'Media'],
  ['pralka', 'Pralka'], ['lodowka', 'Lodówka'], ['klimatyzacja', 'Klimatyzacja'], ['internet', 'Internet'],
  ['recepcja', 'Recepcja'], ['monitoring', 'Monitoring'],
])

export const NEARBY = opts([
  ['silownia', 'Siłownia'], ['szpital', 'Szpital'], ['centrum', 'Centrum'], ['sklepy', 'Sklepy'],
  ['szkoly', 'Szkoły'], ['przystanek-autobusowy', 'Przystanek autobusowy'],
  ['przystanek-tramwajowy', 'Przystanek tramwajowy'], ['dworzec', 'Dworzec'], ['park', 'Park'],
  ['poczta', 'Poczta'], ['las', 'Las'], ['jezioro', 'Jezioro'], ['morze', 'Morze'], ['rzeka', 'Rzeka'],
])

export const ATTRIBUTES: AttributeDef[] = [
  { id: 1, slug: 'typ', name: 'Typ ogłoszenia', type: 'choice', param: 'typ',
    options: opts([['sprzedaz', 'Na sprzedaż'], ['wynajem', 'Na wynajem'], ['zamiana', 'Do zamiany'], ['oddam', 'Do oddania']]) },
  { id: 2, slug: 'na-raty', name: 'Na raty', type: 'boolean', offerTypes: ['sell'], param: 'na_raty' },
  { id: 3, slug: 'cena-za-m2', name: 'Cena za m²', type: 'integer', unit: 'zł', offerTypes: ['sell'] },
  { id: 4, slug: 'metraz', name: 'Powierzchnia', type: 'numeric', unit: 'm2', param: 'metraz', min: 1, max: 1_000_000 },
  { id: 5, slug: 'zlmc', name: 'Cena za miesiąc', type: 'boolean', offerTypes: ['rent'] },
  { id: 6, slug: 'do-negocjacji', name: 'Do negocjacji', type: 'boolean', offerTypes: ['sell', 'rent'], param: 'do_negocjacji' },
  { id: 7, slug: 'rachunki-wliczone', name: 'Rachunki wliczone', type: 'boolean', offerTypes: ['rent'], param: 'rachunki-wliczone' },
  { id: 8, slug: 'darmowe', name: 'Darmowe', type: 'boolean', offerTypes: ['exchange', 'for_free'] },
  { id: 9, slug: 'pietro', name: 'Piętro', type: 'choice', param: 'pietro',
    options: opts([['suterena', 'Suterena'], ['parter', 'Parter'], ...range(1, 10).map((n) => [String(n), String(n)] as [string, string]), ['powyzej-10', 'Powyżej 10'], ['poddasze', 'Poddasze']]) },
  { id: 10, slug: 'ilosc-pieter', name: 'Liczba pięter w budynku', type: 'integer', min: 1, max: 100 },
  { id: 11, slug: 'ilosc-pokoi', name: 'Liczba pokoi', type: 'choice', param: 'pokoje',
    options: opts([['1', '1'], ['2', '2'], ['3', '3'], ['4', '4'], ['5', '5 i więcej']]) },
  { id: 12, slug: 'stan', name: 'Stan', type: 'choice', param: 'stan',
    options: opts([['surowy', 'Stan surowy'], ['do-remontu', 'Do remontu'], ['do-odswiezenia', 'Do odświeżenia'], ['wyremontowane', 'Wyremontowane'], ['do-wprowadzenia', 'Do wprowadzenia']]) },
  { id: 13, slug: 'dostepne-od-zaraz', name: 'Dostępne od zaraz', type: 'boolean' },
  { id: 14, slug: 'dostepne-od', name: 'Dostępne od', type: 'date' },
  { id: 15, slug: 'okres-wynajmu', name: 'Okres wynajmu', type: 'multi_choice', offerTypes: ['rent'], param: 'okres',
    options: opts([['doba', 'Na doby'], ['1-3mcy', '1–3 miesiące'], ['3-6mcy', '3–6 miesięcy'], ['6-12mcy', '6–12 miesięcy'], ['powyzej-12mcy', 'Powyżej roku']]) },
  { id: 16, slug: 'dodatkowe', name: 'Dodatkowe', type: 'multi_choice', param: 'dodatkowe', options: EXTRAS },
  { id: 17, slug: 'blisko', name: 'Blisko', type: 'multi_choice', param: 'blisko', options: NEARBY },
  { id: 18, slug: 'rok-budowy', name: 'Rok budowy', type: 'integer', min: 1700, max: 2035 },
  { id: 19, slug: 'rynek', name: 'Rynek', type: 'choice', param: 'rynek',
    options: opts([['wtorny', 'Wtórny'], ['pierwotny', 'Pierwotny']]) },
  { id: 20, slug: 'pilne', name: 'Pilne', type: 'boolean', param: 'pilne' },
  { id: 21, slug: 'kaucja', name: 'Kaucja', type: 'integer', unit: 'zł', offerTypes: ['rent'] },
  { id: 22, slug: 'cena-za-dobe', name: 'Cena za dobę', type: 'boolean', offerTypes: ['rent'] },
  // 23–28 existed in the original system as extras flags; they live on as options of 16 (docs/catalogue.md).
  { id: 29, slug: 'lazienki', name: 'Liczba łazienek', type: 'choice', param: 'lazienki',
    options: opts([['1', '1'], ['2', '2'], ['3', '3 i więcej']]) },
  { id: 30, slug: 'typ-budynku', name: 'Rodzaj zabudowy', type: 'choice', param: 'typ_budynku', options: BUILDING_TYPES },
  { id: 31, slug: 'forma-wlasnosci', name: 'Forma własności', type: 'choice', param: 'wlasnosc',
    options: opts([['pelna-wlasnosc', 'Pełna własność'], ['spoldzielcze-wlasnosciowe', 'Spółdzielcze własnościowe'], ['udzial', 'Udział'], ['uzytkowanie-wieczyste', 'Użytkowanie wieczyste'], ['leasehold', 'Dzierżawa']]) },
  { id: 32, slug: 'lata-dzierzawy', name: 'Okres dzierżawy (lata)', type: 'integer', unit: 'lat', min: 1, max: 200 },
  { id: 33, slug: 'okazja', name: 'Okazja', type: 'boolean', param: 'okazja' },
  { id: 34, slug: 'ep', name: 'Wskaźnik EP', type: 'numeric', unit: 'kWh/m2', min: 0, max: 2000 },
  { id: 35, slug: 'co2', name: 'Emisja CO₂', type: 'numeric', unit: 'kg/m2', min: 0, max: 500 },
  { id: 36, slug: 'oze', name: 'Udział OZE', type: 'numeric', unit: '%', min: 0, max: 100 },
  // Monthly running costs (issue 26, decision 072): whole złote a month, like 21.
  { id: 37, slug: 'czynsz', name: 'Czynsz administracyjny', type: 'integer', unit: 'zł', offerTypes: ['sell', 'rent'], min: 0, max: 50_000 },
  { id: 38, slug: 'media', name: 'Opłaty za media', type: 'integer', unit: 'zł', offerTypes: ['rent'], min: 0, max: 20_000 },
]

export const ATTRIBUTE_BY_ID = new Map(ATTRIBUTES.map((a) => [a.id, a]))
export const ATTRIBUTE_BY_SLUG = new Map(ATTRIBUTES.map((a) => [a.slug, a]))
/** Multi-valued attributes (spec §3: ids 15–17). */
export const MULTI_VALUED_IDS = [15, 16, 17] as const
/** Ids the attribute filter of the filters panel (spec §2 "a select from attribute 9"). */
export const PANEL_SELECT_ATTRIBUTE_ID = 9
/** Leasehold: the tag filter's lease-years dropdown goes 1..200 (spec §4, §5). */
export const LEASE_YEARS = { min: 1, max: 200 } as const

export function optionName(attributeId: number, slug: string): string | undefined {
  return ATTRIBUTE_BY_ID.get(attributeId)?.options?.find((o) => o.slug === slug)?.name
}
