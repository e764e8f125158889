import { useState } from 'react'
import { data, Link, useRevalidator } from 'react-router'
import { countLabel } from '@portal/contracts/format'
import { investmentStatusLabel } from '@portal/contracts/plain/investments'
import type { DisclosureStatus, InvestmentCard } from '@portal/contracts/investments'
import { SettingsSection } from '~/components/account/section'
import { DeveloperDataForm } from '~/components/investments/developer-data-form'
import { groupMissingFields } from '~/components/investments/missing-developer-fields'
import { api } from '~/lib/api'
import { serverApi } from '~/lib/api.server'
import { requireCompany } from '~/lib/auth.server'
import { dateText, priceText } from '~/lib/investments'
import { pageTitle } from '~/lib/site'
import { useToast } from '~/lib/toast'
import type { Route } from './+types/my-investments'

const UNITS = ['lokal', 'lokale', 'lokali'] as const
const FIELDS = ['pole', 'pola', 'pól'] as const

// /moje-inwestycje: the company's investments and its price open-data files (issue 27). Guard 'company'.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCompany(context, request)
  const [list, disc] = await Promise.all([
    serverApi(context, '/api/user/investments', { headers: { Accept: 'application/json' } }),
    serverApi(context, '/api/user/price-disclosure', { headers: { Accept: 'application/json' } }),
  ])
  const investments = list.ok ? ((await list.json()) as { data: InvestmentCard[] }).data : null
  const disclosure = disc.ok ? ((await disc.json()) as DisclosureStatus) : null
  return data({ investments, disclosure }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Moje inwestycje') }, { name: 'robots', content: 'noindex' }]

function timeText(iso: string | null) {
  if (!iso) return null
  return new Intl.DateTimeFormat('pl-PL', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Warsaw' }).format(new Date(iso))
}

function CopyUrl({ label, url }: { label: string; url: string }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-sm font-semibold text-slate-700">{label}</dt>
      <dd className="flex flex-wrap items-center gap-2">
        <a href={url} className="break-all font-mono text-sm text-accent-700 underline-offset-2 hover:underline">{url}</a>
      </dd>
    </div>
  )
}

/** Units lacking the same fields in the same investment, as one line. */
function missingGroups(units: DisclosureStatus['units_missing']) {
  const groups = new Map<string, { key: string; investment: string; fields: string[]; units: string[] }>()
  for (const u of units) {
    const key = `${u.investment}|${u.fields.join('|')}`
    const g = groups.get(key) ?? { key, investment: u.investment, fields: u.fields, units: [] }
    g.units.push(u.unit)
    groups.set(key, g)
  }
  return [...groups.values()]
}

/** The art. 19b panel: addresses to register at dane.gov.pl, the last file, and what the file lacks. */
function DisclosurePanel({ d }: { d: DisclosureStatus }) {
  const toast = useToast()
  const revalidator = useRevalidator()
  const [busy, setBusy] = useState(false)
  async function generate() {
    setBusy(true)
    try {
      await api.post('/api/user/price-disclosure/generate', {})
      toast.success('Zapisano dzisiejszy plik z cenami.')
      revalidator.revalidate()
    } catch {
      // The client told the user.
    } finally {
      setBusy(false)
    }
  }
  const last = timeText(d.last_generated_at)
  return (
    <SettingsSection title="Ceny — dane otwarte"
      description="Ustawa o ochronie praw nabywcy (art. 19a–19b) wymaga codziennego publikowania cen lokali jako danych otwartych. Portal zapisuje plik co noc z Twoich lokali. Zarejestruj poniższe adresy w serwisie dane.gov.pl.">
      <dl className="grid gap-4 sm:grid-cols-2">
        <CopyUrl label="Plik z cenami (CSV)" url={d.urls.csv} />
        <CopyUrl label="Suma kontrolna CSV (MD5)" url={d.urls.csv_md5} />
        <CopyUrl label="Opis dla harvestera (XML)" url={d.urls.xml} />
        <CopyUrl label="Suma kontrolna XML (MD5)" url={d.urls.xml_md5} />
      </dl>
      <p className="mt-5 text-[15px] text-slate-700" data-testid="disclosure-last">
        {last ? <>Ostatni plik: <strong>{last}</strong> ({countLabel(d.rows, ['wiersz', 'wiersze', 'wierszy'])}).</> : 'Nie zapisano jeszcze żadnego pliku.'}
      </p>
      <button type="button" onClick={() => void generate()} disabled={busy}
        className="mt-3 inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-5 text-[15px] font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60">
        {busy ? 'Zapisuję…' : 'Zapisz dzisiejszy plik teraz'}
      </button>
      {d.developer_missing.length > 0 && (
        <div className="mt-5 rounded-xl bg-amber-50 p-4 text-[15px] text-amber-900">
          <p className="font-semibold">Brakuje danych dewelopera w pliku ({countLabel(d.developer_missing.length, FIELDS)}):</p>
          <ul className="mt-1 list-disc pl-5">{groupMissingFields(d.developer_missing).map((f) => <li key={f}>{f}</li>)}</ul>
          <p className="mt-2">Uzupełnij je w formularzu „Dane dewelopera do pliku” poniżej.</p>
        </div>
      )}
      <details className="mt-5 rounded-xl border border-slate-200 p-4" open={d.developer_missing.length > 0}>
        <summary className="cursor-pointer text-[15px] font-semibold text-accent-700">Dane dewelopera do pliku</summary>
        <div className="mt-4"><DeveloperDataForm data={d.data} onSaved={() => revalidator.revalidate()} /></div>
      </details>
      {d.units_missing.length > 0 ? (
        <div className="mt-5">
          <h3 className="font-semibold text-slate-900">Lokale bez wymaganych pól ({d.units_missing.length})</h3>
          <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200">
            {missingGroups(d.units_missing).map((g) => (
              <li key={g.key} className="px-4 py-2.5 text-[15px]">
                <span className="font-medium text-slate-900">{g.investment}: {countLabel(g.units.length, UNITS)}</span>
                <span className="text-slate-600"> ({g.units.slice(0, 8).join(', ')}{g.units.length > 8 ? ', …' : ''}) — brak: {g.fields.join(', ')}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="mt-5 rounded-xl bg-emerald-50 p-4 text-[15px] text-emerald-900">Każdy lokal ma wszystkie wymagane pola.</p>
      )}
    </SettingsSection>
  )
}

export default function MyInvestments({ loaderData }: Route.ComponentProps) {
  const { investments, disclosure } = loaderData
  return (
    <div className="container-page pb-16 pt-8"><div className="mx-auto flex max-w-[960px] flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Moje inwestycje</h1>
        <Link to="/moje-inwestycje/nowa" className="inline-flex min-h-12 items-center rounded-full bg-accent-600 px-6 text-[15px] font-semibold text-white shadow-sm hover:bg-accent-700">
          Dodaj inwestycję
        </Link>
      </div>
      {investments === null ? (
        <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800">Nie udało się wczytać inwestycji. Odśwież stronę.</p>
      ) : investments.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="text-lg font-semibold text-slate-900">Nie masz jeszcze inwestycji.</p>
          <p className="mt-1 text-slate-600">Dodaj inwestycję, a potem jej lokale — ręcznie albo z pliku CSV lub XLSX.</p>
        </div>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Inwestycje">
          {investments.map((inv) => (
            <li key={inv.id} className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-card">
              <div>
                <h2 className="text-lg font-bold text-slate-900"><Link to={`/moje-inwestycje/${inv.id}`} className="hover:underline">{inv.name}</Link></h2>
                <p className="text-[15px] text-slate-600">{inv.location_name} · {investmentStatusLabel(inv.status)} · zakończenie {dateText(inv.completion_date)}</p>
              </div>
              <p className="text-[15px] text-slate-800">
                {countLabel(inv.units_total, UNITS)}, w sprzedaży {inv.units_available}{inv.price_from !== null && <> · od {priceText(inv.price_from)}</>}
              </p>
              <div className="mt-auto flex flex-wrap gap-2">
                <Link to={`/moje-inwestycje/${inv.id}/lokale`} className="inline-flex min-h-11 items-center rounded-full bg-accent-600 px-4 text-[15px] font-semibold text-white hover:bg-accent-700">Lokale</Link>
                <Link to={`/moje-inwestycje/${inv.id}/import`} className="inline-flex min-h-11 items-center rounded-full border border-slate-300 px-4 text-[15px] font-semibold text-slate-800 hover:bg-slate-50">Import z pliku</Link>
                <Link to={`/moje-inwestycje/${inv.id}`} className="inline-flex min-h-11 items-center rounded-full border border-slate-300 px-4 text-[15px] font-semibold text-slate-800 hover:bg-slate-50">Edytuj</Link>
                <a href={`/inwestycje/${inv.slug}`} className="inline-flex min-h-11 items-center rounded-full px-4 text-[15px] font-semibold text-accent-700 hover:bg-accent-50">Strona publiczna</a>
              </div>
            </li>
          ))}
        </ul>
      )}
      {disclosure && <DisclosurePanel d={disclosure} />}
    </div></div>
  )
}
