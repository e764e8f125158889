import { Link } from 'react-router'
import { countLabel } from '@portal/contracts/format'
import { investmentStatusLabel } from '@portal/contracts/plain/investments'
import { WATCH_MESSAGES } from '@portal/contracts/plain/watch'
import type { FollowedInvestment } from '@portal/contracts/watch'
import { priceText } from '~/lib/investments'
import { BellIcon } from '../icons'
import { FollowInvestment } from '../investments/follow-investment'

/** The 'Inwestycje' tab of /ulubione: followed investments (decision 067); the button stops following. */
export function FollowedInvestmentsList({ items }: { items: FollowedInvestment[] }) {
  if (!items.length) {
    return (
      <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
        <BellIcon size={36} className="mx-auto text-accent-600" />
        <p className="mx-auto mt-3 max-w-lg text-slate-700">{WATCH_MESSAGES.empty}</p>
        <Link to="/inwestycje" className="mt-5 inline-flex min-h-11 items-center rounded-full bg-accent-600 px-5 font-semibold text-white hover:bg-accent-700">
          Przeglądaj inwestycje
        </Link>
      </div>
    )
  }
  return (
    <ul aria-label="Obserwowane inwestycje" className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((i) => (
        <li key={i.id} className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-card">
          <div className="min-w-0">
            <p className="text-sm font-semibold text-accent-700">{investmentStatusLabel(i.status)}</p>
            <p className="text-lg font-bold text-slate-900">
              <Link to={`/inwestycje/${i.slug}`} className="rounded hover:text-accent-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600">{i.name}</Link>
            </p>
            <p className="text-sm text-slate-600">{i.location_name}</p>
            <p className="mt-1 text-[15px] text-slate-800">
              {countLabel(i.units_available, ['lokal', 'lokale', 'lokali'])} w sprzedaży
              {i.price_from !== null && <> · od <span className="font-semibold">{priceText(i.price_from)}</span></>}
            </p>
          </div>
          <div className="mt-auto"><FollowInvestment id={i.id} initial /></div>
        </li>
      ))}
    </ul>
  )
}
