import { useState } from 'react'
import { data, useOutletContext } from 'react-router'
import { ASSIGNABLE_ROLES, ROLE_LABELS } from '@portal/contracts/plain/admin'
import type { AdminMe, AdminUserDetail } from '@portal/contracts/admin'
import { OFFER_STATUS_LABELS, type OfferStatus } from '@portal/contracts/plain/offer'
import { AdminPage, buttonClass, Card, fieldClass, formatDate, formatDateTime, labelClass, useAdminAction } from '~/components/admin/admin-ui'
import { AuditTable } from '~/components/admin/audit-table'
import { serverApi } from '~/lib/api.server'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/user'

export async function loader({ context, params }: Route.LoaderArgs) {
  if (!/^\d{1,9}$/.test(params.id)) throw data(null, { status: 404 })
  const res = await serverApi(context, `/api/admin/users/${params.id}`)
  if (!res.ok) throw data(null, { status: 404 })
  return (await res.json()) as AdminUserDetail
}

export const meta: Route.MetaFunction = ({ data: u }) => [{ title: pageTitle(u ? `${u.name} – użytkownik` : 'Użytkownik') }, { name: 'robots', content: 'noindex' }]

const staffRole = (roles: string[]) => (roles.includes('admin') ? 'admin' : roles.includes('mod') ? 'mod' : 'user')

export default function UserRoute({ loaderData: u }: Route.ComponentProps) {
  const me = useOutletContext<AdminMe>()
  const { run, busy, api } = useAdminAction()
  const [reason, setReason] = useState('')
  const [role, setRole] = useState(staffRole(u.roles))
  const self = me.id === u.id
  return (
    <AdminPage title={u.name} intro={`${u.email} · nr ${u.id} · konto od ${formatDate(u.created_at)}${u.verified ? '' : ' · niepotwierdzone'}`}>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <h2 className="text-lg font-semibold text-slate-900">Konto</h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-500">Typ</dt><dd>{u.type}</dd>
            <dt className="text-slate-500">Role</dt><dd>{u.roles.map((r) => ROLE_LABELS[r] ?? r).join(', ')}</dd>
            <dt className="text-slate-500">Telefon</dt><dd>{u.phone ?? '—'}</dd>
            <dt className="text-slate-500">Otwarte zgłoszenia</dt><dd>{u.open_reports}</dd>
            <dt className="text-slate-500">Stan</dt>
            <dd data-user-state>{u.blocked_at ? <strong className="text-red-700">Zablokowany od {formatDateTime(u.blocked_at)}{u.blocked_reason ? ` — ${u.blocked_reason}` : ''}</strong> : 'Aktywny'}</dd>
          </dl>
          {!self && (
            <div className="mt-4 border-t border-slate-100 pt-4">
              {u.blocked_at ? (
                <button type="button" className={buttonClass.primary} disabled={!!busy}
                  onClick={() => run('unblock', () => api.post(`/api/admin/users/${u.id}/unblock`, undefined, { silent: true }), 'Konto odblokowane.')}>Odblokuj</button>
              ) : (
                <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
                  <div className="flex-1">
                    <label htmlFor="block-reason" className={labelClass}>Powód blokady</label>
                    <input id="block-reason" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} className={fieldClass} />
                  </div>
                  <button type="button" className={buttonClass.danger} disabled={!!busy}
                    onClick={() => run('block', () => api.post(`/api/admin/users/${u.id}/block`, { reason: reason || null }, { silent: true }), 'Konto zablokowane, ogłoszenia ukryte.')}>Zablokuj</button>
                </div>
              )}
              <p className="mt-2 text-sm text-slate-500">Zablokowany nie zaloguje się, a jego ogłoszenia znikają z wyszukiwania. Nic nie jest usuwane.</p>
            </div>
          )}
          {me.is_admin && !self && (
            <div className="mt-4 flex flex-col gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-end">
              <div className="flex-1">
                <label htmlFor="role" className={labelClass}>Rola w panelu</label>
                <select id="role" value={role} onChange={(e) => setRole(e.target.value as typeof role)} className={fieldClass}>
                  {ASSIGNABLE_ROLES.map((r) => <option key={r} value={r}>{ROLE_LABELS[r]}</option>)}
                </select>
              </div>
              <button type="button" className={buttonClass.secondary} disabled={!!busy || role === staffRole(u.roles)}
                onClick={() => run('role', () => api.put(`/api/admin/users/${u.id}/role`, { role }, { silent: true }), 'Rola zmieniona.')}>Zmień rolę</button>
            </div>
          )}
        </Card>
        <Card>
          <h2 className="text-lg font-semibold text-slate-900">Ogłoszenia ({u.listings})</h2>
          <ul className="mt-2 flex flex-wrap gap-1.5 text-xs font-semibold">
            {Object.entries(u.listings_by_status).map(([s, n]) => (
              <li key={s} className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">{OFFER_STATUS_LABELS[s as OfferStatus] ?? s}: {n}</li>
            ))}
          </ul>
          <ul className="mt-3 divide-y divide-slate-100 text-sm">
            {u.recent_listings.map((l) => (
              <li key={l.id} className="flex justify-between gap-2 py-1.5">
                <a href={`/ogloszenia/${l.slug}`} className="truncate text-accent-700 hover:underline">{l.title}</a>
                <span className="shrink-0 text-slate-500">{OFFER_STATUS_LABELS[l.status as OfferStatus] ?? l.status}</span>
              </li>
            ))}
          </ul>
        </Card>
      </div>
      {u.audit.length > 0 && (
        <section className="flex flex-col gap-2">
          <h2 className="text-lg font-semibold text-slate-900">Historia działań na koncie</h2>
          <AuditTable entries={u.audit} />
        </section>
      )}
    </AdminPage>
  )
}
