import { useState, type FormEvent } from 'react'
import { Button } from 'react-aria-components'
import { CLIENT_MESSAGES } from '@portal/contracts/plain/errors'
import { buttonStyles, SubmitButton } from '~/components/form'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { useToast } from '~/lib/toast'
import { fieldInput as input } from './open-days-editor'
import { daysOf, WeekHours, weeklyOf, type Day } from './week-hours'
import { Exceptions, exceptionsInput, exceptionsOf, type Exception } from './exceptions'

const LENGTHS = [15, 30, 45, 60, 90, 120]
export const errText = (err: unknown) => (err instanceof ApiError && err.status < 500 ? err.message : CLIENT_MESSAGES.serverError)

export interface Hours {
  enabled: boolean
  weekly: Array<{ day: number; from: string; to: string }>
  exceptions: Array<{ date: string; ranges: Array<{ from: string; to: string }> }>
  visit_minutes: number
  auto_confirm: boolean
}

/**
 * The hours form of a listing or an investment (issue 28, decision 078): the week, days that differ, the length of
 * a visit, automatic confirmation. `endpoint` is the settings URL (PUT saves, DELETE turns booking off);
 * `onSaved` reloads the page's data.
 */
export function HoursForm({ hours: s, endpoint, onSaved }: { hours: Hours; endpoint: string; onSaved: () => void }) {
  const toast = useToast()
  const [days, setDays] = useState<Day[]>(() => daysOf(s.weekly))
  const [length, setLength] = useState(s.visit_minutes)
  const [auto, setAuto] = useState(s.auto_confirm)
  const [exceptions, setExceptions] = useState<Exception[]>(() => exceptionsOf(s.exceptions))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)

  async function save(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    setErrors({})
    try {
      const saved = await api.put<Hours>(endpoint, { weekly: weeklyOf(days), exceptions: exceptionsInput(exceptions), visit_minutes: length, auto_confirm: auto }, { silent: true })
      // The rows as stored (ranges by start, days by date), not as typed: what the next visit to the page shows.
      setDays(daysOf(saved.weekly))
      setExceptions(exceptionsOf(saved.exceptions))
      toast.success('Zapisano godziny oglądania.')
      onSaved()
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setErrors(Object.fromEntries(Object.entries(err.fieldErrors ?? {}).map(([k, v]) => [k, v[0] ?? ''])))
      else toast.error(errText(err))
    } finally {
      setBusy(false)
    }
  }
  async function disable() {
    try { await api.delete(endpoint, { silent: true }); toast.success('Rezerwacje oglądania są wyłączone.'); onSaved() } catch (err) { toast.error(errText(err)) }
  }
  const weeklyError = Object.entries(errors).find(([k]) => k.startsWith('weekly'))?.[1]

  return (
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

      <Exceptions list={exceptions} onChange={setExceptions} errors={errors} />

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {s.enabled && <Button onPress={() => void disable()} className={buttonStyles.secondary}>Wyłącz rezerwacje</Button>}
        <SubmitButton pending={busy} pendingLabel="Zapisywanie…">Zapisz godziny</SubmitButton>
      </div>
    </form>
  )
}
