import { useEffect, useRef, useState, type FormEvent } from 'react'
import { data, useRevalidator } from 'react-router'
import { CONTENT_STATUS_LABELS, CONTENT_STATUSES, type AdminFaqEntry, type AdminFaqGroup } from '@portal/contracts/cms'
import { AdminPage, buttonClass, Card, fieldClass, labelClass, useAdminAction } from '~/components/admin/admin-ui'
import { MarkdownEditor } from '~/components/admin/markdown-editor'
import { ChevronDownIcon } from '~/components/icons'
import { serverApi } from '~/lib/api.server'
import { useToast } from '~/lib/toast'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/faq'

export async function loader({ context }: Route.LoaderArgs) {
  const res = await serverApi(context, '/api/admin/faq')
  if (!res.ok) throw data(null, { status: 404 })
  return (await res.json()) as { groups: AdminFaqGroup[] }
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('FAQ') }, { name: 'robots', content: 'noindex' }]

type EntryDraft = { id: number | null; group_id: number; question: string; answer: string; status: AdminFaqEntry['status'] }

/** `ids` with the one at `i` swapped with its neighbour in `step` (-1 up, +1 down). */
function moved(ids: number[], i: number, step: -1 | 1): number[] {
  const next = [...ids]
  ;[next[i], next[i + step]] = [next[i + step]!, next[i]!]
  return next
}

const moveClass = 'inline-flex size-10 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 hover:border-slate-400 disabled:opacity-40'

/**
 * Up and down buttons for one item of a list; the first cannot go up nor the last down. `id` names the item, so the
 * focus can follow it to its new place (React moves a node down by taking it out of the page, which loses the focus).
 */
function MoveButtons({ id, name, index, count, disabled, onMove }: { id: string; name: string; index: number; count: number; disabled: boolean; onMove: (step: -1 | 1) => void }) {
  return (
    <span className="flex gap-1" data-move={id}>
      <button type="button" className={moveClass} aria-label={`Przesuń wyżej: ${name}`} data-step="-1" disabled={disabled || index === 0} onClick={() => onMove(-1)}>
        <ChevronDownIcon className="rotate-180" />
      </button>
      <button type="button" className={moveClass} aria-label={`Przesuń niżej: ${name}`} data-step="1" disabled={disabled || index === count - 1} onClick={() => onMove(1)}>
        <ChevronDownIcon />
      </button>
    </span>
  )
}

/** The same direction's button of the moved item, or the other one where it reached the end of the list. */
function refocus(id: string, step: -1 | 1) {
  const box = document.querySelector(`[data-move="${id}"]`)
  const button = box?.querySelector<HTMLButtonElement>(`button[data-step="${step}"]:not(:disabled)`) ?? box?.querySelector<HTMLButtonElement>('button:not(:disabled)')
  button?.focus()
}

