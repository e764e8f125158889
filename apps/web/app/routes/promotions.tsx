import { data, Link } from 'react-router'
import type { ListingSummary } from '@portal/contracts/listing'
import { countLabel, DAY_FORMS } from '@portal/contracts/format'
import { formatMoney, type PriceList } from '@portal/contracts/payments'
import { ListingCard } from '~/components/listing-card'
import { addonLabel, packagePerks } from '~/components/payments/package-picker'
import { serverApi } from '~/lib/api.server'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/promotions'

/** /promocje: what each package gives side by side, the add-ons, and real promoted cards as they look in the lists. */
export async function loader({ context }: Route.LoaderArgs) {
  const json = { headers: { Accept: 'application/json' } }
  const [pricesRes, promotedRes] = await Promise.all([
    serverApi(context, '/api/promotions', json),
    serverApi(context, '/api/offers?promoted=1&limit=3', json),
  ])
  if (!pricesRes.ok) throw data(null, { status: 503 })
  const promoted = promotedRes.ok ? ((await promotedRes.json()) as { data: ListingSummary[] }).data : []
  return data({ prices: (await pricesRes.json()) as PriceList, promoted }, { headers: { 'Cache-Control': 'public, max-age=0, must-revalidate' } })
}

export function headers({ loaderHeaders }: Route.HeadersArgs): HeadersInit {
  return { 'Cache-Control': loaderHeaders.get('Cache-Control') ?? 'public, max-age=0, must-revalidate' }
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Promowanie ogłoszeń — pakiety i ceny') },
  { name: 'description', content: 'Pakiety Darmowe, Standardowe, Srebrne i Złote: wyróżnienie, odświeżenia i podbicia ogłoszeń, ramki PILNE i OKAZJA. Ceny brutto z VAT 23%.' },
]

export default function Promotions({ loaderData }: Route.ComponentProps) {
  const { prices, promoted } = loaderData
  const ranked = [...prices.packages]
  return (
    <div className="container-page pt-8">
      <div className="mx-auto flex max-w-[1200px] flex-col gap-10">
        <header className="max-w-3xl">
          <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Promowanie ogłoszeń</h1>
          <p className="mt-3 text-lg text-slate-700">
            Wyróżnione ogłoszenia są oznaczone etykietą „Wyróżnione” i pokazujemy je na początku listy tylko przy sortowaniu
            „Najnowsze, najpierw promowane”. Sortowanie „Najnowsze bez promowanych” zawsze pokazuje kolejność według daty.
            Ceny zawierają VAT {prices.vat_rate}%.
          </p>
        </header>

        <section aria-labelledby="promo-packages">
          <h2 id="promo-packages" className="mb-4 text-2xl font-bold text-slate-900">Pakiety</h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {ranked.map((p) => (
              <article key={p.id} data-package={p.slug} className={`flex flex-col rounded-2xl border-2 bg-white p-5 shadow-card ${p.slug === 'srebrne' ? 'border-accent-600' : 'border-slate-200'}`}>
                <h3 className="text-xl font-bold text-slate-900">{p.name}</h3>
                <p className="mt-2 text-3xl font-bold text-slate-900">{p.price ? formatMoney(p.price) : '0 zł'}</p>
                <p className="text-sm text-slate-600">{p.price ? `netto ${formatMoney(p.net)} + VAT ${formatMoney(p.vat)}` : 'bez opłat'}</p>
                <ul className="mt-4 flex-1 list-disc space-y-1.5 pl-5 text-[15px] text-slate-700">
                  {packagePerks(p).map((x) => <li key={x}>{x}</li>)}
                </ul>
              </article>
            ))}
          </div>
          <div tabIndex={0} role="region" aria-label="Porównanie pakietów (przewiń w bok na wąskim ekranie)" className="mt-6 overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-card">
            <table className="w-full min-w-[560px] border-collapse text-left text-[15px]">
              <caption className="sr-only">Porównanie pakietów</caption>
              <thead className="bg-slate-50 text-sm text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">Co zawiera</th>
                  {ranked.map((p) => <th key={p.id} scope="col" className="px-4 py-3 text-center font-semibold">{p.name}</th>)}
                </tr>
              </thead>
              <tbody>
                <tr className="border-t border-slate-100"><th scope="row" className="px-4 py-3 font-medium text-slate-800">Cena brutto</th>{ranked.map((p) => <td key={p.id} className="px-4 py-3 text-center">{p.price ? formatMoney(p.price) : '0 zł'}</td>)}</tr>
                <tr className="border-t border-slate-100"><th scope="row" className="px-4 py-3 font-medium text-slate-800">Wyróżnienie „Wyróżnione”</th>{ranked.map((p) => <td key={p.id} className="px-4 py-3 text-center">{p.featured ? countLabel(p.duration_days, DAY_FORMS) : '—'}</td>)}</tr>
                <tr className="border-t border-slate-100"><th scope="row" className="px-4 py-3 font-medium text-slate-800">Darmowe odświeżenia</th>{ranked.map((p) => <td key={p.id} className="px-4 py-3 text-center">{p.free_refreshes}</td>)}</tr>
                <tr className="border-t border-slate-100"><th scope="row" className="px-4 py-3 font-medium text-slate-800">Darmowe podbicia</th>{ranked.map((p) => <td key={p.id} className="px-4 py-3 text-center">{p.free_raises}</td>)}</tr>
              </tbody>
            </table>
          </div>
        </section>

        <section aria-labelledby="promo-addons">
          <h2 id="promo-addons" className="mb-4 text-2xl font-bold text-slate-900">Dodatki</h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {prices.addons.map((a) => (
              <li key={a.key} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-card">
                <p className="font-semibold text-slate-900">{a.key === 'urgent' || a.key === 'bargain' ? a.name : addonLabel(a)}</p>
                <p className="mt-1 text-sm text-slate-600">
                  {a.key === 'urgent' && `Czerwona ramka i etykieta PILNE na karcie ogłoszenia przez ${countLabel(a.duration_days, DAY_FORMS)} — ${formatMoney(a.price)}.`}
                  {a.key === 'bargain' && `Żółta ramka i etykieta OKAZJA na karcie ogłoszenia przez ${countLabel(a.duration_days, DAY_FORMS)} — ${formatMoney(a.price)}.`}
                  {a.key.startsWith('raise_') && `„Podbij” przenosi ogłoszenie na samą górę sortowania „Najnowsze”. Pakiet: ${a.quantity}.`}
                  {a.key === 'refresh' && '„Odśwież” przedłuża ogłoszenie o 30 dni, gdy skończą się darmowe odświeżenia pakietu.'}
                  {a.key === 'visible_from' && 'Ogłoszenie pojawi się na portalu w wybranym dniu (pole „Widoczne od” w formularzu); 30 dni liczymy od tego dnia.'}
                </p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="promo-example">
          <h2 id="promo-example" className="mb-4 text-2xl font-bold text-slate-900">Tak wygląda promowane ogłoszenie</h2>
          {promoted.length ? (
            <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {promoted.map((l) => <li key={l.id} className="flex"><ListingCard listing={l} /></li>)}
            </ul>
          ) : (
            <p className="text-slate-700">Teraz nie ma promowanych ogłoszeń — Twoje może być pierwsze.</p>
          )}
        </section>

        <p>
          <Link to="/dodaj-ogloszenie" className="inline-flex min-h-12 items-center rounded-full bg-accent-600 px-6 font-semibold text-white hover:bg-accent-700">Dodaj ogłoszenie i wybierz pakiet</Link>
        </p>
      </div>
    </div>
  )
}
