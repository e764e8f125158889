import { data } from 'react-router'
import type { EditOffer } from '@portal/contracts/offer'
import { OfferForm } from '~/components/offer-form/offer-form'
import { serverApi } from '~/lib/api.server'
import { useAuth } from '~/lib/auth'
import { getUser } from '~/lib/auth.server'
import { mapTileUrl } from '~/lib/map-tiles.server'
import { districtSlug, PRICE_CITIES } from '@portal/contracts/prices'
import { fromEdit, initialState, prefillFromQuery } from '~/lib/offer-form'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/add-offer'

/**
 * /dodaj-ogloszenie and /AddOffer. `?szkic={id}` resumes a saved draft (after a reload) at its photos;
 * `?kategoria=…&typ=…&miasto=…` starts the form filled in (the valuation's 'Dodaj ogłoszenie', prefillFromQuery).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(context)
  const params = new URL(request.url).searchParams
  const id = params.get('szkic')
  const cities = PRICE_CITIES.map((c) => ({ ...c, districts: c.districts.map((d) => ({ ...d, slug: districtSlug(d.name) })) }))
  const prefill = id ? null : prefillFromQuery(params, cities)
  let draft: EditOffer | null = null
  if (id && /^\d{1,15}$/.test(id)) {
    const res = await serverApi(context, `/api/offers/${id}/edit`, { headers: { Accept: 'application/json' } })
    if (res.ok) draft = (await res.json()) as EditOffer
  }
  return data({ loggedIn: !!user, draft, prefill, tileUrl: mapTileUrl() }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Dodaj ogłoszenie') },
  { name: 'description', content: 'Dodaj ogłoszenie nieruchomości: mieszkanie, dom, działkę lub lokal — krok po kroku, ze zdjęciami i mapą.' },
  { name: 'robots', content: 'noindex' },
]

export function shouldRevalidate() {
  // The form owns its state after the first load; ?szkic= changes must not reset it.
  return false
}

export default function AddOffer({ loaderData }: Route.ComponentProps) {
  const auth = useAuth()
  const guest = !(auth.user ?? loaderData.loggedIn)
  const initial = loaderData.draft ? { ...fromEdit(loaderData.draft), step: 4, reached: 5 } : { ...initialState(), ...loaderData.prefill }
  return (
    <div className="-mb-16 bg-slate-50 pb-24 pt-6 sm:pt-8">
      <div className="container-page">
        <div className="mx-auto max-w-[880px]">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Dodaj ogłoszenie</h1>
          <p className="mt-1 text-[15px] text-slate-600">
            {guest && loaderData.draft?.pending_activation ? (
              'Konto czeka na aktywację: kliknij link z e-maila, aby ogłoszenie pojawiło się na portalu. Zdjęcia możesz dodać już teraz.'
            ) : guest ? (
              <>Masz już konto? <button type="button" className="font-semibold text-accent-700 hover:underline" onClick={() => auth.open('login', { next: '/dodaj-ogloszenie' })}>Zaloguj się</button> — albo załóż je w kroku 4.</>
            ) : 'Wypełnij kolejne kroki. Ogłoszenie zapisze się jako szkic przed dodaniem zdjęć.'}
          </p>
          <div className="mt-6">
            <OfferForm key={loaderData.draft?.id ?? 'new'} initial={initial} mode="add" guest={guest} tileUrl={loaderData.tileUrl} />
          </div>
        </div>
      </div>
    </div>
  )
}
