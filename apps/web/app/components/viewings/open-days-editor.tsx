import { useState, type FormEvent } from 'react'
import { Button } from 'react-aria-components'
import { formatViewingDay, formatViewingTime, VIEWING_MESSAGES, viewingDate, warsawInstant } from '@portal/contracts/plain/viewings'
import { CLIENT_MESSAGES } from '@portal/contracts/plain/errors'
import { FormAlert, SubmitButton } from '~/components/form'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { useToast } from '~/lib/toast'
import { TimeSelect } from './time-select'

export const fieldInput = 'h-11 min-w-0 rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-accent-600 focus:outline-2 focus:outline-accent-600'
interface OpenDay { id: number; starts_at: string; ends_at: string; capacity: number; taken: number }

/**
 * 'Dni otwarte' as an advertiser manages them (issue 28): the open days ahead with the places taken, removing one
 * nobody booked, adding one (date, from, to in Polish time, places). `base` is the API path that owns them
 * (/api/offers/{id} or /api/investments/{id}); `onChange` reloads the page's data.
 */
export function OpenDaysEditor({ base, days, onChange, intro }: { base: string; days: OpenDay[]; onChange: () => void; intro?: string }) {
  const toast = useToast()
  const [open, setOpen] = useState({ date: '', from: '10:00', to: '14:00', capacity: '20' })
  const [error, setError] = useState<string | null>(null)
  const fail = (err: unknown) => (err instanceof ApiError && err.status === 422 ? Object.values(err.fieldErrors ?? {})[0]?.[0] ?? err.message
    : err instanceof ApiError && err.status < 500 ? err.message : CLIENT_MESSAGES.serverError)

  async function add(e: FormEvent) {
    e.preventDefault()
    setError(null)
    if (!open.date) return setError(VIEWING_MESSAGES.dateInvalid)
    try {
      await api.post(`${base}/open-days`, { starts_at: warsawInstant(open.date, open.from), ends_at: warsawInstant(open.date, open.to), capacity: Number(open.capacity) }, { silent: true })
      toast.success('Dodano dzień otwarty.')
      setOpen({ ...open, date: '' })
      onChange()
    } catch (err) { setError(fail(err)) }
  }
  async function remove(id: number) {
    try { await api.delete(`${base}/open-days/${id}`, { silent: true }); onChange() } catch (err) { toast.error(fail(err)) }
  }

  const label = 'flex min-w-0 flex-col gap-1.5 text-sm font-semibold text-slate-800'
  return (
    <section aria-labelledby="open-days" className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-card sm:p-5">
      <h2 id="open-days" className="text-lg font-bold text-slate-900">Dni otwarte</h2>
      {intro && <p className="-mt-2 text-sm text-slate-600">{intro}</p>}
      {days.length === 0 ? <p className="text-slate-600">Brak zaplanowanych dni otwartych.</p> : (
        <ul className="flex flex-col gap-2" aria-label="Zaplanowane dni otwarte">
          {days.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-xl bg-slate-50 px-3 py-2">
              <span className="text-[15px] text-slate-800">
                <span className="inline-block font-semibold first-letter:uppercase">{formatViewingDay(d.starts_at, true)}</span>, {formatViewingTime(d.starts_at)}–{formatViewingTime(d.ends_at)}
                <span className="block text-sm text-slate-600">Zajęte miejsca: {d.taken} z {d.capacity}</span>
              </span>
              <Button onPress={() => void remove(d.id)} aria-label={`Usuń dzień otwarty ${formatViewingDay(d.starts_at)}`} className="min-h-11 cursor-pointer rounded-full px-3 text-sm font-medium text-red-700 hover:bg-red-50">Usuń</Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} noValidate className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap" aria-label="Dodaj dzień otwarty">
        <label className={`${label} col-span-2 sm:w-44`}>Data<input type="date" className={fieldInput} min={viewingDate(new Date().toISOString())} value={open.date} onChange={(e) => setOpen({ ...open, date: e.target.value })} /></label>
        <label className={label}>Od<TimeSelect aria-label="Od" value={open.from} onChange={(v) => setOpen({ ...open, from: v })} className="font-normal" /></label>
        <label className={label}>Do<TimeSelect aria-label="Do" value={open.to} onChange={(v) => setOpen({ ...open, to: v })} className="font-normal" /></label>
        <label className={`${label} col-span-2 sm:col-span-1`}>Liczba miejsc<input type="number" min={1} max={500} inputMode="numeric" className={`${fieldInput} font-normal sm:w-28`} value={open.capacity} onChange={(e) => setOpen({ ...open, capacity: e.target.value })} /></label>
        <SubmitButton variant="secondary" className="col-span-2 sm:col-span-1">Dodaj dzień otwarty</SubmitButton>
      </form>
      {error && <FormAlert>{error}</FormAlert>}
    </section>
  )
}
