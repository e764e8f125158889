import { NavLink } from 'react-router'
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components'
import { AGENCIES_MENU, DEVELOPERS_LINK, HOTELS_LINK, offerTypeMenus, SERVICES_LINK, type NavGroup, type NavLink as Item } from '~/lib/nav'
import { ChevronDownIcon } from '../icons'
import { menuItem, menuPopover } from './styles'

const topItem =
  'inline-flex h-11 cursor-pointer items-center gap-1 rounded-lg px-2 text-[13px] font-semibold uppercase tracking-[0.04em] xl:px-3 xl:tracking-[0.06em] text-slate-700 outline-none transition-colors hover:bg-slate-100 hover:text-slate-900 data-[pressed]:bg-slate-100 data-[focus-visible]:outline-2 data-[focus-visible]:outline-solid data-[focus-visible]:outline-accent-600 focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-accent-600 aria-[current=page]:text-accent-700 aria-expanded:bg-slate-100 aria-expanded:text-slate-900'

/** One dropdown of the menu row: a react-aria menu (arrow keys, Enter, Esc, typeahead). */
function NavDropdown({ group }: { group: NavGroup }) {
  return (
    <MenuTrigger>
      <Button className={topItem}>
        {group.label}
        <ChevronDownIcon size={14} />
      </Button>
      <Popover placement="bottom start" offset={4} className={menuPopover}>
        <Menu aria-label={group.label} className="max-h-[70vh] overflow-auto outline-none">
          {group.links.map((l) => (
            <MenuItem key={l.to} href={l.to} className={menuItem}>
              {l.label}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
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
