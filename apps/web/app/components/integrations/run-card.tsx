import { FEED_RUN_STATUS_LABELS, type FeedRun } from '@portal/contracts/feeds'
import { countLabel, formatNumber } from '@portal/contracts/format'

/** One import run: a live progress bar while it runs, then its report (counts and every rejected offer with its reason). */
const OFFER_FORMS = ['oferta', 'oferty', 'ofert'] as const
const FORMAT_LABELS: Record<string, string> = { ofertynet: 'Oferty.net', openimmo: 'OpenImmo', portal: 'format portalu' }
const dateTime = new Intl.DateTimeFormat('pl-PL', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Warsaw' })

const BADGE: Record<FeedRun['status'], string> = {
  queued: 'bg-slate-100 text-slate-800', running: 'bg-sky-50 text-sky-900', done: 'bg-emerald-50 text-emerald-800',
  skipped: 'bg-amber-50 text-amber-900', failed: 'bg-red-50 text-red-800',
}

export function RunCard({ run }: { run: FeedRun }) {
  const active = run.status === 'queued' || run.status === 'running'
  const pct = run.total ? Math.round((run.processed / run.total) * 100) : 0
  const counts: Array<[string, number]> = [
    ['Dodane', run.created], ['Zaktualizowane', run.updated], ['Zakończone', run.ended], ['Odrzucone', run.rejected], ['Bez zmian', run.unchanged],
  ]
  return (
    <article aria-label={`Import ${run.file_name ?? ''}`} className="rounded-xl border border-slate-200 p-4" data-run-id={run.id} data-status={run.status}>
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 className="min-w-0 truncate font-semibold text-slate-900">{run.file_name ?? 'Plik'}</h3>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE[run.status]}`}>{FEED_RUN_STATUS_LABELS[run.status]}</span>
        <span className="text-sm text-slate-600">
          {dateTime.format(new Date(run.created_at))}
          {run.format ? ` · ${FORMAT_LABELS[run.format] ?? run.format}` : ''}
          {run.mode ? ` · ${run.mode === 'full' ? 'pełny plik' : 'plik zmian'}` : ''}
        </span>
      </header>
      {active && (
        <div className="mt-3">
          <div
            role="progressbar" aria-label="Postęp importu" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}
            aria-valuetext={run.total ? `${formatNumber(run.processed)} z ${countLabel(run.total, OFFER_FORMS)}` : 'Przygotowanie pliku'}
            className="h-3 overflow-hidden rounded-full bg-slate-100"
          >
            <div className="h-full rounded-full bg-accent-600 transition-[width] duration-500" style={{ width: `${run.total ? Math.max(pct, 2) : 2}%` }} />
          </div>
          <p className="mt-1 text-sm text-slate-600" aria-live="polite">
            {run.total ? `Przetworzono ${formatNumber(run.processed)} z ${countLabel(run.total, OFFER_FORMS)}` : run.status === 'queued' ? 'W kolejce…' : 'Sprawdzanie pliku…'}
          </p>
        </div>
      )}
      {!active && run.error && (
        <p role={run.status === 'failed' ? 'alert' : undefined} className={`mt-3 rounded-lg px-3 py-2 text-[15px] ${run.status === 'failed' ? 'bg-red-50 text-red-800' : 'bg-amber-50 text-amber-900'}`}>
          {run.error}
        </p>
      )}
      {!active && run.status === 'done' && (
        <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-5" aria-label="Raport importu">
          {counts.map(([label, n]) => (
            <div key={label} className="rounded-lg bg-slate-50 px-3 py-2">
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
              <dd className="text-lg font-bold text-slate-900">{formatNumber(n)}</dd>
            </div>
          ))}
        </dl>
      )}
      {run.rejections.length > 0 && (
        <div className="mt-4">
          <h4 className="font-semibold text-slate-900">Odrzucone oferty</h4>
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead><tr className="border-b border-slate-200 text-slate-600"><th scope="col" className="py-1 pr-3 font-medium">Identyfikator</th><th scope="col" className="py-1 font-medium">Powód</th></tr></thead>
              <tbody>
                {run.rejections.map((r, i) => (
                  <tr key={`${r.external_id}-${i}`} className="border-b border-slate-100 align-top">
                    <td className="py-1.5 pr-3 font-mono text-slate-900">{r.external_id || '—'}</td>
                    <td className="py-1.5 text-slate-800">{r.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {run.rejected > run.rejections.length && <p className="mt-1 text-sm text-slate-600">Pokazano pierwsze {formatNumber(run.rejections.length)} z {formatNumber(run.rejected)}.</p>}
        </div>
      )}
      {run.warnings.length > 0 && (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-medium text-slate-800">Uwagi ({formatNumber(run.warnings.length)})</summary>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">{run.warnings.map((w, i) => <li key={i}>{w}</li>)}</ul>
        </details>
      )}
    </article>
  )
}
