import { useState, type FormEvent } from 'react'
import { data, Link, useRevalidator, useSearchParams } from 'react-router'
import { Button } from 'react-aria-components'
import { formatViewingDay, formatViewingTime, VIEWING_STATUS_LABELS, viewingDate, warsawInstant, WEEKDAYS, type Viewing } from '@portal/contracts/viewings'
import { CLIENT_MESSAGES } from '@portal/contracts/plain/errors'
import { buttonStyles, SubmitButton } from '~/components/form'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { serverApi } from '~/lib/api.server'
import { requireUser } from '~/lib/auth.server'
import { pageTitle } from '~/lib/site'
import { useToast } from '~/lib/toast'
import type { Route } from './+types/calendar'

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireUser(context, request)
  const url = new URL(request.url)
  const role = url.searchParams.get('rola') === 'moje' ? 'visitor' : 'owner'
  const listing = url.searchParams.get('ogloszenie')
  const q = new URLSearchParams({ role, ...(listing && /^\d{1,15}$/.test(listing) ? { listing } : {}) })
  const [list, feed] = await Promise.all([
    serverApi(context, `/api/viewings?${q}`, { headers: { Accept: 'application/json' } }),
    serverApi(context, '/api/viewings/feed', { headers: { Accept: 'application/json' } }),
  ])
  if (!list.ok || !feed.ok) throw data(null, { status: 500 })
  const body = (await list.json()) as { data: Viewing[]; listings: { id: number; title: string }[] }
  return data({ ...body, role, feed: ((await feed.json()) as { url: string }).url }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Kalendarz') }, { name: 'robots', content: 'noindex' }]

const errText = (err: unknown) => (err instanceof ApiError && err.status < 500 ? err.message : CLIENT_MESSAGES.serverError)
const tab = (on: boolean) => `inline-flex min-h-11 items-center rounded-full px-4 text-[15px] font-semibold ${on ? 'bg-accent-600 text-white' : 'bg-slate-100 text-slate-800 hover:bg-slate-200'}`
const statusTone = { pending: 'bg-amber-100 text-amber-900', confirmed: 'bg-emerald-100 text-emerald-900', cancelled: 'bg-slate-200 text-slate-700' } as const
const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T12:00:00Z`) + n * 86400_000).toISOString().slice(0, 10)
/** Monday of the Warsaw week a date falls in. */
const monday = (date: string) => addDays(date, -((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7))

function VisitCard({ v, onChanged }: { v: Viewing; onChanged: () => void }) {
  const toast = useToast()
  const [mode, setMode] = useState<'cancel' | 'propose' | null>(null)
  const [reason, setReason] = useState('')
  const [date, setDate] = useState(viewingDate(v.start))
  const [time, setTime] = useState(formatViewingTime(v.start))
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const live = v.status !== 'cancelled' && new Date(v.end).getTime() > Date.now()

  async function act(path: string, body?: object) {
    setBusy(true)
    setError(null)
    try {
      await api.post(`/api/viewings/${v.id}/${path}`, body, { silent: true })
      toast.success(path === 'confirm' ? 'Wizyta potwierdzona.' : path === 'cancel' ? 'Wizyta odwołana.' : 'Wysłano propozycję nowego terminu.')
      setMode(null)
      onChanged()
    } catch (err) {
      setError(err instanceof ApiError && err.status === 422 ? Object.values(err.fieldErrors ?? {})[0]?.[0] ?? err.message : errText(err))
    } finally {
      setBusy(false)
    }
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (mode === 'cancel') void act('cancel', { reason })
    else void act('propose', { start: warsawInstant(date, time), reason })
  }

  return (
    <article className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-3 shadow-card" aria-label={`${formatViewingTime(v.start)} ${v.listing.title}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900">{formatViewingTime(v.start)}–{formatViewingTime(v.end)}{v.open_day ? ' · dzień otwarty' : ''}</p>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusTone[v.status]}`}>{v.status === 'pending' ? (v.awaiting === v.role ? 'Do Twojego potwierdzenia' : 'Czeka na odpowiedź') : VIEWING_STATUS_LABELS[v.status]}</span>
      </div>
      <Link to={`/ogloszenia/${v.listing.slug}`} className="text-sm font-medium text-accent-700 hover:underline">{v.listing.title}</Link>
      <p className="text-sm text-slate-700">
        {v.person.name}
        {v.person.email && <> · <a href={`mailto:${v.person.email}`} className="underline">{v.person.email}</a></>}
        {v.person.phone && <> · <a href={`tel:${v.person.phone.replace(/\s/g, '')}`} className="underline">{v.person.phone}</a></>}
      </p>
      {v.reason && <p className="text-sm text-slate-600">Uwagi: {v.reason}</p>}
      {v.thread_id && <Link to={`/wiadomosci/${v.thread_id}`} className="text-sm text-slate-700 underline">Rozmowa</Link>}
      {live && !mode && (
        <div className="flex flex-wrap gap-2">
          {v.status === 'pending' && v.awaiting === v.role && <Button isDisabled={busy} onPress={() => void act('confirm')} className={buttonStyles.primary}>Potwierdź</Button>}
          {!v.open_day && <Button onPress={() => setMode('propose')} className={buttonStyles.secondary}>Zaproponuj inny termin</Button>}
          <Button onPress={() => setMode('cancel')} className={buttonStyles.secondary}>Odwołaj</Button>
        </div>
      )}
      {mode && (
        <form onSubmit={submit} noValidate className="flex flex-col gap-2 border-t border-slate-200 pt-2" aria-label={mode === 'cancel' ? 'Odwołaj wizytę' : 'Zaproponuj inny termin'}>
          {mode === 'propose' && (
            <div className="flex flex-wrap gap-2">
              <label className="flex flex-col text-sm font-semibold text-slate-800">Data<input type="date" className="h-11 rounded-xl border border-slate-300 px-3" value={date} onChange={(e) => setDate(e.target.value)} /></label>
              <label className="flex flex-col text-sm font-semibold text-slate-800">Godzina<input type="time" step={900} className="h-11 rounded-xl border border-slate-300 px-3" value={time} onChange={(e) => setTime(e.target.value)} /></label>
            </div>
          )}
          <label className="flex flex-col gap-1 text-sm font-semibold text-slate-800">Powód
            <textarea rows={2} className="rounded-xl border border-slate-300 px-3 py-2 text-base font-normal" value={reason} onChange={(e) => setReason(e.target.value)} />
          </label>
          {error && <p role="alert" className="text-sm font-medium text-red-700">{error}</p>}
          <div className="flex flex-wrap gap-2">
            <SubmitButton pending={busy}>{mode === 'cancel' ? 'Odwołaj wizytę' : 'Wyślij propozycję'}</SubmitButton>
            <Button onPress={() => { setMode(null); setError(null) }} className={buttonStyles.secondary}>Anuluj</Button>
          </div>
        </form>
      )}
      {error && !mode && <p role="alert" className="text-sm font-medium text-red-700">{error}</p>}
    </article>
  )
}

