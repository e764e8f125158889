import { Button } from 'react-aria-components'
import { WEEKDAYS } from '@portal/contracts/plain/viewings'
import { TimeSelect } from './time-select'

export interface Range { from: string; to: string }
export interface Day { on: boolean; ranges: Range[] }

/** The week as the editor holds it: seven days (Monday first), each with its ranges (several a day: 9–12 and 16–19). */
export const daysOf = (weekly: Array<{ day: number; from: string; to: string }>): Day[] => [1, 2, 3, 4, 5, 6, 7].map((d) => {
  const ranges = weekly.filter((x) => x.day === d).map(({ from, to }) => ({ from, to })).sort((a, b) => a.from.localeCompare(b.from))
  return { on: ranges.length > 0, ranges: ranges.length ? ranges : [{ from: '10:00', to: '18:00' }] }
})
export const weeklyOf = (days: Day[]) => days.flatMap((d, i) => (d.on ? d.ranges.map((r) => ({ day: i + 1, ...r })) : []))

/** The next range of a day: after its last one (an hour's gap, two hours long), within the day. */
function nextRange(ranges: Range[]): Range {
  const last = ranges.at(-1)?.to ?? '08:00'
  const h = Math.min(Number(last.slice(0, 2)) + 1, 21)
  const pad = (n: number) => String(n).padStart(2, '0')
  return { from: `${pad(h)}:00`, to: `${pad(h + 2)}:00` }
}

const SHORT = ['pon.', 'wt.', 'śr.', 'czw.', 'pt.', 'sob.', 'niedz.']
const iconButton = 'inline-flex size-9 shrink-0 cursor-pointer items-center justify-center rounded-full text-lg font-semibold outline-none data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent-600'

/**
 * 'Tydzień' of the visiting hours (issue 28): a day is ticked on and has one to four ranges (9–12 and 16–19). A day
 * is one row per range: its name (short on a phone, the full name is the label), two quarter-hour selects, × to
 * remove a range and + to add one, so the whole week fits a phone screen at 390 px.
 */
export function WeekHours({ days, onChange, error }: { days: Day[]; onChange: (d: Day[]) => void; error?: string }) {
  const setDay = (i: number, p: Partial<Day>) => onChange(days.map((x, j) => (j === i ? { ...x, ...p } : x)))
  return (
    <fieldset className="flex flex-col">
      <legend className="mb-1 text-lg font-bold text-slate-900">Tydzień <span className="text-sm font-normal text-slate-500">(czas polski)</span></legend>
      <p className="mb-2 text-sm text-slate-600">Dzień może mieć kilka przedziałów (przycisk +), np. 9:00–12:00 i 16:00–19:00.</p>
      {days.map((d, i) => (
        <div key={i} className="flex items-start gap-1.5 border-t border-slate-100 py-1.5 sm:gap-3">
          <label className="flex min-h-11 w-[4.25rem] shrink-0 cursor-pointer items-center gap-2 text-[15px] text-slate-800 sm:w-40">
            <input type="checkbox" aria-label={WEEKDAYS[i]} className="size-5 accent-accent-600" checked={d.on} onChange={(e) => setDay(i, { on: e.target.checked })} />
            <span aria-hidden="true" className="sm:hidden">{SHORT[i]}</span><span className="sr-only sm:not-sr-only">{WEEKDAYS[i]}</span>
          </label>
          {d.on && (
            <div className="flex min-w-0 flex-col gap-1.5">
              {d.ranges.map((r, k) => {
                const name = k === 0 ? WEEKDAYS[i] : `${WEEKDAYS[i]} (${k + 1})`
                const setRange = (p: Partial<Range>) => setDay(i, { ranges: d.ranges.map((x, m) => (m === k ? { ...x, ...p } : x)) })
                return (
                  <div key={k} className="flex items-center gap-1">
                    <TimeSelect aria-label={`${name}: od`} className="w-[5rem]" value={r.from} onChange={(v) => setRange({ from: v })} />
                    <span aria-hidden="true" className="text-slate-500">–</span>
                    <TimeSelect aria-label={`${name}: do`} className="w-[5rem]" value={r.to} onChange={(v) => setRange({ to: v })} />
                    {d.ranges.length > 1 && (
                      <Button aria-label={`Usuń godziny ${r.from}–${r.to} (${WEEKDAYS[i]})`} onPress={() => setDay(i, { ranges: d.ranges.filter((_, m) => m !== k) })}
                        className={`${iconButton} text-red-700 hover:bg-red-50`}>×</Button>
                    )}
                    {k === d.ranges.length - 1 && d.ranges.length < 4 && (
                      <Button aria-label={`Dodaj godziny (${WEEKDAYS[i]})`} onPress={() => setDay(i, { ranges: [...d.ranges, nextRange(d.ranges)] })}
                        className={`${iconButton} text-accent-700 hover:bg-accent-50`}>+</Button>
                    )}
                  </div>
                )
              })}
            </div>
          )}
        </div>
      ))}
      {error && <p role="alert" className="text-sm font-medium text-red-700">{error}</p>}
    </fieldset>
  )
}
