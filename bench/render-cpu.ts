/**
 * CPU per uncached listing render, side by side: npx tsx bench/render-cpu.ts --database-url URL --slugs FILE
 *   --server-root /path/before --server-root . [--rounds 4] [--per-window 400] [--data-dir DIR] [--page-cache-mb 0] [--ssr-workers N] [--accept-encoding 'gzip, br']
 * Starts each checkout's compiled server (`npm run build` there first) on the same PostgreSQL database, then asks for
 * cold listing pages (each slug once, in turn from FILE: one slug a line, e.g. `select slug from listings where status =
 * 'active' order by random() limit 20000`; a line starting with '/' is a path, e.g. an investment page asked again and again) in windows of --per-window requests at 10 connections, one server at a time,
 * alternating which goes first. For each window it reads the CPU time of the server process and of its PostgreSQL
 * backends (PGAPPNAME tells them apart) from /proc, so the figure holds on a busy machine where requests/s do not:
 * milliseconds of CPU per render, Node and PostgreSQL. Run it on the database's host (it reads /proc of the backends).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import pg from 'pg'
import { BROWSER_ACCEPT_ENCODING } from './suites/light-http.ts'

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    slugs: { type: 'string' },
    'server-root': { type: 'string', multiple: true },
    rounds: { type: 'string', default: '4' },
    'per-window': { type: 'string', default: '400' },
    'data-dir': { type: 'string', default: '/tmp/render-cpu' },
    port: { type: 'string', default: '4330' },
    'page-cache-mb': { type: 'string' },
    'ssr-workers': { type: 'string' },
    // What Chromium and Firefox send; 'gzip, br' measures a client without zstd.
    'accept-encoding': { type: 'string', default: BROWSER_ACCEPT_ENCODING },
  },
})
const url = values['database-url'] ?? process.env.DATABASE_URL
if (!url || !values.slugs || !values['server-root']?.length) {
  console.error('usage: npx tsx bench/render-cpu.ts --database-url URL --slugs FILE --server-root A [--server-root B]')
  process.exit(1)
}
const slugs = readFileSync(values.slugs, 'utf8').trim().split('\n')
const loadavg = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0])
/** utime + stime of a process (or, given its task file, one thread), in clock ticks (100 per second). */
const ticks = (pid: number, file = `/proc/${pid}/stat`) => {
  try {
    const f = readFileSync(file, 'utf8').split(') ')[1]!.split(' ')
    return Number(f[11]) + Number(f[12])
  } catch { return 0 }
}

/** The main thread (HTTP, API, database, the page cache) of a process: its task whose id is the process id. */
const mainTicks = (pid: number) => ticks(pid, `/proc/${pid}/task/${pid}/stat`)

interface Server { root: string; base: string; app: string; child: ChildProcess; req: number; secs: number; node: number; main: number; pg: number }
const servers: Server[] = values['server-root'].map((r, i) => {
  const root = path.resolve(r), port = Number(values.port) + i, app = `render-cpu-${i}`
  const env: NodeJS.ProcessEnv = {
    ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: `${values['data-dir']}-${i}`,
    PUBLIC_URL: `http://127.0.0.1:${port}`, DEMO_DATA: '0', CAPTCHA: 'off', LOG_LEVEL: 'error', TRUST_PROXY: 'true',
    DATABASE_URL: url, PGAPPNAME: app,
    // PAGE_CACHE_MB=0: every page as a logged-in visitor gets it (rendered and compressed per request).
    ...(values['page-cache-mb'] !== undefined ? { PAGE_CACHE_MB: values['page-cache-mb'] } : {}),
    ...(values['ssr-workers'] !== undefined ? { SSR_WORKERS: values['ssr-workers'] } : {}),
  }
  const child = spawn(path.join(root, 'node_modules/.bin/node'), ['apps/api/build/server.mjs'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] })
  child.on('exit', (code) => { console.error(`${root}: server exited (${code})`); process.exit(1) })
  return { root, base: `http://127.0.0.1:${port}`, app, child, req: 0, secs: 0, node: 0, main: 0, pg: 0 }
})
for (const s of servers) {
  for (;;) {
    try {
      const h = await (await fetch(`${s.base}/api/health`)).json() as { search_index?: { state: string } }
      if (h.search_index?.state === 'ready') break
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 1000))
  }
}
const db = new pg.Client({ connectionString: url })
await db.connect()
const backends = async (app: string) => (await db.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [app])).rows.map((r) => r.pid)

let next = 0
/** `count` listing pages never asked for before in this run, as a browser asks (br, its own address each). */
function window(s: Server, count: number) {
  const start = next
  next += count
  let n = 0
  return autocannon({
    url: s.base, connections: 10, amount: count,
    requests: [{
      setupRequest: (req) => {
        const i = start + n++
        const slug = slugs[i % slugs.length]!
        return { ...req, path: slug.startsWith('/') ? slug : `/ogloszenia/${slug}`,
          headers: { accept: 'text/html', 'accept-encoding': values['accept-encoding']!, 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` } }
      },
    }],
  })
}

try {
  for (const s of servers) await window(s, 150) // warm-up: JIT, the pool, prepared statements
  const loads: number[] = []
  for (let r = 0; r < Number(values.rounds); r++) {
    for (const s of r % 2 ? [...servers].reverse() : servers) {
      const pids = await backends(s.app)
      const p0 = pids.map((pid) => ticks(pid)), c0 = ticks(s.child.pid!), m0 = mainTicks(s.child.pid!)
      const res = await window(s, Number(values['per-window']))
      const node = ticks(s.child.pid!) - c0, main = mainTicks(s.child.pid!) - m0, pgTicks = pids.reduce((a, pid, i) => a + ticks(pid) - p0[i]!, 0)
      s.req += res.requests.total; s.secs += res.duration; s.node += node; s.main += main; s.pg += pgTicks
      loads.push(loadavg())
      console.log(`round ${r} ${s.root}: ${Math.round(res.requests.total / res.duration)} req/s, p50 ${res.latency.p50} ms, `
        + `node ${(10 * node / res.requests.total).toFixed(2)} (main thread ${(10 * main / res.requests.total).toFixed(2)}) + pg ${(10 * pgTicks / res.requests.total).toFixed(2)} ms CPU/render, `
        + `${res.non2xx} non-2xx, load ${loads.at(-1)}`)
    }
  }
  console.log(`\ncold listing pages, 10 connections, load ${Math.min(...loads)}-${Math.max(...loads)}`)
  console.table(servers.map((s) => ({
    server: s.root, renders: s.req, 'renders/s': Math.round(s.req / s.secs),
    'node ms/render': +(10 * s.node / s.req).toFixed(2), 'main thread ms/render': +(10 * s.main / s.req).toFixed(2), 'pg ms/render': +(10 * s.pg / s.req).toFixed(2),
    'CPU ms/render': +(10 * (s.node + s.pg) / s.req).toFixed(2),
  })))
} finally {
  await db.end()
  for (const s of servers) { s.child.removeAllListeners('exit'); s.child.kill('SIGTERM') }
}
