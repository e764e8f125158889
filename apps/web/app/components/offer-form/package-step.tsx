import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react'
import type { Bill, PriceList, PromotionChoiceInput } from '@portal/contracts/payments'
import { api } from '~/lib/api'
import type { OfferFormState } from '~/lib/offer-form'
import { BillTable, PackagePicker } from '../payments/package-picker'

export interface PackageStepHandle {
  /** Saves the choice on the listing; resolves with its bill total (grosze), or null when saving failed. */
  save: () => Promise<number | null>
}

/**
 * 6 Pakiet: the package and add-ons, chosen before the preview, with the total (VAT 23% included). The listing
 * exists by now (saved after step 4); the choice is saved on it and publishing then waits for the payment when
 * the total is above zero.
 */
export const PackageStep = forwardRef<PackageStepHandle, { s: OfferFormState }>(function PackageStep({ s }, ref) {
  const [prices, setPrices] = useState<PriceList | null>(null)
  const [choice, setChoice] = useState<PromotionChoiceInput>({ package_id: 1, addons: [] })
  const [bill, setBill] = useState<Bill | null>(null)
  const [failed, setFailed] = useState(false)
  // Once the person has chosen, a stored choice arriving late must not undo it (the radio went back to 'Darmowy').
  const chosen = useRef(false)

  useEffect(() => {
    let live = true
    api.get<PriceList>('/api/promotions', { silent: true }).then((p) => { if (live) setPrices(p) }, () => { if (live) setFailed(true) })
    return () => { live = false }
  }, [])
  // A saved listing (a draft reopened, an edit) brings its stored choice back.
  useEffect(() => {
    if (!s.slug) return
    let live = true
    api.get<Bill>(`/api/payments/bill/${encodeURIComponent(s.slug)}`, { silent: true }).then((b) => {
      if (!live || chosen.current) return
      setBill(b)
      setChoice({ package_id: b.choice.package_id, addons: b.choice.addons as PromotionChoiceInput['addons'] })
    }, () => {})
    return () => { live = false }
  }, [s.slug])

  async function save(next = choice): Promise<number | null> {
    if (!s.id) return null
    try {
      const b = await api.put<Bill>(`/api/offers/${s.id}/promotion`, next, { silent: true })
      setBill(b)
      return b.total
    } catch {
      return null
    }
  }
  useImperativeHandle(ref, () => ({ save: () => save() }))

  if (failed) return <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-red-800">Nie udało się wczytać cennika. Odśwież stronę za chwilę.</p>
  if (!prices) return <p className="text-slate-600">Wczytywanie cennika…</p>
  return (
    <div className="flex flex-col gap-6">
      <p className="text-[15px] text-slate-700">
        Wybierz, jak Twoje ogłoszenie ma być widoczne. Pakiet Darmowy publikuje ogłoszenie od razu; płatne pakiety i dodatki
        opłacisz w następnym kroku po opublikowaniu. Ceny zawierają VAT 23%.
      </p>
      <PackagePicker prices={prices} value={choice} idPrefix="form-pkg" onChange={(v) => { chosen.current = true; setChoice(v); void save(v) }} />
      {bill && (
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-card">
          <h3 className="mb-2 text-lg font-bold text-slate-900">Do zapłaty</h3>
          <BillTable items={bill.items} paid={bill.paid} total={bill.total} net={bill.net} vat={bill.vat} />
        </div>
      )}
    </div>
  )
})
