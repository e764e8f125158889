import { data, isRouteErrorResponse, Link, redirect, useRouteError } from 'react-router'
import type { GoneOffer } from '~/components/offer/gone'
import { hydrateLater } from '~/components/hydrate-later'
import { CITY_BY_SLUG } from '@portal/contracts/catalogue/cities'
import { OfferPage } from '~/components/offer/offer-page'
import type { PublicOffer } from '@portal/contracts/offer'
import type { PropertyGroup } from '@portal/contracts/property'
import type { MortgageRates } from '@portal/contracts/prices'
import { serverApi } from '~/lib/api.server'
import { publicOrigin } from '~/lib/offer-origin.server'
import { mapTileUrl } from '~/lib/map-tiles.server'
import { absoluteUrl, metaDescription } from '~/lib/offer-text'
import { listingPrice } from '~/lib/listing-text'
import { pageTitle, SITE_NAME } from '~/lib/site'
import { PAGE_CACHE_LISTINGS, pageCacheHeaders } from '~/lib/page-cache-headers'
import { skipWhenPersonalising } from '~/lib/auth-revalidate'
import { useOfferForViewer } from '~/lib/offer-viewer'
import type { Route } from './+types/offer'

/** /ogloszenia/{slug} and /Offer?slug= (or ?id=): the listing page, server-rendered. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const key = params.slug ?? url.searchParams.get('slug') ?? url.searchParams.get('id')
  if (!key) throw data(null, { status: 404 })
  const res = await serverApi(context, `/api/offers/${encodeURIComponent(key)}`, { headers: { Accept: 'application/json' } })
  if (res.status === 410) {
    const body = (await res.json()) as Omit<GoneOffer, 'cityLanding'>
    // Decided here, on the server: the list of cities stays out of the listing page's code (decision 034).
    const gone: GoneOffer = { ...body, cityLanding: CITY_BY_SLUG.has(body.city.slug) }
    throw data({ gone }, { status: 410, headers: { 'Cache-Control': 'public, max-age=300' } })
  }
  if (res.status === 404) throw data(null, { status: 404 })
  if (!res.ok) throw data(null, { status: res.status >= 500 ? 503 : res.status })
  const offer = (await res.json()) as PublicOffer
  // The English alias and a numeric id land on the one canonical address.
  if (!params.slug || params.slug !== offer.slug) throw redirect(`/ogloszenia/${offer.slug}`, 301)
  // Other ads of the same property (issue 13): asked only of a listing in a property group (404 for any other).
  // A sale offer gets the mortgage calculator, starting from the rate staff set.
  const mortgage = offer.offer_type === 'sell' && offer.ad_type === 'offer' && offer.price > 0 && offer.category.slug !== 'uslugi'
  const [group, rates] = await Promise.all([
    offer.property_group === false ? null : serverApi(context, `/api/offers/${offer.id}/property`, { headers: { Accept: 'application/json' } }),
    mortgage ? serverApi(context, '/api/mortgage-rates', { headers: { Accept: 'application/json' } }) : null,
  ])
  const property = group?.ok ? ((await group.json()) as PropertyGroup) : null
  // The price per m² against the market (issue 26) comes with the listing (decision 091); null where the sample is small.
  const comparison = offer.price_comparison
  const mortgageRate = rates?.ok ? ((await rates.json()) as MortgageRates).rate_pct : null
  return data(
    { offer, property, comparison, mortgageRate, origin: publicOrigin(request), tileUrl: mapTileUrl() },
    {
      headers: offer.is_owner
        // An owner's view (edit links) and a visitor's are different pages: keep both out of shared caches.
        ? { 'Cache-Control': 'private, no-store' }
        : {
            'Cache-Control': 'private, max-age=0, must-revalidate',
            // For the server's own page cache only (decision 029; never sent): the listings this page shows, whose
            // changes in listing_changes drop it. Browsers and CDNs still revalidate every time (private).
            [PAGE_CACHE_LISTINGS]: [offer.id, ...offer.similar.map((s) => s.id), ...(property?.listings.map((l) => l.id) ?? [])].join(' '),
          },
    },
  )
}

export function headers(args: Route.HeadersArgs): HeadersInit {
  return pageCacheHeaders(args)
}

/**
 * A signed-in visitor's page from the shared cache (decision 099) is not loaded again for their part of it: the
 * component asks GET /api/offers/:id/viewer for that (decision 102) while root reloads the user and favourites.
 */
export const shouldRevalidate = skipWhenPersonalising

export const meta: Route.MetaFunction = ({ data: d }) => {
  if (!d) return [{ title: pageTitle('Ogłoszenie') }, { name: 'robots', content: 'noindex' }]
  const { offer: o, origin } = d
  const url = absoluteUrl(origin, `/ogloszenia/${o.slug}`)
  const title = `${o.title} — ${listingPrice(o)}`
  const desc = metaDescription(`${o.category.name}, ${o.location.name}. ${o.description}`)
  const image = o.photos[0]
  return [
    { title: pageTitle(title) },
    { name: 'description', content: desc },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:locale', content: 'pl_PL' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: desc },
    { property: 'og:url', content: url },
    ...(image
      ? [
          { property: 'og:image', content: absoluteUrl(origin, image.url.replace(/\/(sm|md)\.webp$/, '/lg.webp')) },
          { property: 'og:image:alt', content: o.title },
          { name: 'twitter:card', content: 'summary_large_image' },
        ]
      : []),
    ...(o.status !== 'active' ? [{ name: 'robots', content: 'noindex' }] : []),
  ]
}

// The error screens are not on a live listing's first paint (decision 040).
const OfferGone = hydrateLater(() => import('~/components/offer/gone').then((m) => m.OfferGone), 'now')
const NotFound = hydrateLater(() => import('~/components/not-found').then((m) => m.NotFound), 'now')

export default function OfferRoute({ loaderData }: Route.ComponentProps) {
  const offer = useOfferForViewer(loaderData.offer)
  return <OfferPage offer={offer} property={loaderData.property} comparison={loaderData.comparison} mortgageRate={loaderData.mortgageRate} origin={loaderData.origin} tileUrl={loaderData.tileUrl} />
}

export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 410 && error.data?.gone) {
    return (
      <OfferGone gone={error.data.gone as GoneOffer} />
    )
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <title>{pageTitle('Nie znaleziono ogłoszenia')}</title>
        <NotFound />
      </>
    )
  }
  return (
    <section className="container-page py-20 text-center">
      <title>{pageTitle('Wystąpił błąd')}</title>
      <h1 className="text-2xl font-bold text-slate-900">Wystąpił błąd</h1>
      <p className="mt-2 text-slate-600">Nie udało się wczytać ogłoszenia. Spróbuj ponownie za chwilę.</p>
      <Link to="/" className="mt-6 inline-flex h-11 items-center rounded-full bg-accent-600 px-6 font-semibold text-white">Wróć na stronę główną</Link>
    </section>
  )
}
