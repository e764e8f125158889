import { useState, type FormEvent } from 'react'
import { data } from 'react-router'
import { PAGE_STATUS_LABELS, PAGE_STATUSES, type AdminContentPage, type AdminStaticPage } from '@portal/contracts/cms'
import { AdminPage, buttonClass, Card, fieldClass, labelClass, useAdminAction } from '~/components/admin/admin-ui'
import { MarkdownEditor } from '~/components/admin/markdown-editor'
import { serverApi } from '~/lib/api.server'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/pages'

export async function loader({ context }: Route.LoaderArgs) {
  const [res, editorial] = await Promise.all([serverApi(context, '/api/admin/pages'), serverApi(context, '/api/admin/content-pages')])
  if (!res.ok || !editorial.ok) throw data(null, { status: 404 })
  const pages = (await res.json()) as { data: AdminStaticPage[] }
  return { data: pages.data, editorial: ((await editorial.json()) as { data: AdminContentPage[] }).data }
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Strony statyczne') }, { name: 'robots', content: 'noindex' }]

type Draft = { id: number | null; title: string; content: string; status: AdminStaticPage['status'] }

/** CMS: the footer's static pages (/strony/{id}), Markdown with a live preview. */
export default function PagesRoute({ loaderData }: Route.ComponentProps) {
  const [draft, setDraft] = useState<Draft | null>(null)
  const [editorial, setEditorial] = useState<AdminContentPage | null>(null)
  return (
    <AdminPage title="Strony statyczne" intro="Strony w stopce serwisu (regulamin, cennik, poradniki) i strony redakcyjne (O nas). Ukryta strona znika ze stopki i spod swojego adresu."
      actions={<button type="button" className={buttonClass.primary} onClick={() => setDraft({ id: null, title: '', content: '', status: 'active' })}>Nowa strona</button>}>
      {draft && <PageForm key={draft.id ?? 'new'} draft={draft} onDone={() => setDraft(null)} />}
      <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-card">
        {loaderData.data.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3" data-page-row={p.id}>
            <div className="min-w-0">
              <a href={`/strony/${p.id}`} className="font-semibold text-slate-900 hover:text-accent-700 hover:underline">{p.title}</a>
              <span className="block text-sm text-slate-600">/strony/{p.id} · {PAGE_STATUS_LABELS[p.status]}</span>
            </div>
            <button type="button" className={buttonClass.secondary} aria-label={`Edytuj stronę ${p.title}`}
              onClick={() => setDraft({ id: p.id, title: p.title, content: p.content, status: p.status })}>Edytuj</button>
          </li>
        ))}
      </ul>
      <h2 className="pt-2 text-xl font-bold text-slate-900">Strony redakcyjne</h2>
      {editorial && <EditorialForm key={editorial.id} page={editorial} onDone={() => setEditorial(null)} />}
      <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-card">
        {loaderData.editorial.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
            <div className="min-w-0">
              <a href={`/${p.slug}`} className="font-semibold text-slate-900 hover:text-accent-700 hover:underline">{p.title}</a>
              <span className="block text-sm text-slate-600">/{p.slug}</span>
            </div>
            <button type="button" className={buttonClass.secondary} aria-label={`Edytuj stronę ${p.title}`} onClick={() => setEditorial(p)}>Edytuj</button>
          </li>
        ))}
      </ul>
    </AdminPage>
  )
}

