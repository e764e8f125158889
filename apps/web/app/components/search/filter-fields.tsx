// The filter controls of spec §2, each bound to the SearchForm, shared by the filters panel, the extended filters
// modal and the 'Wyszukiwanie' modal.
import { SEARCH_MODAL_CATEGORIES, categoryBySlug, OFFER_TYPES } from '@portal/contracts/catalogue'
import { attrOptions, negotiableAllowed, WANTED, type SearchForm } from '~/lib/search-form'
import {
  areaFromOptions,
  areaOptionLabel,
  areaToOptions,
  priceFromOptions,
  priceOptionLabel,
  priceToOptions,
} from '~/lib/search-options'
import {
  ADDED_DAYS, ADDED_LABELS, ADVERTISER_LABELS, ADVERTISERS, DEFAULT_RADIUS_KM, FLOOR_LEVEL_LABELS, RADIUS_CHOICES,
} from '@portal/contracts/plain/search'
import { formatNumber } from '@portal/contracts/format'
import { CheckboxField, fieldLabel, PillGroup, RangeInputs, SelectField } from './controls'
import { TagFilter } from './tag-filter'

export interface FieldProps {
  form: SearchForm
  set: (patch: Partial<SearchForm>) => void
}

const opts = (id: number) => attrOptions(id).map((o) => ({ value: o.slug, label: o.name }))
export const ROOMS = [
  { value: '1', label: '1' }, { value: '2', label: '2' }, { value: '3', label: '3' }, { value: '4', label: '4' }, { value: '5', label: '5+' },
]
export const BATHS = [{ value: '1', label: '1' }, { value: '2', label: '2' }, { value: '3', label: '3+' }]
export const TYPE_CHOICES = [...OFFER_TYPES.map((t) => ({ value: t.slug as string, label: t.label })), { value: WANTED, label: 'Szukam' }]

export function OfferTypeSelect({ form, set, className }: FieldProps & { className?: string }) {
  return (
    <SelectField label="Typ oferty" value={form.typ} onChange={(typ) => set({ typ })} className={className}>
      <option value="">Wszystkie</option>
      {TYPE_CHOICES.map((t) => (
        <option key={t.value} value={t.value}>
          {t.label}
        </option>
      ))}
    </SelectField>
  )
}

export function PriceRange({ form, set }: FieldProps) {
  return (
    <RangeInputs
      legend="Cena"
      unitLabel="zł"
      from={form.cenaMin}
      to={form.cenaMax}
      fromList={priceFromOptions(form.cenaMax, form.typ)}
      toList={priceToOptions(form.cenaMin, form.typ)}
      format={priceOptionLabel}
      onChange={(cenaMin, cenaMax) => set({ cenaMin, cenaMax })}
    />
  )
}

export function AreaRange({ form, set }: FieldProps) {
  return (
    <RangeInputs
      legend="Powierzchnia"
      unitLabel="m²"
      from={form.metrazMin}
      to={form.metrazMax}
      fromList={areaFromOptions(form.metrazMax)}
      toList={areaToOptions(form.metrazMin)}
      format={areaOptionLabel}
      onChange={(metrazMin, metrazMax) => set({ metrazMin, metrazMax })}
    />
  )
}

/** 'Do negocjacji' (only for sprzedaz or wynajem), 'Na raty', 'Pilnie', 'Okazja'. */
export function FlagBoxes({ form, set }: FieldProps) {
  return (
    <fieldset>
      <legend className="sr-only">Opcje ogłoszenia</legend>
      <div className="flex flex-wrap gap-x-6">
        {negotiableAllowed(form.typ) && <CheckboxField label="Do negocjacji" checked={form.doNegocjacji} onChange={(doNegocjacji) => set({ doNegocjacji })} />}
        <CheckboxField label="Na raty" checked={form.naRaty} onChange={(naRaty) => set({ naRaty })} />
        <CheckboxField label="Pilnie" checked={form.pilne} onChange={(pilne) => set({ pilne })} />
        <CheckboxField label="Okazja" checked={form.okazja} onChange={(okazja) => set({ okazja })} />
        <CheckboxField label="Ukryj duplikaty" checked={form.bezDuplikatow} onChange={(bezDuplikatow) => set({ bezDuplikatow })} />
      </div>
    </fieldset>
  )
}

