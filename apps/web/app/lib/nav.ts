// The header's menu row. Its categories are a copy of the catalogue's top level (slug, URL slug, plural, offer
// types): the whole catalogue (every city with its districts, every attribute, ~6 KB gzip) stays out of the code
// every page runs before its first paint (issue 16); nav.test.ts checks the copy against the catalogue.
import { OFFER_TYPES, type OfferType } from '@portal/contracts/catalogue/offer-types'

export interface NavLink {
  label: string
  to: string
}
export interface NavGroup {
  /** Upper-case menu label, e.g. 'WYNAJEM'. */
  label: string
  offerType?: OfferType
  links: NavLink[]
}

export interface MenuCategory {
  slug: string
  urlSlug: string
  plural: string
  offerTypes: readonly OfferType[]
}

const ALL: readonly OfferType[] = ['sell', 'rent', 'exchange', 'for_free']
/** `topCategories()` of the catalogue, in its order (nav.test.ts compares them). */
export const MENU_CATEGORIES: readonly MenuCategory[] = [
  { slug: 'mieszkanie', urlSlug: 'mieszkanie', plural: 'Mieszkania', offerTypes: ALL },
  { slug: 'dom', urlSlug: 'dom', plural: 'Domy', offerTypes: ALL },
  { slug: 'dom-modulowy', urlSlug: 'dom-modulowy', plural: 'Domy modułowe', offerTypes: ['sell', 'exchange'] },
  { slug: 'lokal-uzytkowy', urlSlug: 'lokal-uzytkowy', plural: 'Lokale użytkowe', offerTypes: ALL },
  { slug: 'dzialka', urlSlug: 'dzialka', plural: 'Działki', offerTypes: ALL },
  { slug: 'kemping', urlSlug: 'kemping', plural: 'Kempingi', offerTypes: ['sell', 'rent'] },
  { slug: 'domek-letniskowy', urlSlug: 'domek-letniskowy', plural: 'Domki letniskowe', offerTypes: ALL },
  { slug: 'garaz', urlSlug: 'garaz', plural: 'Garaże', offerTypes: ALL },
  { slug: 'parking', urlSlug: 'parking', plural: 'Miejsca parkingowe', offerTypes: ['sell', 'rent'] },
  { slug: 'pokoj', urlSlug: 'pokoj', plural: 'Pokoje', offerTypes: ['rent', 'exchange'] },
  { slug: 'magazyny', urlSlug: 'magazyny', plural: 'Magazyny i hale', offerTypes: ['sell', 'rent'] },
  { slug: 'hotele-pensjonaty', urlSlug: 'hotele-pensjonaty', plural: 'Hotele i pensjonaty', offerTypes: ['sell', 'rent'] },
  { slug: 'uslugi', urlSlug: 'uslugi', plural: 'Usługi', offerTypes: ['sell'] },
]

/** Hotels have their own menu entry (linked under WYNAJEM); services have their own page. */
const OWN_ENTRY = new Set(['hotele-pensjonaty', 'uslugi'])
const MENU_ORDER: OfferType[] = ['rent', 'sell', 'exchange', 'for_free']

export function categoryHref(categoryUrlSlug: string, offerType: OfferType): string {
  const t = OFFER_TYPES.find((o) => o.value === offerType)!
  return `/nieruchomosci/${categoryUrlSlug}/${t.slug}`
}

export function offerTypeMenus(): NavGroup[] {
  return MENU_ORDER.map((value) => {
    const type = OFFER_TYPES.find((o) => o.value === value)!
    const links = MENU_CATEGORIES
      .filter((c) => c.offerTypes.includes(value) && !OWN_ENTRY.has(c.slug))
      .map((c) => ({ label: c.plural, to: categoryHref(c.urlSlug, value) }))
    if (value === 'rent') links.push({ label: 'Hotele i pensjonaty', to: '/nieruchomosci/hotele-pensjonaty/wynajem' })
    return { label: type.menu, offerType: value, links }
  })
}

export const HOTELS_LINK: NavLink = { label: 'HOTELE/PENSJONATY', to: '/nieruchomosci/hotele-pensjonaty/wynajem' }
export const AGENCIES_MENU: NavGroup = {
  label: 'AGENCJE',
  links: [
    { label: 'Znajdź agencję', to: '/agencje' },
    { label: 'Znajdź agenta', to: '/agencje?type=agents' },
  ],
}
export const DEVELOPERS_LINK: NavLink = { label: 'DEWELOPERZY', to: '/deweloperzy' }
export const SERVICES_LINK: NavLink = { label: 'USŁUGI', to: '/uslugi' }

export function searchHref(phrase: string): string | null {
  const p = phrase.trim()
  return p ? `/szukaj?phrase=${encodeURIComponent(p)}` : null
}