function EditorialForm({ page, onDone }: { page: AdminContentPage; onDone: () => void }) {
  const { run, busy, api } = useAdminAction()
  const [d, setD] = useState({ title: page.title, lead: page.lead, body: page.body })
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  async function save(e: FormEvent) {
    e.preventDefault()
    const errs = await run('save', () => api.put(`/api/admin/content-pages/${page.id}`, d, { silent: true }), 'Zapisano stronę.')
    setErrors(errs ?? {})
    if (!errs) onDone()
  }
  return (
    <Card>
      <form onSubmit={save} noValidate className="flex flex-col gap-4">
        <h3 className="text-lg font-bold text-slate-900">Edycja strony /{page.slug}</h3>
        <div>
          <label htmlFor="ed-title" className={labelClass}>Tytuł</label>
          <input id="ed-title" value={d.title} onChange={(e) => setD({ ...d, title: e.target.value })} className={fieldClass} maxLength={200}
            aria-invalid={!!errors.title} aria-describedby={errors.title ? 'ed-title-error' : undefined} />
          {errors.title && <p id="ed-title-error" className="mt-1 text-sm font-medium text-red-700">{errors.title[0]}</p>}
        </div>
        <div>
          <label htmlFor="ed-lead" className={labelClass}>Wstęp</label>
          <textarea id="ed-lead" rows={2} value={d.lead} onChange={(e) => setD({ ...d, lead: e.target.value })} className={fieldClass} maxLength={500}
            aria-invalid={!!errors.lead} aria-describedby={errors.lead ? 'ed-lead-error' : undefined} />
          {errors.lead && <p id="ed-lead-error" className="mt-1 text-sm font-medium text-red-700">{errors.lead[0]}</p>}
        </div>
        <MarkdownEditor label="Treść" value={d.body} onChange={(body) => setD({ ...d, body })} error={errors.body?.[0]} rows={16} />
        <div className="flex gap-2">
          <button type="submit" className={buttonClass.primary} disabled={!!busy}>Zapisz</button>
          <button type="button" className={buttonClass.secondary} onClick={onDone}>Anuluj</button>
        </div>
      </form>
    </Card>
  )
}

function PageForm({ draft, onDone }: { draft: Draft; onDone: () => void }) {
  const { run, busy, api } = useAdminAction()
  const [d, setD] = useState(draft)
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  async function save(e: FormEvent) {
    e.preventDefault()
    const body = { title: d.title, content: d.content, status: d.status }
    const errs = await run('save', () => (d.id ? api.put(`/api/admin/pages/${d.id}`, body, { silent: true }) : api.post('/api/admin/pages', body, { silent: true })), 'Zapisano stronę.')
    setErrors(errs ?? {})
    if (!errs) onDone()
  }
  return (
    <Card>
      <form onSubmit={save} noValidate className="flex flex-col gap-4">
        <h2 className="text-lg font-bold text-slate-900">{d.id ? `Edycja strony ${d.id}` : 'Nowa strona'}</h2>
        <div className="grid gap-4 sm:grid-cols-3">
          <div className="sm:col-span-2">
            <label htmlFor="pg-title" className={labelClass}>Tytuł</label>
            <input id="pg-title" value={d.title} onChange={(e) => setD({ ...d, title: e.target.value })} className={fieldClass} maxLength={200}
              aria-invalid={!!errors.title} aria-describedby={errors.title ? 'pg-title-error' : undefined} />
            {errors.title && <p id="pg-title-error" className="mt-1 text-sm font-medium text-red-700">{errors.title[0]}</p>}
          </div>
          <div>
            <label htmlFor="pg-status" className={labelClass}>Status</label>
            <select id="pg-status" value={d.status} onChange={(e) => setD({ ...d, status: e.target.value as Draft['status'] })} className={fieldClass}>
              {PAGE_STATUSES.map((s) => <option key={s} value={s}>{PAGE_STATUS_LABELS[s]}</option>)}
            </select>
          </div>
        </div>
        <MarkdownEditor label="Treść" value={d.content} onChange={(content) => setD({ ...d, content })} error={errors.content?.[0]} rows={16} />
        <div className="flex gap-2">
          <button type="submit" className={buttonClass.primary} disabled={!!busy}>Zapisz</button>
          <button type="button" className={buttonClass.secondary} onClick={onDone}>Anuluj</button>
        </div>
      </form>
    </Card>
  )
}
