import { data, NavLink, Outlet, useLocation } from 'react-router'
import type { AdminMe } from '@portal/contracts/admin'
import { serverApi } from '~/lib/api.server'
import { useCurrentInView } from '~/lib/scroll-current'
import type { Route } from './+types/layout'

// The admin area (issue 13). The API answers /api/admin/me only for roles admin and mod; for everyone else the page
// is the ordinary 404, so the area's existence is not revealed.
export async function loader({ context }: Route.LoaderArgs) {
  const res = await serverApi(context, '/api/admin/me', { headers: { Accept: 'application/json' } })
  if (!res.ok) throw data(null, { status: 404 })
  return data({ me: (await res.json()) as AdminMe }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const meta: Route.MetaFunction = () => [{ name: 'robots', content: 'noindex' }]

export const ADMIN_NAV = [
  { to: '/admin', label: 'Pulpit', end: true },
  { to: '/admin/moderacja', label: 'Moderacja', badge: 'moderation' as const },
  { to: '/admin/zgloszenia', label: 'Zgłoszenia', badge: 'reports' as const },
  { to: '/admin/uzytkownicy', label: 'Użytkownicy' },
  { to: '/admin/czarna-lista', label: 'Czarna lista' },
  { to: '/admin/strony', label: 'Strony' },
  { to: '/admin/faq', label: 'FAQ' },
  { to: '/admin/blog', label: 'Blog' },
  { to: '/admin/newsletter', label: 'Newsletter' },
  { to: '/admin/ustawienia', label: 'Ustawienia' },
  { to: '/admin/dziennik', label: 'Dziennik zmian' },
]

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { me } = loaderData
  const row = useCurrentInView<HTMLUListElement>(useLocation().pathname)
  return (
    <div className="-mb-16 min-h-[60vh] bg-slate-50 pb-28">
      <div className="border-b border-slate-200 bg-white">
        <div className="container-page flex flex-wrap items-center justify-between gap-x-4 pt-3 text-sm text-slate-600">
          <span className="font-semibold text-slate-900">Panel administracyjny</span>
          <span>{me.name} · {me.is_admin ? 'Administrator' : 'Moderator'}</span>
        </div>
        <nav aria-label="Panel administracyjny" className="container-page">
          <ul ref={row} className="-mb-px flex gap-1 overflow-x-auto [scrollbar-width:none]">
            {ADMIN_NAV.map((n) => {
              const count = n.badge ? me.backlog[n.badge] : 0
              return (
                <li key={n.to} className="shrink-0">
                  <NavLink to={n.to} end={n.end} className={({ isActive }) => `flex min-h-12 items-center gap-2 border-b-2 px-3 text-[15px] font-medium ${
                    isActive ? 'border-accent-600 text-accent-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}>
                    {n.label}
                    {count > 0 && <span className="rounded-full bg-accent-100 px-2 py-0.5 text-xs font-semibold text-accent-800">{count}</span>}
                  </NavLink>
                </li>
              )
            })}
          </ul>
        </nav>
      </div>
      <div className="container-page pt-6">
        <Outlet context={me} />
      </div>
    </div>
  )
}
