import type { Dispatch } from 'react'
import { CATEGORY_BY_ID, CITIES, OFFER_TYPES, topCategories, type AttributeDef } from '@portal/contracts/catalogue'
import { attributeGroup, ATTRIBUTE_GROUPS } from '@portal/contracts/plain/offer'
import { LocationAutocomplete } from '~/components/search/location-autocomplete'
import { PinMap, type MapPoint } from '~/components/map/pin-map'
import { api } from '~/lib/api'
import type { LocationSuggestion } from '@portal/contracts/search'
import { formAttributes, type Action, type OfferFormState } from '~/lib/offer-form'
import { Card, InputBox, Msg, SelectBox, Toggles } from './fields'

type StepProps = { s: OfferFormState; dispatch: Dispatch<Action> }

const UNITS: Record<string, string> = { m2: 'm²', zł: 'zł', 'kWh/m2': 'kWh/(m²·rok)', 'kg/m2': 'kg/(m²·rok)', '%': '%', lat: 'lat' }

/** 1 Kategoria i typ: the category (then an optional subtype), offer type among those the category has, offer/wanted. */
export function CategoryStep({ s, dispatch }: StepProps) {
  const cat = s.categoryId ? CATEGORY_BY_ID.get(s.categoryId) : undefined
  const parent = cat?.parentId ? CATEGORY_BY_ID.get(cat.parentId) : cat
  const children = parent ? parent.childIds.map((id) => CATEGORY_BY_ID.get(id)!) : []
  return (
    <Card title="Kategoria i rodzaj oferty">
      <fieldset>
        <legend className="mb-2 block text-sm font-semibold text-slate-800">Co ogłaszasz?</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {topCategories().map((c) => {
            const on = parent?.id === c.id
            return (
              <button key={c.id} type="button" aria-pressed={on} onClick={() => dispatch({ type: 'set', patch: { categoryId: c.id } })}
                className={`min-h-12 rounded-xl border px-3 py-2 text-left text-[15px] font-semibold transition-colors ${on ? 'border-accent-600 bg-accent-50 text-accent-800 ring-1 ring-accent-600' : 'border-slate-300 bg-white text-slate-800 hover:border-slate-400'}`}>
                {c.name}
              </button>
            )
          })}
        </div>
        <Msg id="category-m" error={s.errors.category_id} />
      </fieldset>
      {children.length > 0 && parent && (
        <SelectBox label="Rodzaj (opcjonalnie)" name="subcategory" value={String(s.categoryId)} onChange={(v) => dispatch({ type: 'set', patch: { categoryId: Number(v) } })}>
          <option value={parent.id}>{parent.name} — dowolny</option>
          {children.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
        </SelectBox>
      )}
      {parent && (
        <Toggles legend="Rodzaj oferty" single error={s.errors.offer_type}
          options={OFFER_TYPES.filter((o) => parent.offerTypes.includes(o.value)).map((o) => ({ value: o.value, label: o.label }))}
          value={s.offerType ? [s.offerType] : []}
          onChange={(v) => dispatch({ type: 'set', patch: { offerType: (v[0] ?? '') as OfferFormState['offerType'] } })} />
      )}
      <Toggles legend="Oferuję czy szukam?" single options={[{ value: 'offer', label: 'Oferuję' }, { value: 'seek', label: 'Szukam nieruchomości' }]}
        value={[s.adType]} onChange={(v) => dispatch({ type: 'set', patch: { adType: (v[0] as 'offer' | 'seek') ?? 'offer' } })} />
    </Card>
  )
}

function AttributeInput({ d, s, dispatch }: StepProps & { d: AttributeDef }) {
  const v = s.attrs[d.id]
  const error = s.errors[`attr.${d.id}`]
  const set = (value: string | string[]) => dispatch({ type: 'attr', id: d.id, value })
  const opts = (d.options ?? []).map((o) => ({ value: o.slug, label: o.name }))
  if (d.type === 'multi_choice') return <Toggles legend={d.name} options={opts} value={Array.isArray(v) ? v : []} onChange={set} error={error} />
  if (d.type === 'choice') {
    if (opts.length <= 7) return <Toggles legend={d.name} single options={opts} value={typeof v === 'string' && v ? [v] : []} onChange={(x) => set(x[0] ?? '')} error={error} />
    return (
      <SelectBox label={d.name} name={d.slug} value={typeof v === 'string' ? v : ''} onChange={set} error={error}>
        <option value="">— wybierz —</option>
        {opts.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </SelectBox>
    )
  }
  if (d.type === 'date') return <InputBox label={d.name} name={d.slug} type="date" value={typeof v === 'string' ? v : ''} onChange={set} error={error} />
  const numeric = d.type === 'integer' || d.type === 'numeric'
  const range = numeric && d.min !== undefined && d.max !== undefined ? `Od ${d.min} do ${d.max}` : undefined
  return (
    <InputBox label={d.name} name={d.slug} value={typeof v === 'string' ? v : ''} onChange={set} error={error}
      inputMode={numeric ? (d.type === 'numeric' ? 'decimal' : 'numeric') : 'text'} unit={d.unit ? UNITS[d.unit] : undefined} hint={d.id === 4 ? undefined : range} />
  )
}

/** 2 Szczegóły: only the attributes of the chosen category and offer type, grouped like the listing page. */
export function DetailsStep({ s, dispatch }: StepProps) {
  const defs = formAttributes(s.categoryId, s.offerType)
  const flags = defs.filter((d) => d.type === 'boolean')
  const rest = defs.filter((d) => d.type !== 'boolean')
  return (
    <div className="flex flex-col gap-5">
      {ATTRIBUTE_GROUPS.map((g) => {
        const list = rest.filter((d) => attributeGroup(d.id) === g)
        if (!list.length) return null
        return (
          <Card key={g} title={g === 'Energia' ? 'Energia (świadectwo charakterystyki energetycznej)' : g}
            description={g === 'Energia' ? 'Od 28 kwietnia 2023 r. ogłoszenie powinno podawać wskaźnik EP, emisję CO₂ i udział OZE.' : undefined}>
            <div className="grid gap-5 sm:grid-cols-2">
              {list.map((d) => (
                <div key={d.id} className={d.type === 'multi_choice' || (d.options?.length ?? 0) > 3 ? 'sm:col-span-2' : ''}>
                  <AttributeInput d={d} s={s} dispatch={dispatch} />
                </div>
              ))}
            </div>
          </Card>
        )
      })}
      {flags.length > 0 && (
        <Card title="Cechy oferty">
          <Toggles legend="Zaznacz, co pasuje" options={flags.map((d) => ({ value: String(d.id), label: d.name }))}
            value={flags.filter((d) => s.attrs[d.id] === 'true').map((d) => String(d.id))}
            onChange={(on) => flags.forEach((d) => {
              const want = on.includes(String(d.id)) ? 'true' : ''
              if ((s.attrs[d.id] ?? '') !== want) dispatch({ type: 'attr', id: d.id, value: want })
            })} />
        </Card>
      )}
    </div>
  )
}

/** Roughly Poland: a point outside it has no place name to look up. */
const inPoland = (p: MapPoint) => p.lat > 48.9 && p.lat < 55 && p.lon > 14 && p.lon < 24.3

/**
 * 3 Lokalizacja: autocomplete over /api/locations, or a city and district from the catalogue; the map pin refines
 * the point (click or drag). The name stays the chosen place's; only without one is it looked up for the point.
 */
export function LocationStep({ s, dispatch, tileUrl = null }: StepProps & { tileUrl?: string | null }) {
  const city = CITIES.find((c) => s.location && s.location.name.startsWith(c.name))
  const moved = (p: MapPoint) => {
    const name = s.location?.name ?? ''
    dispatch({ type: 'set', patch: { location: { ...p, name } }, clear: ['location'] })
    if (!name && inPoland(p)) {
      void api.get<LocationSuggestion>(`/api/locations/reverse?lat=${p.lat}&lon=${p.lon}`, { silent: true }).then(
        (l) => dispatch({ type: 'nameLocation', name: l.display_name }),
        () => {},
      )
    }
  }
  return (
    <Card title="Lokalizacja" description="Wpisz miejscowość lub dzielnicę i wybierz ją z listy. Dokładny adres możesz podać w opisie.">
      <LocationAutocomplete
        label="Miejscowość lub dzielnica"
        text={s.locationText}
        onText={(t) => dispatch({ type: 'set', patch: { locationText: t } })}
        onPick={(l) => dispatch({ type: 'set', patch: { location: { lat: l.lat, lon: l.lon, name: l.display_name }, locationText: l.display_name }, clear: ['location'] })}
      />
      <Msg id="location-m" error={s.errors.location} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectBox label="…albo wybierz miasto" name="city" value={city?.slug ?? ''} onChange={(slug) => {
          const c = CITIES.find((x) => x.slug === slug)
          if (c) dispatch({ type: 'set', patch: { location: { lat: c.lat, lon: c.lon, name: c.name }, locationText: c.name }, clear: ['location'] })
        }}>
          <option value="">— miasto —</option>
          {CITIES.map((c) => <option key={c.slug} value={c.slug}>{c.name}</option>)}
        </SelectBox>
        {city && city.districts.length > 0 && (
          <SelectBox label="Dzielnica" name="district" value={s.location?.name.split(', ')[1] ?? ''} onChange={(name) => {
            const d = city.districts.find((x) => x.name === name)
            const loc = d ? { lat: d.lat, lon: d.lon, name: `${city.name}, ${d.name}` } : { lat: city.lat, lon: city.lon, name: city.name }
            dispatch({ type: 'set', patch: { location: loc, locationText: loc.name }, clear: ['location'] })
          }}>
            <option value="">— cała miejscowość —</option>
            {city.districts.map((d) => <option key={d.name} value={d.name}>{d.name}</option>)}
          </SelectBox>
        )}
      </div>
      <PinMap point={s.location ? { lat: s.location.lat, lon: s.location.lon } : null} onMove={moved} tileUrl={tileUrl}
        label="Mapa lokalizacji ogłoszenia" className="h-64 sm:h-80" />
      {s.location && (
        <p role="status" className="rounded-xl bg-emerald-50 px-4 py-3 text-[15px] text-emerald-900">
          Wybrano: <strong>{s.location.name || 'punkt na mapie'}</strong> <span className="text-sm text-emerald-800">({s.location.lat.toFixed(4)}, {s.location.lon.toFixed(4)})</span>
        </p>
      )}
    </Card>
  )
}
