/** Every quarter of an hour of a day, '00:00' … '24:00' (a range may end at midnight). */
const TIMES = Array.from({ length: 97 }, (_, i) => `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`)

/**
 * A time of day as a select of quarter hours (issue 28): always 24-hour 'GG:MM' whatever the browser's language (a
 * time input shows '02:00 PM' in an English browser), the phone's own list picker, and narrow enough for two in a
 * row at 390 px. A value off the quarter grid (set through the API) is kept as an extra option.
 */
export function TimeSelect({ value, onChange, className, ...rest }: { value: string; onChange: (v: string) => void; className?: string; 'aria-label'?: string; id?: string }) {
  const options = TIMES.includes(value) ? TIMES : [...TIMES, value].sort()
  return (
    <select {...rest} value={value} onChange={(e) => onChange(e.target.value)}
      className={`h-11 min-w-0 rounded-xl border border-slate-300 bg-white px-2 text-base tabular-nums text-slate-900 focus:border-accent-600 focus:outline-2 focus:outline-accent-600 ${className ?? ''}`}>
      {options.map((t) => <option key={t} value={t}>{t}</option>)}
    </select>
  )
}
