import { Link } from 'react-router'
import { HeartIcon, PlusIcon } from '../icons'
import { Logo } from '../logo'
import { MessagesLink } from '../messages/messages-link'
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
      <div className="container-page flex flex-wrap items-center gap-x-2 gap-y-2 py-2.5 md:flex-nowrap md:gap-x-4">
        <MobileMenu />
        <Logo />
        <HeaderSearch className="order-last w-full md:order-none md:w-auto md:max-w-[520px] md:flex-1" />
        <div className="ml-auto flex items-center gap-0.5 sm:gap-1">
          <Link to="/ulubione" aria-label="Ulubione" className={iconButton}>
            <HeartIcon size={22} />
          </Link>
          <MessagesLink />
          <NotificationsMenu />
          <UserMenu />
          {/* One link for every width: a pink "+" from 640 px, with its text from 1024 px; phones have it in the menu. */}
          <Link
            to="/dodaj-ogloszenie"
            className={`${primaryButton} ml-1 max-sm:hidden max-lg:size-11 max-lg:px-0 lg:ml-2`}
          >
            <PlusIcon size={18} />
            <span className="max-lg:sr-only">Dodaj ogłoszenie</span>
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
