import { Fragment, useEffect, useMemo, useState } from 'react'
import { countLabel } from '@portal/contracts/format'
import { UNIT_STATUSES, unitStatusLabel } from '@portal/contracts/plain/investments'
import type { Unit } from '@portal/contracts/investments'
import { deltaLabel, formatShortDate, priceChanges } from '~/lib/offer-text'
import {
  areaText, filterUnits, floorText, NO_UNIT_FILTER, ppmText, priceText, sortUnits, unitLabel, unitsSearchParams, type UnitFilter, type UnitSortKey,
} from '~/lib/investments'
import { hydrateLater } from '../hydrate-later'

// Server-rendered, its code when the browser is idle (a press before is replayed), as on /szukaj: one lazy chunk for
// both pages (a static import here would pull it into /szukaj's shared code).
const SaveSearchButton = hydrateLater(() => import('../engagement/save-search-button').then((m) => m.SaveSearchButton))

const box = 'h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-[15px] text-slate-900 outline-none focus:border-accent-600 focus:ring-2 focus:ring-accent-200'
const lab = 'mb-1 block text-sm font-semibold text-slate-700'
const STATUS_TONE: Record<string, string> = { dostepne: 'bg-emerald-50 text-emerald-800', zarezerwowane: 'bg-amber-50 text-amber-800', sprzedane: 'bg-slate-100 text-slate-600' }

const COLUMNS: { key: UnitSortKey; label: string }[] = [
  { key: 'unit', label: 'Lokal' }, { key: 'rooms', label: 'Pokoje' }, { key: 'area', label: 'Powierzchnia' }, { key: 'floor', label: 'Piętro' },
  { key: 'price', label: 'Cena' }, { key: 'ppm', label: 'Cena za m²' }, { key: 'status', label: 'Status' },
]

type History = Unit['price_history']

/** A unit's price history from the API, once per unit while the page is open (the page's data leaves it out). */
const histories = new Map<string, Promise<History>>()
function loadHistory(slug: string, unitId: number): Promise<History> {
  const key = `${slug}/${unitId}`
  let p = histories.get(key)
  if (!p) {
    p = fetch(`/api/investments/${encodeURIComponent(slug)}/units/${unitId}/history`, { headers: { Accept: 'application/json' } })
      .then(async (r) => {
        if (!r.ok) throw new Error(String(r.status))
        return ((await r.json()) as { price_history: History }).price_history
      })
    p.catch(() => histories.delete(key))
    histories.set(key, p)
  }
  return p
}

function History({ u, slug }: { u: Unit; slug: string }) {
  const [history, setHistory] = useState<History | 'loading' | 'failed'>(u.price_history.length ? u.price_history : 'loading')
  useEffect(() => {
    if (u.price_history.length) return
    let live = true
    loadHistory(slug, u.id).then((h) => { if (live) setHistory(h) }, () => { if (live) setHistory('failed') })
    return () => { live = false }
  }, [slug, u.id, u.price_history])
  const rows = Array.isArray(history) ? priceChanges(history).reverse() : []
  return (
    <div className="rounded-xl bg-slate-50 p-3">
      <p className="text-sm font-semibold text-slate-800">Historia cen lokalu {unitLabel(u)}</p>
      {history === 'loading' ? <p className="text-sm text-slate-600" role="status">Wczytywanie historii cen…</p>
        : history === 'failed' ? <p className="text-sm text-red-700" role="alert">Nie udało się wczytać historii cen. Spróbuj ponownie później.</p>
        : rows.length ? (
        <ol className="mt-1 text-sm text-slate-700" aria-label={`Historia cen lokalu ${unitLabel(u)}`}>
          {rows.map((h, i) => (
            <li key={i} className="flex flex-wrap gap-x-3">
              <span className="w-24 tabular-nums">{formatShortDate(h.changed_at)}</span>
              <strong className="tabular-nums">{priceText(h.price)}</strong>
              {h.delta !== 0 && <span className={h.delta < 0 ? 'text-emerald-700' : 'text-red-700'}>{deltaLabel(h.delta)}</span>}
            </li>
          ))}
        </ol>
      ) : <p className="text-sm text-slate-600">Brak zapisanych cen.</p>}
      {u.extras.length > 0 && (
        <p className="mt-2 text-sm text-slate-700">Dodatkowo: {u.extras.map((e) => `${e.label || (e.kind === 'parking' ? 'miejsce postojowe' : e.kind === 'storage' ? 'komórka lokatorska' : 'inne koszty')} ${priceText(e.price)}`).join(', ')}</p>
      )}
    </div>
  )
}

