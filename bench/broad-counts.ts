/**
 * Decision 084's follow-up: the broadest searches (candidate lists over EXACT_SCAN_SLOTS) whose every condition is a
 * facet bitset, answered with an estimate by the page walk before and counted exactly by popcount after, in one
 * process over one store, A B A B.
 *
 *   npx tsx bench/broad-counts.ts --database-url postgres://postgres@127.0.0.1:5432/bench1m [--runs 30]
 *   npx tsx bench/broad-counts.ts --synthetic 1000000
 */
import { parseArgs } from 'node:util'
import { openDb } from '@portal/db'
import type { SearchQuery } from '@portal/contracts/search'
import { loadStore } from '../apps/api/src/lib/search/index/sync.ts'
import { EXACT_COUNT, runSearch } from '../apps/api/src/lib/search/index/engine.ts'
import { syntheticStore } from './synthetic-store.ts'

const { values } = parseArgs({ options: { 'database-url': { type: 'string' }, runs: { type: 'string', default: '30' }, synthetic: { type: 'string' } } })
const t0 = performance.now()
// --synthetic N: the demo generator's listings straight into a store (no database; bench/synthetic-store.ts).
const handle = values.synthetic ? undefined : await openDb({ url: values['database-url']! })
const store = handle ? (await loadStore(handle.db)).store : syntheticStore(Number(values.synthetic))
await handle?.close()
console.log(`store: ${store.count} listings loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
const QUERIES: [string, SearchQuery][] = [
  ['everything, newest', {}],
  ['for sale', { type: 'sell' }],
  ['flats', { categories: ['mieszkanie'] }],
  ['flats for sale, 2-3 rooms', { categories: ['mieszkanie'], type: 'sell', rooms: [2, 3] }],
]
const pct = (a: number[], p: number) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(a.length * p))]!
const now = Date.now()
for (const [name, q] of QUERIES) {
  const before: number[] = [], after: number[] = []
  let b = runSearch(store, q, 24, 0, now, EXACT_COUNT + 1)!, a = runSearch(store, q, 24, 0, now)!
  for (let r = 0; r < Number(values.runs); r++) {
    let t = performance.now(); b = runSearch(store, q, 24, 0, now, EXACT_COUNT + 1)!; before.push(performance.now() - t)
    t = performance.now(); a = runSearch(store, q, 24, 0, now)!; after.push(performance.now() - t)
  }
  console.log(`${name}: before ${b.estimated ? 'około ' : ''}${b.total} p50/p95 ${pct(before, 0.5).toFixed(2)}/${pct(before, 0.95).toFixed(2)} ms; `
    + `after ${a.estimated ? 'około ' : ''}${a.total} p50/p95 ${pct(after, 0.5).toFixed(2)}/${pct(after, 0.95).toFixed(2)} ms`)
}
