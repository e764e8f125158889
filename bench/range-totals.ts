/**
 * Decision 092's A/B in one process over one store: the exact totals and whole searches with the range bitsets off
 * (ranges tested slot by slot on every slot the facet bitsets leave, as after decision 084) and on, alternating, for
 * the queries of the search mix that have a range or a place, and a few broader range searches.
 *
 *   NODE_OPTIONS=--expose-gc npx tsx bench/range-totals.ts --database-url postgres://postgres@127.0.0.1:5432/bench1m \
 *     [--store-cache /tmp/bench1m.bin] [--runs 10]
 *
 * --store-cache keeps the loaded store as a v8-serialised image (a 1M load from PostgreSQL takes minutes); a store
 * restored from it cuts its range bitsets at its own quantiles, as a loaded (clustered) one does.
 */
import { parseArgs } from 'node:util'
import v8 from 'node:v8'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { openDb } from '@portal/db'
import { parseSearchParams } from '@portal/contracts/search'
import { loadStore } from '../apps/api/src/lib/search/index/sync.ts'
import { countMatches, engineSwitches, runSearch } from '../apps/api/src/lib/search/index/engine.ts'
import { RANGE_COLUMNS, Store, type StoreImage } from '../apps/api/src/lib/search/index/store.ts'
import { RangeBits } from '../apps/api/src/lib/search/index/facet-bits.ts'
import { SEARCH_MIX } from './search-scenarios.ts'
import { cachedSyntheticStore } from './synthetic-store.ts'

const { values } = parseArgs({ options: { 'database-url': { type: 'string' }, runs: { type: 'string', default: '10' },
  synthetic: { type: 'string' }, 'store-cache': { type: 'string' }, only: { type: 'string' } } })
const cache = values['store-cache']
const handle = values.synthetic || (cache && existsSync(cache)) ? undefined : await openDb({ url: values['database-url']! })
const t0 = performance.now()
const store = handle ? (await loadStore(handle.db)).store
  : cache && existsSync(cache) ? Store.fromImage(v8.deserialize(readFileSync(cache)) as StoreImage)
  : cachedSyntheticStore(Number(values.synthetic))
if (handle && cache) writeFileSync(cache, v8.serialize(store.image()))
await handle?.close()
globalThis.gc?.()
const mem = process.memoryUsage()
console.log(`index: ${store.count.toLocaleString('en')} listings in ${Math.round(performance.now() - t0)} ms; heap ${Math.round(mem.heapUsed / 1e6)} MB, external+arrays ${Math.round((mem.external + mem.arrayBuffers) / 1e6)} MB, rss ${Math.round(mem.rss / 1e6)} MB`)
let rangeBytes = 0
const fit: string[] = []
for (const k of RANGE_COLUMNS) {
  const r = store.ranges[k]
  rangeBytes += r.bytes
  // What the load spends on this column's sets: the quantile edges, then every slot's bits.
  const a = performance.now()
  const fresh = new RangeBits(r.isNull)
  fresh.reset(RangeBits.quantileEdges(store[k], store.size, r.isNull), store.bits.words)
  fresh.addAll(store[k], store.size)
  fit.push(`${k} ${r.edges.length} buckets ${Math.round(performance.now() - a)} ms`)
}
let dc = 0
for (const l of store.districtCities.values()) dc += l.items.byteLength
console.log(`(district, city) lists ${(dc / 1e6).toFixed(1)} MB in ${store.districtCities.size} lists`)
console.log(`facet bitsets ${(store.bits.bytes / 1e6).toFixed(1)} MB; range bitsets ${(rangeBytes / 1e6).toFixed(1)} MB (${(100 * rangeBytes / (mem.heapUsed + mem.arrayBuffers)).toFixed(1)} % of heap + array buffers); built at load: ${fit.join(', ')}`)

const EXTRA = [
  { name: 'price', path: () => '/api/search?kategoria=mieszkanie&typ=sprzedaz&cena[min]=300000&cena[max]=800000' },
  { name: 'area', path: () => '/api/search?kategoria=dom&typ=sprzedaz&metraz[min]=100&metraz[max]=200' },
  { name: 'year-built-all', path: () => '/api/search?kategoria=mieszkanie&typ=sprzedaz&rok_budowy[min]=2000&rok_budowy[max]=2015' },
  { name: 'added-all', path: () => '/api/search?kategoria=mieszkanie&typ=wynajem&dodane=7' },
  { name: 'price-m2-year', path: () => '/api/search?kategoria=mieszkanie&typ=sprzedaz&cena_m2[min]=8000&rok_budowy[min]=2010' },
]
const only = values.only?.split(',')
const mix = [...SEARCH_MIX.filter((m) => !m.path(0).startsWith('/api/search/markers')), ...EXTRA].filter((m) => !only || only.includes(m.name))
const runs = Number(values.runs)
const pct = (a: number[], p: number) => { const s = [...a].sort((x, y) => x - y); return s[Math.min(s.length - 1, Math.floor(s.length * p))]!.toFixed(2) }
const all = { countOff: [] as number[], countOn: [] as number[], off: [] as number[], on: [] as number[] }
console.log('\nquery              count off p50/p95    count on p50/p95   search off p50/p95    search on p50/p95      total')
for (const m of mix) {
  const t = { countOff: [] as number[], countOn: [] as number[], off: [] as number[], on: [] as number[] }
  let total = 0
  for (let i = 0; i < runs * 3; i++) {
    const { query } = parseSearchParams(new URLSearchParams(m.path(i).split('?')[1]))
    const per = query.per_page ?? 24, off = ((query.page ?? 1) - 1) * per
    const now = Date.now()
    const totals: number[] = []
    for (const on of i % 2 ? [true, false] : [false, true]) {
      engineSwitches.rangeBits = on
      let a = performance.now()
      totals.push(countMatches(store, query, now) ?? -1)
      ;(on ? t.countOn : t.countOff).push(performance.now() - a)
      a = performance.now()
      const hit = runSearch(store, query, per, off, now)
      ;(on ? t.on : t.off).push(performance.now() - a)
      totals.push(hit?.total ?? -1)
      total = hit?.total ?? -1
    }
    engineSwitches.rangeBits = true
    if (totals[0] !== totals[2] || totals[1] !== totals[3]) throw new Error(`totals differ: ${m.name} ${totals}`)
    if (i < 3 && totals[0] !== countMatches(store, query, now, 'scan')) throw new Error(`count differs from the scan: ${m.name}`)
  }
  for (const k of ['countOff', 'countOn', 'off', 'on'] as const) all[k].push(...t[k])
  const col = (a: number[], w: number) => `${pct(a, 0.5).padStart(w)} / ${pct(a, 0.95).padStart(7)}`
  console.log(`${m.name.padEnd(18)} ${col(t.countOff, 8)}   ${col(t.countOn, 8)}   ${col(t.off, 9)}   ${col(t.on, 9)}   ${total.toLocaleString('en').padStart(9)}`)
}
const sum = (a: number[]) => a.reduce((x, y) => x + y, 0)
console.log(`\nall: search off ${(1000 * all.off.length / sum(all.off)).toFixed(0)}/s, on ${(1000 * all.on.length / sum(all.on)).toFixed(0)}/s of engine time (one core); count p95 off ${pct(all.countOff, 0.95)} ms, on ${pct(all.countOn, 0.95)} ms`)
