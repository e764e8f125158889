import { Label, Radio, RadioGroup } from 'react-aria-components'
import { PERIOD_LABELS, SAVED_SEARCH_PERIODS, type SavedSearchPeriod } from '@portal/contracts/plain/saved-searches'

/** 'Powiadom mnie:' od razu / codziennie / co 3, 7, 14, 30 dni (spec §9 periods). */
export function PeriodPicker({ value, onChange, label = 'Powiadom mnie:', isDisabled, compact }: {
  value: SavedSearchPeriod
  onChange: (p: SavedSearchPeriod) => void
  label?: string
  isDisabled?: boolean
  compact?: boolean
}) {
  return (
    <RadioGroup
      value={String(value)}
      onChange={(v) => onChange(Number(v) as SavedSearchPeriod)}
      isDisabled={isDisabled}
      orientation="horizontal"
      className="flex flex-col"
    >
      <Label className={compact ? 'sr-only' : 'mb-2 block text-sm font-semibold text-slate-800'}>{label}</Label>
      <div className="flex flex-wrap gap-2">
        {SAVED_SEARCH_PERIODS.map((p) => (
          <Radio
            key={p}
            value={String(p)}
            className="inline-flex min-h-11 cursor-pointer items-center rounded-full border border-slate-300 bg-white px-4 text-[15px] text-slate-800 outline-none transition-colors hover:border-slate-400 data-[selected]:border-accent-600 data-[selected]:bg-accent-50 data-[selected]:font-semibold data-[selected]:text-accent-800 data-[focus-visible]:outline-2 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-accent-600 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50"
          >
            {PERIOD_LABELS[p]}
          </Radio>
        ))}
      </div>
    </RadioGroup>
  )
}
