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
 * - the listing page's comparison, before and after decision 091, alternating per listing (A B, then B A), each
 *   listing's row read first (untimed; the listing page's own read, as GET /api/offers/:id does before): before = GET
 *   /api/offers/:id/price-comparison in process (`inject`, as the page's loader called it through context.api), which
 *   reads the listing again; after = compareListing() on the row already read (what GET /api/offers/:id now adds).
 * - valuations (`--valuations N`, default 0): GET /api/valuation in process (`inject`), one at a time, the walk of
 *   `npm run bench -- --scenario valuation` (cities, districts or none, sale and rent, 25–119 m², floor, year, condition).
 * - pages: pricePage() of every city and district (the API's data behind one uncached price page render).
 * The cached page rate is measured over HTTP: `npm run bench -- --scenario price-pages …`.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { openDb, rowsOf } from '@portal/db'
import { CITIES } from '@portal/contracts/catalogue'
import { districtSlug } from '@portal/contracts/prices'
import { runPriceStats } from '../apps/api/src/lib/prices/stats.ts'
import { compareListing, priceComparison, pricePage } from '../apps/api/src/lib/prices/pages.ts'
import { findListing } from '../apps/api/src/lib/listings/access.ts'
import { buildApp } from '../apps/api/src/app.ts'
import { parseEnv } from '../apps/api/src/env.ts'
import { SCENARIOS } from './scenarios.ts'
import { INTERNAL_HEADER, INTERNAL_TOKEN } from '../apps/api/src/plugins/security.ts'

const { values } = parseArgs({ options: {
  'database-url': { type: 'string' }, stats: { type: 'boolean', default: false }, comparisons: { type: 'string', default: '2000' },
  'ab-passes': { type: 'string', default: '4' }, valuations: { type: 'string', default: '0' },
} })
if (!values['database-url']) throw new Error('--database-url is required')
const db = await openDb({ url: values['database-url'] })
const pct = (a: number[], q: number) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(q * a.length))]!
const line = (label: string, ms: number[]) =>
  console.log(`${label}: n ${ms.length}, p50 ${pct(ms, 0.5).toFixed(2)} ms, p95 ${pct(ms, 0.95).toFixed(2)} ms, p99 ${pct(ms, 0.99).toFixed(2)} ms, max ${Math.max(...ms).toFixed(2)} ms`)

const total = Number(rowsOf(await db.db.execute(sql`select count(*)::int as n from listings`))[0]!.n)
console.log(`database: ${total.toLocaleString('en')} listings; load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`)

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

// Before / after decision 091 on the same listings, alternating which goes first.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-prices-'))
const app = await buildApp({ db, env: parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, CAPTCHA: 'off', SEARCH_INDEX: 'off' }), logger: false, jobs: false })
await app.ready()
const before = async (id: number) => {
  const res = await app.inject({ url: `/api/offers/${id}/price-comparison`, headers: { accept: 'application/json', [INTERNAL_HEADER]: INTERNAL_TOKEN } })
  if (res.statusCode !== 200) throw new Error(`price-comparison of ${id}: ${res.statusCode}`)
  return res.json().comparison
}
for (let pass = 0; pass < Number(values['ab-passes']); pass++) {
  const a: number[] = [], b: number[] = []
  let differ = 0
  for (const [i, id] of ids.entries()) {
    const found = await findListing(db, String(id))
    if (!found) throw new Error(`listing ${id} is gone`)
    const runA = async () => { const t = performance.now(); const c = await before(id); a.push(performance.now() - t); return c }
    const runB = async () => { const t = performance.now(); const c = await compareListing(db, found.listing); b.push(performance.now() - t); return c ?? null }
    let ca: unknown, cb: unknown
    if ((i + pass) % 2) { ca = await runA(); cb = await runB() } else { cb = await runB(); ca = await runA() }
    if (JSON.stringify(ca) !== JSON.stringify(cb)) differ++
  }
  console.log(`listing page's comparison, A/B pass ${pass + 1}, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}; answers that differ: ${differ}`)
  line('  before: GET …/price-comparison in process', a)
  line('  after: compareListing() on the row read', b)
}
const walk = SCENARIOS.find((x) => x.name === 'valuation')!.requests[0]!.path as (i: number) => string
for (let pass = 0, n = Number(values.valuations); n > 0 && pass < 2; pass++) {
  const ms: number[] = []
  let estimated = 0
  for (let i = 0; i < n; i++) {
    const t = performance.now()
    const res = await app.inject({ url: walk(pass * n + i), headers: { accept: 'application/json', [INTERNAL_HEADER]: INTERNAL_TOKEN } })
    ms.push(performance.now() - t)
    if (res.statusCode !== 200) throw new Error(`${walk(pass * n + i)}: ${res.statusCode}`)
    if (res.json().estimate) estimated++
  }
  line(`valuation, in process, pass ${pass + 1} (${estimated} with an estimate; load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')})`, ms)
}
await app.close()
rmSync(dataDir, { recursive: true, force: true })

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
