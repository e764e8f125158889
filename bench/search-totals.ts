/**
 * Decision 084's A/B in one process over one store: the exact totals by a bare scan of the candidate lists (as before)
 * against the facet bitsets, for every query of the search mix (bench/search-scenarios.ts), and the whole search.
 *
 *   npx tsx bench/search-totals.ts --database-url postgres://postgres@127.0.0.1:5432/bench1m [--runs 10] [--store-cache /tmp/x.bin]
 *
 * "search before" = the page walk (runSearch with the exact count turned off) plus the scan when the walk stopped
 * early over at most EXACT_SCAN_SLOTS candidates, which is what runSearch did before; "search after" = runSearch as it is. Memory: the bitsets' bytes.
 */
import { parseArgs } from 'node:util'
import v8 from 'node:v8'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { openDb } from '@portal/db'
import { parseSearchParams } from '@portal/contracts/search'
import { loadStore } from '../apps/api/src/lib/search/index/sync.ts'
import { EXACT_COUNT, countMatches, runSearch } from '../apps/api/src/lib/search/index/engine.ts'
import { Store, type StoreImage } from '../apps/api/src/lib/search/index/store.ts'
import { SEARCH_MIX } from './search-scenarios.ts'
import { cachedSyntheticStore } from './synthetic-store.ts'

const { values } = parseArgs({ options: { 'database-url': { type: 'string' }, runs: { type: 'string', default: '10' },
  synthetic: { type: 'string' }, 'synthetic-cache': { type: 'string' }, 'store-cache': { type: 'string' } } })
const cache = values['store-cache']
const handle = values.synthetic || (cache && existsSync(cache)) ? undefined : await openDb({ url: values['database-url']! })
const t0 = performance.now()
// --store-cache FILE: the loaded store kept as a v8-serialised image (a 1M load from PostgreSQL takes minutes).
const store = handle ? (await loadStore(handle.db)).store
  : cache && existsSync(cache) ? Store.fromImage(v8.deserialize(readFileSync(cache)) as StoreImage)
  : cachedSyntheticStore(Number(values.synthetic), values['synthetic-cache'])
if (handle && cache) writeFileSync(cache, v8.serialize(store.image()))
await handle?.close()
globalThis.gc?.()
const mem = process.memoryUsage()
store.hiddenAt(Date.now())
let lists = 0
for (const m of [store.buckets, store.cells, store.cities, store.districts, store.users, ...store.bucketCells.values()]) for (const l of m.values()) lists += l.items.byteLength + (l.orders ? l.orders.created.byteLength * 4 + l.orders.promoted.byteLength : 0)
let columns = 0
for (const k of ['id', 'alive', 'created', 'price', 'ppm2', 'area', 'rooms', 'bathrooms', 'category', 'offer', 'seek', 'floor', 'building', 'market', 'condition',
  'ownership', 'city', 'district', 'rental', 'extras', 'nearby', 'flags', 'promotedUntil', 'visibleFrom', 'expires', 'lat', 'lon', 'lease', 'meta', 'user', 'built', 'media'] as const) columns += store[k].byteLength
const bits = store.bits.bytes + store.bits.words * 4 // + the hidden-by-date set
console.log(`index: ${store.count.toLocaleString('en')} listings in ${Math.round(performance.now() - t0)} ms; heap ${Math.round(mem.heapUsed / 1e6)} MB, external+arrays ${Math.round((mem.external + mem.arrayBuffers) / 1e6)} MB, rss ${Math.round(mem.rss / 1e6)} MB`)
console.log(`typed columns ${Math.round(columns / 1e6)} MB, candidate lists and orders ${Math.round(lists / 1e6)} MB; bitsets: ${store.bits.count} sets, ${(bits / 1e6).toFixed(1)} MB (${(100 * bits / (mem.heapUsed + mem.arrayBuffers)).toFixed(1)} % of heap + array buffers)`)

const runs = Number(values.runs)
const pct = (a: number[], p: number) => { const s = [...a].sort((x, y) => x - y); return s[Math.min(s.length - 1, Math.floor(s.length * p))]!.toFixed(2) }
console.log('\nquery              count scan p50/p95   count bits p50/p95   search before p50/p95   search after p50/p95     total')
const all = { before: [] as number[], after: [] as number[], scan: [] as number[], bits: [] as number[] }
for (const m of SEARCH_MIX) {
  if (m.path(0).startsWith('/api/search/markers')) continue
  const t = { scan: [] as number[], bits: [] as number[], before: [] as number[], after: [] as number[] }
  let total = 0
  for (let i = 0; i < runs * 3; i++) {
    const { query } = parseSearchParams(new URLSearchParams(m.path(i).split('?')[1]))
    const per = query.per_page ?? 24, off = ((query.page ?? 1) - 1) * per
    const now = Date.now()
    // Alternate the order so neither side always runs on a warm cache.
    const sides = i % 2 ? ['after', 'before'] : ['before', 'after']
    // Whether the old code scanned: it did when the capped walk stopped early over at most EXACT_SCAN_SLOTS
    // candidates, i.e. exactly when runSearch now answers an exact total where the capped walk estimated.
    const exactNow = runSearch(store, query, per, off, now)?.estimated === false
    for (const side of sides) {
      if (side === 'before') {
        let a = performance.now()
        const scan = countMatches(store, query, now, 'scan')
        t.scan.push(performance.now() - a)
        a = performance.now()
        const hit = runSearch(store, query, per, off, now, EXACT_COUNT + 1)
        if (hit?.estimated && exactNow && hit.total !== scan) countMatches(store, query, now, 'scan')
        t.before.push(performance.now() - a)
      } else {
        let a = performance.now()
        const bitsCount = countMatches(store, query, now, 'bits')
        t.bits.push(performance.now() - a)
        a = performance.now()
        total = runSearch(store, query, per, off, now)?.total ?? -1
        t.after.push(performance.now() - a)
        if (bitsCount !== countMatches(store, query, now, 'scan')) throw new Error(`counts differ: ${m.name}`)
      }
    }
  }
  for (const k of ['scan', 'bits', 'before', 'after'] as const) all[k].push(...t[k])
  console.log(`${m.name.padEnd(18)} ${pct(t.scan, 0.5).padStart(8)} / ${pct(t.scan, 0.95).padStart(7)}   ${pct(t.bits, 0.5).padStart(8)} / ${pct(t.bits, 0.95).padStart(7)}   ${pct(t.before, 0.5).padStart(10)} / ${pct(t.before, 0.95).padStart(8)}   ${pct(t.after, 0.5).padStart(10)} / ${pct(t.after, 0.95).padStart(8)}   ${total.toLocaleString('en').padStart(9)}`)
}
const sum = (a: number[]) => a.reduce((x, y) => x + y, 0)
console.log(`\nwhole mix: search before ${(1000 * all.before.length / sum(all.before)).toFixed(0)}/s, after ${(1000 * all.after.length / sum(all.after)).toFixed(0)}/s of engine time (one core); count scan p95 ${pct(all.scan, 0.95)} ms, bits p95 ${pct(all.bits, 0.95)} ms`)
