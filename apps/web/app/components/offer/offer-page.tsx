import { Link } from 'react-router'
import { hydrateLater } from '../hydrate-later'
import { offerTypeInfo } from '@portal/contracts/catalogue'
import type { PublicOffer } from '@portal/contracts/offer'
import { AreaIcon, BedIcon, PinIcon } from '../icons'
import { areaLabel, listingPrice, listingPricePerM2, roomsLabel } from '~/lib/listing-text'
import { attrLabel, countText, formatDate, jsonLdString, listingJsonLd, VIEW_FORMS } from '~/lib/offer-text'
import { AdvertiserCard } from './advertiser-card'
import { ContactForm } from './contact-form'
import { Gallery } from './gallery'
import { BuildingIcon, CalendarIcon, EyeIcon, FloorIcon, TagIcon } from './offer-icons'
import type { PropertyGroup } from '@portal/contracts/property'
import type { PriceComparison } from '@portal/contracts/prices'
import { PageActions } from './page-actions'
import { ReportButton } from './report-button'
import { ViewingButton } from './viewing-button'

/** Badges of the original offer page (reference §10): PILNE, OKAZJA, Na raty, Do negocjacji, Rachunki wliczone. */
const BADGES: [number, string, string][] = [
  [20, 'PILNE', 'bg-red-700 text-white'],
  [33, 'OKAZJA', 'bg-amber-400 text-slate-900'],
  [2, 'Na raty', 'bg-slate-100 text-slate-800'],
  [6, 'Do negocjacji', 'bg-slate-100 text-slate-800'],
  [7, 'Rachunki wliczone', 'bg-slate-100 text-slate-800'],
  [13, 'Dostępne od zaraz', 'bg-emerald-50 text-emerald-800'],
]

function Fact({ icon, label, value }: { icon: React.ReactNode; label: string; value: string }) {
  return (
    // A <dl> group may hold only <dt>/<dd> (axe definition-list): the icon sits inside the <dt>, placed at the left.
    <div className="relative min-w-0 rounded-xl bg-slate-50 py-3 pl-12 pr-4">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">
        <span className="absolute left-4 top-1/2 -translate-y-1/2 text-slate-500" aria-hidden="true">{icon}</span>
        {label}
      </dt>
      <dd className="truncate text-[15px] font-semibold text-slate-900">{value}</dd>
    </div>
  )
}

/** The listing page (design brief): gallery, key facts, description, parameters, map, advertiser card in view. */
// Below the key facts: the description, attributes, map, price history and similar listings are server-rendered
// and hydrated when the browser is idle (decision 040).
const OfferDetails = hydrateLater(() => import('./offer-details').then((m) => m.OfferDetails))
const SimilarListings = hydrateLater(() => import('./offer-details').then((m) => m.SimilarListings))

