/**
 * Decision 100's A/B in one process over one store: phrase searches with the page walk of decision 100 off (a word's
 * slots scanned in full, the walk gathering its share of the count: what runSearch did before) and on, alternating,
 * each answer checked identical on both sides (page, promoted marks, total).
 *
 *   npx tsx bench/phrase-walk.ts --database-url postgres://postgres@127.0.0.1:5432/bench1m [--runs 20] [--store-cache /tmp/x.bin]
 *   npx tsx bench/phrase-walk.ts --synthetic 200000 [--synthetic-cache /tmp/synth-200k.bin]
 */
import { parseArgs } from 'node:util'
import v8 from 'node:v8'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { openDb } from '@portal/db'
import { SORTS, type SearchQuery } from '@portal/contracts/search'
import { loadStore } from '../apps/api/src/lib/search/index/sync.ts'
import { engineSwitches, runSearch } from '../apps/api/src/lib/search/index/engine.ts'
import { Store, type StoreImage } from '../apps/api/src/lib/search/index/store.ts'
import { PHRASES } from './search-scenarios.ts'
import { cachedSyntheticStore } from './synthetic-store.ts'

const { values } = parseArgs({ options: { 'database-url': { type: 'string' }, runs: { type: 'string', default: '20' },
  synthetic: { type: 'string' }, 'synthetic-cache': { type: 'string' }, 'store-cache': { type: 'string' } } })
const cache = values['store-cache']
const handle = values.synthetic || (cache && existsSync(cache)) ? undefined : await openDb({ url: values['database-url']! })
const t0 = performance.now()
const store = handle ? (await loadStore(handle.db)).store
  : cache && existsSync(cache) ? Store.fromImage(v8.deserialize(readFileSync(cache)) as StoreImage)
  : cachedSyntheticStore(Number(values.synthetic), values['synthetic-cache'])
if (handle && cache) writeFileSync(cache, v8.serialize(store.image()))
await handle?.close()
globalThis.gc?.()
const mem = process.memoryUsage()
console.log(`index: ${store.count.toLocaleString('en')} listings in ${Math.round(performance.now() - t0)} ms; heap ${Math.round(mem.heapUsed / 1e6)} MB, array buffers ${Math.round(mem.arrayBuffers / 1e6)} MB, rss ${Math.round(mem.rss / 1e6)} MB`)

const queries: [string, SearchQuery, number?][] = [
  ...PHRASES.map((ph): [string, SearchQuery] => [`"${ph}"`, { phrase: ph }]),
  ...SORTS.filter((s) => s !== 'newest').map((s): [string, SearchQuery] => [`"balkon" ${s}`, { phrase: 'balkon', sort: s }]),
  ['"balkon" page 3', { phrase: 'balkon', page: 3 }, 3],
  ['"rzeczoznawca" (rare) price_asc', { phrase: 'rzeczoznawca', sort: 'price_asc' }],
  ['"klimatyzacja"', { phrase: 'klimatyzacja' }],
  ['"lazienka" area_desc', { phrase: 'lazienka', sort: 'area_desc' }],
  ['"otwarta kuchnia" (2 words)', { phrase: 'otwarta kuchnia' }],
  ['"winda balkon" (2 words, none)', { phrase: 'winda balkon' }],
  ['"taras Kraków" (city)', { phrase: 'taras Kraków' }],
  ['"balkon we Wrocławiu" area_desc', { phrase: 'balkon we Wrocławiu', sort: 'area_desc' }],
  ['"balkon" sell, price, rooms', { phrase: 'balkon', type: 'sell', price: { min: 300_000, max: 900_000 }, rooms: [2, 3] }],
  ['"balkon" flats, extras', { phrase: 'balkon', categories: ['mieszkanie'], extras: ['balkon'] }],
  ['"ogród" houses, price_desc', { phrase: 'ogród', categories: ['dom'], sort: 'price_desc' }],
  ['"garaż" rent', { phrase: 'garaż', type: 'rent' }],
]

const runs = Number(values.runs)
const pct = (a: number[], p: number) => { const s = [...a].sort((x, y) => x - y); return s[Math.min(s.length - 1, Math.floor(s.length * p))]! }
const row = (cells: string[]) => `| ${cells.join(' | ')} |`
console.log(`\n${row(['query', 'before p50 / p95 ms', 'after p50 / p95 ms', 'after, first run ms', 'total'])}\n${row(['---', '---', '---', '---', '---'])}`)
const all = { before: [] as number[], after: [] as number[] }
for (const [name, q, page] of queries) {
  const t = { before: [] as number[], after: [] as number[] }
  let total = 0
  const off = ((page ?? 1) - 1) * 24
  for (let i = 0; i < runs * 2; i++) {
    const now = Date.now()
    const answers: Record<string, string> = {}
    for (const side of (i % 2 ? ['after', 'before'] : ['before', 'after']) as ('before' | 'after')[]) {
      engineSwitches.phraseWalk = side === 'after'
      const s = performance.now()
      const hit = runSearch(store, q, 24, off, now)
      t[side].push(performance.now() - s)
      answers[side] = JSON.stringify(hit && { ...hit, slots: hit.slots.map((x) => store.id[x]) })
      total = hit?.total ?? -1
    }
    if (answers.before !== answers.after) throw new Error(`${name}: answers differ\n${answers.before}\n${answers.after}`)
  }
  engineSwitches.phraseWalk = true
  all.before.push(...t.before); all.after.push(...t.after)
  const f = (a: number[]) => `${pct(a, 0.5).toFixed(2)} / ${pct(a, 0.95).toFixed(2)}`
  // The first run of 'after' builds the word's sort orders (the queries before may have built them already).
  console.log(row([name, f(t.before), f(t.after), t.after[0]!.toFixed(2), total.toLocaleString('en')]))
}
const f = (a: number[]) => `${pct(a, 0.5).toFixed(2)} / ${pct(a, 0.95).toFixed(2)}`
console.log(row(['all of the above', f(all.before), f(all.after), '', '']))
const after = process.memoryUsage()
console.log(`\nword sets kept (slots, bits and, decision 100, sort orders): ${(store.words.keptBytes / 1e6).toFixed(1)} MB (bounded at 67 MB)`)
console.log(`after the runs: heap ${Math.round(after.heapUsed / 1e6)} MB, array buffers ${Math.round(after.arrayBuffers / 1e6)} MB, rss ${Math.round(after.rss / 1e6)} MB`)
