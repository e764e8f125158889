/**
 * How long writing the search index snapshot holds the event loop (issue 30, decision 104): the synthetic index of
 * synthetic-store.ts is written with writeSnapshot() while a timer measures the event loop's delays
 * (perf_hooks.monitorEventLoopDelay, 1 ms resolution) and samples the RSS. No database (the file's identity part is
 * then empty). `--as-loaded` first lays the store out as a full load leaves it (Store.clustered(): a list per array,
 * and the garbage of the copy), which is when the write after a full load runs; without it the store is as a
 * snapshot start restores it (its lists are views into a few arrays), which is when the write at close runs.
 *
 *   npx tsx bench/snapshot-write.ts --synthetic 1000000 --synthetic-cache /tmp/synth-1m.bin [--runs 3] [--as-loaded]
 */
import os from 'node:os'
import path from 'node:path'
import { rmSync, statSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import type { Db } from '@portal/db'
import { writeSnapshot } from '../apps/api/src/lib/search/index/snapshot.ts'
import { cachedSyntheticStore } from './synthetic-store.ts'

const { values } = parseArgs({ options: { synthetic: { type: 'string', default: '100000' }, 'synthetic-cache': { type: 'string' }, runs: { type: 'string', default: '3' },
  'as-loaded': { type: 'boolean', default: false } } })
let store = cachedSyntheticStore(Number(values.synthetic), values['synthetic-cache'])
if (values['as-loaded']) store = store.clustered()
const noDb = { execute: async () => { throw new Error('no database') } } as unknown as Db
const file = path.join(os.tmpdir(), `snapshot-write-${process.pid}.bin`)
const position = { lastSeq: 0, floor: 0, floorAt: Date.now() }
const mb = (b: number) => Math.round(b / 1e6)
// Before issue 30 the cut was a copy (image()); after it, Store.frozen().
const cut = () => { const s = store as unknown as { frozen?(): unknown; image(): unknown }; return s.frozen ? { position, store: s.frozen() } : { position, image: s.image() } }
for (let r = 0; r < Number(values.runs); r++) {
  const rss0 = process.memoryUsage.rss()
  let rssMax = rss0
  const sampler = setInterval(() => { rssMax = Math.max(rssMax, process.memoryUsage.rss()) }, 5)
  const h = monitorEventLoopDelay({ resolution: 1 })
  h.enable()
  const t = performance.now()
  const res = await writeSnapshot(noDb, file, cut as never) as { bytes: number; blockedMs: number; longestMs: number; yields?: number }
  const ms = performance.now() - t
  h.disable()
  clearInterval(sampler)
  console.log(`${store.count.toLocaleString('en')} listings: written in ${Math.round(ms)} ms, ${mb(statSync(file).size)} MB; event loop: `
    + `longest delay ${Math.round(h.max / 1e6)} ms, p99 ${Math.round(h.percentile(99) / 1e6)} ms; own account ${Math.round(res.blockedMs)} ms on the loop, `
    + `at most ${Math.round(res.longestMs)} ms at a time${res.yields === undefined ? '' : `, ${res.yields} yields`}; RSS ${mb(rss0)} MB, +${mb(rssMax - rss0)} MB at most during the write; load ${os.loadavg()[0]!.toFixed(1)}`)
  rmSync(file, { force: true })
}
console.log(`peak RSS of the process ${Math.round(process.resourceUsage().maxRSS / 1e3)} MB (the cache's read and deserialisation included)`)
