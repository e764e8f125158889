import { data } from 'react-router'
import { CITIES } from '@portal/contracts/catalogue'
import { SearchResults } from '~/components/search/search-results'
import { apiQuery, loadResults, resultsHeaders } from '~/lib/search-results.server'
import { pageTitle } from '~/lib/site'
import { publicOrigin } from '~/lib/offer-origin.server'
import type { Route } from './+types/services'
import { skipWhenPersonalising } from '~/lib/auth-revalidate'

/** /services, /services/{location} and /uslugi (the menu link): the services category (spec §2). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const city = params.location ? CITIES.find((c) => c.slug === params.location!.toLowerCase()) : undefined
  if (params.location && !city) throw data(null, { status: 404 })
  const url = new URL(request.url)
  const p = new URLSearchParams(url.searchParams)
  p.set('kategoria', 'uslugi')
  if (city && !p.get('lokalizacja[lat]')) {
    p.set('lokalizacja[lat]', String(city.lat))
    p.set('lokalizacja[lon]', String(city.lon))
    p.set('lokalizacja[nazwa]', city.name)
  }
  const query = apiQuery(p)
  const results = await loadResults(context, query)
  const heading = city ? `Usługi ${city.name}` : 'Usługi'
  const crumbs = [{ label: 'Strona główna', to: '/' }, { label: 'Usługi', to: '/uslugi' }]
  if (city) crumbs.push({ label: city.name, to: `/services/${city.slug}` })
  return { ...results, query, heading, crumbs, canonical: `${publicOrigin()}${city ? `/services/${city.slug}` : '/uslugi'}` }
}

// Shows nobody's data: the personal reload of a page from the shared cache leaves it alone (decision 099).
export const shouldRevalidate = skipWhenPersonalising

export function headers({ parentHeaders }: Route.HeadersArgs): HeadersInit {
  return resultsHeaders(parentHeaders)
}

export const meta: Route.MetaFunction = ({ data: d }) =>
  d
    ? [
        { title: pageTitle(d.heading) },
        { name: 'description', content: 'Usługi dla nieruchomości: remonty, przeprowadzki, wyceny, sprzątanie i inne — ogłoszenia w całej Polsce.' },
        { tagName: 'link', rel: 'canonical', href: d.canonical },
      ]
    : []

export default function Services({ loaderData }: Route.ComponentProps) {
  return <SearchResults data={loaderData} heading={loaderData.heading} crumbs={loaderData.crumbs} apiParams={loaderData.query} />
}
