import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components'
import type { NavGroup } from '~/lib/nav'
import { ChevronDownIcon } from '../icons'
import { AriaRouter } from '../aria-router'
import { useOpenOnMount } from '../lazy-part'
import { menuItem, menuPopover, navTopItem } from './styles'

/** One dropdown of the menu row: a react-aria menu (arrow keys, Enter, Esc, typeahead). Loaded by <MainNav/>. */
export function NavDropdownMenu({ group, initialOpen = false }: { group: NavGroup; initialOpen?: boolean }) {
  const { trigger, isOpen, setOpen } = useOpenOnMount<HTMLButtonElement>(initialOpen)
  return (
    <AriaRouter>
      <MenuTrigger isOpen={isOpen} onOpenChange={setOpen}>
        <Button ref={trigger} className={navTopItem}>
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
    </AriaRouter>
  )
}
