import { Link } from 'react-router'
import type { InvestmentGroup } from '@portal/contracts/investments'
import { countLabel, formatPrice } from '@portal/contracts/format'

const FLAT_FORMS = ['mieszkanie', 'mieszkania', 'mieszkań'] as const
const UNIT_FORMS = ['lokal', 'lokale', 'lokali'] as const

/** 'od 9 800 zł/m²' (or the lowest price when no unit has an area). */
export function fromPrice(g: InvestmentGroup): string {
  return g.min_price_per_m2 !== null ? `od\u00a0${formatPrice(g.min_price_per_m2)}/m²` : `od\u00a0${formatPrice(g.min_price)}`
}

/**
 * Above a primary-market search: the investments its units belong to, as Otodom and Morizon group new flats
 * ('12 mieszkań w inwestycji Zielone Tarasy, od 9 800 zł/m²'), each linking to its page with the units table.
 */
export function InvestmentGroups({ groups }: { groups: InvestmentGroup[] }) {
  if (!groups.length) return null
  return (
    <section aria-labelledby="investment-groups" className="mt-6">
      <h2 id="investment-groups" className="text-lg font-bold text-slate-900">Inwestycje w wynikach</h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {groups.map((g) => (
          <li key={g.slug}>
            <Link to={`/inwestycje/${g.slug}`} data-investment={g.slug}
              className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-card transition-shadow hover:shadow-card-hover">
              <span className="text-[15px] text-slate-900">
                <strong className="font-semibold">{countLabel(g.units, g.flats ? FLAT_FORMS : UNIT_FORMS)}</strong> w inwestycji{' '}
                <strong className="font-semibold text-accent-800">{g.name}</strong>, {fromPrice(g)}
              </span>
              <span className="mt-1 text-sm text-slate-600">{g.district ? `${g.city}, ${g.district}` : g.city}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
