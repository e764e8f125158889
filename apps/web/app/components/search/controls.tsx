// Small, native-first form controls of the search screens (labels above, 44 px targets, visible focus).
import { useId, useLayoutEffect, useRef, type ReactNode } from 'react'
import { typedInto, useKeepEarlyInput } from '../early-press'
import { ChevronDownIcon } from '../icons'

/**
 * A typed amount as the URL keeps it: digits only ('1 250 000 zł' → '1250000'); '' when nothing is left. Here, not in
 * lib/search-options , so the controls on home's first paint do not bring the catalogue's price
 * lists (decision 040).
 */
export const typedAmount = (v: string) => v.replace(/[^\d]/g, '').replace(/^0+(?=\d)/, '').slice(0, 12)

export const fieldLabel = 'mb-1.5 block text-sm font-semibold text-slate-700'
export const fieldBox =
  'h-11 w-full rounded-xl border border-slate-300 bg-white px-3.5 text-[15px] text-slate-900 transition-colors hover:border-slate-400 focus:border-accent-600 focus:outline-2 focus:outline-offset-0 focus:outline-accent-600'
export const primaryBtn =
  'inline-flex h-11 cursor-pointer items-center justify-center gap-2 rounded-xl bg-accent-600 px-6 text-[15px] font-semibold text-white shadow-sm transition-colors hover:bg-accent-700 active:bg-accent-800'
export const secondaryBtn =
  'inline-flex h-11 cursor-pointer items-center justify-center gap-2 rounded-xl border border-slate-300 bg-white px-5 text-[15px] font-semibold text-slate-800 transition-colors hover:border-slate-400 hover:bg-slate-50'
export const linkBtn =
  'inline-flex h-11 cursor-pointer items-center gap-1.5 rounded-lg px-2 text-[15px] font-semibold text-accent-700 hover:text-accent-800 hover:underline'

export function SelectField({ label, value, onChange, children, name, className = '', hideLabel = false }: {
  label: string
  value: string
  onChange: (v: string) => void
  children: ReactNode
  name?: string
  className?: string
  hideLabel?: boolean
}) {
  const id = useId()
  const ref = useKeepEarlyInput<HTMLSelectElement, string>(value, onChange)
  return (
    <div className={className}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : fieldLabel}>
        {label}
      </label>
      <div className="relative">
        <select ref={ref} id={id} name={name} value={value} onChange={(e) => onChange(e.target.value)} className={`${fieldBox} cursor-pointer appearance-none pr-10`}>
          {children}
        </select>
        <ChevronDownIcon size={18} className="pointer-events-none absolute right-3 top-1/2 -translate-y-1/2 text-slate-500" />
      </div>
    </div>
  )
}

export function CheckboxField({ label, checked, onChange, name }: { label: string; checked: boolean; onChange: (v: boolean) => void; name?: string }) {
  const ref = useKeepEarlyInput<HTMLInputElement, boolean>(checked, onChange)
  return (
    <label className="inline-flex min-h-11 cursor-pointer items-center gap-2.5 text-[15px] text-slate-800">
      <input
        ref={ref}
        type="checkbox"
        name={name}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-5 cursor-pointer rounded border-slate-400 accent-accent-600"
      />
      {label}
    </label>
  )
}

/**
 * A row of pill toggles: checkboxes (multi choice) or radios (single choice, a second click clears), wrapped in
 * a fieldset with its legend, so screen readers hear "Ilość pokoi, 2, zaznaczone".
 */
export function PillGroup({ legend, options, value, onChange, single = false, className = '' }: {
  legend: string
  options: readonly { value: string; label: string }[]
  value: readonly string[]
  onChange: (v: string[]) => void
  single?: boolean
  className?: string
}) {
  const name = useId()
  return (
    <fieldset className={className}>
      <legend className={fieldLabel}>{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => {
          const on = value.includes(o.value)
          return (
            <label
              key={o.value}
              className={`relative inline-flex h-10 min-w-11 cursor-pointer items-center justify-center rounded-full border px-3.5 text-sm font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-600 ${
                on ? 'border-accent-600 bg-accent-50 text-accent-800' : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400'
              }`}
            >
              <input
                type={single ? 'radio' : 'checkbox'}
                name={name}
                value={o.value}
                checked={on}
                onChange={() => {
                  if (single) onChange(on ? [] : [o.value])
                  else onChange(on ? value.filter((v) => v !== o.value) : [...value, o.value])
                }}
                // A radio cannot be unchecked by a click; this lets a second click clear the choice.
                onClick={() => {
                  if (single && on) onChange([])
                }}
                className="sr-only"
              />
              {o.label}
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}

/** 'From' and 'to' selects whose option lists limit each other (spec §5). */
/**
 * A from/to pair for price or area: each field takes a typed amount and suggests the steps of its list (a native
 * datalist, so the browser shows them as a dropdown). Only digits are kept ('1 250 000' → 1250000).
 */
export function RangeInputs({ legend, from, to, fromList, toList, format, onChange, unitLabel }: {
  legend: string
  from: string
  to: string
  fromList: number[]
  toList: number[]
  format: (v: number) => string
  onChange: (from: string, to: string) => void
  unitLabel: string
}) {
  const id = useId()
  const fromRef = useRef<HTMLInputElement>(null)
  const toRef = useRef<HTMLInputElement>(null)
  // Amounts typed before the page hydrated (early-press.tsx's useKeepEarlyInput, for a pair).
  useLayoutEffect(() => {
    const typed = (el: HTMLInputElement | null, now: string) => {
      const t = el ? typedInto(el) : undefined
      return typeof t === 'string' ? typedAmount(t) : now
    }
    const f = typed(fromRef.current, from)
    const t = typed(toRef.current, to)
    if (f !== from || t !== to) onChange(f, t)
    // Once, when the server's elements hydrate.
  }, [])
  const field = (label: string, placeholder: string, value: string, list: number[], listId: string, set: (v: string) => void, ref: React.RefObject<HTMLInputElement | null>) => (
    <div>
      <label htmlFor={`${listId}-input`} className="sr-only">{label}</label>
      <input
        ref={ref}
        id={`${listId}-input`}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        list={listId}
        placeholder={placeholder}
        value={value}
        onChange={(e) => set(typedAmount(e.target.value))}
        className={fieldBox}
      />
      <datalist id={listId}>
        {list.map((v) => (
          <option key={v} value={String(v)}>
            {format(v)}
          </option>
        ))}
      </datalist>
    </div>
  )
  return (
    <fieldset>
      <legend className={fieldLabel}>{legend}</legend>
      <div className="grid grid-cols-2 gap-2">
        {field(`${legend} od`, `od (${unitLabel})`, from, fromList, `${id}-from`, (v) => onChange(v, to), fromRef)}
        {field(`${legend} do`, `do (${unitLabel})`, to, toList, `${id}-to`, (v) => onChange(from, v), toRef)}
      </div>
    </fieldset>
  )
}
