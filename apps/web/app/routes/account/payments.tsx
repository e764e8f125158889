import { data, Link } from 'react-router'
import { formatMoney, type PaymentHistory } from '@portal/contracts/payments'
import { Pagination } from '~/components/search/pagination'
import { serverApi } from '~/lib/api.server'
import { requireUser } from '~/lib/auth.server'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/payments'

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(context, request)
  const page = Math.min(10_000, Math.max(1, Number(new URL(request.url).searchParams.get('page')) || 1))
  const res = await serverApi(context, `/api/payments/history?page=${page}`, { headers: { Accept: 'application/json' } })
  return data({ result: res.ok ? ((await res.json()) as PaymentHistory) : null }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Historia płatności') }, { name: 'robots', content: 'noindex' }]

const dateTime = new Intl.DateTimeFormat('pl-PL', { timeZone: 'Europe/Warsaw', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' })

/** /faktury and /account/Payments: paid transactions (the older system's columns) with their invoices. */
export default function Payments({ loaderData }: Route.ComponentProps) {
  const { result } = loaderData
  return (
    <div className="container-page pt-8">
      <div className="mx-auto max-w-[960px]">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Historia płatności</h1>
        {!result ? (
          <p role="alert" className="mt-8 rounded-xl bg-red-50 px-4 py-3 text-red-800">Nie udało się wczytać płatności. Odśwież stronę za chwilę.</p>
        ) : result.data.length === 0 ? (
          <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
            <p className="text-lg font-semibold text-slate-800">Nie masz jeszcze opłaconych transakcji.</p>
            <Link to="/promocje" className="mt-3 inline-block font-semibold text-accent-700 hover:underline">Zobacz pakiety promocyjne</Link>
          </div>
        ) : (
          <div tabIndex={0} role="region" aria-label="Opłacone transakcje (przewiń w bok na wąskim ekranie)" className="mt-6 overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-card">
            <table className="w-full min-w-[640px] border-collapse text-left text-[15px]">
              <caption className="sr-only">Opłacone transakcje</caption>
              <thead className="bg-slate-50 text-sm text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">Data dodania</th>
                  <th scope="col" className="px-4 py-3 font-semibold">ID</th>
                  <th scope="col" className="px-4 py-3 font-semibold">Tytuł</th>
                  <th scope="col" className="px-4 py-3 text-right font-semibold">Suma</th>
                  <th scope="col" className="px-4 py-3 font-semibold"><span className="sr-only">Faktura</span></th>
                </tr>
              </thead>
              <tbody>
                {result.data.map((p) => (
                  <tr key={p.id} data-payment-row={p.id} className="border-t border-slate-100">
                    <td className="whitespace-nowrap px-4 py-3 text-slate-700">{dateTime.format(new Date(p.created_at))}</td>
                    <td className="px-4 py-3 text-slate-700">{p.id}</td>
                    <td className="px-4 py-3 text-slate-900">{p.title}</td>
                    <td className="whitespace-nowrap px-4 py-3 text-right font-semibold text-slate-900">{formatMoney(p.amount)}</td>
                    <td className="whitespace-nowrap px-4 py-3">
                      {p.invoice && (
                        <span className="flex flex-wrap gap-2">
                          <a href={`/api/invoices/${p.invoice.id}/pdf`} download className="inline-flex min-h-10 items-center rounded-full border border-accent-600 px-4 text-sm font-semibold text-accent-700 hover:bg-accent-50"
                            aria-label={`Faktura ${p.invoice.number} (PDF)`}>Faktura</a>
                          {p.invoice.has_ksef && (
                            <a href={`/api/invoices/${p.invoice.id}/ksef.xml`} download className="inline-flex min-h-10 items-center rounded-full border border-slate-300 px-4 text-sm font-semibold text-slate-700 hover:bg-slate-50"
                              aria-label={`Faktura ${p.invoice.number} w formacie KSeF (XML)`}>XML KSeF</a>
                          )}
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {result && result.data.length > 0 && <Pagination page={result.page} last={result.last_page} hrefFor={(p) => (p > 1 ? `?page=${p}` : '?')} />}
      </div>
    </div>
  )
}
