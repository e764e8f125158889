import { NavLink } from 'react-router'
import { AGENCIES_MENU, DEVELOPERS_LINK, HOTELS_LINK, offerTypeMenus, SERVICES_LINK, type NavGroup, type NavLink as Item } from '~/lib/nav'
import { ChevronDownIcon } from '../icons'
import { lazyPart, StandInButton, useLazyPart } from '../lazy-part'
import { navTopItem as topItem } from './styles'

const menuPart = lazyPart(() => import('./nav-dropdown-menu').then((m) => m.NavDropdownMenu))

/**
 * One dropdown of the menu row. First paint has only its button; the react-aria menu (nav-dropdown-menu.tsx)
 * loads on hover or focus and opens on the first press.
 */
function NavDropdown({ group }: { group: NavGroup }) {
  const { Real, initialOpen, prefetch, open } = useLazyPart(menuPart)
  if (Real) return <Real group={group} initialOpen={initialOpen} />
  return (
    <StandInButton className={topItem} aria-haspopup="true" aria-expanded={false} onPrefetch={prefetch} onOpen={open}>
      {group.label}
      <ChevronDownIcon size={14} />
    </StandInButton>
  )
}

function TopLink({ link }: { link: Item }) {
  return (
    <NavLink to={link.to} className={topItem}>
      {link.label}
    </NavLink>
  )
}

/** The desktop menu row (≥ 1024 px); phones get the same entries in <MobileMenu/>. */
export function MainNav() {
  const menus = offerTypeMenus()
  return (
    <ul className="-mx-2 flex flex-wrap items-center gap-x-0.5 xl:-mx-3 xl:gap-x-1">
      {menus.map((m) => (
        <li key={m.label}>
          <NavDropdown group={m} />
        </li>
      ))}
      <li aria-hidden="true" className="mx-1 h-5 w-px bg-slate-200 xl:mx-2" />
      <li>
        <TopLink link={HOTELS_LINK} />
      </li>
      <li>
        <NavDropdown group={AGENCIES_MENU} />
      </li>
      <li>
        <TopLink link={DEVELOPERS_LINK} />
      </li>
      <li>
        <TopLink link={SERVICES_LINK} />
      </li>
    </ul>
  )
}