/** CMS: FAQ groups and entries, their order and the groups' names; a saved change shows on /faq at once. */
export default function FaqAdminRoute({ loaderData }: Route.ComponentProps) {
  const { groups } = loaderData
  const { run, busy, api } = useAdminAction()
  const [entry, setEntry] = useState<EntryDraft | null>(null)
  const [groupTitle, setGroupTitle] = useState('')
  const [groupError, setGroupError] = useState<string | undefined>()
  const [renaming, setRenaming] = useState<number | null>(null)
  const toast = useToast()
  const revalidator = useRevalidator()
  const groupIds = groups.map((g) => g.id)
  /** A move sends the whole new order; one refused (a group or question added or removed elsewhere) says so and reloads. */
  async function move(id: string, step: -1 | 1, url: string, body: object, success: string) {
    focusAfter.current = { id, step, before: groups }
    const errs = await run(id, () => api.put(url, body, { silent: true }), success)
    const refused = errs && Object.values(errs)[0]?.[0]
    if (refused) {
      toast.error(refused)
      await revalidator.revalidate()
    } else if (errs) {
      focusAfter.current = null
    }
  }
  // Once the reloaded list is drawn (React Router draws it in a transition, after `busy` ends) with the buttons enabled.
  const focusAfter = useRef<{ id: string; step: -1 | 1; before: AdminFaqGroup[] } | null>(null)
  useEffect(() => {
    const f = focusAfter.current
    if (busy || !f || f.before === groups) return
    refocus(f.id, f.step)
    focusAfter.current = null
  }, [busy, groups])
  const moveGroup = (i: number, step: -1 | 1) =>
    move(`g${groupIds[i]}`, step, '/api/admin/faq/order', { group_ids: moved(groupIds, i, step) }, 'Zmieniono kolejność grup.')
  const moveEntry = (g: AdminFaqGroup, i: number, step: -1 | 1) =>
    move(`e${g.entries[i]!.id}`, step, `/api/admin/faq/groups/${g.id}/order`, { entry_ids: moved(g.entries.map((e) => e.id), i, step) }, 'Zmieniono kolejność pytań.')
  async function addGroup(e: FormEvent) {
    e.preventDefault()
    const errs = await run('group', () => api.post('/api/admin/faq/groups', { title: groupTitle }, { silent: true }), 'Dodano grupę.')
    setGroupError(errs?.title?.[0] ?? errs?.slug?.[0])
    if (!errs) setGroupTitle('')
  }
  return (
    <AdminPage title="FAQ" intro={<>Pytania i odpowiedzi ze strony <a href="/faq" className="text-accent-700 underline">/faq</a>. Zapisana zmiana jest widoczna od razu; szkice są ukryte.</>}>
      {groups.map((g, gi) => (
        <Card key={g.id}>
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2" data-faq-group={g.id}>
            {renaming === g.id
              ? <RenameForm group={g} onDone={() => setRenaming(null)} />
              : <h2 className="text-lg font-bold text-slate-900">{g.title}</h2>}
            <div className="flex flex-wrap gap-2">
              <MoveButtons id={`g${g.id}`} name={g.title} index={gi} count={groups.length} disabled={!!busy} onMove={(step) => moveGroup(gi, step)} />
              {renaming !== g.id && (
                <button type="button" className={buttonClass.secondary} aria-label={`Zmień nazwę grupy: ${g.title}`} onClick={() => setRenaming(g.id)}>Zmień nazwę</button>
              )}
              <button type="button" className={buttonClass.secondary} onClick={() => setEntry({ id: null, group_id: g.id, question: '', answer: '', status: 'published' })}>Dodaj pytanie</button>
              {g.entries.length === 0 && (
                <button type="button" className={buttonClass.danger} disabled={!!busy}
                  onClick={() => run(`gdel-${g.id}`, () => api.delete(`/api/admin/faq/groups/${g.id}`, { silent: true }), 'Usunięto grupę.')}>Usuń grupę</button>
              )}
            </div>
          </div>
          {entry && entry.group_id === g.id && entry.id === null && <EntryForm key="new" draft={entry} groups={groups} onDone={() => setEntry(null)} />}
          <ul className="divide-y divide-slate-100">
            {g.entries.map((e, ei) => (
              <li key={e.id} className="py-3" data-faq-entry={e.id}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium text-slate-900">{e.question}
                    {e.status === 'draft' && <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Szkic</span>}
                  </span>
                  <div className="flex flex-wrap gap-2">
                    <MoveButtons id={`e${e.id}`} name={e.question} index={ei} count={g.entries.length} disabled={!!busy} onMove={(step) => moveEntry(g, ei, step)} />
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

function RenameForm({ group, onDone }: { group: AdminFaqGroup; onDone: () => void }) {
  const { run, busy, api } = useAdminAction()
  const [title, setTitle] = useState(group.title)
  const [error, setError] = useState<string | undefined>()
  const id = `faq-group-${group.id}-title`
  async function save(e: FormEvent) {
    e.preventDefault()
    // The group keeps its address (slug) and place: links to /faq#… stay valid.
    const errs = await run('rename', () => api.put(`/api/admin/faq/groups/${group.id}`, { title }, { silent: true }), 'Zmieniono nazwę grupy.')
    setError(errs?.title?.[0])
    if (!errs) onDone()
  }
  return (
    <form onSubmit={save} noValidate className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-end">
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className={labelClass}>Nazwa grupy</label>
        <input id={id} value={title} onChange={(e) => setTitle(e.target.value)} className={fieldClass} maxLength={200} autoFocus
          aria-invalid={!!error} aria-describedby={error ? `${id}-error` : undefined} />
        {error && <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">{error}</p>}
      </div>
      <div className="flex gap-2">
        <button type="submit" className={buttonClass.primary} disabled={!!busy}>Zapisz nazwę</button>
        <button type="button" className={buttonClass.secondary} onClick={onDone}>Anuluj</button>
      </div>
    </form>
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
