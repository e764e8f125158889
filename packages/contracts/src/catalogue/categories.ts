import type { OfferType } from './offer-types.ts'

/**
 * The category tree: the one declarative source for the database seed, the API's filters and the web menus.
 * Ids follow the original system where a category existed there (docs/catalogue.md); new ones come after 51.
 * `slug` is the backend slug, `urlSlug` the Polish URL slug (they differ where the backend needed a suffix).
 */
export interface CategoryNode {
  id: number
  slug: string
  urlSlug?: string
  name: string
  /** Nominative plural for headings such as 'Mieszkania na sprzedaż'. */
  plural: string
  offerTypes?: OfferType[]
  /** Attribute ids that apply; children inherit their parent's list. */
  attributes?: number[]
  /** Typical area range in m² and base price per m² (zł, Warsaw level) for the demo data. */
  demo?: { area: [number, number]; pricePerM2: number; rentPerM2: number; share: number }
  children?: CategoryNode[]
}

const ALL: OfferType[] = ['sell', 'rent', 'exchange', 'for_free']
const SELL_RENT: OfferType[] = ['sell', 'rent']
const FLAGS = [2, 6, 7, 20, 33] // instalments, negotiable, bills included, urgent, bargain
/** Monthly costs: administrative fee (sale and rent) and utilities (rent), decision 072. */
const MONTHLY = [37, 38]
const HOME = [...FLAGS, 4, 11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 29, 31, 32, 34, 35, 36, ...MONTHLY]
const FLAT = [...HOME, 9, 10, 30]
const PREMISES = [...FLAGS, 4, 9, 12, 13, 14, 15, 16, 17, 18, 19, 21, 31, 32, 34, 35, 36, ...MONTHLY]
const LAND = [...FLAGS, 4, 13, 14, 15, 17, 31, 32]
const SMALL = [...FLAGS, 4, 13, 14, 15, 16, 17, 21]

