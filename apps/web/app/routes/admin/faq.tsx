import { useState, type FormEvent } from 'react'
import { data } from 'react-router'
import { CONTENT_STATUS_LABELS, CONTENT_STATUSES, type AdminFaqEntry, type AdminFaqGroup } from '@portal/contracts/cms'
import { AdminPage, buttonClass, Card, fieldClass, labelClass, useAdminAction } from '~/components/admin/admin-ui'
import { MarkdownEditor } from '~/components/admin/markdown-editor'
import { serverApi } from '~/lib/api.server'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/faq'

export async function loader({ context }: Route.LoaderArgs) {
  const res = await serverApi(context, '/api/admin/faq')
  if (!res.ok) throw data(null, { status: 404 })
  return (await res.json()) as { groups: AdminFaqGroup[] }
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('FAQ') }, { name: 'robots', content: 'noindex' }]

type EntryDraft = { id: number | null; group_id: number; question: string; answer: string; status: AdminFaqEntry['status'] }

/** CMS: FAQ groups and entries; a saved entry shows on /faq at once. */
export default function FaqAdminRoute({ loaderData }: Route.ComponentProps) {
  const { groups } = loaderData
  const { run, busy, api } = useAdminAction()
  const [entry, setEntry] = useState<EntryDraft | null>(null)
  const [groupTitle, setGroupTitle] = useState('')
  const [groupError, setGroupError] = useState<string | undefined>()
  async function addGroup(e: FormEvent) {
    e.preventDefault()
    const errs = await run('group', () => api.post('/api/admin/faq/groups', { title: groupTitle }, { silent: true }), 'Dodano grupę.')
    setGroupError(errs?.title?.[0] ?? errs?.slug?.[0])
    if (!errs) setGroupTitle('')
  }
  return (
    <AdminPage title="FAQ" intro={<>Pytania i odpowiedzi ze strony <a href="/faq" className="text-accent-700 underline">/faq</a>. Zapisana zmiana jest widoczna od razu; szkice są ukryte.</>}>
      {groups.map((g) => (
        <Card key={g.id}>
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-lg font-bold text-slate-900">{g.title}</h2>
            <div className="flex gap-2">
              <button type="button" className={buttonClass.secondary} onClick={() => setEntry({ id: null, group_id: g.id, question: '', answer: '', status: 'published' })}>Dodaj pytanie</button>
              {g.entries.length === 0 && (
                <button type="button" className={buttonClass.danger} disabled={!!busy}
                  onClick={() => run(`gdel-${g.id}`, () => api.delete(`/api/admin/faq/groups/${g.id}`, { silent: true }), 'Usunięto grupę.')}>Usuń grupę</button>
              )}
            </div>
          </div>
          {entry && entry.group_id === g.id && entry.id === null && <EntryForm key="new" draft={entry} groups={groups} onDone={() => setEntry(null)} />}
          <ul className="divide-y divide-slate-100">
            {g.entries.map((e) => (
              <li key={e.id} className="py-3" data-faq-entry={e.id}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium text-slate-900">{e.question}
                    {e.status === 'draft' && <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Szkic</span>}
                  </span>
                  <div className="flex gap-2">
                    <button type="button" className={buttonClass.secondary} aria-label={`Edytuj pytanie: ${e.question}`}
                      onClick={() => setEntry({ id: e.id, group_id: e.group_id, question: e.question, answer: e.answer, status: e.status })}>Edytuj</button>
                    <button type="button" className={buttonClass.danger} aria-label={`Usuń pytanie: ${e.question}`} disabled={!!busy}
                      onClick={() => run(`del-${e.id}`, () => api.delete(`/api/admin/faq/entries/${e.id}`, { silent: true }), 'Usunięto pytanie.')}>Usuń</button>
                  </div>
                </div>
                {entry?.id === e.id && <div className="mt-3"><EntryForm key={e.id} draft={entry} groups={groups} onDone={() => setEntry(null)} /></div>}
              </li>
            ))}
          </ul>
        </Card>
      ))}
      <Card>
        <form onSubmit={addGroup} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex-1">
            <label htmlFor="faq-group" className={labelClass}>Nowa grupa pytań</label>
            <input id="faq-group" value={groupTitle} onChange={(e) => setGroupTitle(e.target.value)} className={fieldClass} maxLength={200}
              aria-invalid={!!groupError} aria-describedby={groupError ? 'faq-group-error' : undefined} />
            {groupError && <p id="faq-group-error" className="mt-1 text-sm font-medium text-red-700">{groupError}</p>}
          </div>
          <button type="submit" className={buttonClass.primary} disabled={!!busy}>Dodaj grupę</button>
        </form>
      </Card>
    </AdminPage>
  )
}

function EntryForm({ draft, groups, onDone }: { draft: EntryDraft; groups: AdminFaqGroup[]; onDone: () => void }) {
  const { run, busy, api } = useAdminAction()
  const [d, setD] = useState(draft)
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const idp = `faq-${d.id ?? 'new'}`
  async function save(e: FormEvent) {
    e.preventDefault()
    const body = { group_id: d.group_id, question: d.question, answer: d.answer, status: d.status }
    const errs = await run('save', () => (d.id ? api.put(`/api/admin/faq/entries/${d.id}`, body, { silent: true }) : api.post('/api/admin/faq/entries', body, { silent: true })), 'Zapisano pytanie.')
    setErrors(errs ?? {})
    if (!errs) onDone()
  }
  return (
    <form onSubmit={save} noValidate className="mb-3 flex flex-col gap-4 rounded-xl border border-accent-200 bg-accent-50/40 p-4">
      <div>
        <label htmlFor={`${idp}-q`} className={labelClass}>Pytanie</label>
        <input id={`${idp}-q`} value={d.question} onChange={(e) => setD({ ...d, question: e.target.value })} className={fieldClass} maxLength={300}
          aria-invalid={!!errors.question} aria-describedby={errors.question ? `${idp}-q-error` : undefined} />
        {errors.question && <p id={`${idp}-q-error`} className="mt-1 text-sm font-medium text-red-700">{errors.question[0]}</p>}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${idp}-g`} className={labelClass}>Grupa</label>
          <select id={`${idp}-g`} value={d.group_id} onChange={(e) => setD({ ...d, group_id: Number(e.target.value) })} className={fieldClass}>
            {groups.map((g) => <option key={g.id} value={g.id}>{g.title}</option>)}
          </select>
        </div>
        <div>
          <label htmlFor={`${idp}-s`} className={labelClass}>Status</label>
          <select id={`${idp}-s`} value={d.status} onChange={(e) => setD({ ...d, status: e.target.value as EntryDraft['status'] })} className={fieldClass}>
            {CONTENT_STATUSES.map((s) => <option key={s} value={s}>{CONTENT_STATUS_LABELS[s]}</option>)}
          </select>
        </div>
      </div>
      <MarkdownEditor label="Odpowiedź" value={d.answer} onChange={(answer) => setD({ ...d, answer })} error={errors.answer?.[0]} rows={8} />
      <div className="flex gap-2">
        <button type="submit" className={buttonClass.primary} disabled={!!busy}>Zapisz pytanie</button>
        <button type="button" className={buttonClass.secondary} onClick={onDone}>Anuluj</button>
      </div>
    </form>
  )
}
