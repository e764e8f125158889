/**
 * Market prices at scale (issue 26 "Speed", decisions 062 and 079): the statistics job, the listing page's comparison
 * and the price pages' data, in process, on a PostgreSQL database seeded with `npm run seed`. Reads only, except that
 * `--stats` runs the `price-stats` job's code, which replaces `price_stats` (what the nightly job does anyway).
 *
 *   npx tsx bench/prices.ts --database-url postgres://postgres@127.0.0.1:5432/bench1m --stats --comparisons 2000
 *
 * - stats: wall time of runPriceStats (read, compute, write), the process's peak RSS.
 * - comparison: priceComparison() of random active listings (md5 order of ids, a fixed set), each timed; a first pass
 *   (mostly cold pages) and a second pass over the same listings.
 * - pages: pricePage() of every city and district (the API's data behind one uncached price page render).
 * The cached page rate is measured over HTTP: `npm run bench -- --scenario price-pages …`.
 */
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { openDb, rowsOf } from '@portal/db'
import { CITIES } from '@portal/contracts/catalogue'
import { districtSlug } from '@portal/contracts/prices'
import { runPriceStats } from '../apps/api/src/lib/prices/stats.ts'
import { priceComparison, pricePage } from '../apps/api/src/lib/prices/pages.ts'

const { values } = parseArgs({ options: {
  'database-url': { type: 'string' }, stats: { type: 'boolean', default: false }, comparisons: { type: 'string', default: '2000' },
} })
if (!values['database-url']) throw new Error('--database-url is required')
const db = await openDb({ url: values['database-url'] })
const pct = (a: number[], q: number) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(q * a.length))]!
const line = (label: string, ms: number[]) =>
  console.log(`${label}: n ${ms.length}, p50 ${pct(ms, 0.5).toFixed(2)} ms, p95 ${pct(ms, 0.95).toFixed(2)} ms, p99 ${pct(ms, 0.99).toFixed(2)} ms, max ${Math.max(...ms).toFixed(2)} ms`)

const total = Number(rowsOf(await db.db.execute(sql`select count(*)::int as n from listings`))[0]!.n)
console.log(`database: ${total.toLocaleString('en')} listings; load average ${(await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(' ')}`)

if (values.stats) {
  const rssBefore = process.memoryUsage().rss
  const r = await runPriceStats(db)
  const peak = process.resourceUsage().maxRSS * 1024
  console.log(`stats job: ${r.groups.toLocaleString('en')} groups from ${r.listings.toLocaleString('en')} listings in ${(r.ms / 1000).toFixed(1)} s (read, compute and write), RSS ${Math.round(rssBefore / 2 ** 20)} MB before, peak ${Math.round(peak / 2 ** 20)} MB`)
}

const n = Number(values.comparisons)
const ids = rowsOf(await db.db.execute(sql`select id from listings where status = 'active' order by md5(id::text) limit ${n}`)).map((r) => Number(r.id))
for (const pass of ['comparison, first pass', 'comparison, second pass']) {
  const ms: number[] = []
  let shown = 0
  for (const id of ids) {
    const t = performance.now()
    const c = await priceComparison(db, id)
    ms.push(performance.now() - t)
    if (c) shown++
  }
  line(`${pass} (${shown} with a figure)`, ms)
}

const pages: [string, string | undefined][] = CITIES.flatMap((c) => [[c.slug, undefined] as [string, string | undefined], ...c.districts.map((d) => [c.slug, districtSlug(d.name)] as [string, string])])
for (const pass of ['price page data, first pass', 'price page data, second pass']) {
  const ms: number[] = []
  for (const [c, d] of pages) {
    const t = performance.now()
    await pricePage(db, c, d)
    ms.push(performance.now() - t)
  }
  line(pass, ms)
}
await db.close()