export const CATEGORY_TREE: CategoryNode[] = [
  {
    id: 1, slug: 'mieszkanie', name: 'Mieszkanie', plural: 'Mieszkania', offerTypes: ALL, attributes: FLAT,
    demo: { area: [24, 120], pricePerM2: 17000, rentPerM2: 75, share: 0.42 },
  },
  {
    id: 9, slug: 'dom', name: 'Dom', plural: 'Domy', offerTypes: ALL, attributes: [...HOME, 10],
    demo: { area: [70, 320], pricePerM2: 9000, rentPerM2: 45, share: 0.18 },
    children: [
      { id: 15, slug: 'wolnostojacy', name: 'Wolnostojący', plural: 'Domy wolnostojące' },
      { id: 13, slug: 'blizniak', name: 'Bliźniak', plural: 'Bliźniaki' },
      { id: 14, slug: 'szeregowiec', name: 'Szeregowiec', plural: 'Szeregowce' },
      { id: 10, slug: 'kamienica-1', urlSlug: 'kamienica-dom', name: 'Kamienica', plural: 'Kamienice' },
      { id: 12, slug: 'jednorodzinny', name: 'Jednorodzinny', plural: 'Domy jednorodzinne' },
      { id: 11, slug: 'dom-letniskowy', name: 'Letniskowy', plural: 'Domy letniskowe' },
      { id: 16, slug: 'inne-1', urlSlug: 'dom-inny', name: 'Inny', plural: 'Inne domy' },
    ],
  },
  {
    id: 17, slug: 'dom-modulowy', name: 'Dom modułowy', plural: 'Domy modułowe', offerTypes: ['sell', 'exchange'],
    attributes: [...FLAGS, 4, 11, 12, 13, 14, 16, 29, 34, 35, 36],
    demo: { area: [35, 140], pricePerM2: 5200, rentPerM2: 30, share: 0.03 },
    children: [
      { id: 18, slug: 'metal', urlSlug: 'modulowy-metal', name: 'Metalowy', plural: 'Domy modułowe metalowe' },
      { id: 19, slug: 'drewno', urlSlug: 'modulowy-drewno', name: 'Drewniany', plural: 'Domy modułowe drewniane' },
      { id: 20, slug: 'inny-material', name: 'Inny materiał', plural: 'Domy modułowe z innych materiałów' },
    ],
  },
  {
    id: 21, slug: 'lokal-uzytkowy', name: 'Lokal użytkowy', plural: 'Lokale użytkowe', offerTypes: ALL,
    attributes: PREMISES, demo: { area: [25, 400], pricePerM2: 11000, rentPerM2: 70, share: 0.08 },
    children: [
      { id: 22, slug: 'biuro', name: 'Biuro', plural: 'Biura' },
      { id: 27, slug: 'sklep', name: 'Sklep', plural: 'Sklepy' },
      { id: 23, slug: 'budynek-handlowo-uslugowy', name: 'Budynek handlowo-usługowy', plural: 'Budynki handlowo-usługowe' },
      { id: 24, slug: 'budynek-przemyslowy', name: 'Budynek przemysłowy', plural: 'Budynki przemysłowe' },
      { id: 29, slug: 'stoisko', name: 'Stoisko', plural: 'Stoiska' },
      { id: 31, slug: 'inne-2', urlSlug: 'lokal-inny', name: 'Inny', plural: 'Inne lokale' },
    ],
  },
  {
    id: 32, slug: 'dzialka', name: 'Działka', plural: 'Działki', offerTypes: ALL, attributes: LAND,
    demo: { area: [400, 3000], pricePerM2: 450, rentPerM2: 2, share: 0.08 },
    children: [
      { id: 33, slug: 'budowlana', name: 'Budowlana', plural: 'Działki budowlane' },
      { id: 34, slug: 'rolnicza', name: 'Rolnicza', plural: 'Działki rolne' },
      { id: 35, slug: 'rolniczo-budowlana', name: 'Rolniczo-budowlana', plural: 'Działki rolniczo-budowlane' },
      { id: 36, slug: 'siedliskowa', name: 'Siedliskowa', plural: 'Działki siedliskowe' },
      { id: 37, slug: 'rekreacyjna', name: 'Rekreacyjna', plural: 'Działki rekreacyjne' },
      { id: 38, slug: 'inna', urlSlug: 'dzialka-inna', name: 'Inna', plural: 'Inne działki' },
    ],
  },
  {
    id: 39, slug: 'kemping', name: 'Kemping', plural: 'Kempingi', offerTypes: SELL_RENT, attributes: SMALL,
    demo: { area: [800, 6000], pricePerM2: 300, rentPerM2: 3, share: 0.01 },
  },
  {
    id: 40, slug: 'domek-letniskowy', name: 'Domek letniskowy', plural: 'Domki letniskowe', offerTypes: ALL,
    attributes: [...SMALL, 11, 12, 18, 29], demo: { area: [25, 90], pricePerM2: 6500, rentPerM2: 60, share: 0.03 },
  },
  {
    id: 41, slug: 'garaz', name: 'Garaż', plural: 'Garaże', offerTypes: ALL, attributes: SMALL,
    demo: { area: [14, 40], pricePerM2: 5500, rentPerM2: 25, share: 0.04 },
    children: [
      { id: 43, slug: 'murowany', name: 'Murowany', plural: 'Garaże murowane' },
      { id: 44, slug: 'metalowy', name: 'Blaszany', plural: 'Garaże blaszane' },
      { id: 42, slug: 'drewniany', name: 'Drewniany', plural: 'Garaże drewniane' },
      { id: 45, slug: 'wolnostojacy-1', urlSlug: 'garaz-wolnostojacy', name: 'Wolnostojący', plural: 'Garaże wolnostojące' },
      { id: 46, slug: 'podziemny', name: 'W hali garażowej', plural: 'Miejsca w halach garażowych' },
      { id: 47, slug: 'inna-1', urlSlug: 'garaz-inny', name: 'Inny', plural: 'Inne garaże' },
    ],
  },
  {
    id: 52, slug: 'parking', name: 'Parking', plural: 'Miejsca parkingowe', offerTypes: SELL_RENT, attributes: SMALL,
    demo: { area: [12, 18], pricePerM2: 4500, rentPerM2: 22, share: 0.02 },
  },
  {
    id: 48, slug: 'pokoj', name: 'Pokój', plural: 'Pokoje', offerTypes: ['rent', 'exchange'],
    attributes: [...SMALL, 9, 12, 30, ...MONTHLY], demo: { area: [9, 25], pricePerM2: 0, rentPerM2: 90, share: 0.06 },
    children: [
      { id: 50, slug: 'z-lazienka', name: 'Z łazienką', plural: 'Pokoje z łazienką' },
      { id: 49, slug: 'bez-lazienki', name: 'Bez łazienki', plural: 'Pokoje bez łazienki' },
      { id: 51, slug: 'inna-2', urlSlug: 'pokoj-inny', name: 'Inny', plural: 'Inne pokoje' },
    ],
  },
  {
    id: 53, slug: 'magazyny', name: 'Magazyny i hale', plural: 'Magazyny i hale', offerTypes: SELL_RENT,
    attributes: PREMISES, demo: { area: [150, 3000], pricePerM2: 3200, rentPerM2: 22, share: 0.03 },
  },
  {
    id: 54, slug: 'hotele-pensjonaty', name: 'Hotele i pensjonaty', plural: 'Hotele i pensjonaty',
    offerTypes: SELL_RENT, attributes: [...PREMISES, 11, 29],
    demo: { area: [250, 2500], pricePerM2: 8000, rentPerM2: 55, share: 0.01 },
  },
  {
    id: 55, slug: 'uslugi', name: 'Usługi', plural: 'Usługi', offerTypes: ['sell'], attributes: [13, 17],
    demo: { area: [0, 0], pricePerM2: 0, rentPerM2: 0, share: 0.01 },
  },
]
