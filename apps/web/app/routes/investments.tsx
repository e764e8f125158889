import { data, Form, useNavigation } from 'react-router'
import { CITIES } from '@portal/contracts/catalogue'
import { countLabel } from '@portal/contracts/format'
import { INVESTMENT_STATUSES } from '@portal/contracts/plain/investments'
import type { InvestmentCard } from '@portal/contracts/investments'
import { InvestmentCardView } from '~/components/investments/investment-card'
import { PinsMap } from '~/components/map/pins-map'
import { fieldBox, fieldLabel, primaryBtn } from '~/components/search/controls'
import { Pagination } from '~/components/search/pagination'
import { serverApi } from '~/lib/api.server'
import { mapTileUrl } from '~/lib/map-tiles.server'
import { publicOrigin } from '~/lib/offer-origin.server'
import { absoluteUrl, jsonLdString } from '~/lib/offer-text'
import { priceText } from '~/lib/investments'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/investments'

interface ListPage { data: InvestmentCard[]; total: number; page: number; last_page: number }
const FILTERS = ['miasto', 'status', 'ukonczenie', 'cena_do', 'pokoje'] as const

/** /inwestycje: new developments, their map and filters (city, completion year, price, rooms, status) (issue 27). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const q = new URLSearchParams()
  for (const k of FILTERS) {
    const v = url.searchParams.get(k)?.trim()
    if (v) q.set(k, k === 'cena_do' ? v.replace(/[^\d]/g, '') : v)
  }
  const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1)
  if (page > 1) q.set('page', String(page))
  const res = await serverApi(context, `/api/investments?${q}`, { headers: { Accept: 'application/json' } })
  if (res.status === 422) throw data(null, { status: 404 })
  if (!res.ok) throw data(null, { status: 503 })
  const list = (await res.json()) as ListPage
  const filters = Object.fromEntries(FILTERS.map((k) => [k, q.get(k) ?? ''])) as Record<(typeof FILTERS)[number], string>
  return data(
    { list, filters, filtered: [...q.keys()].length > 0, tileUrl: mapTileUrl(), origin: publicOrigin(request) },
    { headers: { 'Cache-Control': 'public, max-age=60' } },
  )
}

export function headers({ loaderHeaders }: Route.HeadersArgs): HeadersInit {
  const cc = loaderHeaders.get('Cache-Control')
  return cc ? { 'Cache-Control': cc } : {}
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  const city = d?.filters.miasto ? CITIES.find((c) => c.slug === d.filters.miasto)?.name : undefined
  return [
    { title: pageTitle(city ? `Inwestycje deweloperskie — ${city}` : 'Inwestycje deweloperskie — rynek pierwotny') },
    { name: 'description', content: 'Nowe mieszkania od deweloperów: inwestycje na mapie, ceny lokali, ceny za m² i historia cen.' },
    ...(d ? [{ tagName: 'link', rel: 'canonical', href: absoluteUrl(d.origin, '/inwestycje') }] : []),
    ...(d?.filtered ? [{ name: 'robots', content: 'noindex, follow' }] : []),
  ]
}

const YEAR = new Date().getFullYear()

export default function Investments({ loaderData }: Route.ComponentProps) {
  const { list, filters, tileUrl, origin } = loaderData
  const busy = useNavigation().state === 'loading'
  const hrefFor = (p: number) => {
    const s = new URLSearchParams(Object.entries(filters).filter(([, v]) => v))
    if (p > 1) s.set('page', String(p))
    const str = s.toString()
    return `/inwestycje${str ? `?${str}` : ''}`
  }
  const jsonLd = {
    '@context': 'https://schema.org', '@type': 'ItemList', name: 'Inwestycje deweloperskie',
    itemListElement: list.data.map((inv, i) => ({ '@type': 'ListItem', position: i + 1, url: absoluteUrl(origin, `/inwestycje/${inv.slug}`), name: inv.name })),
  }
  return (
    <div className="bg-slate-50 pb-16">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdString(jsonLd) }} />
      <div className="container-page pt-8">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Inwestycje deweloperskie</h1>
        <p className="mt-1 text-[15px] text-slate-600">Nowe mieszkania z rynku pierwotnego: ceny lokali, ceny za m² i ich historia.</p>
        <Form method="get" action="/inwestycje" role="search" aria-label="Filtry inwestycji"
          className="mt-5 grid grid-cols-2 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-card sm:grid-cols-3 lg:grid-cols-6">
          <label className="col-span-2 sm:col-span-1">
            <span className={fieldLabel}>Miasto</span>
            <select name="miasto" defaultValue={filters.miasto} className={fieldBox}>
              <option value="">Wszystkie</option>
              {CITIES.map((c) => <option key={c.slug} value={c.slug}>{c.name}</option>)}
            </select>
          </label>
          <label>
            <span className={fieldLabel}>Status</span>
            <select name="status" defaultValue={filters.status} className={fieldBox}>
              <option value="">Każdy</option>
              {INVESTMENT_STATUSES.map((s) => <option key={s.value} value={s.value}>{s.label}</option>)}
            </select>
          </label>
          <label>
            <span className={fieldLabel}>Zakończenie do</span>
            <select name="ukonczenie" defaultValue={filters.ukonczenie} className={fieldBox}>
              <option value="">Dowolnie</option>
              {Array.from({ length: 6 }, (_, i) => YEAR + i).map((y) => <option key={y} value={y}>końca {y}</option>)}
            </select>
          </label>
          <label>
            <span className={fieldLabel}>Cena do (zł)</span>
            <input name="cena_do" inputMode="numeric" defaultValue={filters.cena_do} placeholder="np. 800000" className={fieldBox} />
          </label>
          <label>
            <span className={fieldLabel}>Pokoje</span>
            <select name="pokoje" defaultValue={filters.pokoje} className={fieldBox}>
              <option value="">Dowolnie</option>
              {[1, 2, 3, 4].map((n) => <option key={n} value={n}>{n}</option>)}
              <option value="5">5 i więcej</option>
            </select>
          </label>
          <div className="col-span-2 flex items-end sm:col-span-1">
            <button type="submit" className={`${primaryBtn} w-full`}>{busy ? 'Szukam…' : 'Pokaż'}</button>
          </div>
        </Form>
        <p className="mt-5 text-sm text-slate-600" aria-live="polite">Znaleziono {countLabel(list.total, ['inwestycję', 'inwestycje', 'inwestycji'])}</p>
        {list.data.length > 0 && (
          <div className="mt-3">
            <PinsMap tileUrl={tileUrl} label="Mapa inwestycji" className="h-64 sm:h-96"
              pins={list.data.map((i) => ({ lat: i.lat, lon: i.lon, title: i.name, href: `/inwestycje/${i.slug}`, note: i.price_from !== null ? `od ${priceText(i.price_from)}` : undefined }))} />
          </div>
        )}
        {list.data.length ? (
          <ul className="mt-5 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={busy || undefined} aria-label="Inwestycje">
            {list.data.map((inv) => <li key={inv.id}><InvestmentCardView inv={inv} /></li>)}
          </ul>
        ) : (
          <p className="mt-4 rounded-2xl bg-white p-8 text-center text-slate-600 shadow-card">Nie ma inwestycji spełniających te warunki.</p>
        )}
        <Pagination page={list.page} last={list.last_page} hrefFor={hrefFor} />
      </div>
    </div>
  )
}