function Feed({ url }: { url: string }) {
  const toast = useToast()
  const { revalidate } = useRevalidator()
  async function reset() {
    try { await api.post('/api/viewings/feed', undefined, { silent: true }); toast.success('Utworzono nowy adres kalendarza. Poprzedni przestał działać.'); revalidate() } catch (err) { toast.error(errText(err)) }
  }
  return (
    <section aria-labelledby="feed-heading" className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-card">
      <h2 id="feed-heading" className="text-lg font-bold text-slate-900">Subskrypcja kalendarza</h2>
      <p className="text-sm text-slate-600">Dodaj ten adres w Kalendarzu Google lub Outlooku („Dodaj kalendarz z adresu URL”), aby widzieć wizyty u siebie. Nie udostępniaj go innym.</p>
      <div className="flex flex-wrap gap-2">
        <input readOnly aria-label="Adres kalendarza (.ics)" value={url} onFocus={(e) => e.target.select()} className="h-11 min-w-0 flex-1 rounded-xl border border-slate-300 bg-slate-50 px-3 text-sm" />
        <Button onPress={() => { void navigator.clipboard?.writeText(url).then(() => toast.success('Skopiowano adres.'), () => {}) }} className={buttonStyles.secondary}>Kopiuj</Button>
        <Button onPress={() => void reset()} className={buttonStyles.secondary}>Utwórz nowy adres</Button>
      </div>
    </section>
  )
}

