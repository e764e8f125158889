import { Button } from 'react-aria-components'
import { buttonStyles } from '~/components/form'
import { fieldInput } from './open-days-editor'
import { Ranges, type Range } from './ranges'

/** A date that differs from the week: a day off, or its own ranges (one to four, as a weekday). */
export interface Exception { date: string; off: boolean; ranges: Range[] }

export const exceptionsOf = (list: Array<{ date: string; ranges: Range[] }>): Exception[] =>
  list.map((e) => ({ date: e.date, off: e.ranges.length === 0, ranges: e.ranges.length ? e.ranges.map(({ from, to }) => ({ from, to })) : [{ from: '10:00', to: '14:00' }] }))
// A row without a date is sent as it is: its 422 shows under it (indices stay those of the rows).
export const exceptionsInput = (list: Exception[]) => list.map((x) => ({ date: x.date, ranges: x.off ? [] : x.ranges }))

/**
 * 'Wyjątki' of the visiting hours (issue 28, decision 078): each a date, 'dzień wolny' or its ranges (+ adds one,
 * 9–11 and 17–20 on a changed day), its own error under it. On a phone the date and 'dzień wolny' share a line and
 * the ranges follow, as the week's rows do.
 */
export function Exceptions({ list, onChange, errors }: { list: Exception[]; onChange: (l: Exception[]) => void; errors: Record<string, string> }) {
  // 'exceptions.1.ranges.0.from' belongs under the second row; a message of the whole list goes under the list.
  const rowOf = (k: string) => { const m = /^exceptions\.(\d+)/.exec(k); return m ? Number(m[1]) : null }
  const errorOf = (i: number) => Object.entries(errors).find(([k]) => rowOf(k) === i)?.[1]
  // Warsaw's today, the first day a change may fall on (the API refuses earlier ones).
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Warsaw' })
  const general = Object.entries(errors).find(([k]) => k.startsWith('exceptions') && (rowOf(k) ?? list.length) >= list.length)?.[1]
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-lg font-bold text-slate-900">Wyjątki</legend>
      <p className="text-sm text-slate-600">Dni wolne albo dni z innymi godzinami niż zwykle (też kilka przedziałów, przycisk +).</p>
      {list.map((x, i) => {
        const set = (p: Partial<Exception>) => onChange(list.map((y, j) => (j === i ? { ...y, ...p } : y)))
        const error = errorOf(i)
        return (
          // A phone: the date and 'Usuń' on one line, 'dzień wolny' under them, then the ranges; wider: one row.
          <div key={i} role="group" aria-label={`Wyjątek ${i + 1}`} className="flex flex-wrap items-center gap-x-3 gap-y-1.5 border-t border-slate-100 py-2">
            <input type="date" aria-label={`Data wyjątku ${i + 1}`} className={`${fieldInput} order-1`} min={today} value={x.date} onChange={(e) => set({ date: e.target.value })} />
            <label className="order-3 flex min-h-11 basis-full items-center gap-2 text-[15px] sm:order-2 sm:basis-auto"><input type="checkbox" className="size-5 accent-accent-600" checked={x.off} onChange={(e) => set({ off: e.target.checked })} /> dzień wolny</label>
            <Button onPress={() => onChange(list.filter((_, j) => j !== i))} className="order-2 ml-auto min-h-11 cursor-pointer rounded-full px-3 text-sm font-medium text-red-700 hover:bg-red-50 sm:order-4 sm:ml-0">Usuń</Button>
            {!x.off && <div className="order-4 basis-full sm:order-3 sm:basis-auto"><Ranges name={`Wyjątek ${i + 1}`} ranges={x.ranges} onChange={(ranges) => set({ ranges })} /></div>}
            {error && <p role="alert" className="order-5 basis-full text-sm font-medium text-red-700">{error}</p>}
          </div>
        )
      })}
      {general && <p role="alert" className="text-sm font-medium text-red-700">{general}</p>}
      <Button onPress={() => onChange([...list, { date: '', off: true, ranges: [{ from: '10:00', to: '14:00' }] }])} className={`${buttonStyles.secondary} self-start`}>Dodaj wyjątek</Button>
    </fieldset>
  )
}
