import { data } from 'react-router'
import { SearchResults } from '~/components/search/search-results'
import { landingCrumbs, landingDescription, landingHeading, landingParams, landingPath, landingPriceLink, parseLanding } from '~/lib/search-landing'
import { apiQuery, loadResults, resultsHeaders } from '~/lib/search-results.server'
import { pageTitle } from '~/lib/site'
import { publicOrigin } from '~/lib/offer-origin.server'
import type { Route } from './+types/category'
import { skipWhenPersonalising } from '~/lib/auth-revalidate'

/** /nieruchomosci/{property?}/{transaction} and /nieruchomosci/{property?}/{transaction?}/{location} (spec §2). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const landing = parseLanding([params.a, params.b, params.c])
  if (!landing) throw data(null, { status: 404 })
  const url = new URL(request.url)
  const query = apiQuery(landingParams(landing, url.searchParams))
  const results = await loadResults(context, query)
  return {
    ...results,
    query,
    heading: landingHeading(landing),
    crumbs: landingCrumbs(landing),
    priceLink: landingPriceLink(landing),
    canonical: `${publicOrigin()}${landingPath(landing)}`,
    description: landingDescription(landing, results.result?.total ?? null),
  }
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
        { name: 'description', content: d.description },
        { tagName: 'link', rel: 'canonical', href: d.canonical },
        { property: 'og:title', content: d.heading },
        { property: 'og:url', content: d.canonical },
      ]
    : []

export default function CategoryLanding({ loaderData }: Route.ComponentProps) {
  return <SearchResults data={loaderData} heading={loaderData.heading} crumbs={loaderData.crumbs} apiParams={loaderData.query} priceLink={loaderData.priceLink} />
}
