import { useEffect, useRef, useState } from 'react'
import { data, Link, useRevalidator } from 'react-router'
import {
  formatMoney, PAYMENT_TEXTS, PAYMENT_MESSAGES, invoiceDataSchema,
  type Bill, type PaymentStatusView, type PriceList, type PromotionChoiceInput,
} from '@portal/contracts/payments'
import { CLIENT_MESSAGES } from '@portal/contracts/plain/errors'
import { BillTable, PackagePicker } from '~/components/payments/package-picker'
import { Field, Spinner } from '~/components/form'
import { CheckIcon } from '~/components/offer/offer-icons'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { serverApi, loadFailed } from '~/lib/api.server'
import { requireUser } from '~/lib/auth.server'
import { serverFieldErrors, zodFieldErrors, type FieldErrors } from '~/lib/form-errors'
import { pageTitle } from '~/lib/site'
import { useToast } from '~/lib/toast'
import type { Route } from './+types/payment'

/**
 * /moje-ogloszenia/oplac/{slug} and /Payment?slug=: the bill of a listing (package, add-ons, what is already
 * paid subtracted, the total with VAT), invoice data, the payment method, then off to the gateway. Back from the
 * gateway (?platnosc={id}) it says how the payment ended from the payment's stored state, never from the URL.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  await requireUser(context, request)
  const url = new URL(request.url)
  const slug = params.slug ?? url.searchParams.get('slug')
  if (!slug) throw data(null, { status: 404 })
  const json = { headers: { Accept: 'application/json' } }
  const [billRes, pricesRes] = await Promise.all([
    serverApi(context, `/api/payments/bill/${encodeURIComponent(slug)}`, json),
    serverApi(context, '/api/promotions', json),
  ])
  if (billRes.status === 404) throw data(null, { status: 404 })
  if (!billRes.ok) loadFailed(billRes)
  if (!pricesRes.ok) loadFailed(pricesRes)
  const paymentId = url.searchParams.get('platnosc')
  let payment: PaymentStatusView | null = null
  if (paymentId && /^[\w-]{10,40}$/.test(paymentId)) {
    const r = await serverApi(context, `/api/payments/${paymentId}`, json)
    if (r.ok) payment = (await r.json()) as PaymentStatusView
  }
  return data(
    { bill: (await billRes.json()) as Bill, prices: (await pricesRes.json()) as PriceList, payment },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle(PAYMENT_TEXTS.title) }, { name: 'robots', content: 'noindex' }]

const card = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-card sm:p-6'
const EMPTY_INVOICE = { company_name: '', nip: '', street: '', zip_code: '', city: '' }

function PaymentResult({ payment, slug }: { payment: PaymentStatusView; slug: string }) {
  const revalidator = useRevalidator()
  const tries = useRef(0)
  // The gateway's notification may arrive a moment after the visitor: ask the stored state again for a while.
  useEffect(() => {
    if (payment.status !== 'pending' || tries.current >= 15) return
    const t = setTimeout(() => { tries.current++; void revalidator.revalidate() }, 2000)
    return () => clearTimeout(t)
  }, [payment.status, revalidator])
  if (payment.status === 'paid') {
    return (
      <div role="status" className="rounded-2xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-900">
        <p className="flex items-center gap-2 text-lg font-bold"><CheckIcon size={22} /> {PAYMENT_TEXTS.success}</p>
        <p className="mt-1">{payment.title}: {formatMoney(payment.amount)}. Fakturę wysłaliśmy e-mailem.</p>
        <div className="mt-3 flex flex-wrap gap-3">
          {payment.listing && <Link to={`/ogloszenia/${payment.listing.slug}`} className="font-semibold text-emerald-900 underline">Zobacz ogłoszenie</Link>}
          <Link to="/faktury" className="font-semibold text-emerald-900 underline">Historia płatności</Link>
          <Link to="/moje-ogloszenia" className="font-semibold text-emerald-900 underline">Moje ogłoszenia</Link>
        </div>
      </div>
    )
  }
  if (payment.status === 'pending') {
    return (
      <div role="status" className="rounded-2xl border border-amber-200 bg-amber-50 p-5 text-amber-900">
        <p className="text-lg font-bold">{PAYMENT_TEXTS.pending}</p>
        <p className="mt-1">Strona odświeży się sama. Jeśli nie dokończono płatności, możesz zapłacić ponownie poniżej.</p>
      </div>
    )
  }
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900">
      <p className="text-lg font-bold">{PAYMENT_TEXTS.failure}</p>
      <p className="mt-1">{payment.status === 'expired' ? 'Czas na płatność minął.' : 'Bramka płatności odrzuciła płatność.'} Ogłoszenie czeka na płatność — możesz spróbować ponownie.</p>
      <Link to={`/moje-ogloszenia/oplac/${slug}`} className="mt-2 inline-block font-semibold underline">Spróbuj ponownie</Link>
    </div>
  )
}

export default function Payment({ loaderData }: Route.ComponentProps) {
  const { prices, payment } = loaderData
  const [bill, setBill] = useState(loaderData.bill)
  const [choice, setChoice] = useState<PromotionChoiceInput>({ package_id: loaderData.bill.choice.package_id, addons: loaderData.bill.choice.addons as PromotionChoiceInput['addons'] })
  const [wantInvoice, setWantInvoice] = useState(false)
  const [invoice, setInvoice] = useState(EMPTY_INVOICE)
  const [method, setMethod] = useState<string>('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [busy, setBusy] = useState<null | 'bill' | 'pay'>(null)
  const toast = useToast()
  useEffect(() => { setBill(loaderData.bill) }, [loaderData.bill])

  async function changeChoice(next: PromotionChoiceInput) {
    setChoice(next)
    setBusy('bill')
    try {
      setBill(await api.put<Bill>(`/api/offers/${bill.listing.id}/promotion`, next, { silent: true }))
    } catch {
      toast.error('Nie udało się przeliczyć rachunku. Spróbuj ponownie.')
    } finally {
      setBusy(null)
    }
  }

  async function pay(e: React.FormEvent) {
    e.preventDefault()
    const errs: FieldErrors = {}
    if (!method) errs.method = PAYMENT_MESSAGES.method
    if (wantInvoice) {
      const parsed = invoiceDataSchema.safeParse(invoice)
      if (!parsed.success) Object.assign(errs, Object.fromEntries(Object.entries(zodFieldErrors(parsed.error)).map(([k, v]) => [`invoice.${k}`, v])))
    }
    setErrors(errs)
    if (Object.keys(errs).length) {
      setTimeout(() => document.querySelector<HTMLElement>('[aria-invalid="true"], [data-method-error]')?.focus(), 30)
      return
    }
    setBusy('pay')
    try {
      const r = await api.post<{ redirect_url: string }>(`/api/payments/bill/${bill.listing.slug}/charge`, {
        choice, method, invoice: wantInvoice ? invoice : null,
      }, { silent: true })
      window.location.assign(r.redirect_url)
    } catch (err) {
      setBusy(null)
      if (err instanceof ApiError && err.status === 422) setErrors(serverFieldErrors(err.fieldErrors))
      else toast.error(err instanceof ApiError && err.status < 500 ? err.message : err instanceof ApiError && err.status === 502 ? err.message : CLIENT_MESSAGES.serverError)
    }
  }

  const paid = payment?.status === 'paid'
  const setInv = (k: keyof typeof EMPTY_INVOICE) => (v: string) => setInvoice((x) => ({ ...x, [k]: v }))
  return (
    <div className="container-page pt-8">
      <div className="mx-auto flex max-w-[960px] flex-col gap-6">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{PAYMENT_TEXTS.title}</h1>
          <p className="mt-1 text-slate-600">„{bill.listing.title}”{bill.listing.status === 'awaiting_payment' && <> · <span className="font-medium text-amber-700">{PAYMENT_TEXTS.awaiting}</span></>}</p>
        </div>
        {payment && <PaymentResult payment={payment} slug={bill.listing.slug} />}
        {!paid && (
          <form noValidate onSubmit={pay} className="flex flex-col gap-6">
            <section aria-labelledby="pay-package" className={card}>
              <h2 id="pay-package" className="mb-4 text-lg font-bold text-slate-900">Czy chcesz dodatkowy pakiet?</h2>
              <PackagePicker prices={prices} value={choice} onChange={changeChoice} disabled={busy === 'pay'} idPrefix="bill" />
            </section>
            <section aria-labelledby="pay-bill" className={card} aria-busy={busy === 'bill'}>
              <h2 id="pay-bill" className="mb-2 text-lg font-bold text-slate-900">Rachunek</h2>
              <BillTable items={bill.items} paid={bill.paid} total={bill.total} net={bill.net} vat={bill.vat} />
            </section>
            {bill.total > 0 && (
              <>
                <section aria-labelledby="pay-invoice" className={card}>
                  <h2 id="pay-invoice" className="mb-3 text-lg font-bold text-slate-900">Faktura</h2>
                  <div role="radiogroup" aria-labelledby="pay-invoice" className="flex flex-col gap-2 sm:flex-row sm:gap-6">
                    {[[false, PAYMENT_TEXTS.noInvoice], [true, PAYMENT_TEXTS.invoice]].map(([v, label]) => (
                      <label key={String(v)} className="flex min-h-11 cursor-pointer items-center gap-2 text-[15px] text-slate-800">
                        <input type="radio" name="invoice-choice" checked={wantInvoice === v} onChange={() => setWantInvoice(v as boolean)} className="size-5 accent-accent-600" />
                        {label as string}
                      </label>
                    ))}
                  </div>
                  <p className="mt-2 text-sm text-slate-600">
                    {wantInvoice ? 'Fakturę VAT wystawimy na firmę; dla nabywcy z NIP także w formacie KSeF FA(3).' : `Fakturę imienną wystawimy na ${bill.buyer.name || 'Twoje konto'} (${bill.buyer.email}).`}
                  </p>
                  {wantInvoice && (
                    <div className="mt-4 grid gap-4 sm:grid-cols-2">
                      <Field className="sm:col-span-2" label="Nazwa firmy" name="company_name" value={invoice.company_name} onChange={setInv('company_name')} error={errors['invoice.company_name']} autoComplete="organization" isRequired />
                      <Field label="NIP" name="nip" value={invoice.nip} onChange={setInv('nip')} error={errors['invoice.nip']} inputMode="numeric" isRequired />
                      <Field label="Ulica i numer" name="street" value={invoice.street} onChange={setInv('street')} error={errors['invoice.street']} autoComplete="street-address" isRequired />
                      <Field label="Kod pocztowy" name="zip_code" value={invoice.zip_code} onChange={setInv('zip_code')} error={errors['invoice.zip_code']} autoComplete="postal-code" placeholder="00-000" isRequired />
                      <Field label="Miejscowość" name="city" value={invoice.city} onChange={setInv('city')} error={errors['invoice.city']} autoComplete="address-level2" isRequired />
                    </div>
                  )}
                </section>
                <section aria-labelledby="pay-method" className={card}>
                  <h2 id="pay-method" className="mb-3 text-lg font-bold text-slate-900">{PAYMENT_TEXTS.chooseMethod}</h2>
                  <div role="radiogroup" aria-labelledby="pay-method" aria-describedby={errors.method ? 'pay-method-error' : undefined} className="grid gap-2 sm:grid-cols-3">
                    {bill.methods.map((m) => (
                      <label key={m.id} className={`flex min-h-12 cursor-pointer items-center gap-2 rounded-xl border-2 bg-white px-3 font-semibold text-slate-800 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-600 ${method === m.id ? 'border-accent-600' : 'border-slate-200'}`}>
                        <input type="radio" name="method" value={m.id} checked={method === m.id} onChange={() => setMethod(m.id)} className="size-5 accent-accent-600" data-method-error={errors.method ? '' : undefined} />
                        {m.label}
                      </label>
                    ))}
                  </div>
                  {errors.method && <p id="pay-method-error" className="mt-2 text-sm font-medium text-red-700">{errors.method}</p>}
                  {bill.gateway === 'simulator' && <p className="mt-3 text-sm text-slate-600">Tryb testowy: płatność obsłuży symulator bramki na tym serwerze.</p>}
                </section>
              </>
            )}
            <div className="flex flex-col-reverse items-stretch justify-between gap-3 sm:flex-row sm:items-center">
              <Link to={`/moje-ogloszenia/edytuj-ogloszenie/${bill.listing.slug}`} className="inline-flex min-h-12 items-center justify-center rounded-full border border-slate-300 bg-white px-6 font-semibold text-slate-800 hover:bg-slate-50">{PAYMENT_TEXTS.back}</Link>
              {bill.total > 0 ? (
                <button type="submit" disabled={!!busy} className="inline-flex min-h-12 items-center justify-center gap-2 rounded-full bg-accent-600 px-6 font-semibold text-white hover:bg-accent-700 disabled:opacity-60">
                  {busy === 'pay' && <Spinner />}{PAYMENT_TEXTS.pay} · {formatMoney(bill.total)}
                </button>
              ) : (
                <Link to="/moje-ogloszenia" className="inline-flex min-h-12 items-center justify-center rounded-full bg-accent-600 px-6 font-semibold text-white hover:bg-accent-700">Moje ogłoszenia</Link>
              )}
            </div>
          </form>
        )}
      </div>
    </div>
  )
}
