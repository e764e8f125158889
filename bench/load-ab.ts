/**
 * The 200-user mixed load (bench/suites/lib.ts runLoad) against two checkouts' compiled servers (`npm start`'s
 * apps/api/build/server.mjs; build each first), in turn A B A B, each on a freshly seeded PostgreSQL database and data
 * dir, timed from the moment the server listens: the first seconds of traffic are part of the figure.
 *   npx tsx bench/load-ab.ts --root ../before --root . [--rounds 2] [--seconds 30] [--database-url postgres://…/test] [--node-args='…']
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { pct, runLoad, startCompiled, summary } from './suites/lib.ts'

const { values } = parseArgs({
  options: {
    root: { type: 'string', multiple: true }, rounds: { type: 'string', default: '2' }, seconds: { type: 'string', default: '30' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' }, port: { type: 'string', default: '3170' },
    // e.g. --node-args='--cpu-prof --cpu-prof-dir=/tmp/prof' to see where the server's time goes under this load.
    'node-args': { type: 'string', default: '' },
  },
})
const roots = (values.root ?? ['.']).map((r) => path.resolve(r))
const seconds = Number(values.seconds)
const port = Number(values.port)
const dataDir = `/tmp/load-ab-${process.pid}`

for (let round = 0; round < Number(values.rounds); round++) {
  for (const root of roots) {
    const server = await startCompiled(root, {
      databaseUrl: values['database-url']!, dbName: `load_ab_${process.pid}`, dataDir, port, members: 60, nodeArgs: values['node-args'],
    })
    const listening = server.spawnedToAnswerMs
    const firstTen: number[] = []
    const cpu0 = process.cpuUsage()
    const loadStart = Date.now()
    const stats = await runLoad({
      base: `http://127.0.0.1:${port}`, users: 200, members: 60, seconds,
      tick: (t, s) => { if (t === 10) firstTen.push(s.requests) },
    })
    const cpu = process.cpuUsage(cpu0)
    await server.stop()
    console.log(`round ${round + 1} ${root}: answering ${listening} ms after the start`)
    console.log(`  first 10 s: ${firstTen[0] ?? '?'} requests; ${summary('whole run', stats, seconds)}`)
    // The first seconds, two at a time: where the run's p99 comes from.
    const early = [0, 2, 4, 6, 8].map((from) => {
      const ms = stats.latencies.filter((_, i) => stats.sentAt[i]! >= from * 1000 && stats.sentAt[i]! < (from + 2) * 1000).sort((a, b) => a - b)
      return `${from}–${from + 2} s: ${ms.length} sent, p50 ${pct(ms, 50).toFixed(0)} / p99 ${pct(ms, 99).toFixed(0)} ms`
    })
    console.log(`  ${early.join('; ')}`)
    // What makes the tail: the requests over 250 ms, by kind, before and after the first ten seconds.
    for (const [label, inWindow] of [['first 10 s', (t: number) => t < 10_000], ['after', (t: number) => t >= 10_000]] as const) {
      const slow = new Map<string, number>()
      stats.latencies.forEach((ms, i) => { if (ms > 250 && inWindow(stats.sentAt[i]!)) slow.set(stats.kinds[i]!, (slow.get(stats.kinds[i]!) ?? 0) + 1) })
      console.log(`  over 250 ms, ${label}: ${[...slow].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`)
    }
    // When the later ones were sent (wall clock, to set beside the jobs' minute schedules): seconds with 3 or more.
    const bySecond = new Map<number, number>()
    stats.latencies.forEach((ms, i) => { if (ms > 250 && stats.sentAt[i]! >= 10_000) bySecond.set(Math.floor(stats.sentAt[i]! / 1000), (bySecond.get(Math.floor(stats.sentAt[i]! / 1000)) ?? 0) + 1) })
    const clock = (s: number) => new Date(loadStart + s * 1000).toISOString().slice(11, 19)
    const bursts = [...bySecond].filter(([, n]) => n >= 3).map(([s, n]) => `${s} s (${clock(s)}): ${n}`)
    if (bursts.length) console.log(`  slow after 10 s, by second sent: ${bursts.join(', ')}`)
    // The load generator shares the cores: what it took is what the server did not get.
    console.log(`  load generator CPU: ${(((cpu.user + cpu.system) / 1e6 / seconds) * 100).toFixed(0)} % of one core`)
  }
}
process.exit(0)
