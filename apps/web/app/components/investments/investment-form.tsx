import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { AMENITIES, INVESTMENT_STATUSES } from '@portal/contracts/plain/investments'
import type { InvestmentDetail } from '@portal/contracts/investments'
import { CLIENT_MESSAGES } from '@portal/contracts/plain/errors'
import { Card, InputBox, Msg, SelectBox, Toggles, box, label } from '~/components/offer-form/fields'
import { PinMap, type MapPoint } from '~/components/map/pin-map'
import { LocationAutocomplete } from '~/components/search/location-autocomplete'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { serverFieldErrors, type FieldErrors } from '~/lib/form-errors'
import { investmentBody, type InvestmentFormValues } from '~/lib/investments'
import { useToast } from '~/lib/toast'
import type { LocationSuggestion } from '@portal/contracts/search'

/** Create or edit an investment: name, place on the map and address, description, status, completion, buildings, amenities. */
export function InvestmentForm({ initial, id, tileUrl }: { initial: InvestmentFormValues; id: number | null; tileUrl: string | null }) {
  const [v, setV] = useState(initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [pending, setPending] = useState(false)
  const [building, setBuilding] = useState('')
  const toast = useToast()
  const navigate = useNavigate()
  const set = <K extends keyof InvestmentFormValues>(k: K, value: InvestmentFormValues[K]) => {
    setV((x) => ({ ...x, [k]: value }))
    setErrors((e) => {
      const { [k]: _drop, ...rest } = e
      return rest
    })
  }

  const moved = (p: MapPoint) => {
    const name = v.location?.name ?? ''
    set('location', { ...p, name })
    if (!name) {
      void api.get<LocationSuggestion>(`/api/locations/reverse?lat=${p.lat}&lon=${p.lon}`, { silent: true }).then(
        (l) => setV((x) => (x.location ? { ...x, location: { ...x.location, name: l.display_name }, locationText: l.display_name } : x)),
        () => {},
      )
    }
  }

  function addBuilding() {
    const b = building.trim()
    if (!b || v.buildings.includes(b)) return
    set('buildings', [...v.buildings, b])
    setBuilding('')
  }

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (pending) return
    if (!v.location) {
      setErrors({ location: 'Wskaż położenie inwestycji na mapie.' })
      return
    }
    setPending(true)
    try {
      const body = investmentBody(v)
      const saved = id === null
        ? await api.post<InvestmentDetail>('/api/investments', body, { silent: true })
        : await api.put<InvestmentDetail>(`/api/investments/${id}`, body, { silent: true })
      toast.success(id === null ? 'Inwestycja została dodana. Dodaj jej lokale.' : 'Zapisano zmiany.')
      if (id === null) navigate(`/moje-inwestycje/${saved.id}/lokale`)
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        const fe = serverFieldErrors(err.fieldErrors)
        const flat: FieldErrors = {}
        for (const [k, m] of Object.entries(fe)) flat[k.split('.')[0]!] ??= m
        setErrors(flat)
        toast.error('Popraw zaznaczone pola.')
      } else toast.error(err instanceof ApiError && err.status < 500 ? err.message : CLIENT_MESSAGES.serverError)
    } finally {
      setPending(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label={id === null ? 'Nowa inwestycja' : 'Dane inwestycji'}>
      <Card title="Inwestycja">
        <InputBox label="Nazwa inwestycji" name="name" value={v.name} onChange={(x) => set('name', x)} error={errors.name} />
        <div>
          <label htmlFor="inv-description" className={label}>Opis</label>
          <textarea id="inv-description" name="description" rows={6} value={v.description} onChange={(e) => set('description', e.target.value)}
            aria-invalid={!!errors.description} aria-describedby="inv-description-m" className={`${box} h-auto py-3`} />
          <Msg id="inv-description-m" error={errors.description} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectBox label="Status" name="status" value={v.status} onChange={(x) => set('status', x)} error={errors.status}>
            {INVESTMENT_STATUSES.map((s) => <option key={s.value} value={s.value}>{s.label}</option>)}
          </SelectBox>
          <InputBox label="Termin zakończenia budowy" name="completion_date" type="date" value={v.completion_date}
            onChange={(x) => set('completion_date', x)} error={errors.completion_date} />
        </div>
      </Card>
      <Card title="Lokalizacja" description="Wybierz miejscowość lub dzielnicę, a potem kliknij mapę lub przeciągnij pinezkę w miejsce budowy.">
        <LocationAutocomplete label="Miejscowość lub dzielnica" text={v.locationText} onText={(t) => set('locationText', t)}
          onPick={(l) => { set('location', { lat: l.lat, lon: l.lon, name: l.display_name }); set('locationText', l.display_name) }} />
        <Msg id="inv-location-m" error={errors.location} />
        <PinMap point={v.location ? { lat: v.location.lat, lon: v.location.lon } : null} onMove={moved} tileUrl={tileUrl}
          label="Mapa położenia inwestycji" className="h-64 sm:h-80" />
        {v.location && (
          <p role="status" className="rounded-xl bg-emerald-50 px-4 py-3 text-[15px] text-emerald-900">
            Wybrano: <strong>{v.location.name || 'punkt na mapie'}</strong>
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-3">
          <InputBox label="Ulica" name="street" value={v.street} onChange={(x) => set('street', x)} error={errors.address} autoComplete="address-line1" />
          <InputBox label="Numer" name="number" value={v.number} onChange={(x) => set('number', x)} />
          <InputBox label="Kod pocztowy" name="zip" value={v.zip} onChange={(x) => set('zip', x)} placeholder="00-000" autoComplete="postal-code" />
          <InputBox label="Powiat" name="county" value={v.county} onChange={(x) => set('county', x)} />
          <InputBox label="Gmina" name="commune" value={v.commune} onChange={(x) => set('commune', x)} />
        </div>
      </Card>
      <Card title="Etapy i budynki" description="Lokale przypisuje się do budynków. Inwestycja bez budynków ma lokale bez budynku.">
        <div className="flex items-end gap-2">
          <div className="grow">
            <InputBox label="Nazwa budynku lub etapu" name="building" value={building} onChange={setBuilding} placeholder="np. A" />
          </div>
          <button type="button" onClick={addBuilding} className="mb-0 h-12 shrink-0 rounded-full border border-slate-300 bg-white px-5 font-semibold text-slate-800 hover:bg-slate-50">Dodaj</button>
        </div>
        {v.buildings.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="Budynki">
            {v.buildings.map((b) => (
              <li key={b} className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-1 pl-3 pr-1 text-[15px] text-slate-800">
                {b}
                <button type="button" aria-label={`Usuń budynek ${b}`} onClick={() => set('buildings', v.buildings.filter((x) => x !== b))}
                  className="inline-flex size-8 items-center justify-center rounded-full hover:bg-slate-200">×</button>
              </li>
            ))}
          </ul>
        )}
        <Msg id="inv-buildings-m" error={errors.buildings} />
      </Card>
      <Card title="Udogodnienia">
        <Toggles legend="Co oferuje inwestycja" options={AMENITIES.map((a) => ({ value: a.value, label: a.label }))} value={v.amenities}
          onChange={(x) => set('amenities', x)} error={errors.amenities} />
      </Card>
      <div>
        <button type="submit" disabled={pending} className="inline-flex min-h-12 items-center justify-center rounded-full bg-accent-600 px-8 text-[15px] font-semibold text-white shadow-sm hover:bg-accent-700 disabled:opacity-60">
          {pending ? 'Zapisuję…' : id === null ? 'Dodaj inwestycję' : 'Zapisz zmiany'}
        </button>
      </div>
    </form>
  )
}
