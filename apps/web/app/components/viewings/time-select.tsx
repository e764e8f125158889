/** Every quarter of an hour of a day, '00:00' … '24:00' (a range may end at midnight). */
const TIMES = Array.from({ length: 97 }, (_, i) => `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`)

/**
 * A time of day as a select of quarter hours (issue 28): always 24-hour 'GG:MM' whatever the browser's language (a
 * time input shows '02:00 PM' in an English browser), the phone's own list picker, and narrow enough for two in a
 * row at 390 px. A value off the quarter grid (set through the API) is kept as an extra option.
 */
export function TimeSelect({ value, onChange, className, compact, ...rest }: { value: string; onChange: (v: string) => void; className?: string; compact?: boolean; 'aria-label'?: string; id?: string }) {
  const options = TIMES.includes(value) ? TIMES : [...TIMES, value].sort()
  const base = 'h-11 min-w-0 rounded-xl border border-slate-300 bg-white text-base tabular-nums text-slate-900 focus:border-accent-600 focus:outline-2 focus:outline-accent-600'
  const list = options.map((t) => <option key={t} value={t}>{t}</option>)
  if (!compact) return <select {...rest} value={value} onChange={(e) => onChange(e.target.value)} className={`${base} px-2 ${className ?? ''}`}>{list}</select>
  // The hours rows: at 390 px two selects, × and + share a line beside the day, and the native arrow took the room
  // of the last digit ('10:0'). A small drawn chevron leaves 'GG:MM' whole in 5 rem.
  return (
    <span className={`relative inline-flex ${className ?? ''}`}>
      <select {...rest} value={value} onChange={(e) => onChange(e.target.value)} className={`${base} w-full appearance-none pl-2 pr-5`}>{list}</select>
      <svg aria-hidden="true" viewBox="0 0 10 6" className="pointer-events-none absolute right-2 top-1/2 size-2.5 -translate-y-1/2 text-slate-500"><path d="M1 1l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" /></svg>
    </span>
  )
}
