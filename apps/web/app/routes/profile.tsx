import { data, isRouteErrorResponse, Link, redirect, useRouteError } from 'react-router'
import { profileIdOf, type ProfilePage } from '@portal/contracts/people'
import type { InvestmentCard } from '@portal/contracts/investments'
import { ErrorScreen, NotFound } from '~/components/not-found'
import { ProfileView } from '~/components/people/profile-view'
import { serverApi } from '~/lib/api.server'
import { publicOrigin } from '~/lib/offer-origin.server'
import { absoluteUrl, metaDescription } from '~/lib/offer-text'
import { listingsCount, typeLabel } from '~/lib/people'
import { pageTitle, SITE_NAME } from '~/lib/site'
import type { Route } from './+types/profile'

/** /profil/{id}-{slug}: a public profile, server-rendered; /profil/{id} and an outdated slug redirect to it. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = profileIdOf(params.user)
  if (id === null) throw data(null, { status: 404 })
  const url = new URL(request.url)
  const res = await serverApi(context, `/api/profile/${id}${url.search}`, { headers: { Accept: 'application/json' } })
  if (res.status === 404 || res.status === 422) throw data(null, { status: 404 })
  if (res.status === 410) throw data({ gone: true }, { status: 410 })
  if (!res.ok) throw data(null, { status: res.status >= 500 ? 503 : res.status })
  const page = (await res.json()) as ProfilePage
  if (url.pathname !== page.user.profile_url) throw redirect(`${page.user.profile_url}${url.search}`, 301)
  // A developer's investments (issue 27) and its price open-data files when it has any.
  let investments: InvestmentCard[] = []
  let openData = false
  if (page.user.type === 'developer') {
    const [inv, md5] = await Promise.all([
      serverApi(context, `/api/investments?user=${id}`, { headers: { Accept: 'application/json' } }),
      serverApi(context, `/api/dane-otwarte/${id}/ceny.csv.md5`),
    ])
    if (inv.ok) investments = ((await inv.json()) as { data: InvestmentCard[] }).data
    openData = md5.ok
  }
  return data({ page, origin: publicOrigin(request), search: url.search, investments, openData }, { headers: { 'Cache-Control': 'public, max-age=60' } })
}

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs): HeadersInit {
  const cc = (errorHeaders ?? loaderHeaders).get('Cache-Control')
  return cc ? { 'Cache-Control': cc } : {}
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  if (!d) return [{ title: pageTitle('Profil') }, { name: 'robots', content: 'noindex' }]
  const u = d.page.user
  const url = absoluteUrl(d.origin, u.profile_url)
  const title = `${u.display_name} — ${typeLabel(u.type)}${u.city ? `, ${u.city}` : ''}`
  const desc = metaDescription(u.description || `${u.display_name}: ${typeLabel(u.type).toLowerCase()}${u.city ? ` (${u.city})` : ''}, ${listingsCount(u.offers_count)} w serwisie ${SITE_NAME}.`)
  return [
    { title: pageTitle(title) },
    { name: 'description', content: desc },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'profile' },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:locale', content: 'pl_PL' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: desc },
    { property: 'og:url', content: url },
    ...(u.avatar ? [{ property: 'og:image', content: absoluteUrl(d.origin, u.avatar) }] : []),
    // Filtered and later pages are the same profile: only the plain address is indexed.
    ...(d.search ? [{ name: 'robots', content: 'noindex, follow' }] : []),
  ]
}

export default function ProfileRoute({ loaderData }: Route.ComponentProps) {
  return <ProfileView page={loaderData.page} origin={loaderData.origin} search={loaderData.search} investments={loaderData.investments} openData={loaderData.openData} />
}

export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 410) {
    return (
      <section className="container-page py-20 text-center">
        <title>{pageTitle('Konto usunięte')}</title>
        <meta name="robots" content="noindex" />
        <h1 className="text-2xl font-bold text-slate-900">To konto zostało usunięte</h1>
        <p className="mt-2 text-slate-600">Ogłoszeniodawca nie korzysta już z serwisu. Zobacz inne oferty.</p>
        <Link to="/agencje" className="mt-6 inline-flex h-11 items-center rounded-full bg-accent-600 px-6 font-semibold text-white hover:bg-accent-700">Przeglądaj agencje</Link>
      </section>
    )
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <title>{pageTitle('Nie znaleziono profilu')}</title>
        <NotFound />
      </>
    )
  }
  return <ErrorScreen status={isRouteErrorResponse(error) ? error.status : undefined} />
}
