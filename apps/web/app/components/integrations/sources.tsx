import { useState, type FormEvent } from 'react'
import { Button } from 'react-aria-components'
import { CLIENT_MESSAGES } from '@portal/contracts/errors'
import { FEED_INTERVALS, feedSourceInputSchema, type FeedRun, type Integrations } from '@portal/contracts/feeds'
import { buttonStyles, Field, SubmitButton } from '~/components/form'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { intervalLabel } from '~/lib/feed-interval'
import { serverFieldErrors, zodFieldErrors } from '~/lib/form-errors'
import { useToast } from '~/lib/toast'

/** Feed URLs polled on a schedule (15 min … 24 h): add, fetch now, remove. */
const dateTime = new Intl.DateTimeFormat('pl-PL', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Warsaw' })
const errorText = (err: unknown) => (err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : CLIENT_MESSAGES.serverError)

export function FeedSources({ sources, onRun, onChange }: { sources: Integrations['sources']; onRun: (run: FeedRun) => void; onChange: () => void }) {
  const toast = useToast()
  const [url, setUrl] = useState('')
  const [every, setEvery] = useState('60')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [pending, setPending] = useState(false)

  async function add(e: FormEvent) {
    e.preventDefault()
    const parsed = feedSourceInputSchema.safeParse({ url, interval_minutes: Number(every) })
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error))
    setErrors({})
    setPending(true)
    try {
      await api.post('/api/feeds/sources', parsed.data, { silent: true })
      toast.success('Dodano adres; pierwszy import już czeka w kolejce')
      setUrl('')
      onChange()
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setErrors(serverFieldErrors(err.fieldErrors))
      else toast.error(errorText(err))
    } finally {
      setPending(false)
    }
  }
  async function runNow(id: number) {
    try {
      onRun(await api.post<FeedRun>(`/api/feeds/sources/${id}/run`, {}, { silent: true }))
    } catch (err) {
      toast.error(errorText(err))
    }
  }
  async function remove(id: number) {
    try {
      await api.delete(`/api/feeds/sources/${id}`, { silent: true })
      toast.success('Usunięto adres; ogłoszenia z niego zostają bez zmian')
      onChange()
    } catch (err) {
      toast.error(errorText(err))
    }
  }

  return (
    <div className="flex flex-col gap-5">
      {sources.length > 0 && (
        <ul className="divide-y divide-slate-200">
          {sources.map((s) => (
            <li key={s.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
                <p className="truncate font-mono text-sm text-slate-900">{s.url}</p>
                <p className="text-sm text-slate-600">
                  {intervalLabel(s.interval_minutes ?? 60)}
                  {s.last_polled_at ? ` · ostatnio pobrano ${dateTime.format(new Date(s.last_polled_at))}` : ''}
                </p>
              </div>
              <div className="flex gap-2">
                <Button onPress={() => void runNow(s.id)} className={buttonStyles.secondary}>Pobierz teraz</Button>
                <Button onPress={() => void remove(s.id)} className={buttonStyles.secondary} aria-label={`Usuń adres ${s.url}`}>Usuń</Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} noValidate aria-label="Dodaj adres pliku" className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-start">
        <Field label="Adres pliku (URL)" name="url" type="url" placeholder="https://crm.example.pl/eksport/oferty.xml" isRequired
          value={url} onChange={setUrl} error={errors.url} />
        <div className="flex flex-col gap-1.5 sm:mt-0">
          <label htmlFor="feed-interval" className="block text-sm font-semibold text-slate-800">Jak często</label>
          <select id="feed-interval" name="interval_minutes" value={every} onChange={(e) => setEvery(e.target.value)}
            className="h-12 rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 outline-none focus-visible:border-accent-600 focus-visible:ring-2 focus-visible:ring-accent-200">
            {FEED_INTERVALS.map((m) => <option key={m} value={m}>{intervalLabel(m)}</option>)}
          </select>
          {errors.interval_minutes && <p className="text-sm text-red-700">{errors.interval_minutes}</p>}
        </div>
        <div className="sm:col-span-2"><SubmitButton pending={pending} pendingLabel="Dodawanie…">Dodaj adres</SubmitButton></div>
      </form>
    </div>
  )
}
