import { useState, type FormEvent } from 'react'
import { data } from 'react-router'
import { PRICE_MESSAGES, type AdminPrices } from '@portal/contracts/cms'
import { MORTGAGE_MESSAGES, type MortgageRates } from '@portal/contracts/prices'
import { countLabel, DAY_FORMS } from '@portal/contracts/format'
import { formatMoney, splitGross } from '@portal/contracts/payments'
import { AdminPage, buttonClass, Card, fieldClass, useAdminAction } from '~/components/admin/admin-ui'
import { serverApi } from '~/lib/api.server'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/settings'

export async function loader({ context }: Route.LoaderArgs) {
  const [res, rates] = await Promise.all([serverApi(context, '/api/admin/prices'), serverApi(context, '/api/admin/mortgage-rates')])
  if (!res.ok || !rates.ok) throw data(null, { status: 404 })
  return { ...((await res.json()) as AdminPrices), mortgage: (await rates.json()) as MortgageRates }
}

const pctInput = (v: number) => v.toFixed(2).replace('.', ',')
/** '5,75' / '5.75' / '5' → 5.75; anything else → null. */
function toPct(v: string): number | null {
  const m = v.trim().match(/^(\d{1,2})(?:[.,](\d{1,2}))?$/)
  return m ? Number(`${m[1]}.${m[2] ?? '0'}`) : null
}

