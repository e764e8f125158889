/**
 * npm run bench -- [--database-url URL] [--listings N] [--duration 10] [--connections 20] [--scenario name[,name]]
 *                  [--data-dir DIR] [--port P] [--seed N] [--page-cache-mb 0] [--accept-encoding identity]
 * Seeds the chosen database up to N listings, starts the real server (API + SSR) as a child process and runs the
 * named scenarios with autocannon. Prints p50/p95/p99 latency and requests/s; writes JSON to bench/results/.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { DEFAULT_SCENARIOS, SCENARIOS, type Scenario } from './scenarios.ts'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const TSX = path.join(ROOT, 'node_modules/.bin/tsx')

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    listings: { type: 'string', default: '3000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    scenario: { type: 'string', multiple: true },
    'data-dir': { type: 'string' },
    port: { type: 'string', default: '0' },
    seed: { type: 'string', default: '1' },
    'no-seed': { type: 'boolean', default: false },
    /** off: every search through SQL (the path used while the index loads after a start). */
    'search-index': { type: 'string', default: 'on' },
    /** PAGE_CACHE_MB of the servers; 0 measures every page as rendered (the cold long tail), with no page cache. */
    'page-cache-mb': { type: 'string' },
    /** The Accept-Encoding every request sends (default `gzip, br`, as browsers); `identity` measures without
     * compression, e.g. to tell the cost of compressing a search answer from the rest, on the same code. */
    'accept-encoding': { type: 'string', default: 'gzip, br' },
    /** Repeatable: serve from these checkouts side by side (e.g. a `git worktree` of the 'before' commit, with its
     * own `npm ci` and `npm run build`); each scenario then runs against each server in turn. Default: this one. */
    'server-root': { type: 'string', multiple: true },
    help: { type: 'boolean', short: 'h', default: false },
  },
})
if (values.help) {
  console.log(`npm run bench -- [--database-url URL] [--listings N] [--duration S] [--connections C] [--scenario a,b]\n`
    + `scenarios: ${SCENARIOS.map((s) => `${s.name} (${s.description})`).join('; ')}`)
  process.exit(0)
}

const url = values['database-url'] ?? process.env.DATABASE_URL
const listings = Number(values.listings!.replace(/_/g, ''))
const duration = Number(values.duration)
const connections = Number(values.connections)
const acceptEncoding = values['accept-encoding']!
// Its own PGlite directory by default, so a bench never fights `npm start` over ./data/pglite.
const dataDir = path.resolve(values['data-dir'] ?? path.join(ROOT, 'data/bench'))
const names = (values.scenario?.flatMap((s) => s.split(',')) ?? DEFAULT_SCENARIOS).map((s) => s.trim()).filter(Boolean)
const scenarios = names.map((n) => SCENARIOS.find((s) => s.name === n) ?? fail(`unknown scenario '${n}' (known: ${SCENARIOS.map((s) => s.name).join(', ')})`))
/** Only scenarios that request pages need a web build; the API-only ones (search, filters…) run without one. */
const measuresPages = scenarios.some((s) => s.requests.some((r) => r.headers?.accept?.includes('text/html')))

function fail(msg: string): never {
  console.error(msg)
  process.exit(1)
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
    srv.on('error', reject)
  })
}

function seed(): number {
  const args = ['packages/db/src/seed/cli.ts', '--listings', String(listings), '--data-dir', dataDir, '--seed', values.seed!]
  if (url) args.push('--database-url', url)
  const t = performance.now()
  const r = spawnSync(TSX, args, { cwd: ROOT, stdio: 'inherit', env: process.env })
  if (r.status !== 0) fail('seeding failed')
  return Math.round(performance.now() - t)
}

