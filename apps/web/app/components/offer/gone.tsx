import { Link } from 'react-router'
import { OFFER_TYPES, categoryBySlug } from '@portal/contracts/catalogue'
import { pageTitle } from '~/lib/site'

export interface GoneOffer {
  error: string
  message: string
  code?: 'gone'
  category: { id: number; slug: string; url_slug: string; name: string }
  city: { name: string; slug: string }
  /** The city is one of the catalogue's, with landing pages (set by the route's loader). */
  cityLanding: boolean
}

/** HTTP 410 for an ended or expired listing: say so kindly and lead on to the same kind of listings nearby. */
export function OfferGone({ gone }: { gone: GoneOffer }) {
  const cat = categoryBySlug(gone.category.url_slug) ?? categoryBySlug(gone.category.slug)
  const offers = OFFER_TYPES.filter((o) => !cat || cat.offerTypes.includes(o.value))
  const plural = cat?.plural ?? gone.category.name
  // Landing pages exist for the catalogue's cities only; elsewhere the link covers the whole country.
  const city = gone.cityLanding ? gone.city : null
  return (
    <section className="container-page flex flex-col items-center py-16 text-center sm:py-24">
      <title>{pageTitle('To ogłoszenie jest już nieaktualne')}</title>
      <meta name="robots" content="noindex" />
      <p aria-hidden="true" className="text-6xl font-extrabold tracking-tight text-accent-600">410</p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">To ogłoszenie jest już nieaktualne</h1>
      <p className="mt-2 max-w-lg text-slate-600">
        Ogłoszeniodawca zakończył je albo minął czas jego publikacji. Zobacz podobne oferty w okolicy:
      </p>
      <ul className="mt-8 flex max-w-2xl flex-wrap justify-center gap-3">
        {offers.map((o) => (
          <li key={o.value}>
            <Link
              to={`/nieruchomosci/${gone.category.url_slug}/${o.slug}${city ? `/${city.slug}` : ''}`}
              className="inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-5 font-semibold text-slate-800 hover:border-accent-600 hover:text-accent-700"
            >
              {plural} {o.phrase}{city ? ` — ${city.name}` : ''}
            </Link>
          </li>
        ))}
      </ul>
      <Link to="/" className="mt-8 font-medium text-accent-700 hover:underline">Wróć na stronę główną</Link>
    </section>
  )
}
