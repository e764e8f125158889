/**
 * Time to ready of the in-memory search index: the full read from PostgreSQL against a start from the snapshot file
 * (docs/decisions/028-search-index-snapshot.md). Each mode runs in a child process of its own, so RSS is its own.
 *
 *   npx tsx bench/index-snapshot.ts --database-url postgres://postgres@127.0.0.1:5432/snap_bench [--file /tmp/x.bin]
 *
 * Reads the database only (the change log and listings); writes only the snapshot file.
 */
import os from 'node:os'
import path from 'node:path'
import { execFileSync } from 'node:child_process'
import { rmSync, statSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { openDb } from '@portal/db'
import { SearchIndex } from '../apps/api/src/lib/search/index/index.ts'

const { values: a } = parseArgs({ options: {
  'database-url': { type: 'string' }, file: { type: 'string' }, mode: { type: 'string' },
} })
const url = a['database-url'] ?? process.env.DATABASE_URL
if (!url) throw new Error('--database-url is required')
const file = a.file ?? path.join(os.tmpdir(), `index-snapshot-${process.pid}.bin`)
const mb = (n: number) => Math.round(n / 1e6)

if (a.mode) {
  // One measured start in this process.
  const handle = await openDb({ url, poolSize: 4 })
  const log = { info: (m: string) => console.error(`  ${m}`), warn: (m: string) => console.error(`  ${m}`) }
  const ix = new SearchIndex(handle.db, { snapshotFile: file, log })
  const t = performance.now()
  await ix.load()
  const ready = performance.now() - t
  const rssReady = process.memoryUsage().rss
  const t2 = performance.now()
  if (a.mode === 'full') await ix.saveSnapshot()
  const write = performance.now() - t2
  // The first search after a start (the snapshot start has already caught up).
  const t3 = performance.now()
  const hit = await ix.search({ type: 'sell', categories: ['mieszkanie'] }, 24, 0)
  const first = performance.now() - t3
  console.log(JSON.stringify({ mode: a.mode, loads: ix.loads, listings: ix.size, readyMs: Math.round(ready), rssReadyMB: mb(rssReady),
    peakRssMB: mb(process.resourceUsage().maxRSS * 1024), writeMs: Math.round(write), firstSearchMs: Math.round(first), total: hit?.total }))
  await handle.close()
} else {
  rmSync(file, { force: true })
  const run = (mode: string) => JSON.parse(execFileSync(process.execPath, [...process.execArgv, process.argv[1]!,
    '--database-url', url, '--file', file, '--mode', mode], { stdio: ['ignore', 'pipe', 'inherit'] }).toString())
  const full = run('full')
  const size = statSync(file).size
  const snap = run('snapshot')
  console.log(`full load:     ${full.listings} listings ready in ${full.readyMs} ms, RSS ${full.rssReadyMB} MB (peak ${full.peakRssMB} MB); snapshot written in ${full.writeMs} ms, ${mb(size)} MB`)
  console.log(`from snapshot: ${snap.listings} listings ready in ${snap.readyMs} ms, RSS ${snap.rssReadyMB} MB (peak ${snap.peakRssMB} MB); loads ${JSON.stringify(snap.loads)}`)
  console.log(`same answer: ${full.total === snap.total} (${full.total} / ${snap.total})`)
  rmSync(file, { force: true })
}
