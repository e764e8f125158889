import { useEffect, useMemo, useState } from 'react'
import { data, Link } from 'react-router'
import { countLabel } from '@portal/contracts/format'
import { EXTRA_KINDS, OUTDOOR_OPTIONS, UNIT_STATUSES } from '@portal/contracts/plain/investments'
import type { Unit } from '@portal/contracts/investments'
import { CLIENT_MESSAGES } from '@portal/contracts/plain/errors'
import { InvestmentTabs } from '~/components/investments/dev-tabs'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { requireCompany } from '~/lib/auth.server'
import { serverFieldErrors, type FieldErrors } from '~/lib/form-errors'
import { ppmText, sameRow, unitBody, unitRow, type ExtraRowValues, type UnitRowValues } from '~/lib/investments'
import { pageTitle } from '~/lib/site'
import { useToast } from '~/lib/toast'
import { ownInvestment } from '~/lib/investments.server'
import type { Route } from './+types/investment-units'

// /moje-inwestycje/{id}/lokale: the units table editor (issue 27). Guard 'company'; another company's investment: 404.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireCompany(context, request)
  const inv = await ownInvestment(context, params.id)
  return data({ inv }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const meta: Route.MetaFunction = ({ data: d }) => [{ title: pageTitle(d ? `${d.inv.name} — lokale` : 'Lokale') }, { name: 'robots', content: 'noindex' }]

const UNITS = ['lokal', 'lokale', 'lokali'] as const
const cell = 'h-10 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-2 text-[15px] text-slate-900 outline-none focus:border-accent-600 focus:ring-2 focus:ring-accent-200 aria-[invalid=true]:border-red-600 aria-[invalid=true]:bg-red-50'
let fresh = 0

function newRow(building: string): UnitRowValues {
  fresh += 1
  return { key: `n${fresh}`, id: null, building, unit_number: '', floor: '', area: '', rooms: '', price: '', status: 'dostepne', outdoor: [], extras: [] }
}

/** A unit's parking places, storage rooms and other costs with their prices (the open-data file lists them). */
function Extras({ name, value, error, onChange }: { name: string; value: ExtraRowValues[]; error?: string; onChange: (v: ExtraRowValues[]) => void }) {
  const set = (i: number, patch: Partial<ExtraRowValues>) => onChange(value.map((x, j) => (j === i ? { ...x, ...patch } : x)))
  return (
    <div className="flex flex-col gap-2" role="group" aria-label={`Dodatki lokalu ${name}`}>
      {value.length === 0 && <p className="text-sm text-slate-600">Lokal nie ma dodatków (miejsca postojowego, komórki, innych kosztów).</p>}
      {value.map((x, i) => (
        <div key={i} className="flex flex-wrap items-center gap-2">
          <select aria-label={`Rodzaj dodatku ${i + 1}`} value={x.kind} onChange={(ev) => set(i, { kind: ev.target.value as ExtraRowValues['kind'] })} className={`${cell} w-48`}>
            {EXTRA_KINDS.map((k) => <option key={k.value} value={k.value}>{k.label}</option>)}
          </select>
          <input aria-label={`Opis dodatku ${i + 1}`} value={x.label} placeholder="np. miejsce nr 12" onChange={(ev) => set(i, { label: ev.target.value })} className={`${cell} w-56`} />
          <input aria-label={`Cena dodatku ${i + 1} (zł)`} inputMode="numeric" value={x.price} onChange={(ev) => set(i, { price: ev.target.value })} className={`${cell} w-28`} />
          <span className="text-sm text-slate-600">zł</span>
          <button type="button" onClick={() => onChange(value.filter((_, j) => j !== i))} className="inline-flex h-10 items-center rounded-full px-3 text-sm font-semibold text-red-700 hover:bg-red-50">Usuń</button>
        </div>
      ))}
      <div>
        <button type="button" onClick={() => onChange([...value, { kind: 'parking', label: '', price: '' }])}
          className="inline-flex h-10 items-center rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50">
          Dodaj dodatek
        </button>
      </div>
      {error && <p className="text-sm font-medium text-red-700">{error}</p>}
    </div>
  )
}

export default function InvestmentUnits({ loaderData }: Route.ComponentProps) {
  const { inv } = loaderData
  const toast = useToast()
  const [units, setUnits] = useState<Unit[]>(inv.units)
  const saved = useMemo(() => new Map(units.map((u) => [u.id, unitRow(u)])), [units])
  const [rows, setRows] = useState<UnitRowValues[]>(() => inv.units.map(unitRow))
  const [errors, setErrors] = useState<Record<string, FieldErrors>>({})
  const [saving, setSaving] = useState(false)
  const [extrasOpen, setExtrasOpen] = useState<string | null>(null)
  useEffect(() => {
    setUnits(inv.units)
    setRows(inv.units.map(unitRow))
  }, [inv])

  const changed = rows.filter((r) => r.id === null || !sameRow(r, saved.get(r.id)!))
  const edit = (key: string, patch: Partial<UnitRowValues>) => {
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)))
    setErrors((e) => (e[key] ? { ...e, [key]: {} } : e))
  }

  async function saveAll() {
    if (saving || changed.length === 0) return
    setSaving(true)
    let ok = 0
    const nextErrors: Record<string, FieldErrors> = {}
    const updated = new Map<string, Unit>()
    for (const r of changed) {
      try {
        const u = r.id === null
          ? await api.post<Unit>(`/api/investments/${inv.id}/units`, unitBody(r), { silent: true })
          : await api.put<Unit>(`/api/investments/${inv.id}/units/${r.id}`, unitBody(r), { silent: true })
        updated.set(r.key, u)
        ok += 1
      } catch (err) {
        if (err instanceof ApiError && err.status === 422) nextErrors[r.key] = serverFieldErrors(err.fieldErrors)
        else nextErrors[r.key] = { _: err instanceof ApiError && err.status < 500 ? err.message : CLIENT_MESSAGES.serverError }
      }
    }
    setUnits((us) => {
      const byId = new Map(us.map((u) => [u.id, u]))
      for (const u of updated.values()) byId.set(u.id, u)
      return [...byId.values()]
    })
    setRows((rs) => rs.map((r) => {
      const u = updated.get(r.key)
      return u ? { ...unitRow(u), key: r.key } : r
    }))
    setErrors(nextErrors)
    setSaving(false)
    const failed = Object.keys(nextErrors).length
    if (ok) toast.success(`Zapisano ${countLabel(ok, UNITS)}.`)
    if (failed) toast.error(`Nie zapisano ${countLabel(failed, UNITS)}: popraw zaznaczone pola.`)
  }

  const historyOf = (id: number | null) => (id === null ? null : units.find((u) => u.id === id) ?? null)

  return (
    <div className="container-page pb-16 pt-8"><div className="mx-auto flex max-w-[1200px] flex-col gap-5">
      <div>
        <p className="text-sm text-slate-600"><Link to="/moje-inwestycje" className="hover:underline">Moje inwestycje</Link> /</p>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{inv.name}</h1>
      </div>
      <InvestmentTabs id={inv.id} slug={inv.slug} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-[15px] text-slate-700">
          {countLabel(rows.length, UNITS)}. Zmień cenę, status lub inne pola w tabeli i zapisz. Każda zmiana ceny trafia do historii cen.
        </p>
        <div className="flex flex-wrap gap-2">
          <button type="button" onClick={() => setRows((rs) => [...rs, newRow(inv.buildings[0] ?? '')])}
            className="inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-5 text-[15px] font-semibold text-slate-800 hover:bg-slate-50">
            Dodaj lokal
          </button>
          <button type="button" onClick={() => void saveAll()} disabled={saving || changed.length === 0}
            className="inline-flex min-h-11 items-center rounded-full bg-accent-600 px-5 text-[15px] font-semibold text-white hover:bg-accent-700 disabled:opacity-50">
            {saving ? 'Zapisuję…' : changed.length ? `Zapisz zmiany (${changed.length})` : 'Zapisz zmiany'}
          </button>
        </div>
      </div>
      {rows.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="text-lg font-semibold text-slate-900">Ta inwestycja nie ma jeszcze lokali.</p>
          <p className="mt-1 text-slate-600">Dodaj je w tabeli albo <Link to={`/moje-inwestycje/${inv.id}/import`} className="font-semibold text-accent-700 hover:underline">zaimportuj z pliku CSV lub XLSX</Link>.</p>
        </div>
      ) : (
        <div className="relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
          {/* relative: the buttons' sr-only labels (position: absolute) stay in the scrolled box, off the page's width. */}
          <table className="w-full min-w-[980px] border-separate border-spacing-0 rounded-2xl border border-slate-200 bg-white text-left text-[15px]" aria-label="Lokale inwestycji">
            <thead>
              <tr className="text-sm text-slate-600">
                {['Budynek', 'Numer', 'Piętro', 'Pow. (m²)', 'Pokoje', 'Cena (zł)', 'Cena za m²', 'Status', 'Na zewnątrz', 'Dodatki', 'Historia'].map((h) => (
                  <th key={h} scope="col" className="border-b border-slate-200 px-2 py-2.5 font-semibold first:pl-4">{h}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const e = errors[r.key] ?? {}
                const u = historyOf(r.id)
                const dirty = r.id === null || !sameRow(r, saved.get(r.id)!)
                const name = r.building ? `${r.building}/${r.unit_number || 'nowy'}` : r.unit_number || 'nowy'
                const msgs = Object.values(e)
                return [
                  <tr key={r.key} className={dirty ? 'bg-accent-50/50' : undefined} data-unit={name}>
                    <td className="border-b border-slate-100 px-2 py-2 pl-4 align-top">
                      {inv.buildings.length ? (
                        <select aria-label={`Budynek lokalu ${name}`} value={r.building} onChange={(x) => edit(r.key, { building: x.target.value })} aria-invalid={!!e.building} className={`${cell} w-20`}>
                          {inv.buildings.map((b) => <option key={b} value={b}>{b}</option>)}
                        </select>
                      ) : <span className="text-slate-500">—</span>}
                    </td>
                    <td className="border-b border-slate-100 px-2 py-2 align-top"><input aria-label={`Numer lokalu ${name}`} value={r.unit_number} onChange={(x) => edit(r.key, { unit_number: x.target.value })} aria-invalid={!!e.unit_number} className={`${cell} w-20`} /></td>
                    <td className="border-b border-slate-100 px-2 py-2 align-top"><input aria-label={`Piętro lokalu ${name}`} inputMode="numeric" value={r.floor} onChange={(x) => edit(r.key, { floor: x.target.value })} aria-invalid={!!e.floor} className={`${cell} w-16`} /></td>
                    <td className="border-b border-slate-100 px-2 py-2 align-top"><input aria-label={`Powierzchnia lokalu ${name}`} inputMode="decimal" value={r.area} onChange={(x) => edit(r.key, { area: x.target.value })} aria-invalid={!!e.area} className={`${cell} w-20`} /></td>
                    <td className="border-b border-slate-100 px-2 py-2 align-top"><input aria-label={`Pokoje lokalu ${name}`} inputMode="numeric" value={r.rooms} onChange={(x) => edit(r.key, { rooms: x.target.value })} aria-invalid={!!e.rooms} className={`${cell} w-14`} /></td>
                    <td className="border-b border-slate-100 px-2 py-2 align-top"><input aria-label={`Cena lokalu ${name}`} inputMode="numeric" value={r.price} onChange={(x) => edit(r.key, { price: x.target.value })} aria-invalid={!!e.price} className={`${cell} w-28`} /></td>
                    <td className="whitespace-nowrap border-b border-slate-100 px-2 py-2 align-top leading-10 text-slate-700">{u && !dirty ? ppmText(u.price_per_m2) : '—'}</td>
                    <td className="border-b border-slate-100 px-2 py-2 align-top">
                      <select aria-label={`Status lokalu ${name}`} value={r.status} onChange={(x) => edit(r.key, { status: x.target.value })} aria-invalid={!!e.status} className={`${cell} w-36`}>
                        {UNIT_STATUSES.map((s) => <option key={s.value} value={s.value}>{s.label}</option>)}
                      </select>
                    </td>
                    <td className="border-b border-slate-100 px-2 py-2 align-top">
                      <div className="flex gap-2 leading-10">
                        {OUTDOOR_OPTIONS.map((o) => (
                          <label key={o.value} className="inline-flex items-center gap-1 text-sm text-slate-700">
                            <input type="checkbox" checked={r.outdoor.includes(o.value)} className="size-4 accent-accent-600"
                              onChange={(x) => edit(r.key, { outdoor: x.target.checked ? [...r.outdoor, o.value] : r.outdoor.filter((v) => v !== o.value) })} />
                            {o.label}
                          </label>
                        ))}
                      </div>
                    </td>
                    <td className="border-b border-slate-100 px-2 py-2 align-top">
                      <button type="button" aria-expanded={extrasOpen === r.key} onClick={() => setExtrasOpen(extrasOpen === r.key ? null : r.key)}
                        className="inline-flex h-10 items-center whitespace-nowrap rounded-full px-3 text-sm font-semibold text-accent-700 hover:bg-accent-50">
                        Dodatki ({r.extras.length})<span className="sr-only"> lokalu {name}</span>
                      </button>
                    </td>
                    <td className="border-b border-slate-100 px-2 py-2 pr-4 align-top text-sm leading-10 text-slate-600">
                      {u ? countLabel(u.price_history.length, ['cena', 'ceny', 'cen']) : 'nowy'}
                    </td>
                  </tr>,
                  extrasOpen === r.key && (
                    <tr key={`${r.key}-x`}>
                      <td colSpan={11} className="border-b border-slate-100 bg-slate-50 px-4 py-3">
                        <Extras name={name} value={r.extras} error={e.extras} onChange={(extras) => edit(r.key, { extras })} />
                      </td>
                    </tr>
                  ),
                  msgs.length > 0 && (
                    <tr key={`${r.key}-e`}>
                      <td colSpan={11} className="border-b border-slate-100 bg-red-50 px-4 py-2">
                        <ul role="alert" className="text-sm font-medium text-red-700">
                          {msgs.map((m) => <li key={m}>Lokal {name}: {m}</li>)}
                        </ul>
                      </td>
                    </tr>
                  ),
                ]
              })}
            </tbody>
          </table>
        </div>
      )}
    </div></div>
  )
}
