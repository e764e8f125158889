// The account pages of spec §2 in ONE list: the header's user menu, the mobile menu and the account tab row all
// read it. A later issue makes its page appear by flipping `available` (after registering the route).
import { isStaff } from '@portal/contracts/plain/admin'
import { canSeeAgents, hasRole, type Profile } from './user'

export interface AccountLink {
  id: string
  /** Label in the user menu. */
  menuLabel: string
  /** Label in the account tab row (spec §2). */
  tabLabel: string
  to: string
  /** Paths (besides `to`) that mark the tab as current, e.g. the English alias. */
  aliases: string[]
  /** Its page exists in this build. */
  available: boolean
  /** Extra visibility rule for the current user. */
  visible?: (user: Profile) => boolean
  /** Only in the menus, not in the account tab row (the admin area has its own layout). */
  menuOnly?: boolean
}

/** In the user menu order of spec §2: my listings, settings, integrations, favourites, agents, payment history. */
export const ACCOUNT_LINKS: readonly AccountLink[] = [
  { id: 'offers', menuLabel: 'Moje ogłoszenia', tabLabel: 'Moje ogłoszenia', to: '/moje-ogloszenia', aliases: ['/account/MyOffers', '/account/EditOffer'], available: true },
  { id: 'settings', menuLabel: 'Ustawienia konta', tabLabel: 'Ustawienia', to: '/ustawienia-konta', aliases: ['/account/AccountSettings'], available: true },
  // Spec §2 lists Integracje for every logged-in user (decision 052): feeds import anyone's own listings.
  { id: 'integrations', menuLabel: 'Integracje', tabLabel: 'Integracje', to: '/integracje', aliases: ['/account/Integrations'], available: true },
  // Issue 27: a developer's investments (the API lets roles company and admin write them).
  { id: 'investments', menuLabel: 'Moje inwestycje', tabLabel: 'Moje inwestycje', to: '/moje-inwestycje', aliases: [], available: true, visible: (u) => hasRole(u, 'company', 'admin') && (u.type === 'developer' || hasRole(u, 'admin')) },
  { id: 'favourites', menuLabel: 'Ulubione', tabLabel: 'Ulubione', to: '/ulubione', aliases: ['/account/Favorites'], available: true },
  { id: 'agents', menuLabel: 'Agenci', tabLabel: 'Moi agenci', to: '/agenci', aliases: ['/account/Agents'], available: true, visible: canSeeAgents },
  { id: 'messages', menuLabel: 'Wiadomości', tabLabel: 'Wiadomości', to: '/wiadomosci', aliases: ['/account/Messages'], available: true },
  // Issue 28: visits booked to my listings and my own visits.
  { id: 'calendar', menuLabel: 'Kalendarz', tabLabel: 'Kalendarz', to: '/kalendarz', aliases: [], available: true },
  { id: 'payments', menuLabel: 'Historia płatności', tabLabel: 'Historia płatności', to: '/faktury', aliases: ['/account/Payments'], available: true },
  // Issue 13: roles admin and mod see the admin area; for everyone else it does not exist (404).
  { id: 'admin', menuLabel: 'Panel administracyjny', tabLabel: 'Panel administracyjny', to: '/admin', aliases: [], available: true, visible: (u) => isStaff(u.roles), menuOnly: true },
]

/** The tab row order of spec §2: Ustawienia, Integracje, Ulubione, Moje ogłoszenia, Moi agenci, Historia płatności. */
const TAB_ORDER = ['settings', 'integrations', 'favourites', 'offers', 'investments', 'agents', 'payments', 'messages', 'calendar']

export function menuLinks(user: Profile, links: readonly AccountLink[] = ACCOUNT_LINKS): AccountLink[] {
  return links.filter((l) => l.available && (!l.visible || l.visible(user)))
}

export function tabLinks(user: Profile, links: readonly AccountLink[] = ACCOUNT_LINKS): AccountLink[] {
  return menuLinks(user, links).filter((l) => !l.menuOnly).sort((a, b) => TAB_ORDER.indexOf(a.id) - TAB_ORDER.indexOf(b.id))
}

export function isCurrent(link: AccountLink, pathname: string): boolean {
  const p = pathname.replace(/\/+$/, '') || '/'
  return [link.to, ...link.aliases].some((to) => p === to || p.startsWith(`${to}/`))
}
