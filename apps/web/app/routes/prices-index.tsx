import { data, Link } from 'react-router'
import type { PriceIndex } from '@portal/contracts/prices'
import { Breadcrumbs } from '~/components/content/content-body'
import { serverApi, loadFailed } from '~/lib/api.server'
import { publicOrigin } from '~/lib/offer-origin.server'
import { absoluteUrl } from '~/lib/offer-text'
import { monthName, perM2, pricePageHeaders } from '~/lib/prices'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/prices-index'
import { skipWhenPersonalising } from '~/lib/auth-revalidate'

/** /ceny-nieruchomosci: every city's latest flat prices, each linking to its price page (issue 26). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const res = await serverApi(context, '/api/prices', { headers: { Accept: 'application/json' } })
  if (!res.ok) loadFailed(res)
  return data({ index: (await res.json()) as PriceIndex, origin: publicOrigin(request) })
}

// Shows nobody's data: the personal reload of a page from the shared cache leaves it alone (decision 099).
export const shouldRevalidate = skipWhenPersonalising

export function headers({ parentHeaders }: Route.HeadersArgs): HeadersInit {
  return pricePageHeaders(parentHeaders)
}

const TITLE = 'Ceny mieszkań w Polsce'
export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: pageTitle(`${TITLE} — ceny nieruchomości w miastach`) },
  { name: 'description', content: 'Mediana ceny za m² mieszkań na sprzedaż i czynszu najmu w 30 największych miastach, z wykresami z 24 miesięcy i cenami w dzielnicach.' },
  ...(d ? [{ tagName: 'link', rel: 'canonical', href: absoluteUrl(d.origin, '/ceny-nieruchomosci') }] : []),
]

export default function PricesIndex({ loaderData }: Route.ComponentProps) {
  const { index } = loaderData
  const month = index.cities.find((c) => c.sell)?.sell?.month
  return (
    <div className="container-page py-8 sm:py-10">
      <Breadcrumbs items={[{ label: 'Strona główna', to: '/' }, { label: 'Ceny nieruchomości' }]} />
      <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">{TITLE}</h1>
      <p className="mt-2 max-w-3xl text-slate-600">
        Mediana ceny za metr kwadratowy mieszkań w ogłoszeniach portalu{month ? ` (${monthName(month)})` : ''}. Wybierz miasto, by zobaczyć
        wykres z 24 miesięcy i ceny w dzielnicach.
      </p>
      <p className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl bg-accent-50 p-4 text-slate-800">
        Chcesz wiedzieć, ile jest warte Twoje mieszkanie?
        <Link to="/wycena" className="inline-flex h-10 items-center rounded-lg bg-accent-600 px-4 font-semibold text-white hover:bg-accent-700">Wyceń mieszkanie</Link>
      </p>
      <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="price-cities">
        {index.cities.map((c) => (
          <li key={c.slug}>
            <Link to={c.href} className="block rounded-xl border border-slate-200 bg-white p-4 transition-colors hover:border-accent-600">
              <span className="font-semibold text-slate-900">{c.name}</span>
              <span className="mt-1 block text-sm text-slate-600">
                {c.sell ? <>Sprzedaż: <span className="font-medium text-slate-800">{perM2(c.sell.median)}</span></> : 'Sprzedaż: za mało ogłoszeń'}
              </span>
              <span className="block text-sm text-slate-600">
                {c.rent ? <>Wynajem: <span className="font-medium text-slate-800">{perM2(c.rent.median)}</span></> : 'Wynajem: za mało ogłoszeń'}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
