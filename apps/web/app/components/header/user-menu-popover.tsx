import { Button, Header, Menu, MenuItem, MenuTrigger, Popover, Section, Separator } from 'react-aria-components'
import { menuLinks } from '~/lib/account-nav'
import { useAuth } from '~/lib/auth'
import { AriaRouter } from '../aria-router'
import { useOpenOnMount } from '../lazy-part'
import { menuItem, menuPopover } from './styles'
import { TriggerContent, triggerProps } from './user-menu-trigger'

/**
 * The header's account menu (spec §2): log in / register for guests, the account pages and 'Wyloguj' otherwise.
 * Loaded on demand by <UserMenu/>.
 */
export function UserMenuPopover({ initialOpen = false }: { initialOpen?: boolean }) {
  const auth = useAuth()
  const { user } = auth
  const { trigger, isOpen, setOpen } = useOpenOnMount<HTMLButtonElement>(initialOpen)
  return (
    <AriaRouter>
      <MenuTrigger isOpen={isOpen} onOpenChange={setOpen}>
        <Button ref={trigger} {...triggerProps(user)}>
          <TriggerContent user={user} />
        </Button>
        {user ? (
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
              <MenuItem id="logout" onAction={() => void auth.logout()} className={menuItem}>
                Wyloguj
              </MenuItem>
            </Menu>
          </Popover>
        ) : (
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
        )}
      </MenuTrigger>
    </AriaRouter>
  )
}
