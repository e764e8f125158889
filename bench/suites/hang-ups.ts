import os from 'node:os'
import path from 'node:path'
import { mkdtempSync, rmSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { apiTargets, linkedListingSlug, loginOverHttp, pageTargets, runHangUps } from '../../apps/api/src/test/hang-up.ts'
import { LOAD_PASSWORD, prepare, sleep, startServer, stopServer, type Server } from './lib.ts'

/** Heap and resident memory of the server, from its Prometheus metrics. */
async function memory(s: Server, token: string): Promise<{ heap: number; rss: number }> {
  const text = await (await fetch(`${s.base}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text()
  const read = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)`, 'm').exec(text)?.[1] ?? NaN)
  return { heap: read('nodejs_heap_size_used_bytes'), rss: read('process_resident_memory_bytes') }
}

/** Lines of the server's log at error level or above, or an uncaught error's trace. */
const errorLines = (s: Server) => s.output.join('').split('\n').filter((l) => /"level":(50|60)|uncaught|ERR_STREAM_PREMATURE_CLOSE/i.test(l))

/**
 * Clients that hang up, against the real server on the embedded database (see faults.ts, part 3). Returns whether
 * the server came through: up, healthy, no error logged, heap back within 48 MB of its level after a warm-up round.
 */
export async function hangUpSuite(o: { port: number; count: number; log: (m: string) => void }): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-hangup-'))
  const token = randomBytes(24).toString('hex')
  try {
    await prepare({ dataDir }, { listings: 200, members: 2, log: o.log })
    const server = await startServer({ dataDir }, o.port, { METRICS_TOKEN: token })
    try {
      const sessions = [await loginOverHttp(server.base, 'load-0@example.com', LOAD_PASSWORD)]
      const home = await (await fetch(`${server.base}/`)).text()
      const pages = pageTargets(linkedListingSlug(home) ?? 'x')
      const doc = await (await fetch(`${server.base}/api/docs/json`)).json() as Parameters<typeof apiTargets>[0]
      const targets = [...pages, ...apiTargets(doc)]
      // A warm-up round: modules, statements, caches and pools reach their size before the baseline.
      await runHangUps({ port: o.port, count: targets.length, seed: 1, targets, sessions })
      await sleep(2000)
      const before = await memory(server, token)
      const r = await runHangUps({ port: o.port, count: Math.max(o.count, targets.length), seed: 20261127, targets, sessions })
      await sleep(3000)
      const after = await memory(server, token)
      const healthy = await fetch(`${server.base}/api/health`).then((res) => res.ok, () => false)
      const errors = errorLines(server)
      const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`
      o.log(`hang-ups: ${r.total} requests in ${(r.ms / 1000).toFixed(1)} s over ${targets.length} targets (${pages.length} pages); `
        + `${JSON.stringify(r.byMoment)} ${JSON.stringify(r.byCoding)} ${JSON.stringify(r.bySession)}; cut part-way ${r.total - r.complete}`)
      o.log(`hang-ups: statuses before the cut ${JSON.stringify(r.byStatus)}`)
      o.log(`hang-ups: heap ${mb(before.heap)} -> ${mb(after.heap)}, rss ${mb(before.rss)} -> ${mb(after.rss)}; `
        + `alive ${server.alive()}, healthy ${healthy}, error lines ${errors.length}`)
      for (const line of errors.slice(0, 10)) o.log(`  ${line.slice(0, 300)}`)
      return server.alive() && healthy && errors.length === 0 && after.heap - before.heap < 48e6
    } finally {
      await stopServer(server)
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}
