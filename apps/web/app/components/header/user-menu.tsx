import { Button, Menu, MenuItem, MenuTrigger, Popover, Separator, Header, Section } from 'react-aria-components'
import { menuLinks } from '~/lib/account-nav'
import { useAuth } from '~/lib/auth'
import type { Profile } from '~/lib/user'
import { ChevronDownIcon, UserIcon } from '../icons'
import { UserAvatar } from '../user-avatar'
import { menuItem, menuPopover } from './styles'

const trigger =
  'inline-flex h-11 shrink-0 cursor-pointer items-center gap-1 rounded-full px-2.5 text-slate-700 outline-none transition-colors hover:bg-slate-100 hover:text-slate-900 data-[pressed]:bg-slate-200 data-[focus-visible]:outline-2 data-[focus-visible]:outline-solid data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-accent-600'

/** The header's account menu (spec §2): log in / register for guests, the account pages and 'Wyloguj' otherwise. */
export function UserMenu() {
  const auth = useAuth()
  return auth.user ? <LoggedInMenu user={auth.user} onLogout={auth.logout} /> : <GuestMenu />
}

function GuestMenu() {
  const auth = useAuth()
  return (
    <MenuTrigger>
      <Button aria-label="Moje konto" className={trigger}>
        <UserIcon size={22} />
        <ChevronDownIcon size={16} className="hidden sm:block" />
      </Button>
      <Popover placement="bottom end" offset={8} className={menuPopover}>
        <Menu aria-label="Konto" className="outline-none">
          <MenuItem id="login" onAction={() => auth.open('login')} className={menuItem}>
            Zaloguj się
          </MenuItem>
          <MenuItem id="register" onAction={() => auth.open('register')} className={menuItem}>
            Zarejestruj się
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  )
}

function LoggedInMenu({ user, onLogout }: { user: Profile; onLogout: () => Promise<void> }) {
  const firstName = user.name.split(/\s+/)[0]
  return (
    <MenuTrigger>
      <Button aria-label={`Moje konto: ${user.name}`} className={`${trigger} gap-2 pl-1`}>
        <UserAvatar user={user} size={32} />
        <span className="hidden max-w-[10ch] truncate text-[15px] font-medium text-slate-800 xl:block">{firstName}</span>
        <ChevronDownIcon size={16} className="hidden sm:block" />
      </Button>
      <Popover placement="bottom end" offset={8} className={`${menuPopover} min-w-[240px]`}>
        <Menu aria-label="Konto" className="outline-none">
          <Section>
            <Header className="mb-1 border-b border-slate-100 px-3 pt-1 pb-2.5">
              <span className="block truncate text-[15px] font-semibold text-slate-900">{user.name}</span>
              <span className="block truncate text-sm text-slate-500">{user.email}</span>
            </Header>
            {menuLinks(user).map((l) => (
              <MenuItem key={l.id} id={l.id} href={l.to} className={menuItem}>
                {l.menuLabel}
              </MenuItem>
            ))}
          </Section>
          <Separator className="my-1 h-px bg-slate-100" />
          <MenuItem id="logout" onAction={() => void onLogout()} className={menuItem}>
            Wyloguj
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  )
}
