import { useState } from 'react'
import { Form } from 'react-router'
import { maxValuationYear, VALUATION_CONDITIONS, VALUATION_LIMITS, VALUATION_MARKETS } from '@portal/contracts/plain/valuation'

export interface PlaceOption { slug: string; name: string; districts: { slug: string; name: string }[] }
export type ValuationValues = Partial<Record<'offer_type' | 'city' | 'district' | 'area' | 'rooms' | 'floor' | 'year_built' | 'condition' | 'market', string>>

const field = 'mt-1 block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-[15px] text-slate-900 focus:border-accent-600 focus:outline-none focus:ring-2 focus:ring-accent-200 aria-[invalid=true]:border-red-600'

function Field({ name, label, error, hint, wide, children }: { name: string; label: string; error?: string; hint?: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <div className={wide ? 'col-span-2 sm:col-span-1' : undefined}>
      <label htmlFor={`w-${name}`} className="text-sm font-medium text-slate-800">{label}</label>
      {children}
      {error ? <p id={`w-${name}-error`} className="mt-1 text-xs font-medium text-red-700">{error}</p>
        : hint ? <p className="mt-1 text-xs text-slate-600">{hint}</p> : null}
    </div>
  )
}

/**
 * The valuation form (issue 26): a plain GET form to /wycena, so it works before and without JavaScript; what was
 * typed comes back in the fields with the API's Polish messages under them. The district list follows the city.
 */
export function ValuationForm({ places, values, errors }: { places: PlaceOption[]; values: ValuationValues; errors: Record<string, string> }) {
  const [city, setCity] = useState(values.city ?? '')
  const districts = places.find((p) => p.slug === city)?.districts ?? []
  const invalid = (n: string) => ({ 'aria-invalid': !!errors[n], 'aria-describedby': errors[n] ? `w-${n}-error` : undefined })
  const offerType = values.offer_type === 'rent' ? 'rent' : 'sell'
  return (
    <Form method="get" action="/wycena" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6" data-testid="valuation-form" noValidate>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Co chcesz wycenić?</legend>
        <div className="mt-2 inline-flex rounded-lg border border-slate-300 p-1">
          {([['sell', 'Cenę sprzedaży'], ['rent', 'Czynsz najmu']] as const).map(([v, l]) => (
            <label key={v} className="cursor-pointer rounded-md px-3 py-2 text-sm font-medium text-slate-700 has-[:checked]:bg-accent-600 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent-300">
              <input type="radio" name="offer_type" value={v} defaultChecked={offerType === v} className="sr-only" />{l}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-5 grid grid-cols-2 gap-x-3 gap-y-4 sm:gap-x-4 lg:grid-cols-4">
        <Field wide name="city" label="Miasto" error={errors.city}>
          <select id="w-city" name="city" value={city} onChange={(e) => setCity(e.target.value)} className={field} required {...invalid('city')}>
            <option value="">Wybierz miasto</option>
            {places.map((p) => <option key={p.slug} value={p.slug}>{p.name}</option>)}
          </select>
        </Field>
        <Field wide name="district" label="Dzielnica" error={errors.district} hint={city ? undefined : 'Najpierw wybierz miasto.'}>
          <select key={city} id="w-district" name="district" defaultValue={city === values.city ? values.district ?? '' : ''} className={field} disabled={!districts.length} {...invalid('district')}>
            <option value="">Całe miasto</option>
            {districts.map((d) => <option key={d.slug} value={d.slug}>{d.name}</option>)}
          </select>
        </Field>
        <Field name="area" label="Powierzchnia (m²)" error={errors.area}>
          <input id="w-area" name="area" inputMode="decimal" defaultValue={values.area} className={field} required
            placeholder={`${VALUATION_LIMITS.minArea}–${VALUATION_LIMITS.maxArea}`} {...invalid('area')} />
        </Field>
        <Field name="rooms" label="Liczba pokoi" error={errors.rooms}>
          <input id="w-rooms" name="rooms" type="number" min={VALUATION_LIMITS.minRooms} max={VALUATION_LIMITS.maxRooms} defaultValue={values.rooms} className={field} required {...invalid('rooms')} />
        </Field>
        <Field name="floor" label="Piętro" error={errors.floor} hint="0 to parter, −1 suterena">
          <input id="w-floor" name="floor" type="number" min={VALUATION_LIMITS.minFloor} max={VALUATION_LIMITS.maxFloor} defaultValue={values.floor} className={field} {...invalid('floor')} />
        </Field>
        <Field name="year_built" label="Rok budowy" error={errors.year_built}>
          <input id="w-year_built" name="year_built" type="number" min={VALUATION_LIMITS.minYear} max={maxValuationYear()} defaultValue={values.year_built} className={field} {...invalid('year_built')} />
        </Field>
        <Field wide name="condition" label="Stan" error={errors.condition}>
          <select id="w-condition" name="condition" defaultValue={values.condition ?? ''} className={field} {...invalid('condition')}>
            <option value="">Nie podaję</option>
            {VALUATION_CONDITIONS.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
          </select>
        </Field>
        <Field wide name="market" label="Rynek" error={errors.market}>
          <select id="w-market" name="market" defaultValue={values.market ?? ''} className={field} {...invalid('market')}>
            <option value="">Nie podaję</option>
            {VALUATION_MARKETS.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
          </select>
        </Field>
      </div>
      <button type="submit" className="mt-6 h-11 w-full rounded-lg bg-accent-600 px-6 font-semibold text-white hover:bg-accent-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-accent-300 sm:w-auto">
        Wyceń mieszkanie
      </button>
    </Form>
  )
}
