import { data, Form } from 'react-router'
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AdminPage as Paged, type AuditEntry } from '@portal/contracts/admin'
import { AdminPage, buttonClass, Empty, fieldClass, labelClass, Pager } from '~/components/admin/admin-ui'
import { AuditTable } from '~/components/admin/audit-table'
import { serverApi } from '~/lib/api.server'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/audit'

const KEYS = ['actor', 'action', 'target_type', 'target_id', 'from', 'to', 'page'] as const

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const q = new URLSearchParams()
  for (const k of KEYS) {
    const v = url.searchParams.get(k)?.trim()
    if (v) q.set(k, v)
  }
  const res = await serverApi(context, `/api/admin/audit?${q}`)
  if (res.status === 404) throw data(null, { status: 404 })
  const body = res.ok ? ((await res.json()) as Paged<AuditEntry>) : null
  return { page: body, filter: Object.fromEntries(q), invalid: res.status === 422 }
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Dziennik zmian') }, { name: 'robots', content: 'noindex' }]

/** Every admin action: who, what, when, before and after; filterable. */
export default function AuditRoute({ loaderData }: Route.ComponentProps) {
  const { page, filter, invalid } = loaderData
  return (
    <AdminPage title="Dziennik zmian" intro="Każde działanie w panelu: kto, co, kiedy, stan przed i po.">
      <Form method="get" className="grid grid-cols-1 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-card sm:grid-cols-2 lg:grid-cols-6">
        <div className="lg:col-span-2">
          <label htmlFor="f-actor" className={labelClass}>Kto (e-mail lub nr)</label>
          <input id="f-actor" name="actor" defaultValue={filter.actor ?? ''} className={fieldClass} />
        </div>
        <div className="lg:col-span-2">
          <label htmlFor="f-action" className={labelClass}>Działanie</label>
          <select id="f-action" name="action" defaultValue={filter.action ?? ''} className={fieldClass}>
            <option value="">Wszystkie</option>
            <option value="listing.">Ogłoszenia (wszystkie)</option>
            <option value="user.">Użytkownicy (wszystkie)</option>
            {AUDIT_ACTIONS.map((a) => <option key={a} value={a}>{AUDIT_ACTION_LABELS[a]}</option>)}
          </select>
        </div>
        <div>
          <label htmlFor="f-type" className={labelClass}>Obiekt</label>
          <select id="f-type" name="target_type" defaultValue={filter.target_type ?? ''} className={fieldClass}>
            <option value="">Wszystkie</option>
            <option value="listing">Ogłoszenie</option>
            <option value="user">Użytkownik</option>
            <option value="category">Kategoria</option>
            <option value="blacklist">Czarna lista</option>
          </select>
        </div>
        <div>
          <label htmlFor="f-id" className={labelClass}>Nr obiektu</label>
          <input id="f-id" name="target_id" inputMode="numeric" defaultValue={filter.target_id ?? ''} className={fieldClass} />
        </div>
        <div>
          <label htmlFor="f-from" className={labelClass}>Od dnia</label>
          <input id="f-from" name="from" type="date" defaultValue={filter.from ?? ''} className={fieldClass} />
        </div>
        <div>
          <label htmlFor="f-to" className={labelClass}>Do dnia</label>
          <input id="f-to" name="to" type="date" defaultValue={filter.to ?? ''} className={fieldClass} />
        </div>
        <div className="flex items-end gap-2 lg:col-span-4">
          <button type="submit" className={buttonClass.primary}>Filtruj</button>
          <a href="/admin/dziennik" className={buttonClass.secondary}>Wyczyść</a>
        </div>
      </Form>
      {invalid && <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-red-800">Sprawdź filtry: daty w formacie RRRR-MM-DD.</p>}
      {page && (page.data.length === 0 ? <Empty>Brak wpisów dla tych filtrów.</Empty> : <AuditTable entries={page.data} />)}
      {page && <Pager page={page.page} last={page.last_page} href={(p) => `?${new URLSearchParams({ ...filter, page: String(p) })}`} />}
    </AdminPage>
  )
}
