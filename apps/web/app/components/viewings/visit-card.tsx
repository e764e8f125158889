import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { Button } from 'react-aria-components'
import { formatViewingTime, VIEWING_STATUS_LABELS, viewingDate, warsawInstant, type Viewing } from '@portal/contracts/viewings'
import { CLIENT_MESSAGES } from '@portal/contracts/plain/errors'
import { SubmitButton } from '~/components/form'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { useToast } from '~/lib/toast'
import { TimeSelect } from './time-select'

const errText = (err: unknown) => (err instanceof ApiError && err.status < 500 ? err.message : CLIENT_MESSAGES.serverError)
export const statusTone = { pending: 'bg-amber-100 text-amber-900', confirmed: 'bg-emerald-100 text-emerald-900', cancelled: 'bg-slate-200 text-slate-700' } as const
export const statusText = (v: Viewing) => (v.status === 'pending' ? (v.awaiting === v.role ? 'Do Twojego potwierdzenia' : 'Czeka na odpowiedź') : VIEWING_STATUS_LABELS[v.status])
/** Card buttons: two fit side by side in a card at 390 px and in a week column. */
const smallBase = 'inline-flex min-h-11 min-w-0 cursor-pointer items-center justify-center rounded-full px-3 text-sm font-semibold outline-none data-[disabled]:opacity-60 data-[focus-visible]:outline-2 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-accent-600'
const small = {
  primary: `${smallBase} bg-accent-600 text-white hover:bg-accent-700`,
  secondary: `${smallBase} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`,
}

/** One visit in 'Kalendarz' (issue 28): time, status, the place, the other side's contact, and its steps. */
export function VisitCard({ v, onChanged }: { v: Viewing; onChanged: () => void }) {
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
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusTone[v.status]}`}>{statusText(v)}</span>
      </div>
      <Link to={v.href} className="text-sm font-medium text-accent-700 hover:underline">{v.place === 'investment' ? `Inwestycja: ${v.listing.title}` : v.listing.title}</Link>
      <p className="text-sm text-slate-700">
        {v.person.name}
        {v.person.email && <> · <a href={`mailto:${v.person.email}`} className="underline">{v.person.email}</a></>}
        {v.person.phone && <> · <a href={`tel:${v.person.phone.replace(/\s/g, '')}`} className="underline">{v.person.phone}</a></>}
      </p>
      {v.reason && <p className="text-sm text-slate-600">Uwagi: {v.reason}</p>}
      {v.thread_id && <Link to={`/wiadomosci/${v.thread_id}`} className="text-sm text-slate-700 underline">Rozmowa</Link>}
      {live && !mode && (
        <div className="grid grid-cols-2 gap-2">
          {v.status === 'pending' && v.awaiting === v.role && <Button isDisabled={busy} onPress={() => void act('confirm')} className={`${small.primary} col-span-2`}>Potwierdź</Button>}
          {!v.open_day && <Button onPress={() => setMode('propose')} aria-label="Zaproponuj inny termin" className={small.secondary}>Inny termin</Button>}
          <Button onPress={() => setMode('cancel')} className={`${small.secondary} ${v.open_day ? 'col-span-2' : ''}`}>Odwołaj</Button>
        </div>
      )}
      {mode && (
        <form onSubmit={submit} noValidate className="flex flex-col gap-2 border-t border-slate-200 pt-2" aria-label={mode === 'cancel' ? 'Odwołaj wizytę' : 'Zaproponuj inny termin'}>
          {mode === 'propose' && (
            <div className="grid grid-cols-[minmax(0,1fr)_6rem] gap-2">
              <label className="flex min-w-0 flex-col text-sm font-semibold text-slate-800">Data<input type="date" className="h-11 min-w-0 rounded-xl border border-slate-300 px-2 text-base font-normal" value={date} onChange={(e) => setDate(e.target.value)} /></label>
              <label className="flex min-w-0 flex-col text-sm font-semibold text-slate-800">Godzina<TimeSelect aria-label="Godzina" value={time} onChange={setTime} className="font-normal" /></label>
            </div>
          )}
          <label className="flex flex-col gap-1 text-sm font-semibold text-slate-800">Powód
            <textarea rows={2} className="rounded-xl border border-slate-300 px-3 py-2 text-base font-normal" value={reason} onChange={(e) => setReason(e.target.value)} />
          </label>
          {error && <p role="alert" className="text-sm font-medium text-red-700">{error}</p>}
          <div className="grid grid-cols-2 gap-2">
            <SubmitButton pending={busy} className="min-h-11! px-3! text-sm!">{mode === 'cancel' ? 'Odwołaj wizytę' : 'Wyślij propozycję'}</SubmitButton>
            <Button onPress={() => { setMode(null); setError(null) }} className={small.secondary}>Anuluj</Button>
          </div>
        </form>
      )}
      {error && !mode && <p role="alert" className="text-sm font-medium text-red-700">{error}</p>}
    </article>
  )
}
