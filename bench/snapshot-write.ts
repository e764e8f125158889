/**
 * How long writing the search index snapshot holds the event loop (issue 30): the synthetic index of
 * synthetic-store.ts is written with writeSnapshot() while a timer measures the event loop's delays
 * (perf_hooks.monitorEventLoopDelay, 1 ms resolution). No database (the file's identity part is then empty).
 *
 *   npx tsx bench/snapshot-write.ts --synthetic 1000000 --synthetic-cache /tmp/synth-1m.bin [--runs 3]
 */
import os from 'node:os'
import path from 'node:path'
import { rmSync, statSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import type { Db } from '@portal/db'
import { writeSnapshot } from '../apps/api/src/lib/search/index/snapshot.ts'
import { cachedSyntheticStore } from './synthetic-store.ts'

const { values } = parseArgs({ options: { synthetic: { type: 'string', default: '100000' }, 'synthetic-cache': { type: 'string' }, runs: { type: 'string', default: '3' } } })
const store = cachedSyntheticStore(Number(values.synthetic), values['synthetic-cache'])
const noDb = { execute: async () => { throw new Error('no database') } } as unknown as Db
const file = path.join(os.tmpdir(), `snapshot-write-${process.pid}.bin`)
const position = { lastSeq: 0, floor: 0, floorAt: Date.now() }
// Before issue 30 the cut was a copy (image()); after it, Store.frozen().
const cut = () => { const s = store as unknown as { frozen?(): unknown; image(): unknown }; return s.frozen ? { position, store: s.frozen() } : { position, image: s.image() } }
for (let r = 0; r < Number(values.runs); r++) {
  const h = monitorEventLoopDelay({ resolution: 1 })
  h.enable()
  const t = performance.now()
  const res = await writeSnapshot(noDb, file, cut as never) as { bytes: number; blockedMs: number }
  const ms = performance.now() - t
  h.disable()
  console.log(`${store.count.toLocaleString('en')} listings: written in ${Math.round(ms)} ms, ${Math.round(statSync(file).size / 1e6)} MB; event loop: `
    + `longest delay ${Math.round(h.max / 1e6)} ms, p99 ${Math.round(h.percentile(99) / 1e6)} ms; own account ${Math.round(res.blockedMs)} ms on the loop; load ${os.loadavg()[0]!.toFixed(1)}`)
  rmSync(file, { force: true })
}
