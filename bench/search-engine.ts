/**
 * The in-memory search index's side of bench/search-explain.ts: loads the index from a database, then times every
 * query of the search mix (bench/search-scenarios.ts) in process — the index's "EXPLAIN ANALYZE" — and runs
 * EXPLAIN ANALYZE for the two SQL statements a search still sends (the change log read and the page's cards):
 *
 *   npx tsx bench/search-engine.ts --database-url postgres://postgres@127.0.0.1:5432/bench
 *   npx tsx bench/search-engine.ts --data-dir ./data/bench100k
 *   npx tsx bench/search-engine.ts --synthetic 1000000 [--synthetic-cache /tmp/synth-1m.bin]   # no database: the demo
 *     generator's listings (synthetic-store.ts), kept in the cache file after the first build
 *
 * --only phrase,category picks entries of the mix; --phrases times each phrase of the mix on its own.
 */
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { idArray, openDb } from '@portal/db'
import { MARKER_GRID, MARKERS_BEFORE_CLUSTERS, parseSearchParams } from '@portal/contracts/search'
import { loadStore } from '../apps/api/src/lib/search/index/sync.ts'
import { runMarkers, runSearch } from '../apps/api/src/lib/search/index/engine.ts'
import { FIRST_PHOTO_JOIN, PHOTO_COLUMNS, SUMMARY_COLUMNS, rowsOf } from '../apps/api/src/lib/search/sql.ts'
import { PHRASES, SEARCH_MIX } from './search-scenarios.ts'
import { cachedSyntheticStore } from './synthetic-store.ts'

const { values } = parseArgs({ options: { 'database-url': { type: 'string' }, 'data-dir': { type: 'string' }, runs: { type: 'string', default: '20' },
  synthetic: { type: 'string' }, 'synthetic-cache': { type: 'string' }, only: { type: 'string' }, phrases: { type: 'boolean' } } })
const handle = values.synthetic ? undefined
  : await openDb(values['database-url'] ? { url: values['database-url'] } : { dataDir: `${values['data-dir'] ?? './data/bench'}/pglite` })
const t0 = performance.now()
const store = handle ? (await loadStore(handle.db)).store : cachedSyntheticStore(Number(values.synthetic), values['synthetic-cache'])
const mem = process.memoryUsage()
console.log(`index: ${store.count.toLocaleString('en')} listings ${handle ? 'loaded' : 'generated'} in ${Math.round(performance.now() - t0)} ms; heap ${Math.round(mem.heapUsed / 1e6)} MB, rss ${Math.round(mem.rss / 1e6)} MB`)

const runs = Number(values.runs)
const only = values.only?.split(',')
const mix = [...SEARCH_MIX.filter((m) => !only || only.includes(m.name)),
  ...(values.phrases ? PHRASES.map((ph) => ({ name: `"${ph}"`, path: () => `/api/search?phrase=${encodeURIComponent(ph)}` })) : [])]
console.log('\nquery                          p50 ms   p95 ms      total  (the same 10 cities / 3 pages / 8 phrases as the load mix)')
for (const m of mix) {
  const times: number[] = []
  let total = 0
  for (let i = 0; i < runs * 3; i++) {
    const { query } = parseSearchParams(new URLSearchParams(m.path(i).split('?')[1]))
    const perPage = query.per_page ?? 24
    const t = performance.now()
    const hit = query.bbox && m.path(i).startsWith('/api/search/markers')
      ? runMarkers(store, { ...query, bbox: query.bbox }, MARKERS_BEFORE_CLUSTERS, MARKER_GRID)
      : runSearch(store, query, perPage, ((query.page ?? 1) - 1) * perPage)
    times.push(performance.now() - t)
    total = hit?.total ?? -1
  }
  times.sort((a, b) => a - b)
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!.toFixed(2)
  console.log(`${m.name.padEnd(28)} ${at(0.5).padStart(8)} ${at(0.95).padStart(8)} ${total.toLocaleString('en').padStart(10)}`)
}

if (!handle) process.exit(0)
const explain = async (label: string, q: ReturnType<typeof sql>) => {
  const rows = rowsOf<Record<string, string>>(await handle!.db.execute(sql`explain (analyze, buffers) ${q}`))
  console.log(`\n-- ${label}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`)
}
const ids = Array.from({ length: 24 }, (_, i) => store.id[i * 997 % Math.max(1, store.size)]!)
await explain('change log after the floor (per search, shared by concurrent ones)', sql`select seq, listing_id from listing_changes where seq > 0 order by seq limit 20000`)
// The statement index/hydrate.ts prepares (readCards), with this page's ids.
await explain('cards of a page not in the card cache', sql`select ${SUMMARY_COLUMNS}, ${PHOTO_COLUMNS} from listings l ${FIRST_PHOTO_JOIN}
  where l.id = any(${idArray(ids)})`)
await handle.close()
