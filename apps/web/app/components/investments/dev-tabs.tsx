import { NavLink } from 'react-router'

/** The tabs of one investment on the developer's screens: data, units, import, open days, the public page. */
export function InvestmentTabs({ id, slug }: { id: number; slug: string }) {
  const tabs = [
    { to: `/moje-inwestycje/${id}`, label: 'Dane inwestycji', end: true },
    { to: `/moje-inwestycje/${id}/lokale`, label: 'Lokale', end: true },
    { to: `/moje-inwestycje/${id}/import`, label: 'Import z pliku', end: true },
    { to: `/moje-inwestycje/${id}/dni-otwarte`, label: 'Dni otwarte', end: true },
  ]
  return (
    <nav aria-label="Inwestycja" className="-mx-4 overflow-x-auto px-4">
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
