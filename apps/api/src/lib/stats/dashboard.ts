import { sql } from 'drizzle-orm'
import { rowsOf, type DbHandle } from '@portal/db'
import { DASHBOARD_LABELS, type Dashboard, type DashboardSeries } from '@portal/contracts/admin'

const DAY_MS = 86_400_000
const warsawDay = (d: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' }).format(d)
const day = (col: string) => sql.raw(`((${col} at time zone 'Europe/Warsaw')::date)::text`)

/**
 * The admin dashboard's daily series over the last 30 or 90 Polish calendar days. Each series is one grouped scan;
 * active listings are the running total of publications minus expiries on top of those running at the window's
 * start. Answers are kept 5 minutes per instance (the dashboard is read often, the figures move slowly), per database:
 * several apps in one process (the test files vitest runs in one worker) never see each other's figures.
 */
let caches = new WeakMap<DbHandle, Map<string, { at: number; value: Dashboard['series'] }>>()
const TTL_MS = 5 * 60_000

export function clearDashboardCache(): void {
  caches = new WeakMap()
}

export async function dashboardSeries(db: DbHandle, days: 30 | 90): Promise<{ from: string; to: string; series: Dashboard['series'] }> {
  const to = warsawDay(new Date())
  // Counted back in calendar days from the Polish today (at noon UTC, which is the same day in Warsaw): `now - 89 × 24 h`
  // lands on the next Polish day between 23:00 and 24:00 in winter when the window reaches back into summer time,
  // and the 90-day series had 89 points then.
  const from = new Date(Date.parse(`${to}T12:00:00Z`) - (days - 1) * DAY_MS).toISOString().slice(0, 10)
  const key = `${days}|${to}`
  let cache = caches.get(db)
  if (!cache) caches.set(db, (cache = new Map()))
  const hit = cache.get(key)
  if (hit && Date.now() - hit.at < TTL_MS) return { from, to, series: hit.value }
  const start = sql`(${from}::date)::timestamp at time zone 'Europe/Warsaw'`
  const grouped = async (table: string, col: string, where = sql``) => {
    const r = await db.db.execute(sql`select ${day(col)} as day, count(*)::int as n from ${sql.raw(table)} where ${sql.raw(col)} >= ${start} ${where} group by 1`)
    return new Map(rowsOf(r).map((x) => [String(x.day), Number(x.n)]))
  }
  const [newListings, newUsers, messages, searches, expired, revenue] = await Promise.all([
    grouped('listings', 'created_at', sql`and status <> 'draft'`),
    grouped('users', 'created_at', sql`and deleted_at is null`),
    grouped('messages', 'created_at'),
    db.db.execute(sql`select day::text as day, n::bigint as n from daily_counters where key = 'searches' and day >= ${from}::date`)
      .then((r) => new Map(rowsOf(r).map((x) => [String(x.day), Number(x.n)]))),
    grouped('listings', 'expires_at', sql`and expires_at <= now() and status <> 'draft'`),
    // Revenue: booked (paid) payments, gross integer grosze, on the Polish day they were paid.
    db.db.execute(sql`select ${day('paid_at')} as day, sum(amount)::bigint as n from payments where status = 'paid' and paid_at >= ${start} group by 1`)
      .then((r) => new Map(rowsOf(r).map((x) => [String(x.day), Number(x.n)]))),
  ])
  const [base] = rowsOf(await db.db.execute(sql`select count(*)::int as n from listings
    where status <> 'draft' and created_at < ${start} and (expires_at is null or expires_at >= ${start})`))

  const dayList: string[] = []
  for (let t = Date.parse(`${from}T12:00:00Z`); warsawDay(new Date(t)) <= to; t += DAY_MS) dayList.push(warsawDay(new Date(t)))
  let running = Number(base?.n ?? 0)
  const active = dayList.map((d) => {
    running += (newListings.get(d) ?? 0) - (expired.get(d) ?? 0)
    return { day: d, value: running }
  })
  const of = (m: Map<string, number>) => dayList.map((d) => ({ day: d, value: m.get(d) ?? 0 }))
  const make = (k: DashboardSeries, points: Array<{ day: string; value: number }>, total: number) => ({ key: k, label: DASHBOARD_LABELS[k], total, points })
  const sumOf = (p: Array<{ value: number }>) => p.reduce((a, x) => a + x.value, 0)
  const nl = of(newListings), nu = of(newUsers), se = of(searches), me = of(messages), rv = of(revenue)
  const series: Dashboard['series'] = [
    make('new_listings', nl, sumOf(nl)),
    make('active_listings', active, active.at(-1)?.value ?? 0),
    make('new_users', nu, sumOf(nu)),
    make('searches', se, sumOf(se)),
    make('messages', me, sumOf(me)),
    make('revenue', rv, sumOf(rv)),
  ]
  cache.set(key, { at: Date.now(), value: series })
  return { from, to, series }
}
