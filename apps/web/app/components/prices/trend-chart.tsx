import type { PriceFigure } from '@portal/contracts/prices'

const zl = new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 0 })
const MONTHS = ['sty', 'lut', 'mar', 'kwi', 'maj', 'cze', 'lip', 'sie', 'wrz', 'paź', 'lis', 'gru']
/** '2026-03-01' → 'mar 2026' / 'mar 26'. */
export function monthLabel(month: string, short = false): string {
  const [y, m] = month.split('-')
  return `${MONTHS[Number(m) - 1]} ${short ? y!.slice(2) : y}`
}

/** Round tick values for a zł axis between lo and hi (about 4 of them). */
function ticks(lo: number, hi: number): number[] {
  const span = Math.max(1, hi - lo)
  const raw = span / 4
  const mag = 10 ** Math.floor(Math.log10(raw))
  const step = [1, 2, 2.5, 5, 10].map((k) => k * mag).find((s) => s >= raw)!
  const out: number[] = []
  for (let v = Math.ceil(lo / step) * step; v <= hi; v += step) out.push(v)
  return out
}

/**
 * The 24-month trend of the median per m² with the quartile band (issue 26): a plain SVG, server-rendered, no
 * library. Months without a figure (sample too small) leave a gap.
 */
export function TrendChart({ months, series, label, unit }: { months: string[]; series: (PriceFigure | null)[]; label: string; unit: string }) {
  const pts = series.map((f, i) => (f ? { i, lo: f.p25 / 100, mid: f.median / 100, hi: f.p75 / 100 } : null))
  const present = pts.filter((p): p is NonNullable<typeof p> => p !== null)
  if (!present.length) return null
  const W = 640, H = 260, L = 72, R = 12, T = 14, B = 36
  let min = Math.min(...present.map((p) => p.lo)), max = Math.max(...present.map((p) => p.hi))
  const pad = (max - min) * 0.1 || max * 0.05 || 1
  min = Math.max(0, min - pad); max += pad
  const x = (i: number) => L + (i / Math.max(1, months.length - 1)) * (W - L - R)
  const y = (v: number) => T + (1 - (v - min) / (max - min)) * (H - T - B)
  // Runs of consecutive months with figures: one line and band each.
  const runs: (typeof present)[] = []
  for (const p of pts) {
    if (!p) { runs.push([]); continue }
    if (!runs.length) runs.push([])
    runs[runs.length - 1]!.push(p)
  }
  const last = present[present.length - 1]!
  const first = present[0]!
  const summary = `${label}: od ${zl.format(first.mid)} ${unit} (${monthLabel(months[first.i]!)}) do ${zl.format(last.mid)} ${unit} (${monthLabel(months[last.i]!)})`
  return (
    <figure className="w-full">
      <figcaption className="mb-2 text-sm font-semibold text-slate-800">{label}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-label={summary} data-testid="trend-chart">
        {ticks(min, max).map((v) => (
          <g key={v}>
            <line x1={L} x2={W - R} y1={y(v)} y2={y(v)} className="stroke-slate-200" strokeWidth={1} />
            <text x={L - 6} y={y(v) + 6} textAnchor="end" className="fill-slate-500 text-[20px] sm:text-[12px]">{zl.format(v)}</text>
          </g>
        ))}
        {months.map((m, i) => (i % 6 === (months.length - 1) % 6 ? (
          <text key={m} x={x(i)} y={H - 8} textAnchor={i === months.length - 1 ? 'end' : 'middle'} className="fill-slate-500 text-[20px] sm:text-[12px]">{monthLabel(m, true)}</text>
        ) : null))}
        {runs.filter((r) => r.length).map((r, k) => (
          <g key={k}>
            {r.length > 1 && (
              <path
                d={`M${r.map((p) => `${x(p.i)},${y(p.hi)}`).join('L')}L${[...r].reverse().map((p) => `${x(p.i)},${y(p.lo)}`).join('L')}Z`}
                className="fill-accent-100"
              />
            )}
            {r.length > 1 && <path d={`M${r.map((p) => `${x(p.i)},${y(p.mid)}`).join('L')}`} className="fill-none stroke-accent-600" strokeWidth={2.5} strokeLinejoin="round" />}
            {r.map((p) => <circle key={p.i} cx={x(p.i)} cy={y(p.mid)} r={r.length > 1 ? 2 : 3.5} className="fill-accent-600" />)}
          </g>
        ))}
      </svg>
      <p className="mt-1 text-xs text-slate-500">
        <span className="mr-1 inline-block h-0.5 w-4 bg-accent-600 align-middle" aria-hidden="true" /> mediana
        <span className="ml-3 mr-1 inline-block h-2.5 w-4 bg-accent-100 align-middle" aria-hidden="true" /> od 1. do 3. kwartyla (połowa ogłoszeń)
      </p>
    </figure>
  )
}