export function OfferPage({ offer: o, origin, tileUrl = null, property = null, comparison = null, mortgageRate = null }: {
  offer: PublicOffer; origin: string; tileUrl?: string | null; property?: PropertyGroup | null; comparison?: PriceComparison['comparison']
  /** The calculator's starting rate (per cent) on a sale offer; null: no calculator. */
  mortgageRate?: number | null
}) {
  const perM2 = listingPricePerM2(o)
  const area = areaLabel(o.area)
  const rooms = roomsLabel(o.rooms)
  const floor = attrLabel(o.attributes, 9)
  const market = attrLabel(o.attributes, 19)
  const building = attrLabel(o.attributes, 30)
  const type = offerTypeInfo(o.offer_type)
  const alt = `${o.title} — ${o.location.name}`
  const flags = BADGES.filter(([id]) => o.attributes.some((a) => a.id === id))
  const cat = o.category.parent ?? o.category

  const facts = [
    area && { icon: <AreaIcon size={22} />, label: 'Powierzchnia', value: area },
    rooms && { icon: <BedIcon size={22} />, label: 'Pokoje', value: rooms.replace(/^(\d+) .*/, '$1') },
    floor && { icon: <FloorIcon size={22} />, label: 'Piętro', value: floor },
    market && { icon: <TagIcon size={22} />, label: 'Rynek', value: market },
    building && { icon: <BuildingIcon size={22} />, label: 'Rodzaj zabudowy', value: building },
  ].filter(Boolean) as { icon: React.ReactNode; label: string; value: string }[]

  return (
    <article className="pb-16" itemScope={false}>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdString(listingJsonLd(o, origin)) }} />
      {o.is_owner && (
        <div className="border-b border-amber-200 bg-amber-50">
          <div className="container-page flex flex-wrap items-center justify-between gap-2 py-2.5 text-sm text-amber-900">
            <span>To Twoje ogłoszenie{o.status !== 'active' ? ` (status: ${o.status === 'draft' ? 'szkic' : o.status})` : ''}. Wyświetlenia właściciela nie są liczone.</span>
            <Link to={`/moje-ogloszenia/edytuj-ogloszenie/${o.slug}`} className="font-semibold text-amber-950 underline">Edytuj ogłoszenie</Link>
          </div>
        </div>
      )}
      <nav aria-label="Okruszki" className="container-page py-3 text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-1">
          <li><Link to="/" className="hover:text-accent-700 hover:underline">Strona główna</Link> ›</li>
          <li><Link to={`/nieruchomosci/${cat.url_slug}/${type.slug}`} className="hover:text-accent-700 hover:underline">{cat.name} {type.phrase}</Link> ›</li>
          <li aria-current="page" className="max-w-[40ch] truncate text-slate-500">{o.title}</li>
        </ol>
      </nav>
      <div className="sm:container-page">
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_360px]">
          <div className="min-w-0">
            <Gallery photos={o.photos} alt={alt} />
            <div className="container-page sm:!px-0">
              <header className="mt-5 flex flex-col gap-3">
                <div className="flex flex-wrap gap-1.5">
                  {o.is_promoted && <span className="rounded-full bg-accent-600 px-2.5 py-1 text-xs font-semibold text-white">Wyróżnione</span>}
                  {o.ad_type === 'seek' && <span className="rounded-full bg-slate-900 px-2.5 py-1 text-xs font-semibold text-white">Szukam</span>}
                  <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-700">{o.category.name} {type.phrase}</span>
                  {flags.map(([id, label, cls]) => <span key={id} className={`rounded-full px-2.5 py-1 text-xs font-semibold ${cls}`}>{label}</span>)}
                </div>
                <h1 className="text-2xl font-bold leading-tight text-slate-900 sm:text-3xl">{o.title}</h1>
                <p className="flex items-start gap-1.5 text-[15px] text-slate-700">
                  <PinIcon size={18} className="mt-0.5 shrink-0 text-accent-600" />
                  <a href="#lokalizacja" className="hover:underline">{o.location.name}</a>
                </p>
                <div className="flex flex-wrap items-end justify-between gap-4">
                  <p className="flex flex-wrap items-baseline gap-x-3">
                    <span className="sr-only">Cena: </span>
                    <span className="text-3xl font-extrabold tracking-tight text-slate-900" data-testid="offer-price">{listingPrice(o)}</span>
                    {perM2 && <span className="text-base text-slate-600">{perM2}</span>}
                  </p>
                  <PageActions title={o.title} offerId={o.id} isFavorite={o.is_favorite} />
                </div>
              </header>

              {facts.length > 0 && (
                <dl className="mt-5 grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label="Najważniejsze informacje">
                  {facts.map((f) => <Fact key={f.label} {...f} />)}
                </dl>
              )}

              <div className="mt-8 flex flex-col gap-8">
                {/* With the market comparison and the mortgage calculator (issue 26), all loaded when the browser is idle. */}
                <OfferDetails offer={o} alt={alt} tileUrl={tileUrl} property={property} comparison={comparison} mortgageRate={mortgageRate} />
                <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4 text-sm text-slate-600">
                  <p className="flex flex-wrap gap-x-4 gap-y-1">
                    <span className="inline-flex items-center gap-1.5"><CalendarIcon size={16} /> Dodano {formatDate(o.created_at)}</span>
                    <span className="inline-flex items-center gap-1.5"><EyeIcon size={16} /> {countText(o.views, VIEW_FORMS)}</span>
                    <span>Nr ogłoszenia: {o.id}</span>
                  </p>
                  <ReportButton offerId={o.id} />
                </div>
              </div>
            </div>
          </div>

          <aside aria-label="Kontakt z ogłoszeniodawcą" className="container-page sm:!px-0">
            <div className="flex flex-col gap-4 lg:sticky lg:top-36">
              <div id="ogloszeniodawca" className="scroll-mt-32"><AdvertiserCard offer={o} /></div>
              {o.viewings && !o.is_owner && <ViewingButton endpoint={`/api/offers/${o.id}/viewings`} title={o.title} />}
              <section id="kontakt" aria-labelledby="contact-heading" className="scroll-mt-32 rounded-2xl border border-slate-200 bg-white p-5 shadow-card">
                <h2 id="contact-heading" className="mb-3 text-lg font-bold text-slate-900">Napisz wiadomość</h2>
                <ContactForm endpoint={`/api/offers/${o.id}/contact`} />
              </section>
            </div>
          </aside>
        </div>
      </div>

      {/* Phones: the way to the advertiser stays one tap away while reading. */}
      <div className="fixed inset-x-0 bottom-0 z-30 flex gap-2 border-t border-slate-200 bg-white/95 px-4 py-2 pb-[max(8px,env(safe-area-inset-bottom))] backdrop-blur lg:hidden">
        <a href="#ogloszeniodawca" className="inline-flex min-h-11 flex-1 items-center justify-center rounded-full border border-slate-300 bg-white text-[15px] font-semibold text-slate-800">Zadzwoń</a>
        <a href="#kontakt" className="inline-flex min-h-11 flex-1 items-center justify-center rounded-full bg-accent-600 text-[15px] font-semibold text-white">Napisz wiadomość</a>
      </div>
      {o.similar.length > 0 && (
        <SimilarListings similar={o.similar} />
      )}
    </article>
  )
}
