import { useState } from 'react'
import { data, useOutletContext } from 'react-router'
import { MODERATION_MODE_LABELS, type AdminMe, type AdminPage as Paged, type QueueItem } from '@portal/contracts/admin'
import { formatPrice } from '@portal/contracts/format'
import { AdminPage, buttonClass, Card, Empty, fieldClass, formatDateTime, labelClass, Pager, useAdminAction } from '~/components/admin/admin-ui'
import { serverApi } from '~/lib/api.server'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/moderation'

interface CategoryMode { id: number; name: string; parent: string | null; mode: 'pre' | 'post' }

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const page = Math.max(1, Number(url.searchParams.get('page')) || 1)
  const mode = url.searchParams.get('tryb') === 'pre' || url.searchParams.get('tryb') === 'post' ? url.searchParams.get('tryb')! : ''
  const q = new URLSearchParams({ page: String(page), ...(mode ? { mode } : {}) })
  const [queue, cats] = await Promise.all([
    serverApi(context, `/api/admin/moderation?${q}`).then((r) => (r.ok ? (r.json() as Promise<Paged<QueueItem>>) : null)),
    serverApi(context, '/api/admin/moderation/categories').then((r) => (r.ok ? (r.json() as Promise<{ data: CategoryMode[] }>) : null)),
  ])
  if (!queue || !cats) throw data(null, { status: 404 })
  return { queue, categories: cats.data, mode }
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Moderacja ogłoszeń') }, { name: 'robots', content: 'noindex' }]

/** The moderation queue (oldest first) and the per-category mode. */
export default function ModerationRoute({ loaderData }: Route.ComponentProps) {
  const { queue, categories, mode } = loaderData
  const me = useOutletContext<AdminMe>()
  return (
    <AdminPage title="Moderacja ogłoszeń" intro="Nowe ogłoszenia i zmiany treści, od najstarszych. W trybie „przed publikacją” ogłoszenie czeka na decyzję; w trybie „po publikacji” jest już widoczne.">
      <nav aria-label="Tryb" className="flex flex-wrap gap-2 text-sm">
        {[['', 'Wszystkie'], ['pre', 'Czekają na akceptację'], ['post', 'Już widoczne']].map(([v, label]) => (
          <a key={v} href={v ? `?tryb=${v}` : '?'} aria-current={mode === v ? 'page' : undefined}
            className={`rounded-full border px-3 py-1.5 font-medium ${mode === v ? 'border-accent-600 bg-accent-50 text-accent-800' : 'border-slate-300 bg-white text-slate-700'}`}>{label}</a>
        ))}
      </nav>
      {queue.data.length === 0 ? <Empty>Kolejka jest pusta.</Empty> : (
        <ul className="flex flex-col gap-4">
          {queue.data.map((item) => <QueueCard key={item.id} item={item} />)}
        </ul>
      )}
      <Pager page={queue.page} last={queue.last_page} href={(p) => `?${new URLSearchParams({ ...(mode ? { tryb: mode } : {}), page: String(p) })}`} />
      <CategoryModes categories={categories} canEdit={me.is_admin} />
    </AdminPage>
  )
}

