import { Button } from 'react-aria-components'
import { MAX_RANGES_A_DAY } from '@portal/contracts/plain/viewings'
import { TimeSelect } from './time-select'

export interface Range { from: string; to: string }

/** The next range of a day: after its last one (an hour's gap, two hours long), within the day. */
export function nextRange(ranges: Range[]): Range {
  const last = ranges.at(-1)?.to ?? '08:00'
  const h = Math.min(Number(last.slice(0, 2)) + 1, 21)
  const pad = (n: number) => String(n).padStart(2, '0')
  return { from: `${pad(h)}:00`, to: `${pad(h + 2)}:00` }
}

const iconButton = 'inline-flex size-9 shrink-0 cursor-pointer items-center justify-center rounded-full text-lg font-semibold outline-none data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent-600'

/**
 * One day's time ranges (issue 28): a row per range with two quarter-hour selects, × to remove it and + after the
 * last to add one (up to four), for a weekday and for a changed date alike. `name` labels the selects ('wtorek: od',
 * 'wtorek (2): do', '24.12.2026: od') so each is found by its day.
 */
export function Ranges({ name, ranges, onChange }: { name: string; ranges: Range[]; onChange: (r: Range[]) => void }) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      {ranges.map((r, k) => {
        const label = k === 0 ? name : `${name} (${k + 1})`
        const set = (p: Partial<Range>) => onChange(ranges.map((x, m) => (m === k ? { ...x, ...p } : x)))
        return (
          <div key={k} className="flex items-center gap-1">
            <TimeSelect aria-label={`${label}: od`} compact className="w-[5rem]" value={r.from} onChange={(v) => set({ from: v })} />
            <span aria-hidden="true" className="text-slate-500">–</span>
            <TimeSelect aria-label={`${label}: do`} compact className="w-[5rem]" value={r.to} onChange={(v) => set({ to: v })} />
            {ranges.length > 1 && (
              <Button aria-label={`Usuń godziny ${r.from}–${r.to} (${name})`} onPress={() => onChange(ranges.filter((_, m) => m !== k))}
                className={`${iconButton} text-red-700 hover:bg-red-50`}>×</Button>
            )}
            {k === ranges.length - 1 && ranges.length < MAX_RANGES_A_DAY && (
              <Button aria-label={`Dodaj godziny (${name})`} onPress={() => onChange([...ranges, nextRange(ranges)])}
                className={`${iconButton} text-accent-700 hover:bg-accent-50`}>+</Button>
            )}
          </div>
        )
      })}
    </div>
  )
}
