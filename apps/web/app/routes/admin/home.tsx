import { data, Link, useOutletContext } from 'react-router'
import type { AdminMe, Dashboard } from '@portal/contracts/admin'
import { formatNumber, plural } from '@portal/contracts/format'
import { AdminPage, Card, formatDateTime } from '~/components/admin/admin-ui'
import { DayChart } from '~/components/charts/day-chart'
import { serverApi } from '~/lib/api.server'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/home'

export async function loader({ context, request }: Route.LoaderArgs) {
  const days = new URL(request.url).searchParams.get('dni') === '90' ? '90' : '30'
  const res = await serverApi(context, `/api/admin/dashboard?days=${days}`)
  if (!res.ok) throw data(null, { status: 404 })
  return (await res.json()) as Dashboard
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Panel administracyjny') }, { name: 'robots', content: 'noindex' }]

/**
 * Revenue comes in grosze; the chart plots złote (so its axis steps are whole złote): '1234,50 zł' in the title,
 * tooltip and table, '1,2 tys. zł' on the axis.
 */
const zloty = new Intl.NumberFormat('pl-PL', { style: 'currency', currency: 'PLN', minimumFractionDigits: 2 })
const zlotyCompact = new Intl.NumberFormat('pl-PL', { style: 'currency', currency: 'PLN', notation: 'compact', maximumFractionDigits: 1 })
const formatSeries = (key: string, n: number) => (key === 'revenue' ? zloty.format(n / 100) : formatNumber(n))
const plotted = (key: string, n: number) => (key === 'revenue' ? n / 100 : n)
const COLORS = ['#db2777', '#6d28d9', '#0369a1', '#15803d', '#b45309', '#475569']

/** The dashboard: the backlog, then one chart per daily series over 30 or 90 days. */
export default function AdminHome({ loaderData: d }: Route.ComponentProps) {
  const me = useOutletContext<AdminMe>()
  const tiles = [
    { to: '/admin/moderacja', n: d.backlog.moderation, forms: ['ogłoszenie czeka', 'ogłoszenia czekają', 'ogłoszeń czeka'] as const, label: 'na moderację',
      extra: d.backlog.oldest_queued_at ? `najstarsze od ${formatDateTime(d.backlog.oldest_queued_at)}` : null },
    { to: '/admin/zgloszenia', n: d.backlog.reports, forms: ['ogłoszenie ma', 'ogłoszenia mają', 'ogłoszeń ma'] as const, label: 'otwarte zgłoszenia', extra: null },
  ]
  return (
    <AdminPage title="Pulpit" intro={`Dzień dobry, ${me.name}.`} actions={
      <nav aria-label="Okres" className="flex gap-2 text-sm">
        {(['30', '90'] as const).map((n) => (
          <a key={n} href={n === '30' ? '/admin' : '/admin?dni=90'} aria-current={String(d.days) === n ? 'page' : undefined}
            className={`rounded-full border px-3 py-1.5 font-medium ${String(d.days) === n ? 'border-accent-600 bg-accent-50 text-accent-800' : 'border-slate-300 bg-white text-slate-700'}`}>{n} dni</a>
        ))}
      </nav>
    }>
      <div className="grid gap-4 sm:grid-cols-2">
        {tiles.map((t) => (
          <Card key={t.to}>
            <Link to={t.to} className="block">
              <span className="block text-3xl font-bold text-slate-900">{formatNumber(t.n)}</span>
              <span className="text-slate-600">{plural(t.n, t.forms)} {t.label}</span>
              {t.extra && <span className="block text-sm text-slate-500">{t.extra}</span>}
            </Link>
          </Card>
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {d.series.map((s, i) => (
          <Card key={s.key}>
            <DayChart title={`${s.label}: ${formatSeries(s.key, s.total)}${s.key === 'active_listings' ? ' dziś' : ` w ${d.days} dni`}`}
              data={s.points.map((p) => ({ day: p.day, value: plotted(s.key, p.value) }))} series={[{ key: 'value', label: s.label, color: COLORS[i % COLORS.length]! }]}
              kind={s.key === 'active_listings' ? 'line' : 'area'} height={200}
              {...(s.key === 'revenue' ? { format: (zl: number) => zloty.format(zl), axisFormat: (zl: number) => zlotyCompact.format(zl) } : {})} />
          </Card>
        ))}
      </div>
    </AdminPage>
  )
}
