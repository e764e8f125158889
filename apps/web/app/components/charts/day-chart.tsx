import { useEffect, useState } from 'react'
import { Area, AreaChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { formatNumber } from '@portal/contracts/format'

// Daily series as a chart (recharts, SVG). Rendered after hydration only (it measures its box); the box keeps its
// height meanwhile so nothing shifts. Every chart has the same numbers in a table below for screen readers and for
// anyone who prefers digits.

export interface DayPoint { day: string; [k: string]: number | string | null }
export interface SeriesDef { key: string; label: string; color: string }

const compact = new Intl.NumberFormat('pl-PL', { notation: 'compact', maximumFractionDigits: 1 })
const short = new Intl.DateTimeFormat('pl-PL', { timeZone: 'UTC', day: 'numeric', month: 'numeric' })
const long = new Intl.DateTimeFormat('pl-PL', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'long' })
const dayLabel = (d: string) => short.format(new Date(`${d}T00:00:00Z`))
const dayLong = (d: string) => long.format(new Date(`${d}T00:00:00Z`))

export function DayChart({ data, series, title, kind = 'area', height = 220, reversed = false, format = formatNumber, axisFormat = (v: number) => compact.format(v) }: {
  data: DayPoint[]; series: SeriesDef[]; title: string; kind?: 'area' | 'line'; height?: number; reversed?: boolean
  /** Values in the tooltip and the table (money: grosze → 'zł'); `axisFormat` the short form on the Y axis. */
  format?: (n: number) => string
  axisFormat?: (n: number) => string
}) {
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  const Chart = kind === 'area' ? AreaChart : LineChart
  return (
    <figure className="flex flex-col gap-2" data-chart={title}>
      <figcaption className="text-sm font-semibold text-slate-800">{title}</figcaption>
      <div style={{ height }} className="w-full" aria-hidden="true">
        {mounted && (
          <ResponsiveContainer width="100%" height="100%">
            {/* No keyboard layer: the chart is aria-hidden (the table below carries the numbers), so nothing in it may take focus. */}
            <Chart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
              <CartesianGrid stroke="#e2e8f0" vertical={false} />
              <XAxis dataKey="day" tickFormatter={dayLabel} tick={{ fontSize: 12, fill: '#475569' }} minTickGap={24} tickLine={false} axisLine={{ stroke: '#cbd5e1' }} />
              <YAxis allowDecimals={false} reversed={reversed} tick={{ fontSize: 12, fill: '#475569' }} tickLine={false} axisLine={false} width={64}
                tickFormatter={(v: number) => axisFormat(v)} domain={reversed ? [1, (max: number) => Math.max(max, 2)] : [0, 'auto']} />
              <Tooltip labelFormatter={(d) => dayLong(String(d))} formatter={(v, name) => [format(Number(v)), series.find((s) => s.key === name)?.label ?? String(name)]}
                contentStyle={{ borderRadius: 12, borderColor: '#e2e8f0', fontSize: 14 }} />
              {series.map((s) => kind === 'area'
                ? <Area key={s.key} type="monotone" dataKey={s.key} stroke={s.color} fill={s.color} fillOpacity={0.15} strokeWidth={2} isAnimationActive={false} />
                : <Line key={s.key} type="monotone" dataKey={s.key} stroke={s.color} strokeWidth={2} dot={false} isAnimationActive={false} connectNulls />)}
            </Chart>
          </ResponsiveContainer>
        )}
      </div>
      {series.length > 1 && (
        <ul className="flex flex-wrap gap-3 text-xs text-slate-600" aria-hidden="true">
          {series.map((s) => <li key={s.key} className="inline-flex items-center gap-1.5"><span className="size-2.5 rounded-full" style={{ background: s.color }} />{s.label}</li>)}
        </ul>
      )}
      <details className="text-sm text-slate-600">
        <summary className="cursor-pointer">Dane w tabeli</summary>
        <div className="mt-2 max-h-64 overflow-auto">
          <table className="w-full text-left">
            <caption className="sr-only">{title}</caption>
            <thead><tr><th className="py-1 pr-3">Dzień</th>{series.map((s) => <th key={s.key} className="py-1 pr-3">{s.label}</th>)}</tr></thead>
            <tbody>
              {data.map((d) => (
                <tr key={d.day} className="border-t border-slate-100">
                  <td className="py-1 pr-3">{dayLong(d.day)}</td>
                  {series.map((s) => <td key={s.key} className="py-1 pr-3">{d[s.key] == null ? '—' : format(Number(d[s.key]))}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  )
}
