import { useMemo } from 'react'
import { data, Link } from 'react-router'
import { CITIES } from '@portal/contracts/catalogue'
import { countLabel } from '@portal/contracts/format'
import { AMENITIES, investmentStatusLabel } from '@portal/contracts/plain/investments'
import { photoSrcSet, photoUrl } from '@portal/contracts/plain/listing'
import type { InvestmentDetail, Unit } from '@portal/contracts/investments'
import type { Slot } from '@portal/contracts/viewings'
import { roomsRange } from '~/components/investments/investment-card'
import { UnitsTable } from '~/components/investments/units-table'
import { FollowInvestment } from '~/components/investments/follow-investment'
import { InvestmentVisits, OpenDayNotice, OpenDays, VisitNotice } from '~/components/investments/open-days'
import { PinsMap } from '~/components/map/pins-map'
import { ContactForm } from '~/components/offer/contact-form'
import { serverApi } from '~/lib/api.server'
import { mapTileUrl } from '~/lib/map-tiles.server'
import { publicOrigin } from '~/lib/offer-origin.server'
import { absoluteUrl, jsonLdString, metaDescription, paragraphs } from '~/lib/offer-text'
import { dateText, ppmText, priceText, unpackUnits } from '~/lib/investments'
import { pageTitle } from '~/lib/site'
import { PAGE_CACHE_LISTINGS, pageCacheHeaders } from '~/lib/page-cache-headers'
import { skipWhenPersonalising } from '~/lib/auth-revalidate'
import type { Route } from './+types/investment'

/** /inwestycje/{slug}: one investment with its units, their prices and price history (issue 27). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const path = `/api/investments/${encodeURIComponent(params.slug)}`
  const [res, days] = await Promise.all([
    serverApi(context, `${path}?wiersze=1`, { headers: { Accept: 'application/json' } }),
    // Open days with places left and visit times of the weekly hours (issue 28, decision 078); the page shows without them if this fails.
    serverApi(context, `${path}/viewings`, { headers: { Accept: 'application/json' } })
      .then(async (r) => (r.ok ? ((await r.json()) as { slots: Slot[] }).slots : []), () => [] as Slot[]),
  ])
  if (res.status === 404 || res.status === 422) throw data(null, { status: 404 })
  if (!res.ok) throw data(null, { status: 503 })
  // The units come as rows without their price histories (wiersze=1, decision 090: each history is read when its
  // 'Historia cen' opens, decision 082), and go into the page's data as one string of those rows (decision 087).
  const { units: _, unit_rows: rows = [], ...inv } = (await res.json()) as InvestmentDetail
  // The page lists the open days; of the visit times only the first is shown (the dialog loads them all).
  const openDays = days.filter((d) => d.open_day_id !== null)
  const firstVisit = days.find((d) => d.open_day_id === null) ?? null
  return data({ inv, units: JSON.stringify(rows), openDays, firstVisit, origin: publicOrigin(request), tileUrl: mapTileUrl() }, {
    headers: {
      'Cache-Control': 'public, max-age=60',
      // For the server's own page cache only (decision 029, 082; never sent): the units' listings, whose changes in
      // listing_changes drop the page. Edits of the investment itself (and new units) name all its units there too.
      ...(rows.length ? { [PAGE_CACHE_LISTINGS]: rows.map((r) => r[0]).join(' ') } : {}),
    },
  })
}

export function headers(args: Route.HeadersArgs): HeadersInit {
  return pageCacheHeaders(args)
}

/**
 * The investment's API answers everybody alike (the follow state comes from the browser, FollowInvestment): the
 * personal reload of a page from the shared cache (decision 099) leaves it alone (decision 102).
 */
export const shouldRevalidate = skipWhenPersonalising

export const meta: Route.MetaFunction = ({ data: d }) => {
  if (!d) return [{ title: pageTitle('Nie ma takiej inwestycji') }]
  const { inv, origin } = d
  const from = inv.price_from !== null ? `, mieszkania od ${priceText(inv.price_from)}` : ''
  return [
    { title: pageTitle(`${inv.name} — ${inv.city}${from}`) },
    { name: 'description', content: metaDescription(`${inv.name}, ${inv.location_name}: ${investmentStatusLabel(inv.status).toLowerCase()}${from}. ${inv.description}`) },
    { tagName: 'link', rel: 'canonical', href: absoluteUrl(origin, `/inwestycje/${inv.slug}`) },
    ...(inv.photo ? [{ property: 'og:image', content: absoluteUrl(origin, photoUrl(inv.photo.key, 'lg')) }] : []),
  ]
}

