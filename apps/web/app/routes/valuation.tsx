import { data, Link } from 'react-router'
import { districtSlug, PRICE_CITIES, type MortgageRates } from '@portal/contracts/prices'
import type { Valuation } from '@portal/contracts/valuation'
import type { ValidationError } from '@portal/contracts/errors'
import { Breadcrumbs } from '~/components/content/content-body'
import { MortgageCalculator } from '~/components/offer/mortgage-calculator'
import { ValuationForm, type PlaceOption } from '~/components/prices/valuation-form'
import { ValuationResult } from '~/components/prices/valuation-result'
import { serverApi } from '~/lib/api.server'
import { publicOrigin } from '~/lib/offer-origin.server'
import { absoluteUrl } from '~/lib/offer-text'
import { pageTitle } from '~/lib/site'
import { addListingHref, valuationValues, VALUATION_FIELDS } from '~/lib/valuation'
import type { Route } from './+types/valuation'

/**
 * /wycena: 'Ile jest warte moje mieszkanie?' (issue 26, decision 066). A GET form; with a city in the URL the loader
 * asks GET /api/valuation with the same fields: its 422 comes back as messages under the fields, its 404 (an unknown
 * city or district) as a message under the place; the page itself answers 200 (noindex), as a form sent again does,
 * so a client-side submit logs no failed request. A sale valuation gets the mortgage calculator.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const values = valuationValues(url.searchParams)
  const places: PlaceOption[] = PRICE_CITIES.map((c) => ({ slug: c.slug, name: c.name, districts: c.districts.map((d) => ({ slug: districtSlug(d.name), name: d.name })) }))
  const base = { places, values, origin: publicOrigin(request), valuation: null as Valuation | null, ratePct: null as number | null, errors: {} as Record<string, string> }
  // A link may preselect the place (?city=&district=); a sent form always has the area field.
  if (!url.searchParams.has('area')) return data(base)
  const q = new URLSearchParams()
  for (const k of VALUATION_FIELDS) if (values[k] !== undefined) q.set(k, values[k]!)
  const res = await serverApi(context, `/api/valuation?${q}`, { headers: { Accept: 'application/json' } })
  if (res.status === 422) {
    const body = (await res.json()) as ValidationError
    const errors = Object.fromEntries(Object.entries(body.errors).map(([k, m]) => [k, m[0] ?? body.message]))
    return data({ ...base, errors })
  }
  if (res.status === 404) {
    const field = values.district ? 'district' : 'city'
    return data({ ...base, errors: { [field]: field === 'district' ? 'Nie znamy takiej dzielnicy w tym mieście.' : 'Nie znamy takiego miasta.' } })
  }
  if (!res.ok) throw data(null, { status: 503 })
  const valuation = (await res.json()) as Valuation
  let ratePct: number | null = null
  if (valuation.offer_type === 'sell' && valuation.estimate) {
    const r = await serverApi(context, '/api/mortgage-rates', { headers: { Accept: 'application/json' } })
    if (r.ok) ratePct = ((await r.json()) as MortgageRates).rate_pct
  }
  return data({ ...base, valuation, ratePct })
}

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: pageTitle('Ile jest warte moje mieszkanie? Wycena mieszkania') },
  { name: 'description', content: 'Bezpłatna wycena mieszkania na sprzedaż lub wynajem: szacunkowa cena z przedziałem, na podstawie podobnych ogłoszeń z Twojej okolicy.' },
  ...(d ? [{ tagName: 'link', rel: 'canonical', href: absoluteUrl(d.origin, '/wycena') }] : []),
  ...(d?.valuation || Object.keys(d?.errors ?? {}).length ? [{ name: 'robots', content: 'noindex' }] : []),
]

export default function ValuationPage({ loaderData: d }: Route.ComponentProps) {
  const v = d.valuation
  return (
    <div className="container-page py-8 sm:py-10">
      <Breadcrumbs items={[{ label: 'Strona główna', to: '/' }, { label: 'Ceny nieruchomości', to: '/ceny-nieruchomosci' }, { label: 'Wycena mieszkania' }]} />
      <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">Ile jest warte moje mieszkanie?</h1>
      <p className="mt-2 max-w-3xl text-slate-600">
        Podaj, gdzie jest mieszkanie i jakie jest, a oszacujemy jego cenę sprzedaży albo czynsz najmu na podstawie podobnych ogłoszeń
        z portalu. Zobaczysz też ogłoszenia, z których wyszła wycena. Średnie ceny znajdziesz na stronie{' '}
        <Link to="/ceny-nieruchomosci" className="font-medium text-accent-700 hover:underline">Ceny nieruchomości</Link>.
      </p>
      <div className="mt-6">
        <ValuationForm key={JSON.stringify(d.values)} places={d.places} values={d.values} errors={d.errors} />
      </div>
      {v && (
        <div className="mt-8 grid gap-6">
          <ValuationResult v={v} addHref={addListingHref(v, d.values)} />
          {v.estimate && v.offer_type === 'sell' && d.ratePct !== null && <MortgageCalculator price={v.estimate.value} ratePct={d.ratePct} />}
        </div>
      )}
    </div>
  )
}
