import { useEffect, useState, type FormEvent } from 'react'
import { data, useRevalidator } from 'react-router'
import { CAMPAIGN_STATUS_LABELS, type Campaign } from '@portal/contracts/cms'
import { countLabel } from '@portal/contracts/format'
import { AdminPage, buttonClass, Card, Empty, fieldClass, formatDateTime, labelClass, useAdminAction } from '~/components/admin/admin-ui'
import { MarkdownEditor } from '~/components/admin/markdown-editor'
import { serverApi } from '~/lib/api.server'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/newsletter'

export async function loader({ context }: Route.LoaderArgs) {
  const res = await serverApi(context, '/api/admin/campaigns')
  if (!res.ok) throw data(null, { status: 404 })
  return (await res.json()) as { data: Campaign[]; subscribers: number }
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Newsletter') }, { name: 'robots', content: 'noindex' }]

const SUBSCRIBERS = ['potwierdzony subskrybent', 'potwierdzonych subskrybentów', 'potwierdzonych subskrybentów'] as const

/** Newsletter campaigns: write a draft (Markdown, preview), send it to confirmed subscribers, watch the progress. */
export default function NewsletterRoute({ loaderData }: Route.ComponentProps) {
  const { data: campaigns, subscribers } = loaderData
  const { run, busy, api } = useAdminAction()
  const revalidator = useRevalidator()
  const [draft, setDraft] = useState<{ id: number | null; subject: string; body: string } | null>(null)
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const sending = campaigns.some((c) => c.status === 'sending')
  // While a campaign is being sent the list refreshes every 3 s to show its progress.
  useEffect(() => {
    if (!sending || revalidator.state !== 'idle') return
    const timer = setTimeout(() => { void revalidator.revalidate() }, 3000)
    return () => clearTimeout(timer)
  }, [sending, revalidator])

  async function save(e: FormEvent) {
    e.preventDefault()
    if (!draft) return
    const body = { subject: draft.subject, body: draft.body }
    const errs = await run('save', () => (draft.id ? api.put(`/api/admin/campaigns/${draft.id}`, body, { silent: true }) : api.post('/api/admin/campaigns', body, { silent: true })), 'Zapisano szkic kampanii.')
    setErrors(errs ?? {})
    if (!errs) setDraft(null)
  }

  return (
    <AdminPage title="Newsletter" intro={`Kampanie trafiają do ${countLabel(subscribers, SUBSCRIBERS)} (adres potwierdzony linkiem). Każda wiadomość ma link „Wypisz się z newslettera” działający jednym kliknięciem.`}
      actions={<button type="button" className={buttonClass.primary} onClick={() => { setErrors({}); setDraft({ id: null, subject: '', body: '' }) }}>Nowa kampania</button>}>
      {draft && (
        <Card>
          <form onSubmit={save} noValidate className="flex flex-col gap-4">
            <h2 className="text-lg font-bold text-slate-900">{draft.id ? 'Edycja szkicu' : 'Nowa kampania'}</h2>
            <div>
              <label htmlFor="nl-subject" className={labelClass}>Temat wiadomości</label>
              <input id="nl-subject" value={draft.subject} onChange={(e) => setDraft({ ...draft, subject: e.target.value })} className={fieldClass} maxLength={150}
                aria-invalid={!!errors.subject} aria-describedby={errors.subject ? 'nl-subject-error' : undefined} />
              {errors.subject && <p id="nl-subject-error" className="mt-1 text-sm font-medium text-red-700">{errors.subject[0]}</p>}
            </div>
            <MarkdownEditor label="Treść" value={draft.body} onChange={(body) => setDraft({ ...draft, body })} error={errors.body?.[0]} rows={14} />
            <div className="flex gap-2">
              <button type="submit" className={buttonClass.primary} disabled={!!busy}>Zapisz szkic</button>
              <button type="button" className={buttonClass.secondary} onClick={() => setDraft(null)}>Anuluj</button>
            </div>
          </form>
        </Card>
      )}
      {campaigns.length === 0 ? <Empty>Nie ma jeszcze kampanii.</Empty> : (
        <ul className="flex flex-col gap-3">
          {campaigns.map((c) => {
            const pct = c.total ? Math.round((c.sent / c.total) * 100) : 0
            return (
              <li key={c.id} data-campaign={c.id}>
                <Card>
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div className="min-w-0">
                      <h2 className="font-semibold text-slate-900">{c.subject}</h2>
                      <p className="text-sm text-slate-600">
                        {CAMPAIGN_STATUS_LABELS[c.status]} · utworzona {formatDateTime(c.created_at)}
                        {c.finished_at && ` · wysłana ${formatDateTime(c.finished_at)}`}
                      </p>
                    </div>
                    {c.status === 'draft' && (
                      <div className="flex flex-wrap gap-2">
                        <button type="button" className={buttonClass.secondary} onClick={() => { setErrors({}); setDraft({ id: c.id, subject: c.subject, body: c.body }) }}>Edytuj</button>
                        <button type="button" className={buttonClass.primary} disabled={!!busy || subscribers === 0}
                          onClick={() => { if (window.confirm(`Wysłać „${c.subject}” do ${countLabel(subscribers, SUBSCRIBERS)}?`)) void run(`send-${c.id}`, () => api.post(`/api/admin/campaigns/${c.id}/send`, undefined, { silent: true }), 'Rozpoczęto wysyłkę.') }}>
                          Wyślij
                        </button>
                      </div>
                    )}
                    {c.status === 'sending' && (
                      <button type="button" className={buttonClass.secondary} disabled={!!busy}
                        onClick={() => run(`send-${c.id}`, () => api.post(`/api/admin/campaigns/${c.id}/send`, undefined, { silent: true }), 'Wznowiono wysyłkę.')}>Wznów wysyłkę</button>
                    )}
                  </div>
                  {c.status !== 'draft' && (
                    <div className="mt-3">
                      <div className="h-2 overflow-hidden rounded-full bg-slate-100" role="progressbar" aria-label={`Postęp wysyłki: ${c.subject}`}
                        aria-valuemin={0} aria-valuemax={c.total} aria-valuenow={c.sent}>
                        <div className="h-full rounded-full bg-accent-600" style={{ width: `${pct}%` }} />
                      </div>
                      <p className="mt-1 text-sm text-slate-700" data-campaign-progress>Wysłano {c.sent.toLocaleString('pl-PL')} z {c.total.toLocaleString('pl-PL')}</p>
                    </div>
                  )}
                </Card>
              </li>
            )
          })}
        </ul>
      )}
    </AdminPage>
  )
}
