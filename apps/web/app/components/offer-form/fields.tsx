// Small native controls for the listing form: label above, message under the field (aria-describedby), 44 px targets.
import { useId, type ReactNode } from 'react'

export const box =
  'block h-12 w-full rounded-xl border border-slate-300 bg-white px-3.5 text-base text-slate-900 shadow-xs outline-none transition-colors hover:border-slate-400 focus:border-accent-600 focus:ring-2 focus:ring-accent-200 aria-[invalid=true]:border-red-600'
export const label = 'mb-1.5 block text-sm font-semibold text-slate-800'

export function Msg({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  if (error) return <p id={id} className="mt-1.5 text-sm font-medium text-red-700">{error}</p>
  if (hint) return <p id={id} className="mt-1.5 text-sm text-slate-500">{hint}</p>
  return null
}

export function SelectBox({ label: text, value, onChange, error, hint, children, name }: {
  label: string; value: string; onChange: (v: string) => void; error?: string; hint?: ReactNode; children: ReactNode; name: string
}) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className={label}>{text}</label>
      <select id={id} name={name} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={!!error} aria-describedby={`${id}-m`} className={`${box} appearance-auto`}>
        {children}
      </select>
      <Msg id={`${id}-m`} error={error} hint={hint} />
    </div>
  )
}

export function InputBox({ label: text, value, onChange, error, hint, name, type = 'text', inputMode, unit, placeholder, min, max, autoComplete }: {
  label: string; value: string; onChange: (v: string) => void; error?: string; hint?: ReactNode; name: string
  type?: string; inputMode?: 'numeric' | 'decimal' | 'text' | 'url' | 'email'; unit?: string; placeholder?: string; min?: string; max?: string; autoComplete?: string
}) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className={label}>{text}</label>
      <div className="relative">
        <input id={id} name={name} type={type} value={value} inputMode={inputMode} placeholder={placeholder} min={min} max={max} autoComplete={autoComplete}
          onChange={(e) => onChange(e.target.value)} aria-invalid={!!error} aria-describedby={`${id}-m`} className={`${box} ${unit ? 'pr-16' : ''}`} />
        {unit && <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-3.5 flex items-center text-sm text-slate-500">{unit}</span>}
      </div>
      <Msg id={`${id}-m`} error={error} hint={hint} />
    </div>
  )
}

/** Toggle buttons for multi-choice lists (Dodatkowe, Blisko, Okres wynajmu) and booleans. */
export function Toggles({ legend, options, value, onChange, error, single = false }: {
  legend: string; options: { value: string; label: string }[]; value: string[]; onChange: (v: string[]) => void; error?: string; single?: boolean
}) {
  const id = useId()
  return (
    <fieldset aria-describedby={error ? `${id}-m` : undefined}>
      <legend className={label}>{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => {
          const on = value.includes(o.value)
          return (
            <button
              key={o.value}
              type="button"
              aria-pressed={on}
              onClick={() => onChange(single ? (on ? [] : [o.value]) : on ? value.filter((v) => v !== o.value) : [...value, o.value])}
              className={`min-h-11 rounded-full border px-4 text-[15px] font-medium transition-colors ${on ? 'border-accent-600 bg-accent-50 text-accent-800' : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400'}`}
            >
              {on && <span aria-hidden="true">✓ </span>}{o.label}
            </button>
          )
        })}
      </div>
      <Msg id={`${id}-m`} error={error} />
    </fieldset>
  )
}

export function Card({ title, children, description }: { title: string; children: ReactNode; description?: ReactNode }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-card sm:p-6">
      <h2 id={id} className="text-lg font-bold text-slate-900">{title}</h2>
      {description && <p className="mt-1 text-[15px] text-slate-600">{description}</p>}
      <div className="mt-4 flex flex-col gap-5">{children}</div>
    </section>
  )
}
