import { data, Link, useRevalidator, useSearchParams } from 'react-router'
import { Button } from 'react-aria-components'
import { formatViewingDay, formatViewingTime, viewingDate, warsawInstant, WEEKDAYS, type Viewing } from '@portal/contracts/viewings'
import { CLIENT_MESSAGES } from '@portal/contracts/plain/errors'
import { buttonStyles } from '~/components/form'
import { statusText, statusTone, VisitCard } from '~/components/viewings/visit-card'
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
  const investment = url.searchParams.get('inwestycja')
  const q = new URLSearchParams({
    role, ...(listing && /^\d{1,15}$/.test(listing) ? { listing } : {}), ...(investment && /^\d{1,9}$/.test(investment) ? { investment } : {}),
  })
  const [list, feed] = await Promise.all([
    serverApi(context, `/api/viewings?${q}`, { headers: { Accept: 'application/json' } }),
    serverApi(context, '/api/viewings/feed', { headers: { Accept: 'application/json' } }),
  ])
  if (!list.ok || !feed.ok) throw data(null, { status: 500 })
  const body = (await list.json()) as { data: Viewing[]; listings: { id: number; title: string }[]; investments: { id: number; title: string }[] }
  return data({ ...body, role, feed: ((await feed.json()) as { url: string }).url }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Kalendarz') }, { name: 'robots', content: 'noindex' }]

const errText = (err: unknown) => (err instanceof ApiError && err.status < 500 ? err.message : CLIENT_MESSAGES.serverError)
const tab = (on: boolean) => `inline-flex min-h-11 items-center rounded-full px-4 text-[15px] font-semibold ${on ? 'bg-accent-600 text-white' : 'bg-slate-100 text-slate-800 hover:bg-slate-200'}`
const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T12:00:00Z`) + n * 86400_000).toISOString().slice(0, 10)
/** Monday of the Warsaw week a date falls in. */
const monday = (date: string) => addDays(date, -((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7))

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
        <input readOnly aria-label="Adres kalendarza (.ics)" value={url} onFocus={(e) => e.target.select()} className="h-11 w-full min-w-0 basis-full rounded-xl border border-slate-300 bg-slate-50 px-3 text-sm sm:basis-0 sm:flex-1" />
        <Button onPress={() => { void navigator.clipboard?.writeText(url).then(() => toast.success('Skopiowano adres.'), () => {}) }} className={buttonStyles.secondary}>Kopiuj</Button>
        <Button onPress={() => void reset()} className={buttonStyles.secondary}>Utwórz nowy adres</Button>
      </div>
    </section>
  )
}

/** A visit in a week column: time, status and the place; it opens that day's view, where its steps are. */
function WeekEntry({ v, dayHref }: { v: Viewing; dayHref: string }) {
  return (
    <Link to={dayHref} preventScrollReset className="flex flex-col gap-0.5 rounded-lg border border-slate-200 bg-white p-2 text-sm shadow-card hover:border-accent-600">
      <span className="font-semibold text-slate-900">{formatViewingTime(v.start)}–{formatViewingTime(v.end)}</span>
      <span className="line-clamp-2 text-slate-700">{v.listing.title}</span>
      <span className="text-slate-600">{v.person.name}</span>
      <span className={`self-start rounded-md px-2 py-0.5 text-xs font-semibold ${statusTone[v.status]}`}>{statusText(v)}</span>
    </Link>
  )
}

const VIEWS = [['list', null, 'Lista'], ['day', 'dzien', 'Dzień'], ['week', 'tydzien', 'Tydzień']] as const
const dateParam = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null)

/** /kalendarz (issue 28): visits to my listings and investments (or my own visits) as a list, by day or by week, with the people's contacts. */
export default function Calendar({ loaderData: d }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams()
  const { revalidate } = useRevalidator()
  const view = VIEWS.find(([, p]) => p !== null && params.get('widok') === p)?.[0] ?? 'list'
  const today = viewingDate(new Date().toISOString())
  const week = monday(dateParam(params.get('tydzien')) ?? today)
  const day = dateParam(params.get('dzien')) ?? today
  const setParam = (k: string, v: string | null) => setParams((p) => { const n = new URLSearchParams(p); if (v) n.set(k, v); else n.delete(k); return n }, { preventScrollReset: true })
  const upcoming = d.data.filter((v) => new Date(v.end).getTime() > Date.now() || params.get('pokaz') === 'wszystkie')
  const byDay = (list: Viewing[]) => {
    const m = new Map<string, Viewing[]>()
    for (const v of list) m.set(viewingDate(v.start), [...(m.get(viewingDate(v.start)) ?? []), v])
    return m
  }
  const weekDays = Array.from({ length: 7 }, (_, i) => addDays(week, i))
  const all = byDay(d.data)
  const listMap = byDay(upcoming)
  const dayHref = (date: string) => { const n = new URLSearchParams(params); n.set('widok', 'dzien'); n.set('dzien', date); n.delete('tydzien'); return `?${n}` }
  const dayTitle = (date: string) => formatViewingDay(warsawInstant(date, '12:00'), true)
  const pager = (label: string, prev: () => void, next: () => void, prevText: string, nextText: string) => (
    <div className="flex items-center justify-between gap-2">
      <Button onPress={prev} aria-label={prevText} className={`${buttonStyles.secondary} px-4!`}>←<span className="sr-only sm:not-sr-only"> {prevText.split(' ')[0]}</span></Button>
      <p className="text-center font-semibold text-slate-800 first-letter:uppercase">{label}</p>
      <Button onPress={next} aria-label={nextText} className={`${buttonStyles.secondary} px-4!`}><span className="sr-only sm:not-sr-only">{nextText.split(' ')[0]} </span>→</Button>
    </div>
  )

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
            {VIEWS.map(([k, p, label]) => <Button key={k} onPress={() => setParam('widok', p)} aria-pressed={view === k} className={tab(view === k)}>{label}</Button>)}
          </div>
          {d.listings.length + d.investments.length > 1 && (
            // One filter for both kinds of place: 'l{id}' a listing, 'i{id}' an investment's open days.
            <label className="flex min-w-0 flex-col gap-1 text-sm font-semibold text-slate-800">Ogłoszenie lub inwestycja
              <select className="h-11 w-full max-w-xs rounded-xl border border-slate-300 bg-white px-3 text-base font-normal"
                value={params.get('ogloszenie') ? `l${params.get('ogloszenie')}` : params.get('inwestycja') ? `i${params.get('inwestycja')}` : ''}
                onChange={(e) => setParams((p) => {
                  const n = new URLSearchParams(p)
                  n.delete('ogloszenie')
                  n.delete('inwestycja')
                  const v = e.target.value
                  if (v) n.set(v[0] === 'i' ? 'inwestycja' : 'ogloszenie', v.slice(1))
                  return n
                }, { preventScrollReset: true })}>
                <option value="">Wszystkie</option>
                {d.listings.length > 0 && (
                  <optgroup label="Ogłoszenia">{d.listings.map((l) => <option key={l.id} value={`l${l.id}`}>{l.title}</option>)}</optgroup>
                )}
                {d.investments.length > 0 && (
                  <optgroup label="Inwestycje">{d.investments.map((i) => <option key={i.id} value={`i${i.id}`}>{i.title}</option>)}</optgroup>
                )}
              </select>
            </label>
          )}
        </div>

        {view === 'list' ? (
          listMap.size === 0 ? <p className="rounded-2xl bg-slate-50 p-6 text-slate-700">Brak zaplanowanych wizyt.</p> : (
            <div className="flex flex-col gap-5">
              {[...listMap.entries()].map(([date, list]) => (
                <section key={date} aria-label={formatViewingDay(list[0]!.start, true)} className="flex flex-col gap-2">
                  <h2 className="text-base font-bold text-slate-900 first-letter:uppercase">{formatViewingDay(list[0]!.start, true)}</h2>
                  <div className="grid gap-3 md:grid-cols-2">{list.map((v) => <VisitCard key={v.id} v={v} onChanged={revalidate} />)}</div>
                </section>
              ))}
            </div>
          )
        ) : view === 'day' ? (
          <section aria-label="Dzień" className="flex flex-col gap-3">
            {pager(dayTitle(day), () => setParam('dzien', addDays(day, -1)), () => setParam('dzien', addDays(day, 1)), 'Poprzedni dzień', 'Następny dzień')}
            {day !== today && <Button onPress={() => setParam('dzien', null)} className="self-center text-sm font-medium text-accent-700 underline">Dziś</Button>}
            {(all.get(day) ?? []).length === 0 ? <p className="rounded-2xl bg-slate-50 p-6 text-slate-700">Brak wizyt tego dnia.</p> : (
              <ol className="flex flex-col gap-3" aria-label={`Wizyty: ${dayTitle(day)}`}>
                {all.get(day)!.map((v) => <li key={v.id} className="max-w-2xl"><VisitCard v={v} onChanged={revalidate} /></li>)}
              </ol>
            )}
          </section>
        ) : (
          <section aria-label="Tydzień" className="flex flex-col gap-3">
            {pager(`${dayTitle(week)} – ${dayTitle(addDays(week, 6))}`, () => setParam('tydzien', addDays(week, -7)), () => setParam('tydzien', addDays(week, 7)), 'Poprzedni tydzień', 'Następny tydzień')}
            <div className="grid gap-3 lg:grid-cols-7">
              {weekDays.map((date, i) => (
                <div key={date} className={`flex min-h-24 flex-col gap-2 rounded-xl p-2 ${date === today ? 'bg-accent-50' : 'bg-slate-50'}`}>
                  <h2 className="text-sm font-bold text-slate-900"><Link to={dayHref(date)} className="hover:underline">{WEEKDAYS[i]} {Number(date.slice(8))}.{date.slice(5, 7)}</Link></h2>
                  {(all.get(date) ?? []).map((v) => <WeekEntry key={v.id} v={v} dayHref={dayHref(date)} />)}
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
