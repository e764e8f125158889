import { useState, type FormEvent } from 'react'
import { data, Link, useRevalidator } from 'react-router'
import { Button } from 'react-aria-components'
import type { ViewingSettings } from '@portal/contracts/viewings'
import { CLIENT_MESSAGES } from '@portal/contracts/plain/errors'
import { buttonStyles, SubmitButton } from '~/components/form'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { serverApi } from '~/lib/api.server'
import { requireUser } from '~/lib/auth.server'
import { pageTitle } from '~/lib/site'
import { useToast } from '~/lib/toast'
import { fieldInput as input, OpenDaysEditor } from '~/components/viewings/open-days-editor'
import { daysOf, WeekHours, weeklyOf, type Day } from '~/components/viewings/week-hours'
import type { Route } from './+types/viewing-settings'
import { TimeSelect } from '~/components/viewings/time-select'

export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireUser(context, request)
  if (!/^\d{1,15}$/.test(params.id)) throw data(null, { status: 404 })
  const res = await serverApi(context, `/api/offers/${params.id}/viewing-settings`, { headers: { Accept: 'application/json' } })
  if (!res.ok) throw data(null, { status: 404 })
  return data((await res.json()) as ViewingSettings, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const meta: Route.MetaFunction = ({ data: s }) => [{ title: pageTitle(s ? `Oglądanie: ${s.listing.title}` : 'Oglądanie') }, { name: 'robots', content: 'noindex' }]

const LENGTHS = [15, 30, 45, 60, 90, 120]
type Exception = { date: string; off: boolean; from: string; to: string }
const errText = (err: unknown) => (err instanceof ApiError && err.status < 500 ? err.message : CLIENT_MESSAGES.serverError)

/**
 * /moje-ogloszenia/ogladanie/:id (issue 28): when a listing can be visited — the week's hours, days that differ,
 * the length of a visit, automatic confirmation — and its open days with their places.
 */
export default function ViewingSettingsPage({ loaderData: s }: Route.ComponentProps) {
  const toast = useToast()
  const { revalidate } = useRevalidator()
  const [days, setDays] = useState<Day[]>(() => daysOf(s.weekly))
  const [length, setLength] = useState(s.visit_minutes)
  const [auto, setAuto] = useState(s.auto_confirm)
  const [exceptions, setExceptions] = useState<Exception[]>(() => s.exceptions.map((e) => ({ date: e.date, off: e.ranges.length === 0, from: e.ranges[0]?.from ?? '10:00', to: e.ranges[0]?.to ?? '14:00' })))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)

  async function save(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    setErrors({})
    try {
      await api.put('/api/offers/' + s.listing.id + '/viewing-settings', {
        weekly: weeklyOf(days),
        exceptions: exceptions.filter((x) => x.date).map((x) => ({ date: x.date, ranges: x.off ? [] : [{ from: x.from, to: x.to }] })),
        visit_minutes: length, auto_confirm: auto,
      }, { silent: true })
      toast.success('Zapisano godziny oglądania.')
      revalidate()
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setErrors(Object.fromEntries(Object.entries(err.fieldErrors ?? {}).map(([k, v]) => [k, v[0] ?? ''])))
      else toast.error(errText(err))
    } finally {
      setBusy(false)
    }
  }
  async function disable() {
    try { await api.delete(`/api/offers/${s.listing.id}/viewing-settings`, { silent: true }); toast.success('Rezerwacje oglądania są wyłączone.'); revalidate() } catch (err) { toast.error(errText(err)) }
  }
  const weeklyError = Object.entries(errors).find(([k]) => k.startsWith('weekly'))?.[1]

  return (
    <div className="container-page pt-8">
      <div className="mx-auto flex max-w-[860px] flex-col gap-6">
        <div>
          <Link to="/moje-ogloszenia" className="text-sm font-medium text-accent-700 hover:underline">← Moje ogłoszenia</Link>
          <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">Godziny oglądania</h1>
          <p className="mt-1 text-slate-600"><Link to={`/ogloszenia/${s.listing.slug}`} className="font-medium text-slate-800 hover:underline">{s.listing.title}</Link> · {s.enabled ? 'rezerwacje włączone' : 'rezerwacje wyłączone'} · <Link to={`/kalendarz?ogloszenie=${s.listing.id}`} className="font-medium text-accent-700 hover:underline">Kalendarz wizyt</Link></p>
        </div>

        <form onSubmit={save} noValidate className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-card sm:p-5" aria-label="Godziny oglądania">
          <WeekHours days={days} onChange={setDays} error={weeklyError} />

          <div className="flex flex-wrap gap-6">
            <label className="flex flex-col gap-1.5 text-sm font-semibold text-slate-800">Długość wizyty
              <select className={input} value={length} onChange={(e) => setLength(Number(e.target.value))}>
                {LENGTHS.map((m) => <option key={m} value={m}>{m} min</option>)}
              </select>
            </label>
            <label className="flex min-h-11 cursor-pointer items-center gap-2 self-end text-[15px] text-slate-800">
              <input type="checkbox" className="size-5 accent-accent-600" checked={auto} onChange={(e) => setAuto(e.target.checked)} />
              Potwierdzaj rezerwacje automatycznie
            </label>
          </div>
          {errors.visit_minutes && <p role="alert" className="text-sm font-medium text-red-700">{errors.visit_minutes}</p>}

          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-lg font-bold text-slate-900">Wyjątki</legend>
            <p className="text-sm text-slate-600">Dni wolne albo dni z innymi godzinami niż zwykle.</p>
            {exceptions.map((x, i) => {
              const set = (p: Partial<Exception>) => setExceptions(exceptions.map((y, j) => (j === i ? { ...y, ...p } : y)))
              return (
                <div key={i} className="flex flex-wrap items-center gap-3">
                  <input type="date" aria-label="Data wyjątku" className={input} value={x.date} onChange={(e) => set({ date: e.target.value })} />
                  <label className="flex min-h-11 items-center gap-2 text-[15px]"><input type="checkbox" className="size-5 accent-accent-600" checked={x.off} onChange={(e) => set({ off: e.target.checked })} /> dzień wolny</label>
                  {!x.off && <>
                    <TimeSelect aria-label="Wyjątek: od" className="w-[5.5rem]" value={x.from} onChange={(v) => set({ from: v })} />
                    <TimeSelect aria-label="Wyjątek: do" className="w-[5.5rem]" value={x.to} onChange={(v) => set({ to: v })} />
                  </>}
                  <Button onPress={() => setExceptions(exceptions.filter((_, j) => j !== i))} className="min-h-11 cursor-pointer rounded-full px-3 text-sm font-medium text-red-700 hover:bg-red-50">Usuń</Button>
                </div>
              )
            })}
            {Object.entries(errors).filter(([k]) => k.startsWith('exceptions')).slice(0, 1).map(([k, m]) => <p key={k} role="alert" className="text-sm font-medium text-red-700">{m}</p>)}
            <Button onPress={() => setExceptions([...exceptions, { date: '', off: true, from: '10:00', to: '14:00' }])} className={`${buttonStyles.secondary} self-start`}>Dodaj wyjątek</Button>
          </fieldset>

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {s.enabled && <Button onPress={() => void disable()} className={buttonStyles.secondary}>Wyłącz rezerwacje</Button>}
            <SubmitButton pending={busy} pendingLabel="Zapisywanie…">Zapisz godziny</SubmitButton>
          </div>
        </form>

        <OpenDaysEditor base={`/api/offers/${s.listing.id}`} days={s.open_days} onChange={revalidate} />
      </div>
    </div>
  )
}