/** /kalendarz (issue 28): visits to my listings (or my own visits) as a list or by week, with the people's contacts. */
export default function Calendar({ loaderData: d }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams()
  const { revalidate } = useRevalidator()
  const view = params.get('widok') === 'tydzien' ? 'week' : 'list'
  const today = viewingDate(new Date().toISOString())
  const week = monday(params.get('tydzien') && /^\d{4}-\d{2}-\d{2}$/.test(params.get('tydzien')!) ? params.get('tydzien')! : today)
  const setParam = (k: string, v: string | null) => setParams((p) => { const n = new URLSearchParams(p); if (v) n.set(k, v); else n.delete(k); return n }, { preventScrollReset: true })
  const upcoming = d.data.filter((v) => new Date(v.end).getTime() > Date.now() || params.get('pokaz') === 'wszystkie')
  const byDay = (list: Viewing[]) => {
    const m = new Map<string, Viewing[]>()
    for (const v of list) m.set(viewingDate(v.start), [...(m.get(viewingDate(v.start)) ?? []), v])
    return m
  }
  const weekDays = Array.from({ length: 7 }, (_, i) => addDays(week, i))
  const weekMap = byDay(d.data)
  const listMap = byDay(upcoming)

  return (
    <div className="container-page pt-8">
      <div className="mx-auto flex max-w-[1100px] flex-col gap-5">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Kalendarz</h1>
        <nav aria-label="Czyje wizyty" className="flex flex-wrap gap-2">
          <Link to="/kalendarz" className={tab(d.role === 'owner')} aria-current={d.role === 'owner' ? 'page' : undefined}>Wizyty u mnie</Link>
          <Link to="/kalendarz?rola=moje" className={tab(d.role === 'visitor')} aria-current={d.role === 'visitor' ? 'page' : undefined}>Moje wizyty</Link>
        </nav>
        <div className="flex flex-wrap items-end gap-3">
          <div role="group" aria-label="Widok" className="flex gap-2">
            <Button onPress={() => setParam('widok', null)} aria-pressed={view === 'list'} className={tab(view === 'list')}>Lista</Button>
            <Button onPress={() => setParam('widok', 'tydzien')} aria-pressed={view === 'week'} className={tab(view === 'week')}>Tydzień</Button>
          </div>
          {d.listings.length > 1 && (
            <label className="flex flex-col gap-1 text-sm font-semibold text-slate-800">Ogłoszenie
              <select className="h-11 max-w-xs rounded-xl border border-slate-300 bg-white px-3 text-base font-normal" value={params.get('ogloszenie') ?? ''} onChange={(e) => setParam('ogloszenie', e.target.value || null)}>
                <option value="">Wszystkie</option>
                {d.listings.map((l) => <option key={l.id} value={l.id}>{l.title}</option>)}
              </select>
            </label>
          )}
        </div>

        {view === 'list' ? (
          listMap.size === 0 ? <p className="rounded-2xl bg-slate-50 p-6 text-slate-700">Brak zaplanowanych wizyt.</p> : (
            <div className="flex flex-col gap-5">
              {[...listMap.entries()].map(([day, list]) => (
                <section key={day} aria-label={formatViewingDay(list[0]!.start, true)} className="flex flex-col gap-2">
                  <h2 className="text-base font-bold text-slate-900 first-letter:uppercase">{formatViewingDay(list[0]!.start, true)}</h2>
                  <div className="grid gap-3 md:grid-cols-2">{list.map((v) => <VisitCard key={v.id} v={v} onChanged={revalidate} />)}</div>
                </section>
              ))}
            </div>
          )
        ) : (
          <section aria-label="Tydzień" className="flex flex-col gap-3">
            <div className="flex items-center justify-between gap-2">
              <Button onPress={() => setParam('tydzien', addDays(week, -7))} className={buttonStyles.secondary}>← Poprzedni</Button>
              <p className="text-center font-semibold text-slate-800">{formatViewingDay(warsawInstant(week, '12:00'), true)} – {formatViewingDay(warsawInstant(addDays(week, 6), '12:00'), true)}</p>
              <Button onPress={() => setParam('tydzien', addDays(week, 7))} className={buttonStyles.secondary}>Następny →</Button>
            </div>
            <div className="grid gap-3 lg:grid-cols-7">
              {weekDays.map((day, i) => (
                <div key={day} className={`flex min-h-24 flex-col gap-2 rounded-xl p-2 ${day === today ? 'bg-accent-50' : 'bg-slate-50'}`}>
                  <h2 className="text-sm font-bold text-slate-900">{WEEKDAYS[i]} {Number(day.slice(8))}.{day.slice(5, 7)}</h2>
                  {(weekMap.get(day) ?? []).map((v) => <VisitCard key={v.id} v={v} onChanged={revalidate} />)}
                </div>
              ))}
            </div>
          </section>
        )}
        <Feed url={d.feed} />
      </div>
    </div>
  )
}
