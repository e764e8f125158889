import { NavLink, useLocation } from 'react-router'
import { useCurrentInView } from '~/lib/scroll-current'

/** The tabs of one investment on the developer's screens: data, units, import, visiting hours and open days, the public page. */
export function InvestmentTabs({ id, slug }: { id: number; slug: string }) {
  const tabs = [
    { to: `/moje-inwestycje/${id}`, label: 'Dane inwestycji', end: true },
    { to: `/moje-inwestycje/${id}/lokale`, label: 'Lokale', end: true },
    { to: `/moje-inwestycje/${id}/import`, label: 'Import z pliku', end: true },
    { to: `/moje-inwestycje/${id}/dni-otwarte`, label: 'Oglądanie', end: true },
  ]
  // At 390 px the row scrolls: the open tab ('Oglądanie', the fourth) comes into view.
  const row = useCurrentInView<HTMLElement>(useLocation().pathname)
  return (
    <nav ref={row} aria-label="Inwestycja" className="relative -mx-4 overflow-x-auto px-4">
      <ul className="flex min-w-max gap-2 border-b border-slate-200">
        {tabs.map((t) => (
          <li key={t.to}>
            <NavLink to={t.to} end={t.end} className={({ isActive }) => `inline-flex min-h-11 items-center border-b-2 px-3 text-[15px] font-semibold ${isActive ? 'border-accent-600 text-accent-800' : 'border-transparent text-slate-600 hover:text-slate-900'}`}>
              {t.label}
            </NavLink>
          </li>
        ))}
        <li>
          <a href={`/inwestycje/${slug}`} className="inline-flex min-h-11 items-center border-b-2 border-transparent px-3 text-[15px] font-semibold text-slate-600 hover:text-slate-900">
            Strona publiczna
          </a>
        </li>
      </ul>
    </nav>
  )
}
