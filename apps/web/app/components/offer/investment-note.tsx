import { Link } from 'react-router'
import type { OfferInvestment } from '@portal/contracts/offer'
import { investmentStatusLabel } from '@portal/contracts/plain/investments'
import { countText } from '~/lib/offer-text'

const AVAILABLE = ['dostępny lokal', 'dostępne lokale', 'dostępnych lokali'] as const

/**
 * A unit's investment (issue 27), as Otodom shows it on a new flat: what it is part of and the way to its other units.
 * In the idle-loaded details chunk, so the listing page's first-paint JS stays as it was (decision 044).
 */
export function InvestmentNote({ investment: inv }: { investment: OfferInvestment }) {
  const done = inv.completion_date ? inv.completion_date.slice(0, 10).split('-').reverse().join('.') : null
  return (
    <section aria-label="Inwestycja" className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-card">
      <div className="min-w-0">
        <p className="text-sm text-slate-600">Lokal w inwestycji</p>
        <p className="text-lg font-bold text-slate-900">{inv.name}</p>
        <p className="text-sm text-slate-700">
          {investmentStatusLabel(inv.status)}{done && <> · zakończenie {done}</>} · {countText(inv.units_available, AVAILABLE)}
        </p>
      </div>
      <Link to={`/inwestycje/${inv.slug}`} className="inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-5 text-[15px] font-semibold text-slate-800 hover:bg-slate-50">
        Zobacz inwestycję
      </Link>
    </section>
  )
}
