import { Link, Outlet, useLocation } from 'react-router'
import { isCurrent, tabLinks } from '~/lib/account-nav'
import { useAuth } from '~/lib/auth'
import { requireUser } from '~/lib/auth.server'
import { useCurrentInView } from '~/lib/scroll-current'
import { useUnreadMessages } from '~/lib/unread'
import type { Route } from './+types/layout'

// Spec §6 'authenticated', on the server: a guest never gets an account page, with or without JavaScript.
export async function loader({ context, request }: Route.LoaderArgs) {
  return { user: await requireUser(context, request) }
}

/** The account area: the tab row of spec §2 (tabs appear as their pages exist), then the page. */
export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const auth = useAuth()
  const user = auth.user ?? loaderData.user
  const tabs = tabLinks(user)
  const unread = useUnreadMessages(true)
  // The English aliases (/account/Favorites …) mark their tab too, which NavLink's own matching would not.
  const { pathname } = useLocation()
  const row = useCurrentInView<HTMLUListElement>(pathname)
  return (
    <div className="-mb-16 min-h-[60vh] bg-slate-50 pb-28">
      <div className="border-b border-slate-200 bg-white">
        <nav aria-label="Konto" className="container-page">
          <ul ref={row} className="-mb-px mx-auto flex max-w-[760px] gap-1 overflow-x-auto [scrollbar-width:none]">
            {tabs.map((t) => (
              <li key={t.id} className="shrink-0">
                <Link
                  to={t.to}
                  aria-current={isCurrent(t, pathname) ? 'page' : undefined}
                  className={`flex min-h-12 items-center border-b-2 px-3 text-[15px] font-medium transition-colors sm:px-4 ${
                    isCurrent(t, pathname) ? 'border-accent-600 text-accent-700' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
                  }`}
                >
                  {t.tabLabel}
                  {t.id === 'messages' && unread > 0 && (
                    <span className="ml-2 rounded-full bg-accent-600 px-2 py-0.5 text-xs font-semibold text-white"><span className="sr-only">nieprzeczytane: </span>{unread}</span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <Outlet />
    </div>
  )
}