function QueueCard({ item }: { item: QueueItem }) {
  const { run, busy, api } = useAdminAction()
  const [note, setNote] = useState('')
  const [error, setError] = useState<string | undefined>()
  const noteId = `note-${item.id}`
  async function reject() {
    const errors = await run('reject', () => api.post(`/api/admin/moderation/${item.id}/reject`, { note }, { silent: true }), 'Ogłoszenie zostało odrzucone.')
    setError(errors?.note?.[0])
  }
  return (
    <li data-queue-item={item.id}>
      <Card className="flex flex-col gap-4 md:flex-row">
        <div className="aspect-[4/3] w-full shrink-0 overflow-hidden rounded-xl bg-slate-100 md:w-48">
          {item.photo ? <img src={item.photo} alt={`Zdjęcie: ${item.title}`} className="size-full object-cover" loading="lazy" /> : <span className="flex size-full items-center justify-center text-sm text-slate-600">Brak zdjęć</span>}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap gap-2 text-xs font-semibold">
            <span className={`rounded-full px-2 py-0.5 ${item.mode === 'pre' ? 'bg-amber-100 text-amber-900' : 'bg-sky-100 text-sky-900'}`}>{item.mode === 'pre' ? 'Czeka na akceptację' : 'Już widoczne'}</span>
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">{item.reason === 'new' ? 'Nowe ogłoszenie' : 'Zmiana treści'}</span>
          </div>
          <h2 className="text-lg font-semibold text-slate-900">{item.title}</h2>
          <p className="text-sm text-slate-600">{item.category} · {item.city} · {formatPrice(item.price)} · nr {item.id}</p>
          <p className="text-sm text-slate-600">Właściciel: <a className="font-medium text-accent-700 hover:underline" href={`/admin/uzytkownicy/${item.owner.id}`}>{item.owner.name}</a> ({item.owner.email}) · w kolejce od {formatDateTime(item.queued_at)}</p>
          <details className="text-sm text-slate-700">
            <summary className="cursor-pointer font-medium text-slate-800">Opis</summary>
            <p className="mt-2 whitespace-pre-line">{item.description}</p>
          </details>
          <div className="mt-2 flex flex-col gap-3 border-t border-slate-100 pt-3 sm:flex-row sm:items-end">
            <button type="button" className={buttonClass.primary} disabled={!!busy}
              onClick={() => run('approve', () => api.post(`/api/admin/moderation/${item.id}/approve`, undefined, { silent: true }), 'Ogłoszenie zostało zatwierdzone.')}>
              Zatwierdź
            </button>
            <div className="flex flex-1 flex-col gap-2 sm:flex-row sm:items-end">
              <div className="flex-1">
                <label htmlFor={noteId} className={labelClass}>Powód odrzucenia (zobaczy go właściciel)</label>
                <textarea id={noteId} rows={2} value={note} onChange={(e) => setNote(e.target.value)} maxLength={1000}
                  aria-invalid={!!error} aria-describedby={error ? `${noteId}-error` : undefined} className={fieldClass} />
                {error && <p id={`${noteId}-error`} className="mt-1 text-sm font-medium text-red-700">{error}</p>}
              </div>
              <button type="button" className={buttonClass.danger} disabled={!!busy} onClick={reject}>Odrzuć</button>
            </div>
          </div>
        </div>
      </Card>
    </li>
  )
}

function CategoryModes({ categories, canEdit }: { categories: CategoryMode[]; canEdit: boolean }) {
  const { run, busy, api } = useAdminAction()
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Tryb moderacji kategorii</h2>
      <p className="mt-1 text-sm text-slate-600">Podkategoria bez własnego ustawienia dziedziczy tryb kategorii nadrzędnej. {canEdit ? '' : 'Zmieniać może tylko administrator.'}</p>
      <ul className="mt-3 divide-y divide-slate-100">
        {categories.filter((c) => !c.parent).map((c) => (
          <li key={c.id} className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:justify-between">
            <span className="font-medium text-slate-800">{c.name}</span>
            {canEdit ? (
              <select aria-label={`Tryb moderacji: ${c.name}`} value={c.mode} disabled={!!busy} className={`${fieldClass} sm:max-w-xs`}
                onChange={(e) => run(`cat-${c.id}`, () => api.put(`/api/admin/moderation/categories/${c.id}`, { mode: e.target.value }, { silent: true }), 'Zapisano tryb moderacji.')}>
                <option value="post">{MODERATION_MODE_LABELS.post}</option>
                <option value="pre">{MODERATION_MODE_LABELS.pre}</option>
              </select>
            ) : <span className="text-sm text-slate-600">{MODERATION_MODE_LABELS[c.mode]}</span>}
          </li>
        ))}
      </ul>
    </Card>
  )
}
