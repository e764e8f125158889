import { data } from 'react-router'
import { NotFound } from '~/components/not-found'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/not-found'

// Unknown paths and /404: the page renders inside the normal shell, and the document answers HTTP 404.
export function loader() {
  return data({ notFound: true }, { status: 404 })
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Nie znaleziono strony') }, { name: 'robots', content: 'noindex' }]

export default function NotFoundRoute() {
  return <NotFound />
}
