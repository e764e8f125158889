import type { PriceList, PromotionChoiceInput } from '@portal/contracts/payments'
import { formatMoney, FORM_ADDONS } from '@portal/contracts/payments'
import { countLabel, DAY_FORMS } from '@portal/contracts/format'

const REFRESH_FORMS = ['odświeżenie', 'odświeżenia', 'odświeżeń'] as const
const RAISE_FORMS = ['podbicie', 'podbicia', 'podbić'] as const

/** What one package gives, in a short list (shared by /promocje and the package pickers). */
export function packagePerks(p: PriceList['packages'][number]): string[] {
  return [
    p.featured ? `Wyróżnienie i miejsce na górze listy przez ${countLabel(p.duration_days, DAY_FORMS)}` : 'Zwykłe miejsce na liście, bez wyróżnienia',
    p.free_refreshes ? `${countLabel(p.free_refreshes, REFRESH_FORMS)} w cenie (każde: 30 dni dłużej)` : 'Bez darmowych odświeżeń',
    p.free_raises ? `${countLabel(p.free_raises, RAISE_FORMS)} w cenie` : 'Podbicia płatne osobno',
  ]
}

/** The frame add-ons as the older system worded them (reference §10). */
export function addonLabel(a: PriceList['addons'][number]): string {
  if (a.key === 'urgent') return `Dodaj czerwoną ramkę z napisem PILNE (za jedyne ${formatMoney(a.price)})`
  if (a.key === 'bargain') return `Dodaj żółtą ramkę z napisem OKAZJA (za jedyne ${formatMoney(a.price)})`
  return `${a.name} (${formatMoney(a.price)})`
}

/**
 * The package (radio cards) and the add-ons (checkboxes) with their prices and VAT. Controlled: the caller keeps the
 * choice and saves it (the form's package step, the bill page).
 */
export function PackagePicker({ prices, value, onChange, disabled = false, idPrefix = 'pkg' }: {
  prices: PriceList; value: PromotionChoiceInput; onChange: (v: PromotionChoiceInput) => void; disabled?: boolean; idPrefix?: string
}) {
  const addons = prices.addons.filter((a) => (FORM_ADDONS as readonly string[]).includes(a.key))
  const toggle = (key: (typeof FORM_ADDONS)[number], on: boolean) => {
    let next = value.addons.filter((k) => k !== key)
    // One raise pack at a time: ×1, ×3 and ×10 are alternatives.
    if (on && key.startsWith('raise_')) next = next.filter((k) => !k.startsWith('raise_'))
    onChange({ ...value, addons: on ? [...next, key] : next })
  }
  return (
    <div className="flex flex-col gap-6">
      <fieldset>
        <legend className="mb-3 text-base font-semibold text-slate-900">Pakiet</legend>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {prices.packages.map((p) => {
            const checked = value.package_id === p.id
            return (
              <label key={p.id} htmlFor={`${idPrefix}-${p.id}`}
                className={`relative flex cursor-pointer flex-col gap-2 rounded-2xl border-2 bg-white p-4 shadow-card transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-600 ${checked ? 'border-accent-600' : 'border-slate-200 hover:border-slate-300'}`}>
                <span className="flex items-center gap-2">
                  <input id={`${idPrefix}-${p.id}`} type="radio" name={`${idPrefix}-package`} value={p.id} checked={checked} disabled={disabled}
                    onChange={() => onChange({ ...value, package_id: p.id })} className="size-5 accent-accent-600" />
                  <span className="text-lg font-bold text-slate-900">{p.name}</span>
                </span>
                <span className="text-2xl font-bold text-slate-900">{p.price ? formatMoney(p.price) : '0 zł'}</span>
                {p.price > 0 && <span className="text-xs text-slate-600">w tym VAT {prices.vat_rate}%: {formatMoney(p.vat)} (netto {formatMoney(p.net)})</span>}
                <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
                  {packagePerks(p).map((x) => <li key={x}>{x}</li>)}
                </ul>
              </label>
            )
          })}
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-3 text-base font-semibold text-slate-900">Dodatki</legend>
        <div className="flex flex-col gap-2">
          {addons.map((a) => (
            <label key={a.key} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-slate-200 bg-white px-3 py-2 text-[15px] text-slate-800 hover:border-slate-300">
              <input type="checkbox" name={`${idPrefix}-addon`} value={a.key} checked={value.addons.includes(a.key as never)} disabled={disabled}
                onChange={(e) => toggle(a.key as (typeof FORM_ADDONS)[number], e.target.checked)} className="size-5 accent-accent-600" />
              <span>{addonLabel(a)}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  )
}

/** Items and the total of a bill, with what is already paid shown as subtracted. */
export function BillTable({ items, paid, total, net, vat }: {
  items: { key: string; name: string; quantity: number; gross: number }[]; paid: { key: string; name: string; gross: number }[]
  total: number; net: number; vat: number
}) {
  return (
    <table className="w-full border-collapse text-left text-[15px]">
      <caption className="sr-only">Pozycje do zapłaty</caption>
      <thead>
        <tr className="border-b border-slate-200 text-sm text-slate-600">
          <th scope="col" className="py-2 font-semibold">Nazwa</th>
          <th scope="col" className="py-2 text-right font-semibold">Cena</th>
        </tr>
      </thead>
      <tbody>
        {items.map((i) => (
          <tr key={i.key} className="border-b border-slate-100">
            <td className="py-2.5 pr-3 text-slate-900">{i.name}{i.quantity > 1 ? ` ×${i.quantity}` : ''}</td>
            <td className="py-2.5 text-right font-medium text-slate-900">{formatMoney(i.gross * i.quantity)}</td>
          </tr>
        ))}
        {paid.map((i) => (
          <tr key={`paid-${i.key}`} className="border-b border-slate-100 text-slate-500">
            <td className="py-2.5 pr-3">{i.name} <span className="text-sm">(już opłacone)</span></td>
            <td className="py-2.5 text-right"><s>{formatMoney(i.gross)}</s> 0,00 zł</td>
          </tr>
        ))}
        {items.length === 0 && paid.length === 0 && (
          <tr><td colSpan={2} className="py-3 text-slate-600">Darmowy pakiet — nic do zapłaty.</td></tr>
        )}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" className="pt-3 text-lg font-bold text-slate-900">Suma</th>
          <td className="pt-3 text-right text-lg font-bold text-slate-900" data-bill-total>{formatMoney(total)}</td>
        </tr>
        {total > 0 && (
          <tr><td colSpan={2} className="pt-1 text-right text-sm text-slate-600">w tym VAT 23%: {formatMoney(vat)} · netto {formatMoney(net)}</td></tr>
        )}
      </tfoot>
    </table>
  )
}
