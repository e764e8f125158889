import { data, Form } from 'react-router'
import { ROLE_LABELS } from '@portal/contracts/plain/admin'
import type { AdminPage as Paged, AdminUser } from '@portal/contracts/admin'
import { AdminPage, buttonClass, Empty, fieldClass, formatDate, labelClass, Pager } from '~/components/admin/admin-ui'
import { serverApi } from '~/lib/api.server'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/users'

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const q = new URLSearchParams()
  for (const k of ['q', 'role', 'blocked', 'page']) {
    const v = url.searchParams.get(k)?.trim()
    if (v) q.set(k, v)
  }
  const res = await serverApi(context, `/api/admin/users?${q}`)
  if (res.status === 404) throw data(null, { status: 404 })
  return { page: res.ok ? ((await res.json()) as Paged<AdminUser>) : null, filter: Object.fromEntries(q) }
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Użytkownicy') }, { name: 'robots', content: 'noindex' }]

export default function UsersRoute({ loaderData }: Route.ComponentProps) {
  const { page, filter } = loaderData
  return (
    <AdminPage title="Użytkownicy">
      <Form method="get" role="search" className="grid grid-cols-1 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-card sm:grid-cols-4">
        <div className="sm:col-span-2">
          <label htmlFor="u-q" className={labelClass}>E-mail, nazwa, telefon lub nr</label>
          <input id="u-q" name="q" type="search" defaultValue={filter.q ?? ''} className={fieldClass} />
        </div>
        <div>
          <label htmlFor="u-role" className={labelClass}>Rola</label>
          <select id="u-role" name="role" defaultValue={filter.role ?? ''} className={fieldClass}>
            <option value="">Wszystkie</option>
            {['user', 'company', 'mod', 'admin'].map((r) => <option key={r} value={r}>{ROLE_LABELS[r]}</option>)}
          </select>
        </div>
        <div>
          <label htmlFor="u-blocked" className={labelClass}>Stan</label>
          <select id="u-blocked" name="blocked" defaultValue={filter.blocked ?? ''} className={fieldClass}>
            <option value="">Wszyscy</option>
            <option value="1">Zablokowani</option>
            <option value="0">Aktywni</option>
          </select>
        </div>
        <div className="sm:col-span-4"><button type="submit" className={buttonClass.primary}>Szukaj</button></div>
      </Form>
      {!page ? <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-red-800">Nie udało się wczytać listy.</p>
        : page.data.length === 0 ? <Empty>Nikogo nie znaleziono.</Empty> : (
          <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-card">
            {page.data.map((u) => (
              <li key={u.id} data-user-row={u.email} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                <div className="min-w-0">
                  <a href={`/admin/uzytkownicy/${u.id}`} className="font-semibold text-slate-900 hover:text-accent-700 hover:underline">{u.name}</a>
                  <span className="block truncate text-sm text-slate-600">{u.email} · nr {u.id} · od {formatDate(u.created_at)}</span>
                </div>
                <div className="flex flex-wrap gap-1.5 text-xs font-semibold">
                  {u.roles.map((r) => <span key={r} className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">{ROLE_LABELS[r] ?? r}</span>)}
                  {u.blocked_at && <span className="rounded-full bg-red-100 px-2 py-0.5 text-red-800">Zablokowany</span>}
                  <span className="rounded-full bg-slate-50 px-2 py-0.5 text-slate-600">ogłoszenia: {u.listings}</span>
                </div>
              </li>
            ))}
          </ul>
        )}
      {page && <Pager page={page.page} last={page.last_page} href={(p) => `?${new URLSearchParams({ ...filter, page: String(p) })}`} />}
    </AdminPage>
  )
}
