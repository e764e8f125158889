import { data } from 'react-router'
import { DIRECTORY_LABELS, DIRECTORY_TYPES, type DirectoryResponse, type DirectoryType } from '@portal/contracts/people'
import { DirectoryView } from '~/components/people/directory-view'
import { serverApi } from '~/lib/api.server'
import { publicOrigin } from '~/lib/offer-origin.server'
import { absoluteUrl } from '~/lib/offer-text'
import { directoryPath } from '~/lib/people'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/directory'

/** /agencje (agencies; ?type=developers, ?type=agents, ?type=hotels) and /deweloperzy: the directories (spec §2). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const asked = url.searchParams.get('type')
  const type: DirectoryType = url.pathname.startsWith('/deweloperzy') ? 'developers'
    : (DIRECTORY_TYPES as readonly string[]).includes(asked ?? '') ? (asked as DirectoryType) : 'agencies'
  const q = url.searchParams.get('q')?.trim() ?? ''
  const city = url.searchParams.get('city')?.trim() ?? ''
  const sort = url.searchParams.get('sort') === 'name' ? 'name' : 'listings'
  const page = Math.min(10_000, Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1))
  const api = new URLSearchParams({ type, sort, page: String(page) })
  if (q) api.set('q', q.slice(0, 100))
  if (city) api.set('city', city.slice(0, 100))
  const res = await serverApi(context, `/api/agencies?${api}`, { headers: { Accept: 'application/json' } })
  if (!res.ok) throw data(null, { status: res.status === 422 ? 404 : 503 })
  const list = (await res.json()) as DirectoryResponse
  const filtered = !!(q || city || page > 1 || url.searchParams.get('sort'))
  return data(
    { type, q, city, sort, list, canonical: absoluteUrl(publicOrigin(request), directoryPath(type)), filtered },
    { headers: { 'Cache-Control': 'public, max-age=60' } },
  )
}

export function headers({ loaderHeaders }: Route.HeadersArgs): HeadersInit {
  const cc = loaderHeaders.get('Cache-Control')
  return cc ? { 'Cache-Control': cc } : {}
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  if (!d) return [{ title: pageTitle('Agencje nieruchomości') }]
  const l = DIRECTORY_LABELS[d.type]
  return [
    { title: pageTitle(d.city ? `${l.title} — ${d.city}` : l.title) },
    { name: 'description', content: `${l.heading}: wyszukaj po nazwie i miejscowości, sprawdź liczbę ogłoszeń i przejdź do profilu.` },
    { tagName: 'link', rel: 'canonical', href: d.canonical },
    ...(d.filtered ? [{ name: 'robots', content: 'noindex, follow' }] : []),
  ]
}

export default function Directory({ loaderData }: Route.ComponentProps) {
  return <DirectoryView {...loaderData} />
}
