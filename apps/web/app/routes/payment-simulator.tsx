import { useState } from 'react'
import { data } from 'react-router'
import { formatMoney } from '@portal/contracts/payments'
import { Spinner } from '~/components/form'
import { api } from '~/lib/api'
import { serverApi, loadFailed } from '~/lib/api.server'
import { pageTitle } from '~/lib/site'
import { useToast } from '~/lib/toast'
import type { Route } from './+types/payment-simulator'

interface SimTx { amount: number; title: string; email: string; status: string; merchant: string }

/**
 * /platnosc/symulator/{token}: the local payment simulator (PAYMENTS=simulator) plays the gateway's page. Paying or
 * rejecting sends the gateway's signed notification to our notification endpoint; then, like a gateway, it sends
 * the visitor back to the return page, which reads the stored result.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const res = await serverApi(context, `/api/payments/simulator/${encodeURIComponent(params.token)}`, { headers: { Accept: 'application/json' } })
  if (res.status === 404) throw data(null, { status: 404 })
  if (!res.ok) loadFailed(res)
  return data({ tx: (await res.json()) as SimTx, token: params.token }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Symulator płatności') }, { name: 'robots', content: 'noindex' }]

export default function PaymentSimulator({ loaderData }: Route.ComponentProps) {
  const { tx, token } = loaderData
  const [busy, setBusy] = useState<string | null>(null)
  const toast = useToast()
  async function choose(outcome: 'pay' | 'fail' | 'abandon') {
    setBusy(outcome)
    try {
      const r = await api.post<{ return_url: string }>(`/api/payments/simulator/${token}/${outcome}`, undefined, { silent: true })
      window.location.assign(r.return_url)
    } catch {
      setBusy(null)
      toast.error('Symulator nie mógł wysłać powiadomienia. Spróbuj ponownie.')
    }
  }
  const open = tx.status === 'pending'
  return (
    <div className="container-page py-10">
      <div className="mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-card">
        <p className="text-sm font-semibold uppercase tracking-wide text-slate-500">Symulator bramki płatności · tryb testowy</p>
        <h1 className="mt-2 text-2xl font-bold text-slate-900">Płatność dla {tx.merchant}</h1>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-[15px]">
          <dt className="text-slate-600">Tytuł</dt><dd className="text-slate-900">{tx.title}</dd>
          <dt className="text-slate-600">Płatnik</dt><dd className="break-all text-slate-900">{tx.email}</dd>
          <dt className="text-slate-600">Kwota</dt><dd className="text-xl font-bold text-slate-900" data-sim-amount>{formatMoney(tx.amount)}</dd>
        </dl>
        {!open && <p role="status" className="mt-4 rounded-xl bg-slate-100 px-3 py-2 text-slate-700">Ta transakcja jest już zamknięta ({tx.status === 'paid' ? 'opłacona' : tx.status === 'failed' ? 'odrzucona' : 'wygasła'}).</p>}
        <div className="mt-6 flex flex-col gap-3">
          <button type="button" disabled={!open || !!busy} onClick={() => choose('pay')} className="inline-flex min-h-12 items-center justify-center gap-2 rounded-full bg-emerald-700 px-6 font-semibold text-white hover:bg-emerald-800 disabled:opacity-50">
            {busy === 'pay' && <Spinner />}Zapłać {formatMoney(tx.amount)}
          </button>
          <button type="button" disabled={!open || !!busy} onClick={() => choose('fail')} className="inline-flex min-h-12 items-center justify-center gap-2 rounded-full border border-red-300 bg-white px-6 font-semibold text-red-800 hover:bg-red-50 disabled:opacity-50">
            {busy === 'fail' && <Spinner />}Odrzuć płatność
          </button>
          <button type="button" disabled={!!busy} onClick={() => choose('abandon')} className="inline-flex min-h-12 items-center justify-center rounded-full px-6 font-semibold text-slate-700 underline hover:text-slate-900 disabled:opacity-50">
            Anuluj i wróć do sklepu
          </button>
        </div>
      </div>
    </div>
  )
}
