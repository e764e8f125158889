import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components'
import { ChevronDownIcon, UserIcon } from '../icons'
import { menuItem, menuPopover } from './styles'

/** Anonymous user menu (spec §2); the logged-in variant arrives with the auth issue. */
export function UserMenu() {
  return (
    <MenuTrigger>
      <Button
        aria-label="Moje konto"
        className="inline-flex h-11 shrink-0 cursor-pointer items-center gap-1 rounded-full px-2.5 text-slate-700 outline-none transition-colors hover:bg-slate-100 hover:text-slate-900 data-[pressed]:bg-slate-200 data-[focus-visible]:outline-2 data-[focus-visible]:outline-solid data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-accent-600"
      >
        <UserIcon size={22} />
        <ChevronDownIcon size={16} className="hidden sm:block" />
      </Button>
      <Popover placement="bottom end" offset={8} className={menuPopover}>
        <Menu aria-label="Konto" className="outline-none">
          <MenuItem href="/auth" className={menuItem}>
            Zaloguj się
          </MenuItem>
          <MenuItem href="/auth?type=register" className={menuItem}>
            Zarejestruj się
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  )
}