function investmentJsonLd(inv: Omit<InvestmentDetail, 'units' | 'unit_rows'>, units: Unit[], origin: string) {
  const onSale = units.filter((u) => u.status !== 'sprzedane')
  return {
    '@context': 'https://schema.org', '@type': 'ApartmentComplex', name: inv.name, url: absoluteUrl(origin, `/inwestycje/${inv.slug}`),
    description: inv.description.slice(0, 500),
    address: { '@type': 'PostalAddress', addressLocality: inv.city, streetAddress: [inv.address?.street, inv.address?.number].filter(Boolean).join(' ') || undefined, postalCode: inv.address?.zip ?? undefined, addressCountry: 'PL' },
    geo: { '@type': 'GeoCoordinates', latitude: inv.lat, longitude: inv.lon },
    numberOfAccommodationUnits: inv.units_total, numberOfAvailableAccommodationUnits: inv.units_available,
    ...(inv.photos.length ? { image: inv.photos.slice(0, 5).map((p) => absoluteUrl(origin, photoUrl(p.key, 'lg'))) } : {}),
    ...(onSale.length ? {
      offers: {
        '@type': 'AggregateOffer', priceCurrency: 'PLN', offerCount: onSale.length,
        lowPrice: Math.min(...onSale.map((u) => u.price)) / 100, highPrice: Math.max(...onSale.map((u) => u.price)) / 100,
      },
    } : {}),
    provider: { '@type': 'Organization', name: inv.developer.name, url: absoluteUrl(origin, inv.developer.profile_url) },
  }
}

