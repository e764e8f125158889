import { useAuth } from '~/lib/auth'
import { authDialogPart } from '../auth/auth-dialog-slot'
import { lazyPart, StandInButton, useLazyPart } from '../lazy-part'
import { TriggerContent, triggerProps } from './user-menu-trigger'

const menuPart = lazyPart(() => import('./user-menu-popover').then((m) => m.UserMenuPopover))

/**
 * The header's account menu. First paint has only its button; the menu (react-aria Menu + Popover) loads on hover
 * or focus and opens on the first press (user-menu-popover.tsx), and the login dialog is fetched with it for guests.
 */
export function UserMenu() {
  const { user } = useAuth()
  const { Real, initialOpen, prefetch, open } = useLazyPart(menuPart)
  if (Real) return <Real initialOpen={initialOpen} />
  const warm = () => {
    prefetch()
    if (!user) authDialogPart.load().catch(() => {})
  }
  return (
    <StandInButton {...triggerProps(user)} aria-haspopup="true" aria-expanded={false} onPrefetch={warm} onOpen={open}>
      <TriggerContent user={user} />
    </StandInButton>
  )
}
