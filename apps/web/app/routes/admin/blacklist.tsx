import { useState, type FormEvent } from 'react'
import { data } from 'react-router'
import { AdminPage, buttonClass, Card, Empty, fieldClass, labelClass, useAdminAction } from '~/components/admin/admin-ui'
import { serverApi } from '~/lib/api.server'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/blacklist'

interface Word { id: number; word: string; created_at: string }

export async function loader({ context }: Route.LoaderArgs) {
  const res = await serverApi(context, '/api/admin/blacklist')
  if (!res.ok) throw data(null, { status: 404 })
  return (await res.json()) as { data: Word[] }
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Czarna lista słów') }, { name: 'robots', content: 'noindex' }]

/** Words masked in titles and descriptions when a listing is saved. */
export default function BlacklistRoute({ loaderData }: Route.ComponentProps) {
  const { run, busy, api } = useAdminAction()
  const [word, setWord] = useState('')
  const [error, setError] = useState<string | undefined>()
  async function add(e: FormEvent) {
    e.preventDefault()
    const errors = await run('add', () => api.post('/api/admin/blacklist', { word }, { silent: true }), 'Dodano słowo.')
    setError(errors?.word?.[0])
    if (!errors) setWord('')
  }
  return (
    <AdminPage title="Czarna lista słów" intro="Słowa z listy są maskowane w tytułach i opisach przy zapisie ogłoszenia (pierwsza litera zostaje, reszta to gwiazdki). Odmiany są wyłapywane: „oszust” maskuje też „oszusta”, „oszustów”. Wielkość liter reszty tekstu się nie zmienia.">
      <Card>
        <form onSubmit={add} className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
          <div className="flex-1">
            <label htmlFor="bl-word" className={labelClass}>Nowe słowo</label>
            <input id="bl-word" value={word} onChange={(e) => setWord(e.target.value)} className={fieldClass} maxLength={40}
              aria-invalid={!!error} aria-describedby={error ? 'bl-word-error' : undefined} />
            {error && <p id="bl-word-error" className="mt-1 text-sm font-medium text-red-700">{error}</p>}
          </div>
          <button type="submit" className={buttonClass.primary} disabled={!!busy}>Dodaj</button>
        </form>
      </Card>
      {loaderData.data.length === 0 ? <Empty>Lista jest pusta.</Empty> : (
        <Card>
          <ul className="flex flex-wrap gap-2">
            {loaderData.data.map((w) => (
              <li key={w.id} className="inline-flex items-center gap-2 rounded-full border border-slate-200 bg-slate-50 py-1 pr-1 pl-3">
                <span className="font-medium text-slate-800">{w.word}</span>
                <button type="button" aria-label={`Usuń słowo ${w.word}`} disabled={!!busy}
                  onClick={() => run(`del-${w.id}`, () => api.delete(`/api/admin/blacklist/${w.id}`, { silent: true }), 'Usunięto słowo.')}
                  className="inline-flex size-8 items-center justify-center rounded-full text-slate-500 hover:bg-red-50 hover:text-red-700">×</button>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </AdminPage>
  )
}
