import { useId } from 'react'
import { LEASE_YEARS } from '@portal/contracts/catalogue'
import { fieldLabel, SelectField } from './controls'

export interface Tag {
  name: string
  slug: string
}

const YEARS = Array.from({ length: LEASE_YEARS.max - LEASE_YEARS.min + 1 }, (_, i) => LEASE_YEARS.min + i)

/**
 * The tag filter (spec §4): single choice by default (a click selects, a second click deselects), toggles in
 * multi-choice mode. With `leaseYears` on and the leasehold tag selected, 'Ile lat dzierżawy?' offers 1..200.
 */
export function TagFilter({ legend, tags, value, onChange, multi = false, leaseYears = false, years, onYears }: {
  legend: string
  tags: readonly Tag[]
  value: string[]
  onChange: (v: string[]) => void
  multi?: boolean
  leaseYears?: boolean
  years?: string
  onYears?: (v: string) => void
}) {
  const id = useId()
  const showYears = leaseYears && value.includes('leasehold')
  return (
    <div>
      <span id={id} className={fieldLabel}>
        {legend}
      </span>
      <div role="group" aria-labelledby={id} className="flex flex-wrap gap-2">
        {tags.map((t) => {
          const on = value.includes(t.slug)
          return (
            <button
              key={t.slug}
              type="button"
              aria-pressed={on}
              onClick={() => {
                if (multi) onChange(on ? value.filter((v) => v !== t.slug) : [...value, t.slug])
                else onChange(on ? [] : [t.slug])
              }}
              className={`inline-flex h-10 cursor-pointer items-center rounded-full border px-3.5 text-sm font-medium transition-colors ${
                on ? 'border-accent-600 bg-accent-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400'
              }`}
            >
              {t.name}
            </button>
          )
        })}
      </div>
      {showYears && (
        <SelectField label="Ile lat dzierżawy?" value={years ?? ''} onChange={(v) => onYears?.(v)} className="mt-3 max-w-60">
          <option value="">Dowolnie</option>
          {YEARS.map((y) => (
            <option key={y} value={String(y)}>
              {y}
            </option>
          ))}
        </SelectField>
      )}
    </div>
  )
}