const roots = (values['server-root'] ?? [ROOT]).map((r) => path.resolve(r))
// PGlite is one process's files: two servers can only share a PostgreSQL database.
if (roots.length > 1 && !url) fail('several --server-root need --database-url (PostgreSQL)')
const label = (root: string) => {
  const head = spawnSync('git', ['log', '-1', '--format=%h'], { cwd: root, encoding: 'utf8' }).stdout.trim()
  return `${path.basename(root)}${head ? `@${head}` : ''}`
}

async function startServer(port: number, root: string, dir: string): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir,
    PUBLIC_URL: `http://127.0.0.1:${port}`, DEMO_DATA: '0', CAPTCHA: 'off', LOG_LEVEL: 'warn',
    // The bench spreads its requests over many client addresses (X-Forwarded-For) so the per-client rate limit
    // measures its own cost instead of answering 429 after the first second.
    TRUST_PROXY: 'true',
    SEARCH_INDEX: values['search-index'],
  }
  if (values['page-cache-mb'] !== undefined) env.PAGE_CACHE_MB = values['page-cache-mb']
  if (url) env.DATABASE_URL = url
  else delete env.DATABASE_URL
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/api/src/server.ts'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] })
  const deadline = Date.now() + 900_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) fail(`server exited with code ${child.exitCode}`)
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`)
      // Measure the steady state: wait until the in-memory search index has loaded (decision 012).
      if (res.ok && (await res.json() as { search_index?: { state: string } }).search_index?.state !== 'loading') {
        // A checkout without `npm run build` serves the API and answers 503 for pages: measuring that is meaningless.
        const page = measuresPages ? await fetch(`http://127.0.0.1:${port}/`, { headers: { accept: 'text/html' } }) : undefined
        if (page?.status === 503) { child.kill('SIGTERM'); fail(`${root}: pages answer 503 (no web build?): run npm run build there`) }
        return child
      }
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 300))
  }
  child.kill('SIGTERM')
  return fail('server did not become healthy within 900 s')
}

interface Figures {
  scenario: string
  description: string
  requests: number
  rps: number
  p50: number
  p95: number
  p99: number
  max: number
  non2xx: number
  errors: number
  timeouts: number
  throughputMBs: number
  /** For scenarios whose requests are named (the search mix): each name's figures. */
  byName?: { name: string; requests: number; p50: number; p95: number; max: number }[]
}

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0)

