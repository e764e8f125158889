import { publicOrigin } from '~/lib/offer-origin.server'
import { robotsTxt } from '~/lib/offer-sitemap'
import type { Route } from './+types/robots'

export function loader({ request }: Route.LoaderArgs) {
  return new Response(robotsTxt(publicOrigin(request)), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  })
}