/** Rows shown at first and added by 'Pokaż kolejne lokale': an investment of 500 units renders 50 of them (decision 082). */
export const UNITS_PAGE = 50

/**
 * The public units table: filters and sorting in the browser (the page already has every unit; the first
 * UNITS_PAGE of the sorted, filtered list are rendered, more on request), each unit's price history, and 'Zapisz wyszukiwanie takich lokali' (decision 077): a saved search of this investment with the
 * table's filters, whose alerts bring its new units.
 */
export function UnitsTable({ units, investment }: { units: Unit[]; investment: { id: number; name: string; slug: string } }) {
  const [f, setF] = useState<UnitFilter>(NO_UNIT_FILTER)
  const [sort, setSort] = useState<{ key: UnitSortKey; dir: 'asc' | 'desc' }>({ key: 'unit', dir: 'asc' })
  const [open, setOpen] = useState<number | null>(null)
  const [limit, setLimit] = useState(UNITS_PAGE)
  const shown = useMemo(() => sortUnits(filterUnits(units, f), sort.key, sort.dir), [units, f, sort])
  const visible = shown.length > limit ? shown.slice(0, limit) : shown
  const floors = useMemo(() => [...new Set(units.map((u) => u.floor).filter((x): x is number => x !== null))].sort((a, b) => a - b), [units])
  const set = (k: keyof UnitFilter) => (v: string) => { setF((x) => ({ ...x, [k]: v })); setLimit(UNITS_PAGE) }
  const sortBy = (key: UnitSortKey) => setSort((s) => ({ key, dir: s.key === key && s.dir === 'asc' ? 'desc' : 'asc' }))

  return (
    <div>
      <div role="group" aria-label="Filtry lokali" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <label><span className={lab}>Pokoje</span>
          <select className={box} value={f.rooms} onChange={(e) => set('rooms')(e.target.value)} name="rooms">
            <option value="">Dowolnie</option>{[1, 2, 3, 4].map((n) => <option key={n} value={n}>{n}</option>)}<option value="5">5 i więcej</option>
          </select>
        </label>
        <label><span className={lab}>Status</span>
          <select className={box} value={f.status} onChange={(e) => set('status')(e.target.value)} name="status">
            <option value="">Każdy</option>{UNIT_STATUSES.map((s) => <option key={s.value} value={s.value}>{s.label}</option>)}
          </select>
        </label>
        <label><span className={lab}>Piętro</span>
          <select className={box} value={f.floor} onChange={(e) => set('floor')(e.target.value)} name="floor">
            <option value="">Każde</option>{floors.map((n) => <option key={n} value={n}>{floorText(n)}</option>)}
          </select>
        </label>
        <label><span className={lab}>Cena do (zł)</span><input className={box} inputMode="numeric" value={f.priceMax} onChange={(e) => set('priceMax')(e.target.value)} name="price_max" /></label>
        <label><span className={lab}>Pow. od (m²)</span><input className={box} inputMode="decimal" value={f.areaMin} onChange={(e) => set('areaMin')(e.target.value)} name="area_min" /></label>
        <label><span className={lab}>Pow. do (m²)</span><input className={box} inputMode="decimal" value={f.areaMax} onChange={(e) => set('areaMax')(e.target.value)} name="area_max" /></label>
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600" aria-live="polite" data-testid="units-count">
          {countLabel(shown.length, ['lokal', 'lokale', 'lokali'])} z {units.length}
        </p>
        <SaveSearchButton apiParams={unitsSearchParams(investment.id, f)} investment={investment.name} label="Zapisz wyszukiwanie takich lokali" notify />
      </div>
      <label className="mt-3 block sm:hidden"><span className={lab}>Sortuj</span>
        <select className={box} value={`${sort.key}:${sort.dir}`} name="sort" onChange={(e) => {
          const [key, dir] = e.target.value.split(':') as [UnitSortKey, 'asc' | 'desc']
          setSort({ key, dir })
        }}>
          {COLUMNS.flatMap((c) => [
            <option key={`${c.key}a`} value={`${c.key}:asc`}>{c.label} — rosnąco</option>,
            <option key={`${c.key}d`} value={`${c.key}:desc`}>{c.label} — malejąco</option>,
          ])}
        </select>
      </label>
      {/* One markup for both widths (decision 090): a table from 640 px; below it `units-cards` (app.css) lays each row
          out as the card the phone list was, and the `sm:hidden` words are the card's. */}
      <div className="mt-3 sm:mt-2 sm:overflow-x-auto">
        <table className="units-cards w-full border-separate border-spacing-0 text-left text-[15px] sm:min-w-[720px]" aria-label="Lokale">
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <th key={c.key} scope="col" aria-sort={sort.key === c.key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'} className="border-b border-slate-200 px-2 py-1 first:pl-0">
                  <button type="button" onClick={() => sortBy(c.key)} className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-slate-700 hover:text-slate-900">
                    {c.label}<span aria-hidden="true" className="text-slate-400">{sort.key === c.key ? (sort.dir === 'asc' ? '▲' : '▼') : '↕'}</span>
                  </button>
                </th>
              ))}
              <th scope="col" className="border-b border-slate-200 px-2 text-sm font-semibold text-slate-700"><span className="sr-only">Szczegóły</span></th>
            </tr>
          </thead>
          <tbody>
            {visible.map((u) => {
              const label = unitLabel(u)
              const sold = u.status === 'sprzedane'
              const opened = open === u.id
              return (
                <Fragment key={u.id}>
                  <tr data-unit={label} data-sold={sold || undefined} data-open={opened || undefined}>
                    <td className="border-b border-slate-100 py-2.5 pr-2 font-semibold text-slate-900">
                      {u.listed ? <a href={`/ogloszenia/${u.listing_slug}`} className="text-accent-700 hover:underline"><span className="sm:hidden">Lokal </span>{label}</a> : <><span className="sm:hidden">Lokal </span>{label}</>}
                    </td>
                    <td className="border-b border-slate-100 px-2 tabular-nums">{u.rooms ?? '—'}<span className="sm:hidden"> pok.</span></td>
                    <td className="whitespace-nowrap border-b border-slate-100 px-2 tabular-nums"><span className="sm:hidden">·&nbsp;</span>{areaText(u.area)}</td>
                    <td className="border-b border-slate-100 px-2"><span className="sm:hidden">·&nbsp;{u.floor === 0 ? '' : 'piętro '}</span>{floorText(u.floor)}</td>
                    <td className="whitespace-nowrap border-b border-slate-100 px-2 font-semibold tabular-nums text-slate-900">{sold ? '—' : priceText(u.price)}</td>
                    <td className="whitespace-nowrap border-b border-slate-100 px-2 tabular-nums">{sold ? '—' : <><span className="sm:hidden">·&nbsp;</span>{ppmText(u.price_per_m2)}</>}</td>
                    <td className="border-b border-slate-100 px-2"><span className={`rounded-full px-2.5 py-0.5 text-sm font-medium ${STATUS_TONE[u.status] ?? ''}`}>{unitStatusLabel(u.status)}</span></td>
                    <td className="border-b border-slate-100 px-2 text-right">
                      <button type="button" aria-expanded={opened} onClick={() => setOpen(opened ? null : u.id)}
                        className="inline-flex min-h-11 items-center whitespace-nowrap rounded-full px-3 text-sm font-semibold text-accent-700 hover:bg-accent-50">
                        Historia cen<span className="sr-only"> lokalu {label}</span>
                      </button>
                    </td>
                  </tr>
                  {opened && (
                    <tr><td colSpan={8} className="border-b border-slate-100 py-2"><History u={u} slug={investment.slug} /></td></tr>
                  )}
                </Fragment>
              )
            })}
          </tbody>
        </table>
      </div>
      {shown.length > visible.length && (
        <div className="mt-3 flex justify-center">
          <button type="button" onClick={() => setLimit((n) => n + UNITS_PAGE)}
            className="inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-5 text-[15px] font-semibold text-slate-800 hover:border-accent-600 hover:text-accent-700">
            Pokaż kolejne lokale (jeszcze {shown.length - visible.length})
          </button>
        </div>
      )}
      {shown.length === 0 && <p className="mt-3 rounded-xl bg-slate-50 p-4 text-center text-slate-600">Żaden lokal nie spełnia tych warunków.</p>}
    </div>
  )
}
