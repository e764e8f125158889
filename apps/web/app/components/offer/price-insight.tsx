import { Link } from 'react-router'
import type { PriceComparison } from '@portal/contracts/prices'

const zl = new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 0 })

/**
 * 'Cena za m² o 8 % niższa niż mediana dla 2–3-pokojowych mieszkań na Mokotowie (412 ogłoszeń)' with the
 * distribution of that group (12 bars, the listing's bar marked, the median line) and a link to the price page
 * (issue 26). Figures come from the price statistics tables; nothing is shown where the sample is too small.
 */
export function PriceInsight({ c }: { c: NonNullable<PriceComparison['comparison']> }) {
  const max = Math.max(...c.bins, 1)
  const W = 240, H = 56, gap = 2
  const bw = W / c.bins.length
  const span = c.bin_width * c.bins.length
  const xOf = (v: number) => Math.max(0, Math.min(W, ((v - c.bin_min) / span) * W))
  const own = Math.min(c.bins.length - 1, Math.max(0, Math.floor((c.price_per_m2 - c.bin_min) / c.bin_width)))
  const tone = c.pct < -2 ? 'text-emerald-800' : c.pct > 2 ? 'text-amber-800' : 'text-slate-800'
  return (
    <section aria-labelledby="price-insight-heading" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5" data-testid="price-insight">
      <h2 id="price-insight-heading" className="text-lg font-bold text-slate-900">Cena na tle rynku</h2>
      <div className="mt-2 flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <p className={`text-[15px] font-medium ${tone}`}>{c.text}</p>
          <p className="mt-1 text-sm text-slate-600">
            Mediana {zl.format(c.median / 100)} zł/m², połowa ogłoszeń od {zl.format(c.p25 / 100)} do {zl.format(c.p75 / 100)} zł/m²;
            to ogłoszenie: {zl.format(c.price_per_m2 / 100)} zł/m².
          </p>
          <Link to={c.href} className="mt-2 inline-block text-sm font-semibold text-accent-700 hover:underline">{c.link_text}</Link>
        </div>
        <figure className="shrink-0">
          <svg viewBox={`0 0 ${W} ${H + 14}`} width={W} height={H + 14} className="max-w-full" role="img"
            aria-label={`Rozkład cen za m²: od ${zl.format(c.bin_min / 100)} do ${zl.format((c.bin_min + span) / 100)} zł; słupek tego ogłoszenia wyróżniony`}>
            {c.bins.map((n, i) => {
              const h = n ? Math.max(2, (n / max) * H) : 0
              return <rect key={i} x={i * bw + gap / 2} y={H - h} width={bw - gap} height={h} rx={1.5} className={i === own ? 'fill-accent-600' : 'fill-slate-300'} />
            })}
            <line x1={xOf(c.median)} x2={xOf(c.median)} y1={0} y2={H} className="stroke-slate-700" strokeWidth={1.5} strokeDasharray="3 2" />
            <text x={2} y={H + 12} className="fill-slate-500 text-[10px]">{zl.format(c.bin_min / 100)} zł</text>
            <text x={W - 2} y={H + 12} textAnchor="end" className="fill-slate-500 text-[10px]">{zl.format((c.bin_min + span) / 100)} zł</text>
          </svg>
          <figcaption className="mt-1 text-xs text-slate-500">
            <span className="mr-1 inline-block h-2.5 w-2.5 rounded-sm bg-accent-600 align-middle" aria-hidden="true" />to ogłoszenie
            <span className="ml-3 mr-1 inline-block w-3 border-t-2 border-dashed border-slate-700 align-middle" aria-hidden="true" />mediana
          </figcaption>
        </figure>
      </div>
    </section>
  )
}
