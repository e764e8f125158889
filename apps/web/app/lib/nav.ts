// The header's menu row, derived from the catalogue so it always matches what the API serves.
import { OFFER_TYPES, topCategories, type OfferType } from '@portal/contracts/catalogue'

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
    const links = topCategories()
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