/** The select from attribute 9 (Piętro). */
export function FloorSelect({ form, set, label = 'Piętro' }: FieldProps & { label?: string }) {
  return (
    <SelectField label={label} value={form.pietro} onChange={(pietro) => set({ pietro })}>
      <option value="">Dowolne</option>
      {attrOptions(9).map((o) => (
        <option key={o.slug} value={o.slug}>
          {o.name}
        </option>
      ))}
    </SelectField>
  )
}

export function RentalPeriod({ form, set }: FieldProps) {
  if (form.typ !== 'wynajem') return null
  return <PillGroup legend="Okres wynajmu" options={opts(15)} value={form.okres} onChange={(okres) => set({ okres })} />
}

export const Market = ({ form, set }: FieldProps) => (
  <PillGroup legend="Rynek" single options={opts(19)} value={form.rynek ? [form.rynek] : []} onChange={(v) => set({ rynek: v[0] ?? '' })} />
)
export const Condition = ({ form, set }: FieldProps) => (
  <PillGroup legend="Stan" options={opts(12)} value={form.stan} onChange={(stan) => set({ stan })} />
)
export const Rooms = ({ form, set }: FieldProps) => (
  <PillGroup legend="Ilość pokoi" options={ROOMS} value={form.pokoje} onChange={(pokoje) => set({ pokoje })} />
)
export const Baths = ({ form, set }: FieldProps) => (
  <PillGroup legend="Ilość łazienek" single options={BATHS} value={form.lazienki ? [form.lazienki] : []} onChange={(v) => set({ lazienki: v[0] ?? '' })} />
)
export const Extras = ({ form, set }: FieldProps) => (
  <PillGroup legend="Dodatkowe" options={opts(16)} value={form.dodatkowe} onChange={(dodatkowe) => set({ dodatkowe: dodatkowe.slice(0, 15) })} />
)
export const Nearby = ({ form, set }: FieldProps) => (
  <PillGroup legend="Blisko" options={opts(17)} value={form.blisko} onChange={(blisko) => set({ blisko: blisko.slice(0, 15) })} />
)
export const BuildingTypes = ({ form, set }: FieldProps) => (
  <PillGroup legend="Rodzaj zabudowy" options={opts(30)} value={form.typBudynku} onChange={(typBudynku) => set({ typBudynku })} />
)
export const PropertyTypes = ({ form, set }: FieldProps) => (
  <PillGroup
    legend="Rodzaj nieruchomości"
    options={SEARCH_MODAL_CATEGORIES.map((s) => ({ value: s, label: categoryBySlug(s)?.name ?? s }))}
    value={form.kategoria}
    onChange={(kategoria) => set({ kategoria })}
  />
)
export const OfferTypePills = ({ form, set }: FieldProps) => (
  <PillGroup legend="Typ oferty" single options={TYPE_CHOICES} value={form.typ ? [form.typ] : []} onChange={(v) => set({ typ: v[0] ?? '' })} />
)

/** Ownership as a tag filter, with the lease-years dropdown for leasehold. */
export const Ownership = ({ form, set }: FieldProps) => (
  <TagFilter
    legend="Forma własności"
    tags={attrOptions(31)}
    value={form.wlasnosc ? [form.wlasnosc] : []}
    onChange={(v) => set({ wlasnosc: v[0] ?? '', lataDzierzawy: v[0] === 'leasehold' ? form.lataDzierzawy : '' })}
    leaseYears
    years={form.lataDzierzawy}
    onYears={(lataDzierzawy) => set({ lataDzierzawy })}
  />
)

// ---- Issue 25: who advertises, date added, price per m², year built, floor range, video / tour / plan ----

const ADVERTISER_CHOICES = ADVERTISERS.map((a) => ({ value: a, label: ADVERTISER_LABELS[a] }))
export const AdvertiserPills = ({ form, set }: FieldProps) => (
  <PillGroup
    legend="Ogłoszeniodawca"
    options={ADVERTISER_CHOICES}
    value={form.ogloszeniodawca}
    onChange={(v) => set({ ogloszeniodawca: ADVERTISERS.filter((a) => v.includes(a)) })}
  />
)

export function AddedSelect({ form, set }: FieldProps) {
  return (
    <SelectField label="Data dodania" value={form.dodane} onChange={(dodane) => set({ dodane })}>
      <option value="">Dowolna</option>
      {ADDED_DAYS.map((d) => (
        <option key={d} value={String(d)}>
          {ADDED_LABELS[d]}
        </option>
      ))}
    </SelectField>
  )
}

