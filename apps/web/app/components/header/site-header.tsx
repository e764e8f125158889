import { Link } from 'react-router'
import { HeartIcon, PlusIcon } from '../icons'
import { Logo } from '../logo'
import { HeaderSearch } from './header-search'
import { MainNav } from './main-nav'
import { MobileMenu } from './mobile-menu'
import { NotificationsMenu } from './notifications-menu'
import { iconButton, primaryButton } from './styles'
import { UserMenu } from './user-menu'

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      {/* One search box for every width: it wraps to its own row on phones instead of being rendered twice. */}
      <div className="container-page flex flex-wrap items-center gap-x-2 gap-y-2 py-2.5 sm:flex-nowrap sm:gap-x-4">
        <MobileMenu />
        <Logo />
        <HeaderSearch className="order-last w-full sm:order-none sm:w-auto sm:max-w-[520px] sm:flex-1" />
        <div className="ml-auto flex items-center gap-0.5 sm:gap-1">
          <Link to="/ulubione" aria-label="Ulubione" className={iconButton}>
            <HeartIcon size={22} />
          </Link>
          <NotificationsMenu />
          <UserMenu />
          <Link to="/dodaj-ogloszenie" className={`${primaryButton} ml-2 hidden md:inline-flex`}>
            <PlusIcon size={18} />
            Dodaj ogłoszenie
          </Link>
        </div>
      </div>
      <nav aria-label="Kategorie ogłoszeń" className="hidden border-t border-slate-100 lg:block">
        <div className="container-page py-1">
          <MainNav />
        </div>
      </nav>
    </header>
  )
}