async function runScenario(base: string, s: Scenario, seconds: number, conns: number): Promise<Figures> {
  let n = 0
  const total = s.requests.reduce((a, r) => a + (r.weight ?? 1), 0)
  const choose = () => {
    let x = Math.random() * total
    for (const r of s.requests) { x -= r.weight ?? 1; if (x < 0) return r }
    return s.requests[0]!
  }
  const times: number[] = []
  // Named requests: each response's time by the name of its request (onResponse runs just before the 'response'
  // event of the same connection, so the name it leaves is that response's).
  const named = s.requests.some((r) => r.name)
  const byName = new Map<string, number[]>()
  let answered: string | undefined
  const instance = autocannon({
    url: base, connections: conns, duration: seconds,
    requests: [{
      onResponse: (_status: number, _body: unknown, context: Record<string, unknown>) => { answered = context.name as string | undefined },
      setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => {
        const r = choose()
        const i = n++
        context.name = r.name
        const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`
        return {
          ...req, method: r.method ?? 'GET', path: typeof r.path === 'function' ? r.path(i) : r.path,
          headers: { ...(r.headers ?? {}), 'x-forwarded-for': ip, 'accept-encoding': acceptEncoding },
        }
      },
    }],
  })
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    times.push(responseTime)
    if (named && answered) {
      let list = byName.get(answered)
      if (!list) byName.set(answered, list = [])
      list.push(responseTime)
      answered = undefined
    }
  })
  const result = await instance
  times.sort((a, b) => a - b)
  const r = (v: number) => Math.round(v * 10) / 10
  const perName = named ? s.requests.filter((q) => q.name && byName.has(q.name)).map((q) => {
    const list = byName.get(q.name!)!.sort((a, b) => a - b)
    return { name: q.name!, requests: list.length, p50: r(pct(list, 50)), p95: r(pct(list, 95)), max: r(list[list.length - 1] ?? 0) }
  }) : undefined
  return {
    scenario: s.name, description: s.description, requests: result.requests.total,
    rps: Math.round(result.requests.total / (result.duration || seconds)),
    p50: r(pct(times, 50)), p95: r(pct(times, 95)), p99: r(pct(times, 99)), max: r(times[times.length - 1] ?? 0),
    non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts,
    throughputMBs: Math.round((result.throughput.average / 1e6) * 100) / 100,
    ...(perName ? { byName: perName } : {}),
  }
}

const seedMs = values['no-seed'] ? 0 : seed()
// One data directory per server: each keeps its own search-index snapshot and photo pool.
const servers: { label: string, base: string, child: ChildProcess }[] = []
const results: (Figures & { server: string })[] = []
try {
  for (const [i, root] of roots.entries()) {
    const port = Number(values.port) ? Number(values.port) + i : await freePort()
    const child = await startServer(port, root, roots.length > 1 ? `${dataDir}-${i}` : dataDir)
    servers.push({ label: label(root), base: `http://127.0.0.1:${port}`, child })
  }
  for (const s of scenarios) {
    for (const srv of servers) {
      await s.prepare?.(srv.base)
      await runScenario(srv.base, s, 2, Math.min(4, connections)) // warm-up: JIT, caches, connection pool
      const f = await runScenario(srv.base, s, duration, connections)
      results.push({ ...f, server: srv.label })
      console.log(`${s.name}${servers.length > 1 ? ` [${srv.label}]` : ''}: ${f.rps} req/s, p50 ${f.p50} ms, p95 ${f.p95} ms, p99 ${f.p99} ms, max ${f.max} ms${f.non2xx ? `, ${f.non2xx} non-2xx` : ''}`)
      if (f.byName) console.log(f.byName.map((q) => `  ${q.name}: ${q.requests} requests, p50 ${q.p50} / p95 ${q.p95} / max ${q.max} ms`).join('\n'))
    }
  }
} finally {
  for (const srv of servers) srv.child.kill('SIGTERM')
}

const db = url ? `postgres (${new URL(url).pathname.slice(1)})` : 'pglite'
const encodingNote = values['accept-encoding'] !== 'gzip, br' ? `, Accept-Encoding: ${values['accept-encoding']}` : ''
const cacheNote = values['page-cache-mb'] !== undefined ? `, PAGE_CACHE_MB=${values['page-cache-mb']}${Number(values['page-cache-mb']) === 0 ? ' (no page cache: every page rendered)' : ''}` : ''
console.log(`\n${db}, ${listings.toLocaleString('en')} listings, ${connections} connections, ${duration} s per scenario, ${os.cpus().length} CPUs${cacheNote}${encodingNote}`)
console.table(results.map((f) => ({
  scenario: f.scenario, ...(servers.length > 1 ? { server: f.server } : {}), 'req/s': f.rps, 'p50 ms': f.p50, 'p95 ms': f.p95, 'p99 ms': f.p99, 'max ms': f.max,
  requests: f.requests, 'non-2xx': f.non2xx, errors: f.errors + f.timeouts, 'MB/s': f.throughputMBs,
})))
const outDir = path.join(ROOT, 'bench/results')
mkdirSync(outDir, { recursive: true })
const stamp = new Date().toISOString().replace(/[:.]/g, '-')
const file = path.join(outDir, `${stamp}-${url ? 'pg' : 'pglite'}-${listings}.json`)
writeFileSync(file, JSON.stringify({
  at: new Date().toISOString(), database: db, listings, connections, duration, seedMs, node: process.version, pageCacheMb: values['page-cache-mb'] ?? null, acceptEncoding,
  cpus: os.cpus().length, cpu: os.cpus()[0]?.model, results,
}, null, 2))
console.log(`results: ${path.relative(ROOT, file)}`)