const PPM2_STEPS = [3000, 5000, 7000, 9000, 11_000, 13_000, 15_000, 20_000, 25_000, 30_000]
export const PricePerM2Range = ({ form, set }: FieldProps) => (
  <RangeInputs
    legend="Cena za m²"
    unitLabel="zł/m²"
    from={form.cenaM2Min}
    to={form.cenaM2Max}
    fromList={PPM2_STEPS}
    toList={PPM2_STEPS}
    format={(v) => `${formatNumber(v)} zł/m²`}
    onChange={(cenaM2Min, cenaM2Max) => set({ cenaM2Min, cenaM2Max })}
  />
)

const YEAR_STEPS = [1900, 1950, 1970, 1990, 2000, 2010, 2015, 2020, 2024]
export const YearBuiltRange = ({ form, set }: FieldProps) => (
  <RangeInputs
    legend="Rok budowy"
    unitLabel="rok"
    from={form.rokMin}
    to={form.rokMax}
    fromList={YEAR_STEPS}
    toList={YEAR_STEPS}
    format={String}
    onChange={(rokMin, rokMax) => set({ rokMin: rokMin.slice(0, 4), rokMax: rokMax.slice(0, 4) })}
  />
)

/** Floor from / to: the floor attribute's levels (suterena … powyżej 10). */
export function FloorRange({ form, set }: FieldProps) {
  const levels = (bound: 'od' | 'do') => (
    <>
      <option value="">{bound === 'od' ? 'Od' : 'Do'}: dowolne</option>
      {FLOOR_LEVEL_LABELS.map(([n, label]) => (
        <option key={n} value={String(n)}>
          {label}
        </option>
      ))}
    </>
  )
  return (
    <fieldset>
      <legend className={fieldLabel}>Piętro (zakres)</legend>
      <div className="grid grid-cols-2 gap-2">
        <SelectField label="Piętro od" hideLabel value={form.pietroOd} onChange={(pietroOd) => set({ pietroOd })}>
          {levels('od')}
        </SelectField>
        <SelectField label="Piętro do" hideLabel value={form.pietroDo} onChange={(pietroDo) => set({ pietroDo })}>
          {levels('do')}
        </SelectField>
      </div>
    </fieldset>
  )
}

export function MediaBoxes({ form, set }: FieldProps) {
  return (
    <fieldset>
      <legend className={fieldLabel}>Ogłoszenia</legend>
      <div className="flex flex-wrap gap-x-6">
        <CheckboxField label="Z filmem" checked={form.zFilmem} onChange={(zFilmem) => set({ zFilmem })} />
        <CheckboxField label="Z wirtualnym spacerem" checked={form.zSpacerem} onChange={(zSpacerem) => set({ zSpacerem })} />
        <CheckboxField label="Z rzutem" checked={form.zRzutem} onChange={(zRzutem) => set({ zRzutem })} />
      </div>
    </fieldset>
  )
}

/** Every issue-25 filter, as one block of the panel, the extended modal and the phone modal. */
export function MoreFilters({ form, set }: FieldProps) {
  return (
    <div className="grid gap-6">
      <AdvertiserPills form={form} set={set} />
      <div className="grid gap-6 sm:grid-cols-2">
        <AddedSelect form={form} set={set} />
        <FloorRange form={form} set={set} />
        <PricePerM2Range form={form} set={set} />
        <YearBuiltRange form={form} set={set} />
      </div>
      <MediaBoxes form={form} set={set} />
    </div>
  )
}

/** '+0 km' … '+75 km' next to the location; the default (10 km) stays out of the URL. */
export function RadiusSelect({ form, set, className }: FieldProps & { className?: string }) {
  const value = form.radius === '' ? String(DEFAULT_RADIUS_KM) : form.radius
  return (
    <SelectField label="Promień" value={value} className={className} onChange={(v) => set({ radius: v === String(DEFAULT_RADIUS_KM) ? '' : v })}>
      {!(RADIUS_CHOICES as readonly number[]).includes(Number(value)) && <option value={value}>+{value} km</option>}
      {RADIUS_CHOICES.map((km) => (
        <option key={km} value={String(km)}>
          +{km} km
        </option>
      ))}
    </SelectField>
  )
}
