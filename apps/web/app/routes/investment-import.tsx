import { useRef, useState, type FormEvent } from 'react'
import { data, Link, useRevalidator } from 'react-router'
import { countLabel } from '@portal/contracts/format'
import { IMPORT_COLUMNS, INVESTMENT_MESSAGES } from '@portal/contracts/plain/investments'
import type { ImportReport } from '@portal/contracts/investments'
import { InvestmentTabs } from '~/components/investments/dev-tabs'
import { requireCompany } from '~/lib/auth.server'
import { uploadFile } from '~/lib/offer-upload'
import { pageTitle } from '~/lib/site'
import { useToast } from '~/lib/toast'
import { ownInvestment } from '~/lib/investments.server'
import type { Route } from './+types/investment-import'

// /moje-inwestycje/{id}/import: units from a CSV/XLSX file, a dry run first, then all rows or none (issue 27).
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireCompany(context, request)
  const inv = await ownInvestment(context, params.id)
  return data({ inv: { id: inv.id, slug: inv.slug, name: inv.name, buildings: inv.buildings, units: inv.units.length } }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const meta: Route.MetaFunction = ({ data: d }) => [{ title: pageTitle(d ? `${d.inv.name} — import lokali` : 'Import lokali') }, { name: 'robots', content: 'noindex' }]

const ROWS = ['wiersz', 'wiersze', 'wierszy'] as const

function Report({ r }: { r: ImportReport }) {
  if (r.errors.length) {
    return (
      <section aria-labelledby="report-h" className="rounded-2xl border border-red-200 bg-white p-5 shadow-card sm:p-6" data-testid="import-report">
        <h2 id="report-h" className="text-lg font-bold text-red-800">
          {r.dry_run ? 'Sprawdzenie pliku: są błędy' : INVESTMENT_MESSAGES.importFailed}
        </h2>
        <p className="mt-1 text-[15px] text-slate-700">Plik ma {countLabel(r.rows, ROWS)} z lokalami. Nic nie zostało zapisane. Popraw poniższe wiersze i wyślij plik ponownie.</p>
        <ul className="mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200">
          {r.errors.map((e, i) => (
            <li key={i} className="px-4 py-2.5 text-[15px]">
              <span className="font-semibold text-slate-900">{e.row > 0 ? `Wiersz ${e.row}` : 'Plik'}{e.field ? ` (${e.field})` : ''}:</span> <span className="text-red-800">{e.message}</span>
            </li>
          ))}
        </ul>
      </section>
    )
  }
  return (
    <section aria-labelledby="report-h" className="rounded-2xl border border-emerald-200 bg-white p-5 shadow-card sm:p-6" data-testid="import-report">
      <h2 id="report-h" className="text-lg font-bold text-emerald-800">{r.dry_run ? 'Plik jest poprawny' : 'Zaimportowano lokale'}</h2>
      <p className="mt-1 text-[15px] text-slate-700">
        {r.dry_run ? 'Po imporcie: ' : ''}nowe: <strong>{r.created}</strong>, zmienione: <strong>{r.updated}</strong>, bez zmian: <strong>{r.unchanged}</strong> ({countLabel(r.rows, ROWS)}).
      </p>
    </section>
  )
}

export default function InvestmentImport({ loaderData }: Route.ComponentProps) {
  const { inv } = loaderData
  const toast = useToast()
  const revalidator = useRevalidator()
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [report, setReport] = useState<ImportReport | null>(null)
  const [busy, setBusy] = useState<'check' | 'import' | null>(null)
  const input = useRef<HTMLInputElement>(null)

  async function send(dry: boolean) {
    if (!file) return setError(INVESTMENT_MESSAGES.fileRequired)
    setError(null)
    setBusy(dry ? 'check' : 'import')
    const r = await uploadFile<ImportReport>(`/api/investments/${inv.id}/import?dry_run=${dry ? 1 : 0}`, file, () => {})
    setBusy(null)
    if (!r.ok) {
      setReport(null)
      return setError(r.status === 413 ? INVESTMENT_MESSAGES.fileTooLarge : r.message)
    }
    setReport(r.data)
    if (!dry && r.data.ok) {
      toast.success(`Zaimportowano ${countLabel(r.data.created + r.data.updated, ['lokal', 'lokale', 'lokali'])}.`)
      revalidator.revalidate()
    }
  }

  const check = (e: FormEvent) => {
    e.preventDefault()
    void send(true)
  }

  const canImport = !!report && report.dry_run && report.ok && !!file

  return (
    <div className="container-page pb-16 pt-8"><div className="mx-auto flex max-w-[960px] flex-col gap-5">
      <div>
        <p className="text-sm text-slate-600"><Link to="/moje-inwestycje" className="hover:underline">Moje inwestycje</Link> /</p>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{inv.name}</h1>
      </div>
      <InvestmentTabs id={inv.id} slug={inv.slug} />
      <section aria-labelledby="tpl-h" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-card sm:p-6">
        <h2 id="tpl-h" className="text-lg font-bold text-slate-900">1. Pobierz szablon</h2>
        <p className="mt-1 text-[15px] text-slate-600">
          Jeden wiersz to jeden lokal. Lokal o numerze, który już jest w budynku, zostanie zaktualizowany; nowy — dodany.
          {inv.buildings.length > 0 && <> Budynki tej inwestycji: <strong>{inv.buildings.join(', ')}</strong>.</>}
        </p>
        <div className="mt-4 flex flex-wrap gap-2">
          <a href="/api/investments/import-template?format=xlsx" download className="inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-5 text-[15px] font-semibold text-slate-800 hover:bg-slate-50">Szablon XLSX</a>
          <a href="/api/investments/import-template?format=csv" download className="inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-5 text-[15px] font-semibold text-slate-800 hover:bg-slate-50">Szablon CSV</a>
        </div>
        <details className="mt-4 text-[15px] text-slate-700">
          <summary className="cursor-pointer font-semibold text-accent-700">Kolumny pliku</summary>
          <ul className="mt-2 grid gap-1 sm:grid-cols-2">
            {IMPORT_COLUMNS.map((c) => <li key={c.key}>{c.header}{c.required ? <span className="text-red-700"> (wymagana)</span> : null}</li>)}
          </ul>
          <p className="mt-2 text-sm text-slate-600">Status: dostępne, zarezerwowane albo sprzedane. Balkon, ogród, taras: tak albo nie. CSV może być w UTF-8 albo w kodowaniu Excela (Windows-1250).</p>
        </details>
      </section>
      <form onSubmit={check} noValidate aria-labelledby="file-h" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-card sm:p-6">
        <h2 id="file-h" className="text-lg font-bold text-slate-900">2. Sprawdź plik, potem zaimportuj</h2>
        <p className="mt-1 text-[15px] text-slate-600">Najpierw sprawdzamy każdy wiersz i nic nie zapisujemy. Import zapisuje wszystkie wiersze albo żaden.</p>
        <label htmlFor="units-file" className="mb-1.5 mt-4 block text-sm font-semibold text-slate-800">Plik CSV lub XLSX (do 5 MB)</label>
        <input ref={input} id="units-file" name="file" type="file" accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-invalid={!!error} aria-describedby={error ? 'units-file-error' : undefined}
          onChange={(e) => { setFile(e.target.files?.[0] ?? null); setError(null); setReport(null) }}
          className="block w-full rounded-xl border border-slate-300 bg-white text-[15px] text-slate-800 file:mr-3 file:min-h-12 file:border-0 file:bg-accent-50 file:px-4 file:font-semibold file:text-accent-800 hover:file:bg-accent-100" />
        {error && <p id="units-file-error" role="alert" className="mt-1.5 text-sm font-medium text-red-700">{error}</p>}
        <div className="mt-4 flex flex-wrap gap-2">
          <button type="submit" disabled={busy !== null} className="inline-flex min-h-12 items-center rounded-full border border-slate-300 bg-white px-6 text-[15px] font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60">
            {busy === 'check' ? 'Sprawdzam…' : 'Sprawdź plik'}
          </button>
          <button type="button" onClick={() => void send(false)} disabled={!canImport || busy !== null}
            className="inline-flex min-h-12 items-center rounded-full bg-accent-600 px-6 text-[15px] font-semibold text-white shadow-sm hover:bg-accent-700 disabled:opacity-50">
            {busy === 'import' ? 'Importuję…' : 'Importuj lokale'}
          </button>
        </div>
        {!canImport && !report?.ok && <p className="mt-2 text-sm text-slate-500">Import włącza się, gdy sprawdzenie nie znajdzie błędów.</p>}
      </form>
      {report && <Report r={report} />}
      {report && !report.dry_run && report.ok && (
        <p className="text-[15px]"><Link to={`/moje-inwestycje/${inv.id}/lokale`} className="font-semibold text-accent-700 hover:underline">Zobacz lokale w tabeli</Link></p>
      )}
    </div></div>
  )
}
