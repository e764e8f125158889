import { data, Link } from 'react-router'
import { comparisonText, type ListingStats } from '@portal/contracts/stats'
import { countLabel, formatNumber } from '@portal/contracts/format'
import { DayChart } from '~/components/charts/day-chart'
import { serverApi } from '~/lib/api.server'
import { requireUser } from '~/lib/auth.server'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/offer-stats'

export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireUser(context, request)
  if (!/^\d{1,15}$/.test(params.id)) throw data(null, { status: 404 })
  const res = await serverApi(context, `/api/offers/${params.id}/stats`, { headers: { Accept: 'application/json' } })
  if (!res.ok) throw data(null, { status: 404 })
  return data((await res.json()) as ListingStats, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const meta: Route.MetaFunction = ({ data: s }) => [{ title: pageTitle(s ? `Statystyki: ${s.listing.title}` : 'Statystyki') }, { name: 'robots', content: 'noindex' }]

const VIEW_FORMS = ['wyświetlenie', 'wyświetlenia', 'wyświetleń'] as const
const since = new Intl.DateTimeFormat('pl-PL', { timeZone: 'Europe/Warsaw', day: 'numeric', month: 'long', year: 'numeric' })

/** 'Zobacz statystyki' from 'Moje ogłoszenia': the listing's numbers over its life. */
export default function OfferStats({ loaderData: s }: Route.ComponentProps) {
  const tiles = [
    { label: 'Wyświetlenia', value: s.totals.views },
    { label: 'Odsłony telefonu', value: s.totals.phone },
    { label: 'Wiadomości', value: s.totals.contacts },
    { label: 'W ulubionych', value: s.totals.favourites },
  ]
  return (
    <div className="container-page pt-8">
      <div className="mx-auto flex max-w-[960px] flex-col gap-5">
        <div>
          <Link to="/moje-ogloszenia" className="text-sm font-medium text-accent-700 hover:underline">← Moje ogłoszenia</Link>
          <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">Statystyki ogłoszenia</h1>
          <p className="mt-1 text-slate-600"><Link to={`/ogloszenia/${s.listing.slug}`} className="font-medium text-slate-800 hover:underline">{s.listing.title}</Link> · {s.listing.city} · od {since.format(new Date(s.listing.published_at))}</p>
        </div>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {tiles.map((t) => (
            <li key={t.label} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-card">
              <span className="block text-2xl font-bold text-slate-900">{formatNumber(t.value)}</span>
              <span className="text-sm text-slate-600">{t.label}</span>
            </li>
          ))}
        </ul>
        <div className="grid gap-3 sm:grid-cols-2">
          <p className="rounded-2xl border border-slate-200 bg-white p-4 text-slate-700 shadow-card" data-stat="position">
            {s.position
              ? <>Pozycja w wynikach kategorii w mieście: <strong className="text-slate-900">{formatNumber(s.position.current)}</strong> z {formatNumber(s.position.of)} (domyślne sortowanie: wyróżnione, potem najnowsze).</>
              : 'Ogłoszenie nie jest teraz widoczne w wynikach wyszukiwania.'}
          </p>
          <p className="rounded-2xl border border-slate-200 bg-white p-4 text-slate-700 shadow-card" data-stat="comparison">
            {s.comparison && s.comparison.ratio === 0
              ? <>Twoje ogłoszenie nie ma jeszcze wyświetleń; podobne ogłoszenia w tej kategorii w mieście {s.listing.city} mają średnio {formatNumber(s.comparison.similar_per_day)} dziennie.</>
              : s.comparison
              ? <>Twoje ogłoszenie ma <strong className="text-slate-900">{comparisonText(s.comparison.ratio)}</strong> niż podobne ogłoszenia w tej kategorii w mieście {s.listing.city} ({countLabel(s.comparison.similar, ['ogłoszenie', 'ogłoszenia', 'ogłoszeń'])}; {formatNumber(s.comparison.own_per_day)} wobec {formatNumber(s.comparison.similar_per_day)} dziennie).</>
              : 'Brak podobnych ogłoszeń do porównania.'}
          </p>
        </div>
        <section className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-card sm:p-5">
          <DayChart title={`Wyświetlenia dziennie (razem ${countLabel(s.totals.views, VIEW_FORMS)})`} data={s.days} series={[{ key: 'views', label: 'Wyświetlenia', color: '#db2777' }]} />
          <DayChart title="Kontakty dziennie" kind="line" data={s.days} series={[
            { key: 'phone', label: 'Odsłony telefonu', color: '#0369a1' },
            { key: 'contacts', label: 'Wiadomości', color: '#15803d' },
            { key: 'favourites', label: 'Dodania do ulubionych', color: '#b45309' },
          ]} />
          <DayChart title="Pozycja w wynikach (1 = na górze)" kind="line" reversed data={s.days} series={[{ key: 'position', label: 'Pozycja', color: '#6d28d9' }]} />
        </section>
      </div>
    </div>
  )
}
