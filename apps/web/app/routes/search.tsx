import { SearchResults } from '~/components/search/search-results'
import { formFromParams } from '~/lib/search-form'
import { searchHeading } from '~/lib/search-landing'
import { apiQuery, loadResults, resultsHeaders } from '~/lib/search-results.server'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/search'
import { skipWhenPersonalising } from '~/lib/auth-revalidate'

/** /szukaj and /SearchResults: every filter lives in the URL, the results are rendered on the server. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = apiQuery(new URL(request.url).searchParams)
  const data = await loadResults(context, query)
  return { ...data, query, heading: searchHeading(formFromParams(new URLSearchParams(query), data.places, data.result?.investment)) }
}

// Shows nobody's data: the personal reload of a page from the shared cache leaves it alone (decision 099).
export const shouldRevalidate = skipWhenPersonalising

export function headers({ parentHeaders }: Route.HeadersArgs): HeadersInit {
  return resultsHeaders(parentHeaders)
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: pageTitle(data?.heading ?? 'Wyniki wyszukiwania') },
  { name: 'description', content: 'Wyniki wyszukiwania ogłoszeń nieruchomości: mieszkania, domy, działki i lokale.' },
  // Endless filter combinations are not pages for search engines; the landing pages are.
  { name: 'robots', content: 'noindex, follow' },
]

export default function Search({ loaderData }: Route.ComponentProps) {
  return <SearchResults data={loaderData} heading={loaderData.heading} apiParams={loaderData.query} />
}
