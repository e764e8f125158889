import { WEEKDAYS } from '@portal/contracts/plain/viewings'
import { Ranges, type Range } from './ranges'

export type { Range }
export interface Day { on: boolean; ranges: Range[] }

/** The week as the editor holds it: seven days (Monday first), each with its ranges (several a day: 9–12 and 16–19). */
export const daysOf = (weekly: Array<{ day: number; from: string; to: string }>): Day[] => [1, 2, 3, 4, 5, 6, 7].map((d) => {
  const ranges = weekly.filter((x) => x.day === d).map(({ from, to }) => ({ from, to })).sort((a, b) => a.from.localeCompare(b.from))
  return { on: ranges.length > 0, ranges: ranges.length ? ranges : [{ from: '10:00', to: '18:00' }] }
})
export const weeklyOf = (days: Day[]) => days.flatMap((d, i) => (d.on ? d.ranges.map((r) => ({ day: i + 1, ...r })) : []))

const SHORT = ['pon.', 'wt.', 'śr.', 'czw.', 'pt.', 'sob.', 'niedz.']

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
          {d.on && <Ranges name={WEEKDAYS[i]!} ranges={d.ranges} onChange={(ranges) => setDay(i, { ranges })} />}
        </div>
      ))}
      {error && <p role="alert" className="text-sm font-medium text-red-700">{error}</p>}
    </fieldset>
  )
}
