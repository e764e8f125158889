import { useEffect, useRef, useState, type FormEvent } from 'react'
import { data, Link, useRevalidator } from 'react-router'
import { FEED_MESSAGES, type FeedRun, type Integrations } from '@portal/contracts/feeds'
import { SettingsSection } from '~/components/account/section'
import { FormAlert, SubmitButton } from '~/components/form'
import { RunCard } from '~/components/integrations/run-card'
import { FeedSources } from '~/components/integrations/sources'
import { ApiTokens } from '~/components/integrations/tokens'
import { api } from '~/lib/api'
import { serverApi } from '~/lib/api.server'
import { requireUser } from '~/lib/auth.server'
import { uploadFile } from '~/lib/offer-upload'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/integrations'

// Spec §2 /integracje (+ /account/Integrations): listing feeds, for every logged-in user as §2 lists it (decision 052).
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(context, request)
  const res = await serverApi(context, '/api/feeds', { headers: { Accept: 'application/json' } })
  const result = res.ok ? ((await res.json()) as Integrations) : null
  return data({ result }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Integracje') }, { name: 'robots', content: 'noindex' }]

const isActive = (r: FeedRun) => r.status === 'queued' || r.status === 'running'
const NO_RUNS: FeedRun[] = []

/** Runs shown on the page; the ones still going are asked for their progress every second. */
function useRuns(initial: FeedRun[]) {
  const [runs, setRuns] = useState(initial)
  useEffect(() => setRuns(initial), [initial])
  const ref = useRef(runs)
  ref.current = runs
  const activeIds = runs.filter(isActive).map((r) => r.id).join(',')
  useEffect(() => {
    if (!activeIds) return
    let stop = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const tick = async () => {
      const fresh = await Promise.all(activeIds.split(',').map((id) => api.get<FeedRun>(`/api/feeds/runs/${id}`, { silent: true }).catch(() => null)))
      if (stop) return
      setRuns((list) => list.map((r) => fresh.find((f) => f?.id === r.id) ?? r))
      timer = setTimeout(() => void tick(), 1000)
    }
    timer = setTimeout(() => void tick(), 700)
    return () => { stop = true; clearTimeout(timer) }
  }, [activeIds])
  const add = (run: FeedRun) => setRuns((list) => [run, ...list.filter((r) => r.id !== run.id)])
  return { runs, add }
}

function UploadForm({ onRun }: { onRun: (run: FeedRun) => void }) {
  const [file, setFile] = useState<File | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)
  async function submit(e: FormEvent) {
    e.preventDefault()
    if (!file) return setError(FEED_MESSAGES.fileRequired)
    setError(null)
    setProgress(0)
    const r = await uploadFile<FeedRun>('/api/feeds/upload', file, setProgress)
    setProgress(null)
    if (!r.ok) return setError(r.status === 413 ? FEED_MESSAGES.fileTooLarge : r.message)
    setFile(null)
    if (input.current) input.current.value = ''
    onRun(r.data)
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Import pliku" className="flex flex-col gap-4">
      <div>
        <label htmlFor="feed-file" className="mb-1.5 block text-sm font-semibold text-slate-800">Plik XML albo ZIP (XML ze zdjęciami)</label>
        <input
          ref={input} id="feed-file" name="file" type="file" accept=".xml,.zip,application/xml,text/xml,application/zip"
          aria-describedby={error ? 'feed-file-error' : undefined} aria-invalid={!!error}
          onChange={(e) => { setFile(e.target.files?.[0] ?? null); setError(null) }}
          className="block w-full rounded-xl border border-slate-300 bg-white text-[15px] text-slate-800 file:mr-3 file:min-h-12 file:border-0 file:bg-accent-50 file:px-4 file:font-semibold file:text-accent-800 hover:file:bg-accent-100"
        />
        {error && <p id="feed-file-error" role="alert" className="mt-1.5 text-sm font-medium text-red-700">{error}</p>}
      </div>
      {progress !== null && (
        <div role="progressbar" aria-label="Wysyłanie pliku" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress * 100)} className="h-2 overflow-hidden rounded-full bg-slate-100">
          <div className="h-full bg-accent-600" style={{ width: `${Math.round(progress * 100)}%` }} />
        </div>
      )}
      <div><SubmitButton pending={progress !== null} pendingLabel="Wysyłanie…">Importuj plik</SubmitButton></div>
    </form>
  )
}

/** /integracje and /account/Integrations: feeds from the company's CRM (files, URLs), their runs, partner API keys. */
export default function IntegrationsPage({ loaderData }: Route.ComponentProps) {
  const { result } = loaderData
  const revalidator = useRevalidator()
  const reload = () => void revalidator.revalidate()
  const { runs, add } = useRuns(result?.runs ?? NO_RUNS)
  return (
    <div className="container-page pt-8">
      <div className="mx-auto flex max-w-[760px] flex-col gap-6">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Integracje</h1>
          <p className="mt-2 text-[15px] leading-relaxed text-slate-600">
            Publikuj ogłoszenia prosto z programu do obsługi biura (ASARI, Galactica Virgo i inne): przyjmujemy pliki Oferty.net,
            OpenImmo 1.2.7 i <Link to="/integracje/format" className="font-medium text-accent-700 underline underline-offset-2">format portalu</Link>.
            Pełny plik kończy ogłoszenia, których w nim nie ma; plik zmian dotyczy tylko ofert, które wymienia.
          </p>
        </div>
        {!result && <FormAlert>Nie udało się wczytać integracji. Odśwież stronę za chwilę.</FormAlert>}
        <SettingsSection title="Import z pliku" description="Wyślij plik XML albo archiwum ZIP z plikiem XML i zdjęciami, do 300 MB. Import działa w tle — możesz zamknąć stronę.">
          <UploadForm onRun={add} />
        </SettingsSection>
        <SettingsSection title="Importy">
          {runs.length ? (
            <div className="flex flex-col gap-3">{runs.map((r) => <RunCard key={r.id} run={r} />)}</div>
          ) : (
            <p className="text-slate-600">Nie było jeszcze importów.</p>
          )}
        </SettingsSection>
        <SettingsSection title="Pobieranie z adresu" description="Podaj adres, pod którym Twój program publikuje plik z ofertami; pobierzemy go regularnie, od co 15 minut do raz na dobę.">
          <FeedSources sources={result?.sources ?? []} onRun={add} onChange={reload} />
        </SettingsSection>
        <SettingsSection
          title="API dla partnerów"
          description={<>Klucz pozwala programowi dodawać, zmieniać i kończyć Twoje ogłoszenia przez JSON API (opis w <a href="/api/docs" className="font-medium text-accent-700 underline underline-offset-2">dokumentacji API</a>, grupa partner).</>}
        >
          <ApiTokens tokens={result?.tokens ?? []} onChange={reload} />
        </SettingsSection>
      </div>
    </div>
  )
}