/** The mortgage calculator's reference rate and margin (issue 26): rate = reference + margin. */
function MortgageRatesCard({ rates, editable }: { rates: MortgageRates; editable: boolean }) {
  const { run, busy, api } = useAdminAction()
  const [ref, setRef] = useState(pctInput(rates.reference_rate_pct))
  const [margin, setMargin] = useState(pctInput(rates.margin_pct))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const r = toPct(ref), m = toPct(margin)
  async function save(e: FormEvent) {
    e.preventDefault()
    const local: Record<string, string> = {}
    if (r === null || r > 20) local.reference_rate_pct = MORTGAGE_MESSAGES.referenceInvalid
    if (m === null || m > 10) local.margin_pct = MORTGAGE_MESSAGES.marginInvalid
    setErrors(local)
    if (Object.keys(local).length) return
    const errs = await run('mortgage', () => api.put('/api/admin/mortgage-rates', { reference_rate_pct: r, margin_pct: m }, { silent: true }), MORTGAGE_MESSAGES.saved)
    if (errs) setErrors(Object.fromEntries(Object.entries(errs).map(([k, v]) => [k, v[0] ?? ''])))
  }
  const field = (id: 'reference_rate_pct' | 'margin_pct', label: string, value: string, set: (v: string) => void) => (
    <div>
      <label htmlFor={`mortgage-${id}`} className="block text-sm font-medium text-slate-800">{label}</label>
      <input id={`mortgage-${id}`} inputMode="decimal" value={value} disabled={!editable} onChange={(e) => set(e.target.value)}
        className={`${fieldClass} mt-1 max-w-32`} aria-invalid={!!errors[id]} aria-describedby={errors[id] ? `mortgage-${id}-error` : undefined} />
      {errors[id] && <p id={`mortgage-${id}-error`} className="mt-1 text-sm font-medium text-red-700">{errors[id]}</p>}
    </div>
  )
  return (
    <Card>
      <h2 className="text-lg font-bold text-slate-900">Kalkulator kredytu hipotecznego</h2>
      <p className="mt-1 text-sm text-slate-600">
        Oprocentowanie, od którego kalkulator na stronach ogłoszeń sprzedaży zaczyna: stopa referencyjna (np. WIBOR 3M) plus marża banku.
        {rates.updated_at ? ` Ostatnia zmiana: ${new Date(rates.updated_at).toLocaleDateString('pl-PL', { timeZone: 'Europe/Warsaw' })}.` : ' Obowiązują wartości domyślne.'}
      </p>
      <form onSubmit={save} noValidate className="mt-4 flex flex-wrap items-start gap-4">
        {field('reference_rate_pct', 'Stopa referencyjna (%)', ref, setRef)}
        {field('margin_pct', 'Marża (%)', margin, setMargin)}
        <p className="self-center text-sm text-slate-700" data-testid="mortgage-rate-sum">
          Oprocentowanie: <strong>{r !== null && m !== null ? pctInput(r + m) : '—'} %</strong>
        </p>
        {editable && <button type="submit" className={`${buttonClass.primary} self-end`} disabled={!!busy}>Zapisz oprocentowanie</button>}
      </form>
    </Card>
  )
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Ustawienia: cennik') }, { name: 'robots', content: 'noindex' }]

/** '19,99' / '19.99' / '19' → 1999 grosze; anything else → null. */
function toGrosze(v: string): number | null {
  const m = v.trim().replace(/\s/g, '').match(/^(\d{1,6})(?:[.,](\d{1,2}))?$/)
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0')) : null
}
const toInput = (grosze: number) => (grosze / 100).toFixed(2).replace('.', ',')

/** Settings: promotion package and add-on prices, gross with net and VAT 23% shown. Only an admin may change them. */
export default function SettingsRoute({ loaderData }: Route.ComponentProps) {
  const p = loaderData
  const { run, busy, api } = useAdminAction()
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries([
    ...p.packages.map((x) => [`package:${x.id}`, toInput(x.price)]), ...p.addons.map((x) => [`addon:${x.key}`, toInput(x.price)]),
  ]))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const rows = [
    ...p.packages.map((x) => ({ id: `package:${x.id}`, name: `Pakiet ${x.name}`, extra: x.duration_days ? countLabel(x.duration_days, DAY_FORMS) : '', locked: x.id === 1 })),
    ...p.addons.map((x) => ({ id: `addon:${x.key}`, name: x.name, extra: '', locked: false })),
  ]

  async function save(e: FormEvent) {
    e.preventDefault()
    const local: Record<string, string> = {}
    for (const r of rows) if (toGrosze(values[r.id] ?? '') === null) local[r.id] = PRICE_MESSAGES.priceInvalid
    setErrors(local)
    if (Object.keys(local).length) return
    const body = {
      packages: p.packages.map((x) => ({ id: x.id, price: toGrosze(values[`package:${x.id}`]!)! })),
      addons: p.addons.map((x) => ({ key: x.key, price: toGrosze(values[`addon:${x.key}`]!)! })),
    }
    const errs = await run('save', () => api.put('/api/admin/prices', body, { silent: true }), PRICE_MESSAGES.saved)
    if (errs) {
      // 'packages.0.price' → the row's id.
      const mapped: Record<string, string> = {}
      for (const [k, v] of Object.entries(errs)) {
        const m = k.match(/^(packages|addons)\.(\d+)\./)
        const row = m ? (m[1] === 'packages' ? `package:${p.packages[Number(m[2])]?.id}` : `addon:${p.addons[Number(m[2])]?.key}`) : null
        if (row) mapped[row] = v[0] ?? PRICE_MESSAGES.priceInvalid
      }
      setErrors(mapped)
    }
  }

  return (
    <AdminPage title="Ustawienia: cennik" intro={`Ceny brutto pakietów i dodatków promowania (VAT ${p.vat_rate}%). Nowe ceny obowiązują od razu na stronie Promocje i w nowych rachunkach; rozpoczęte płatności zachowują swoją kwotę.${p.editable ? '' : ' Ceny może zmieniać tylko administrator.'}`}>
      <Card>
        <form onSubmit={save} noValidate>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Cennik promowania</caption>
              <thead className="text-slate-600">
                <tr><th className="py-2 pr-3">Pozycja</th><th className="py-2 pr-3">Cena brutto (zł)</th><th className="hidden py-2 pr-3 sm:table-cell">Netto</th><th className="hidden py-2 sm:table-cell">VAT {p.vat_rate}%</th></tr>
              </thead>
              <tbody>
                {rows.map((r) => {
                  const g = toGrosze(values[r.id] ?? '')
                  const split = g === null ? null : splitGross(g)
                  return (
                    <tr key={r.id} className="border-t border-slate-100 align-top" data-price-row={r.id}>
                      <td className="py-2 pr-3"><span className="font-medium text-slate-900">{r.name}</span>{r.extra && <span className="block text-slate-500">{r.extra}</span>}</td>
                      <td className="py-2 pr-3">
                        <input aria-label={`Cena brutto: ${r.name}`} inputMode="decimal" value={values[r.id] ?? ''} disabled={!p.editable || r.locked}
                          onChange={(e) => setValues({ ...values, [r.id]: e.target.value })} className={`${fieldClass} max-w-32`}
                          aria-invalid={!!errors[r.id]} aria-describedby={errors[r.id] ? `${r.id}-error` : undefined} />
                        {errors[r.id] && <p id={`${r.id}-error`} className="mt-1 text-sm font-medium text-red-700">{errors[r.id]}</p>}
                        {/* On a phone net and VAT sit under the field instead of their own columns. */}
                        {split && <p className="mt-1 text-xs text-slate-600 sm:hidden">netto {formatMoney(split.net)} · VAT {formatMoney(split.vat)}</p>}
                      </td>
                      <td className="hidden py-2 pr-3 text-slate-700 sm:table-cell">{split ? formatMoney(split.net) : '—'}</td>
                      <td className="hidden py-2 text-slate-700 sm:table-cell">{split ? formatMoney(split.vat) : '—'}</td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
          {p.editable && <button type="submit" className={`${buttonClass.primary} mt-4`} disabled={!!busy}>Zapisz cennik</button>}
        </form>
      </Card>
      <MortgageRatesCard rates={p.mortgage} editable={p.editable} />
    </AdminPage>
  )
}