export default function Investment({ loaderData }: Route.ComponentProps) {
  const { inv, openDays, firstVisit, origin, tileUrl } = loaderData
  const units = useMemo(() => unpackUnits(loaderData.units), [loaderData.units])
  const amenities = inv.amenities.map((a) => AMENITIES.find((x) => x.value === a)?.label ?? a)
  const address = [inv.address?.street, inv.address?.number].filter(Boolean).join(' ')
  const rooms = roomsRange(inv.rooms)
  const citySlug = CITIES.find((c) => c.name === inv.city)?.slug
  const csvMd5 = inv.open_data_url ? `${inv.open_data_url}.md5` : null
  const xml = inv.open_data_url ? inv.open_data_url.replace(/ceny\.csv$/, 'ceny.xml') : null
  return (
    <div className="bg-slate-50 pb-16">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdString(investmentJsonLd(inv, units, origin)) }} />
      <div className="container-page pt-6">
        <nav aria-label="Ścieżka" className="text-sm text-slate-600">
          <ol className="flex flex-wrap gap-1">
            <li><Link to="/inwestycje" className="hover:underline">Inwestycje</Link> /</li>
            {citySlug && <li><Link to={`/inwestycje?miasto=${citySlug}`} className="hover:underline">{inv.city}</Link> /</li>}
            <li aria-current="page" className="text-slate-800">{inv.name}</li>
          </ol>
        </nav>
        <div className="mt-3 grid gap-6 lg:grid-cols-[minmax(0,1fr)_360px]">
          <div className="flex min-w-0 flex-col gap-6">
            <header className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
              <div className="min-w-0">
                <p className="text-sm font-semibold text-accent-700">{investmentStatusLabel(inv.status)}{inv.completion_date ? ` · zakończenie ${dateText(inv.completion_date)}` : ''}</p>
                <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{inv.name}</h1>
                <p className="mt-1 text-[15px] text-slate-700">{inv.location_name}{address ? `, ${address}` : ''}</p>
                <p className="mt-1 text-[15px] text-slate-600">Deweloper: <Link to={inv.developer.profile_url} className="font-semibold text-accent-700 hover:underline">{inv.developer.name}</Link></p>
                {firstVisit && <VisitNotice />}
                {openDays[0] && <OpenDayNotice first={openDays[0]} />}
              </div>
              <FollowInvestment id={inv.id} />
            </header>
            {inv.photos.length > 0 && (
              <section aria-label="Zdjęcia inwestycji">
                <ul className="flex snap-x snap-mandatory gap-3 overflow-x-auto pb-2">
                  {inv.photos.map((p, i) => (
                    <li key={p.key} className="w-[88%] shrink-0 snap-start sm:w-[70%]">
                      <a href={photoUrl(p.key, 'lg')} className="block overflow-hidden rounded-2xl bg-slate-100">
                        <img src={photoUrl(p.key, 'md')} srcSet={photoSrcSet(p.key)} sizes="(min-width: 1024px) 600px, 88vw" width={p.width} height={p.height}
                          alt={`${inv.name} — zdjęcie ${i + 1} z ${inv.photos.length}`} loading={i === 0 ? 'eager' : 'lazy'} className="aspect-[16/10] w-full object-cover" />
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {inv.description.trim() && (
              <section aria-labelledby="desc-h" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-card sm:p-6">
                <h2 id="desc-h" className="text-xl font-bold text-slate-900">Opis inwestycji</h2>
                <div className="mt-3 flex flex-col gap-3 text-[15px] leading-relaxed text-slate-800">
                  {paragraphs(inv.description).map((lines, i) => <p key={i}>{lines.map((l, j) => <span key={j}>{j > 0 && <br />}{l}</span>)}</p>)}
                </div>
                {amenities.length > 0 && (
                  <>
                    <h3 className="mt-5 font-semibold text-slate-900">Udogodnienia</h3>
                    <ul className="mt-2 flex flex-wrap gap-2">{amenities.map((a) => <li key={a} className="rounded-full bg-slate-100 px-3 py-1 text-[15px] text-slate-800">{a}</li>)}</ul>
                  </>
                )}
                {inv.buildings.length > 0 && <p className="mt-4 text-[15px] text-slate-700">Budynki i etapy: {inv.buildings.join(', ')}</p>}
              </section>
            )}
            <section aria-labelledby="units-h" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-card sm:p-6">
              <h2 id="units-h" className="text-xl font-bold text-slate-900">Lokale</h2>
              <p className="mb-4 mt-1 text-[15px] text-slate-600">
                {countLabel(inv.units_available, ['lokal', 'lokale', 'lokali'])} w sprzedaży z {inv.units_total}.
                {' '}Ceny podaje deweloper; kliknij „Historia cen”, aby zobaczyć wszystkie zmiany ceny lokalu.
              </p>
              {units.length ? <UnitsTable units={units} investment={{ id: inv.id, name: inv.name, slug: inv.slug }} /> : <p className="text-slate-600">Deweloper nie dodał jeszcze lokali.</p>}
            </section>
            <section aria-labelledby="map-h" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-card sm:p-6">
              <h2 id="map-h" className="mb-3 text-xl font-bold text-slate-900">Lokalizacja</h2>
              <PinsMap tileUrl={tileUrl} label={`Mapa: ${inv.name}`} className="h-72" pins={[{ lat: inv.lat, lon: inv.lon, title: inv.name, href: `/inwestycje/${inv.slug}` }]} />
            </section>
          </div>
          <aside className="flex flex-col gap-6">
            <section aria-label="Ceny" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-card">
              {inv.price_from !== null ? (
                <>
                  <p className="text-sm text-slate-600">Mieszkania od</p>
                  <p className="text-2xl font-bold text-slate-900">{priceText(inv.price_from)}</p>
                  <p className="text-[15px] text-slate-700">od {ppmText(inv.price_per_m2_from)}{rooms ? ` · ${rooms}` : ''}</p>
                </>
              ) : <p className="text-[15px] text-slate-700">Wszystkie lokale są sprzedane.</p>}
              {inv.open_data_url && (
                <div className="mt-4 border-t border-slate-100 pt-3">
                  <p className="text-sm font-semibold text-slate-800">Ceny — dane otwarte</p>
                  <ul className="mt-1 flex flex-wrap gap-x-3 text-sm">
                    <li><a href={inv.open_data_url} className="text-accent-700 hover:underline">CSV</a></li>
                    {csvMd5 && <li><a href={csvMd5} className="text-accent-700 hover:underline">MD5</a></li>}
                    {xml && <li><a href={xml} className="text-accent-700 hover:underline">XML</a></li>}
                  </ul>
                </div>
              )}
            </section>
            <InvestmentVisits slug={inv.slug} name={inv.name} first={firstVisit} />
            <OpenDays slug={inv.slug} name={inv.name} days={openDays} />
            <section aria-labelledby="contact-h" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-card">
              <h2 id="contact-h" className="text-lg font-bold text-slate-900">Zapytaj dewelopera</h2>
              <p className="mb-3 text-sm text-slate-600">{inv.developer.name}</p>
              <ContactForm endpoint={`/api/profile/${inv.developer.id}/contact`}
                initialMessage={`Dzień dobry, jestem zainteresowany(-a) inwestycją ${inv.name}. Proszę o kontakt.`} />
            </section>
          </aside>
        </div>
      </div>
    </div>
  )
}
