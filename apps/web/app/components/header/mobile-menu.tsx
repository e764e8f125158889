import { MenuIcon } from '../icons'
import { lazyPart, StandInButton, useLazyPart } from '../lazy-part'
import { iconButton } from './styles'

const panelPart = lazyPart(() => import('./mobile-menu-panel').then((m) => m.MobileMenuPanel))

/**
 * The hamburger (below 1024 px). First paint has only the button; the side panel (mobile-menu-panel.tsx, a
 * react-aria modal) loads on hover, focus or touch and opens on the first press.
 */
export function MobileMenu() {
  const { Real, initialOpen, prefetch, open } = useLazyPart(panelPart)
  if (Real) return <Real initialOpen={initialOpen} />
  return (
    <StandInButton
      aria-label="Otwórz menu"
      aria-haspopup="dialog"
      aria-expanded={false}
      className={`${iconButton} -ml-2 lg:hidden`}
      onPrefetch={prefetch}
      onOpen={open}
    >
      <MenuIcon size={24} />
    </StandInButton>
  )
}
