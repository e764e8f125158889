import { useId, useMemo, useState } from 'react'
import { MORTGAGE_LIMITS, mortgageSchedule, type InstalmentKind } from '@portal/contracts/plain/mortgage'

const money = new Intl.NumberFormat('pl-PL', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const whole = new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 0 })
/** 123456 grosze → '1 234,56 zł'. */
const zl = (grosze: number) => `${money.format(grosze / 100)} zł`
const YEAR_FORMS = (n: number) => (n === 1 ? 'rok' : [2, 3, 4].includes(n % 10) && ![12, 13, 14].includes(n % 100) ? 'lata' : 'lat')

/** '20' / '20,5' → 20.5; '' or anything else → null. */
function num(v: string): number | null {
  const t = v.trim().replace(/\s/g, '').replace(',', '.')
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : null
}

/**
 * The mortgage calculator of a sale listing (issue 26): own contribution (default 20 %), 5–35 years, the rate staff
 * set (reference + margin, editable here), equal or decreasing instalments → the monthly instalment, total interest
 * and the schedule (rendered when opened). Pure arithmetic from contracts/plain/mortgage.ts; loaded after first paint.
 */
export function MortgageCalculator({ price, ratePct, czynsz = null }: {
  price: number; ratePct: number
  /** Czynsz administracyjny in grosze (attribute 37), shown beside the instalment; null: not given. */
  czynsz?: number | null
}) {
  const id = useId()
  const [down, setDown] = useState(String(MORTGAGE_LIMITS.defaultDownPct))
  const [years, setYears] = useState<number>(MORTGAGE_LIMITS.defaultYears)
  const [rate, setRate] = useState(ratePct.toFixed(2).replace('.', ','))
  const [kind, setKind] = useState<InstalmentKind>('equal')
  const [open, setOpen] = useState(false)
  const downPct = num(down)
  const ratePctN = num(rate)
  const downError = downPct === null || downPct < 0 || downPct >= 100 ? 'Podaj wkład własny od 0 do 99 %.' : null
  const rateError = ratePctN === null || ratePctN > 30 ? 'Podaj oprocentowanie od 0 do 30 %.' : null
  const downAmount = downPct === null ? 0 : Math.round((price * downPct) / 100 / 100) * 100
  const principal = price - downAmount
  const result = useMemo(
    () => (downError || rateError || principal <= 0 ? null : mortgageSchedule({ principal, months: years * 12, ratePct: ratePctN!, kind })),
    [downError, rateError, principal, years, ratePctN, kind],
  )
  const field = 'mt-1 block h-11 w-full rounded-lg border border-slate-300 px-3 text-[15px] text-slate-900 focus:border-accent-600 focus:outline-none focus:ring-2 focus:ring-accent-200'
  return (
    <section aria-labelledby={`${id}-h`} className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5" data-testid="mortgage-calculator">
      <h2 id={`${id}-h`} className="text-lg font-bold text-slate-900">Kalkulator kredytu hipotecznego</h2>
      <p className="mt-1 text-sm text-slate-600">Cena: {zl(price)}. Wynik jest orientacyjny; ofertę kredytu przedstawi bank.</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-down`} className="text-sm font-medium text-slate-800">Wkład własny (%)</label>
          <input id={`${id}-down`} inputMode="decimal" value={down} onChange={(e) => setDown(e.target.value)} className={field}
            aria-invalid={!!downError} aria-describedby={`${id}-down-hint`} />
          <p id={`${id}-down-hint`} className={`mt-1 text-xs ${downError ? 'font-medium text-red-700' : 'text-slate-600'}`}>
            {downError ?? `${zl(downAmount)}; kredyt ${zl(Math.max(0, principal))}`}
          </p>
        </div>
        <div>
          <label htmlFor={`${id}-rate`} className="text-sm font-medium text-slate-800">Oprocentowanie (% rocznie)</label>
          <input id={`${id}-rate`} inputMode="decimal" value={rate} onChange={(e) => setRate(e.target.value)} className={field}
            aria-invalid={!!rateError} aria-describedby={rateError ? `${id}-rate-error` : undefined} />
          {rateError && <p id={`${id}-rate-error`} className="mt-1 text-xs font-medium text-red-700">{rateError}</p>}
        </div>
        <div>
          <label htmlFor={`${id}-years`} className="text-sm font-medium text-slate-800">Okres kredytowania: {years} {YEAR_FORMS(years)}</label>
          <input id={`${id}-years`} type="range" min={MORTGAGE_LIMITS.minYears} max={MORTGAGE_LIMITS.maxYears} step={1} value={years}
            onChange={(e) => setYears(Number(e.target.value))} className="mt-3 block w-full accent-accent-600" />
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Raty</legend>
          <div className="mt-2 flex gap-4">
            {([['equal', 'Równe'], ['decreasing', 'Malejące']] as const).map(([v, label]) => (
              <label key={v} className="inline-flex min-h-11 items-center gap-2 text-[15px] text-slate-800">
                <input type="radio" name={`${id}-kind`} value={v} checked={kind === v} onChange={() => setKind(v)} className="h-4 w-4 accent-accent-600" />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      {result && (
        <div className="mt-5 rounded-xl bg-slate-50 p-4" aria-live="polite">
          <dl className="grid gap-3 sm:grid-cols-3">
            <div>
              <dt className="text-sm text-slate-600">{kind === 'equal' ? 'Rata miesięczna' : 'Pierwsza rata'}</dt>
              <dd className="text-2xl font-bold text-slate-900" data-testid="mortgage-instalment">{zl(result.firstInstalment)}</dd>
              {kind === 'decreasing' && <dd className="text-xs text-slate-600">ostatnia: {zl(result.lastInstalment)}</dd>}
            </div>
            <div>
              <dt className="text-sm text-slate-600">Odsetki razem</dt>
              <dd className="text-lg font-semibold text-slate-900" data-testid="mortgage-interest">{zl(result.totalInterest)}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Do spłaty razem</dt>
              <dd className="text-lg font-semibold text-slate-900">{zl(result.totalPaid)}</dd>
            </div>
          </dl>
          {czynsz !== null && (
            <p className="mt-3 border-t border-slate-200 pt-3 text-[15px] text-slate-700" data-testid="mortgage-with-czynsz">
              Czynsz administracyjny: {zl(czynsz)}/mies. Rata{kind === 'decreasing' ? ' (pierwsza)' : ''} z czynszem: <strong className="text-slate-900">{zl(result.firstInstalment + czynsz)}</strong> miesięcznie.
            </p>
          )}
          <details className="mt-4" onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
            <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-accent-700">Harmonogram spłat ({whole.format(result.schedule.length)} rat)</summary>
            {open && (
              <div className="mt-2 max-h-96 overflow-auto rounded-lg border border-slate-200 bg-white" tabIndex={0} role="region" aria-label="Harmonogram spłat, przewijany">
                <table className="w-full text-right text-sm tabular-nums" data-testid="mortgage-schedule">
                  <caption className="sr-only">Harmonogram spłat</caption>
                  <thead className="sticky top-0 bg-slate-100 text-slate-700">
                    <tr><th scope="col" className="px-2 py-1.5">Rata</th><th scope="col" className="px-2 py-1.5">Kwota</th><th scope="col" className="px-2 py-1.5">Kapitał</th><th scope="col" className="px-2 py-1.5">Odsetki</th><th scope="col" className="px-2 py-1.5">Pozostało</th></tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {result.schedule.map((r) => (
                      <tr key={r.month}>
                        <th scope="row" className="px-2 py-1 font-normal text-slate-600">{r.month}</th>
                        <td className="px-2 py-1">{money.format(r.instalment / 100)}</td>
                        <td className="px-2 py-1">{money.format(r.principal / 100)}</td>
                        <td className="px-2 py-1">{money.format(r.interest / 100)}</td>
                        <td className="px-2 py-1">{money.format(r.balance / 100)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </details>
        </div>
      )}
    </section>
  )
}
