/**
 * EXPLAIN (ANALYZE, BUFFERS) of every query of the search mix (bench/search-scenarios.ts), written to
 * bench/results/search-explain[-<label>].txt with a timing summary on stdout:
 *
 *   npx tsx bench/search-explain.ts --database-url postgres://postgres@127.0.0.1:5432/bench [--label x]
 *   npx tsx bench/search-explain.ts --data-dir /tmp/bench-pglite
 *   npx tsx bench/search-explain.ts --database-url … --only voivodeship,districts --variant 3   (some queries; city 3)
 *
 * The database must already be migrated (start the server once, or run the bench, against it).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { sql, type SQL } from 'drizzle-orm'
import { openDb } from '@portal/db'
import { parseSearchParams, type SearchQuery } from '@portal/contracts/search'
import { MARKER_GRID, MARKERS_BEFORE_CLUSTERS } from '@portal/contracts/search'
import { EXACT_COUNT_LIMIT, clearSearchCountCache, clustersSql, countSearchFlagged, countSql, filterKey, markersSql, rowsOf, searchPage, searchPageSql, searchPlan } from '../apps/api/src/lib/search/sql.ts'
import { PROMOTED_SLOTS } from '../apps/api/src/routes/api/search/results.ts'
import { areaDensity, dependsOnDensity } from '../apps/api/src/lib/search/density.ts'
import { SEARCH_MIX } from './search-scenarios.ts'

const { values } = parseArgs({ options: { 'database-url': { type: 'string' }, 'data-dir': { type: 'string' }, label: { type: 'string' }, variant: { type: 'string', default: '0' }, only: { type: 'string' } } })
const db = await openDb(values['database-url'] ? { url: values['database-url'] } : { dataDir: values['data-dir'] ?? './data/bench' })
const variant = Number(values.variant)
const lines: string[] = []
const summary: { query: string; kind: string; ms: number }[] = []

async function explain(name: string, kind: string, query: SQL) {
  const rows = rowsOf<Record<string, string>>(await db.db.execute(sql`explain (analyze, buffers) ${query}`))
  const text = rows.map((r) => r['QUERY PLAN']).join('\n')
  const ms = Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1] ?? NaN)
  const planning = Number(/Planning Time: ([\d.]+) ms/.exec(text)?.[1] ?? NaN)
  summary.push({ query: name, kind, ms: Math.round((ms + planning) * 100) / 100 })
  lines.push(`### ${name} — ${kind}\n${text}\n`)
}

const only = values.only?.split(',')
for (const m of SEARCH_MIX.filter((x) => !only || only.includes(x.name))) {
  const url = m.path(variant)
  const { query, errors } = parseSearchParams(new URLSearchParams(url.split('?')[1]))
  if (Object.keys(errors).length) throw new Error(`${m.name}: ${JSON.stringify(errors)}`)
  const markers = url.startsWith('/api/search/markers')
  // The density map only where the routes pass it, so the plans are the routes' plans.
  const { where, countWhere, branches } = searchPlan(query, dependsOnDensity(query) ? await areaDensity(db.db) : {})
  lines.push(`## ${m.name}: ${decodeURIComponent(url)}\n`)
  // GET /api/search under the default order sends the page newest first without promotion and the promoted slots
  // apart (routes/api/search/results.ts); other orders one page.
  const capped = !markers && (query.sort ?? 'newest') === 'newest'
  const organic: SearchQuery = capped ? { ...query, sort: 'newest_plain' } : query
  const top: SearchQuery | undefined = capped ? { ...query, sort: 'newest', per_page: PROMOTED_SLOTS } : undefined
  if (markers) {
    // As the route asks (decision 035): the newest markers up to the limit, and the clusters beyond it.
    await explain(m.name, 'markers', markersSql(where, MARKERS_BEFORE_CLUSTERS + 1, branches))
    if (query.bbox) await explain(m.name, 'clusters', clustersSql(countWhere, query.bbox, MARKER_GRID))
  } else {
    await explain(m.name, 'page', searchPageSql(organic, where, branches))
    if (top) await explain(m.name, 'promoted slots', searchPageSql(top, where, branches))
  }
  await explain(m.name, `count (≤ ${EXACT_COUNT_LIMIT + 1})`, countSql(countWhere))
  // What the API runs for the total: the planner's estimate, a sample and/or the capped count (wall time, uncached).
  clearSearchCountCache(db.db)
  const t0 = performance.now()
  const total = await countSearchFlagged(db.db, where, filterKey(query), countWhere)
  summary.push({ query: m.name, kind: `total as answered (${total.n}${total.estimated ? ', estimated' : ''})`, ms: Math.round((performance.now() - t0) * 100) / 100 })
  if (!markers) {
    // The whole request's database work as the route does it (page, promoted slots and total at once, count uncached).
    clearSearchCountCache(db.db)
    const t1 = performance.now()
    await Promise.all([searchPage(db.db, organic, where, branches), top ? searchPage(db.db, top, where, branches) : [],
      countSearchFlagged(db.db, where, filterKey(query), countWhere)])
    summary.push({ query: m.name, kind: 'request (page + slots + total, at once)', ms: Math.round((performance.now() - t1) * 100) / 100 })
  }
}
await db.close()

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results')
mkdirSync(dir, { recursive: true })
const file = path.join(dir, `search-explain${values.label ? `-${values.label}` : ''}.txt`)
writeFileSync(file, lines.join('\n'))
console.table(summary)
console.log(`plans → ${file}`)
