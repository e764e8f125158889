import { data, Link } from 'react-router'
import type { PriceFigure, PricePage, PriceRow } from '@portal/contracts/prices'
import { countLabel, LISTING_FORMS } from '@portal/contracts/format'
import { Breadcrumbs } from '~/components/content/content-body'
import { PriceMap } from '~/components/prices/price-map'
import { TrendChart } from '~/components/prices/trend-chart'
import { mapTileUrl } from '~/lib/map-tiles.server'
import { serverApi, loadFailed } from '~/lib/api.server'
import { publicOrigin } from '~/lib/offer-origin.server'
import { absoluteUrl, jsonLdString } from '~/lib/offer-text'
import { changeLabel, csvHref, pricePageHeaders, lastFigure, monthName, perM2, priceDatasetJsonLd, pricePath } from '~/lib/prices'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/prices'
import { skipWhenPersonalising } from '~/lib/auth-revalidate'

/** /ceny-nieruchomosci/{city} and /ceny-nieruchomosci/{city}/{district}: flat prices (issue 26). Unknown places: 404. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const seg = [params.city, params.district].filter(Boolean) as string[]
  if (seg.some((s) => !/^[a-z0-9-]{1,80}$/.test(s))) throw data(null, { status: 404 })
  const res = await serverApi(context, `/api/prices/${seg.join('/')}`, { headers: { Accept: 'application/json' } })
  if (res.status === 404) throw data(null, { status: 404 })
  if (!res.ok) loadFailed(res)
  const page = (await res.json()) as PricePage
  return data({ page, origin: publicOrigin(request), tileUrl: mapTileUrl() })
}

// Shows nobody's data: the personal reload of a page from the shared cache leaves it alone (decision 099).
export const shouldRevalidate = skipWhenPersonalising

export function headers({ parentHeaders }: Route.HeadersArgs): HeadersInit {
  return pricePageHeaders(parentHeaders)
}

function description(p: PricePage): string {
  const s = lastFigure(p.sell), r = lastFigure(p.rent)
  const parts = [
    s ? `mediana ceny mieszkań na sprzedaż ${perM2(s.median)}` : null,
    r ? `najmu ${perM2(r.median)}` : null,
  ].filter(Boolean)
  return `${p.title}: ${parts.length ? `${parts.join(', ')}. ` : ''}Wykres z 24 miesięcy, ${p.rows_kind === 'districts' ? 'ceny w dzielnicach' : 'ceny według liczby pokoi'} i dane do pobrania (CSV).`
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  if (!d) return [{ title: pageTitle('Nie znaleziono strony') }]
  const url = absoluteUrl(d.origin, pricePath(d.page))
  return [
    { title: pageTitle(d.page.title) },
    { name: 'description', content: description(d.page) },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:title', content: d.page.title },
    { property: 'og:url', content: url },
  ]
}

function Figure({ f, change, label }: { f: PriceFigure | null; change: number | null; label: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <p className="text-sm text-slate-600">{label}</p>
      {f ? (
        <>
          <p className="mt-1 text-2xl font-bold text-slate-900">{perM2(f.median)}</p>
          <p className="mt-1 text-sm text-slate-600">
            {monthName(f.month)}, {countLabel(f.n, LISTING_FORMS)} · w 12 miesięcy: <span className="font-medium text-slate-800">{changeLabel(change)}</span>
          </p>
        </>
      ) : (
        <p className="mt-1 text-sm text-slate-600">Za mało ogłoszeń, by podać medianę.</p>
      )}
    </div>
  )
}

function Cell({ f }: { f: PriceFigure | null }) {
  return f ? <>{perM2(f.median)}<span className="block text-xs text-slate-500">{countLabel(f.n, LISTING_FORMS)}</span></> : <span className="text-slate-400">—</span>
}

function Table({ p }: { p: PricePage }) {
  const first = p.rows_kind === 'districts' ? 'Dzielnica' : 'Liczba pokoi'
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200">
      <table className="w-full min-w-[34rem] text-left text-sm" data-testid="price-table">
        <caption className="sr-only">{p.rows_kind === 'districts' ? `Mediana ceny za m² w dzielnicach: ${p.city.name}` : 'Mediana ceny za m² według liczby pokoi'}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">{first}</th>
            <th scope="col" className="px-3 py-2 font-semibold">Sprzedaż, mediana</th>
            <th scope="col" className="px-3 py-2 font-semibold">Zmiana w 12 mies.</th>
            <th scope="col" className="px-3 py-2 font-semibold">Najem, mediana</th>
            <th scope="col" className="px-3 py-2 font-semibold">Zmiana w 12 mies.</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {p.rows.map((r: PriceRow) => (
            <tr key={r.key}>
              <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                {r.href ? <Link to={r.href} className="text-accent-700 hover:underline">{r.name}</Link> : r.name}
              </th>
              <td className="px-3 py-2"><Cell f={r.sell} /></td>
              <td className="px-3 py-2">{changeLabel(r.sell_change_12m)}</td>
              <td className="px-3 py-2"><Cell f={r.rent} /></td>
              <td className="px-3 py-2">{changeLabel(r.rent_change_12m)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export default function Prices({ loaderData }: Route.ComponentProps) {
  const { page: p, origin, tileUrl } = loaderData
  const crumbs = [
    { label: 'Strona główna', to: '/' },
    { label: 'Ceny nieruchomości', to: '/ceny-nieruchomosci' },
    ...(p.district ? [{ label: p.city.name, to: `/ceny-nieruchomosci/${p.city.slug}` }, { label: p.district.name }] : [{ label: p.city.name }]),
  ]
  const hasAny = p.sell.some(Boolean) || p.rent.some(Boolean)
  return (
    <div className="container-page py-8 sm:py-10">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdString(priceDatasetJsonLd(p, origin)) }} />
      <Breadcrumbs items={crumbs} />
      <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">{p.title}</h1>
      <p className="mt-2 max-w-3xl text-slate-600">
        Mediana ceny za metr kwadratowy mieszkań w ogłoszeniach {p.district ? p.district.where : p.city.where}, miesiąc po miesiącu.
        Każda nieruchomość liczy się raz, skrajne ceny pomijamy, a miesiąc z mniej niż {p.min_sample} ogłoszeniami zostaje pusty.
      </p>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <Figure f={lastFigure(p.sell)} change={p.sell_change_12m} label="Sprzedaż: mediana ceny za m²" />
        <Figure f={lastFigure(p.rent)} change={p.rent_change_12m} label="Wynajem: mediana czynszu za m²" />
      </div>
      {hasAny ? (
        <div className="mt-8 grid gap-8 lg:grid-cols-2">
          <TrendChart months={p.months} series={p.sell} label="Sprzedaż: mediana ceny za m² (zł) w 24 miesiącach" unit="zł/m²" />
          <TrendChart months={p.months} series={p.rent} label="Wynajem: mediana czynszu za m² (zł) w 24 miesiącach" unit="zł/m²" />
        </div>
      ) : (
        <p className="mt-8 rounded-xl bg-slate-50 p-4 text-slate-700">Jest tu jeszcze za mało ogłoszeń, by pokazać ceny z ostatnich 24 miesięcy.</p>
      )}
      {p.rows_kind === 'districts' && p.rows.length > 1 && <PriceMap citySlug={p.city.slug} cityName={p.city.name} rows={p.rows} tileUrl={tileUrl} />}
      <h2 className="mt-10 text-xl font-bold text-slate-900">{p.rows_kind === 'districts' ? `Ceny w dzielnicach: ${p.city.name}` : 'Ceny według liczby pokoi'}</h2>
      <div className="mt-3"><Table p={p} /></div>
      <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3 text-sm">
        <a href={csvHref(p)} download className="inline-flex h-10 items-center rounded-lg border border-slate-300 px-4 font-medium text-slate-800 hover:border-accent-600 hover:text-accent-700">
          Pobierz dane (CSV)
        </a>
        <Link to={`/wycena?city=${p.city.slug}${p.district ? `&district=${p.district.slug}` : ''}`} className="inline-flex h-10 items-center rounded-lg bg-accent-600 px-4 font-semibold text-white hover:bg-accent-700">
          Wyceń swoje mieszkanie
        </Link>
        <Link to={`/nieruchomosci/mieszkanie/sprzedaz/${p.city.slug}`} className="text-accent-700 hover:underline">Mieszkania na sprzedaż: {p.city.name}</Link>
        <Link to={`/nieruchomosci/mieszkanie/wynajem/${p.city.slug}`} className="text-accent-700 hover:underline">Mieszkania na wynajem: {p.city.name}</Link>
      </div>
      <p className="mt-6 text-xs text-slate-500">
        Źródło: ogłoszenia portalu (aktywne i zakończone, z historią cen). {p.computed_at ? `Przeliczono ${new Date(p.computed_at).toLocaleDateString('pl-PL', { timeZone: 'Europe/Warsaw' })}.` : 'Dane nie zostały jeszcze przeliczone.'}
      </p>
    </div>
  )
}
