import { Link } from 'react-router'
import type { Valuation, ValuationComparable } from '@portal/contracts/valuation'
import { countLabel, formatArea, formatPrice, LISTING_FORMS } from '@portal/contracts/format'
import { VALUATION_CONDITIONS } from '@portal/contracts/plain/valuation'
import { perM2 } from '~/lib/prices'

const SHOWN = 8
const date = new Intl.DateTimeFormat('pl-PL', { month: 'long', year: 'numeric', timeZone: 'Europe/Warsaw' })
const pct = new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 1 })
const conditionLabel = (v: string | null) => VALUATION_CONDITIONS.find(([k]) => k === v)?.[1] ?? null
const roomsLabel = (n: number | null) => (n === null ? null : countLabel(n, ['pokój', 'pokoje', 'pokoi']))
const floorLabel = (f: number | null) => (f === null ? null : f === 0 ? 'parter' : f < 0 ? 'suterena' : `${f}. piętro`)

function Comparable({ c, rent }: { c: ValuationComparable; rent: boolean }) {
  const facts = [c.district, formatArea(c.area), roomsLabel(c.rooms), floorLabel(c.floor), c.year_built ? `rok ${c.year_built}` : null, conditionLabel(c.condition)].filter(Boolean)
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-6" data-testid="valuation-comparable">
      <div className="min-w-0">
        {c.href ? <Link to={c.href} className="font-medium text-accent-700 hover:underline">{c.title}</Link>
          : <span className="font-medium text-slate-800">{c.title}</span>}
        <p className="mt-0.5 text-sm text-slate-600">{facts.join(' · ')}</p>
        <p className="mt-0.5 text-xs text-slate-600">
          {c.active ? 'Aktualne ogłoszenie' : `Zakończone, ${date.format(new Date(c.at))}`} · waga {pct.format(c.weight_pct)} %
        </p>
      </div>
      <div className="shrink-0 text-left sm:text-right">
        <p className="font-semibold text-slate-900">{formatPrice(c.price)}{rent ? '/mies.' : ''}</p>
        <p className="text-sm text-slate-600">{perM2(c.price_per_m2)}</p>
        {Math.abs(c.adjusted_per_m2 - c.price_per_m2) >= 100 && <p className="text-xs text-slate-600">dziś: {perM2(c.adjusted_per_m2)}</p>}
      </div>
    </li>
  )
}

/** The estimate with its range and the comparables it came from (issue 26). */
export function ValuationResult({ v, addHref }: { v: Valuation; addHref: string }) {
  const rent = v.offer_type === 'rent'
  const e = v.estimate
  if (!e) {
    return (
      <section className="rounded-2xl border border-slate-200 bg-white p-5" data-testid="valuation-result">
        <h2 className="text-lg font-bold text-slate-900">Za mało podobnych ogłoszeń</h2>
        <p className="mt-2 text-slate-600">
          Do wyceny potrzebujemy co najmniej {countLabel(v.min_comparables, LISTING_FORMS)} podobnych mieszkań {v.where}. Spróbuj wyceny dla całego miasta
          albo sprawdź <Link to={v.price_page} className="font-medium text-accent-700 hover:underline">ceny mieszkań {v.where}</Link>.
        </p>
      </section>
    )
  }
  const hidden = v.comparables.slice(SHOWN)
  return (
    <section aria-labelledby="valuation-h" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6" data-testid="valuation-result">
      <h2 id="valuation-h" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        {rent ? 'Szacunkowy czynsz najmu' : 'Szacunkowa wartość'} {v.where}
      </h2>
      <p className="mt-2 text-3xl font-extrabold text-slate-900 sm:text-4xl" data-testid="valuation-estimate">
        {formatPrice(e.value)}{rent && <span className="text-xl font-bold"> / mies.</span>}
      </p>
      <p className="mt-1 text-slate-700">
        Przedział: <strong>{formatPrice(e.low)} – {formatPrice(e.high)}</strong> · {perM2(e.per_m2)}
      </p>
      <p className="mt-3 max-w-3xl text-sm text-slate-600">
        Wycena na podstawie {countLabel(v.comparables.length, LISTING_FORMS)} najbardziej podobnych mieszkań (miejsce, powierzchnia, pokoje, piętro,
        rok budowy, stan, rynek), z cenami starszych ogłoszeń przeliczonymi na dziś według miesięcznego indeksu cen. To szacunek
        z ogłoszeń, nie operat rzeczoznawcy. <Link to={v.price_page} className="font-medium text-accent-700 hover:underline">Ceny mieszkań {v.where}</Link>
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to={addHref} className="inline-flex h-11 items-center rounded-lg bg-accent-600 px-5 font-semibold text-white hover:bg-accent-700" data-testid="valuation-add">
          Dodaj ogłoszenie
        </Link>
      </div>
      <h3 className="mt-6 text-lg font-bold text-slate-900">Ogłoszenia użyte do wyceny</h3>
      <ul className="mt-1 divide-y divide-slate-100">
        {v.comparables.slice(0, SHOWN).map((c) => <Comparable key={c.id} c={c} rent={rent} />)}
      </ul>
      {hidden.length > 0 && (
        <details className="mt-1">
          <summary className="cursor-pointer py-2 text-sm font-medium text-accent-700">Pokaż pozostałe ({hidden.length})</summary>
          <ul className="divide-y divide-slate-100">{hidden.map((c) => <Comparable key={c.id} c={c} rent={rent} />)}</ul>
        </details>
      )}
    </section>
  )
}
