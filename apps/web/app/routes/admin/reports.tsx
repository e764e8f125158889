import { useState } from 'react'
import { data } from 'react-router'
import { REPORT_ACTION_LABELS, REPORT_ACTIONS, type AdminPage as Paged, type ReportAction, type ReportGroup } from '@portal/contracts/admin'
import { plural } from '@portal/contracts/format'
import { AdminPage, buttonClass, Card, Empty, fieldClass, formatDateTime, labelClass, Pager, useAdminAction } from '~/components/admin/admin-ui'
import { serverApi } from '~/lib/api.server'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/reports'

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = Math.max(1, Number(new URL(request.url).searchParams.get('page')) || 1)
  const res = await serverApi(context, `/api/admin/reports?page=${page}`)
  if (!res.ok) throw data(null, { status: 404 })
  return (await res.json()) as Paged<ReportGroup>
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Zgłoszenia') }, { name: 'robots', content: 'noindex' }]

const REPORT_FORMS = ['zgłoszenie', 'zgłoszenia', 'zgłoszeń'] as const
const DONE: Record<ReportAction, string> = {
  end: 'Ogłoszenie zakończone, zgłaszający powiadomieni.', warn: 'Właściciel ostrzeżony, zgłaszający powiadomieni.',
  block: 'Właściciel zablokowany, zgłaszający powiadomieni.', dismiss: 'Zgłoszenia oddalone, zgłaszający powiadomieni.',
}

/** Open reports grouped by listing; one action closes all of a listing's reports. */
export default function ReportsRoute({ loaderData: page }: Route.ComponentProps) {
  return (
    <AdminPage title="Zgłoszenia" intro="Zgłoszenia z ogłoszeń, pogrupowane według ogłoszenia (najczęściej zgłaszane najpierw). Zgłaszający z kontem dostaje wiadomość o wyniku.">
      {page.data.length === 0 ? <Empty>Brak otwartych zgłoszeń.</Empty> : (
        <ul className="flex flex-col gap-4">{page.data.map((g) => <Group key={g.listing.id} group={g} />)}</ul>
      )}
      <Pager page={page.page} last={page.last_page} href={(p) => `?page=${p}`} />
    </AdminPage>
  )
}

function Group({ group: g }: { group: ReportGroup }) {
  const { run, busy, api } = useAdminAction()
  const [note, setNote] = useState('')
  const id = `report-note-${g.listing.id}`
  return (
    <li data-report-group={g.listing.id}>
      <Card className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-semibold text-slate-900">
            <a href={`/ogloszenia/${g.listing.slug}`} className="hover:text-accent-700 hover:underline">{g.listing.title}</a>
          </h2>
          <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-sm font-semibold text-red-800">{g.count} {plural(g.count, REPORT_FORMS)}</span>
        </div>
        <p className="text-sm text-slate-600">
          Właściciel: <a href={`/admin/uzytkownicy/${g.listing.owner_id}`} className="font-medium text-accent-700 hover:underline">{g.listing.owner_name}</a> ({g.listing.owner_email})
          {g.listing.owner_blocked && <strong className="ml-1 text-red-700">— zablokowany</strong>} · nr {g.listing.id} · od {formatDateTime(g.first_at)}
        </p>
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-100 text-sm">
          {g.reports.map((r) => (
            <li key={r.id} className="px-3 py-2">
              <span className="font-semibold text-slate-800">{r.reason_label}</span>
              <span className="text-slate-500"> · {formatDateTime(r.created_at)} · {r.reporter ?? 'gość'}</span>
              {r.message && <p className="mt-1 whitespace-pre-line text-slate-700">{r.message}</p>}
            </li>
          ))}
        </ul>
        <div>
          <label htmlFor={id} className={labelClass}>Notatka (trafi do właściciela przy zakończeniu, ostrzeżeniu lub blokadzie)</label>
          <textarea id={id} rows={2} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} className={fieldClass} />
        </div>
        <div className="flex flex-wrap gap-2">
          {REPORT_ACTIONS.map((a) => (
            <button key={a} type="button" disabled={!!busy} className={a === 'dismiss' ? buttonClass.secondary : a === 'warn' ? buttonClass.primary : buttonClass.danger}
              onClick={() => run(a, () => api.post(`/api/admin/reports/${g.listing.id}`, { action: a, note: note || null }, { silent: true }), DONE[a])}>
              {REPORT_ACTION_LABELS[a]}
            </button>
          ))}
        </div>
      </Card>
    </li>
  )
}
