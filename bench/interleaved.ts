/**
 * Latency of one page on two servers asked in turn, one request at a time (A B A B …), so both see the same machine:
 *   npx tsx bench/interleaved.ts --database-url URL --path /inwestycje/slug --server-root /path/before --server-root . \
 *     [--requests 300] [--page-cache-mb 0] [--port 4740]
 * Starts each checkout's compiled server (`npm run build` there first) on the same PostgreSQL database, warms both up,
 * then times --requests requests to each (`Accept-Encoding: gzip, br`, the body read, not decoded) and prints p50, p90,
 * p95 and p99 per server and the load average.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import http from 'node:http'
import path from 'node:path'
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' }, path: { type: 'string' }, 'server-root': { type: 'string', multiple: true },
    requests: { type: 'string', default: '300' }, 'page-cache-mb': { type: 'string', default: '0' }, port: { type: 'string', default: '4740' },
    'data-dir': { type: 'string', default: '/tmp/interleaved' },
  },
})
const url = values['database-url'] ?? process.env.DATABASE_URL
if (!url || !values.path || !values['server-root']?.length) {
  console.error('usage: npx tsx bench/interleaved.ts --database-url URL --path PATH --server-root A --server-root B')
  process.exit(1)
}
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
const servers = values['server-root'].map((r, i) => {
  const root = path.resolve(r), port = Number(values.port) + i
  const env: NodeJS.ProcessEnv = {
    ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: `${values['data-dir']}-${i}`,
    PUBLIC_URL: `http://127.0.0.1:${port}`, DEMO_DATA: '0', CAPTCHA: 'off', LOG_LEVEL: 'error', TRUST_PROXY: 'true',
    DATABASE_URL: url, PAGE_CACHE_MB: values['page-cache-mb'],
  }
  const child: ChildProcess = spawn(path.join(root, 'node_modules/.bin/node'), ['apps/api/build/server.mjs'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] })
  child.on('exit', (code) => { console.error(`${root}: server exited (${code})`); process.exit(1) })
  return { root, port, child, times: [] as number[] }
})
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
let n = 0
function get(port: number): Promise<number> {
  const i = n++
  return new Promise((resolve, reject) => {
    const t0 = performance.now()
    http.get({ host: '127.0.0.1', port, path: values.path, agent, headers: {
      accept: 'text/html', 'accept-encoding': 'gzip, br', 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    } }, (res) => {
      res.on('data', () => {})
      res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - t0) : reject(new Error(`status ${res.statusCode}`))))
    }).on('error', reject)
  })
}
try {
  for (const s of servers) {
    for (;;) {
      try { if ((await fetch(`http://127.0.0.1:${s.port}/api/health`)).ok) break } catch { /* not up yet */ }
      await new Promise((r) => setTimeout(r, 500))
    }
  }
  for (let i = 0; i < 40; i++) for (const s of servers) await get(s.port) // warm-up
  const before = loadavg()
  for (let i = 0; i < Number(values.requests); i++) {
    for (const s of i % 2 ? [...servers].reverse() : servers) s.times.push(await get(s.port))
  }
  const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!.toFixed(1)
  console.log(`${values.path}, ${values.requests} requests each, one at a time, in turn; load ${before} -> ${loadavg()}`)
  console.table(servers.map((s) => {
    const xs = [...s.times].sort((a, b) => a - b)
    return { server: s.root, p50: pct(xs, 50), p90: pct(xs, 90), p95: pct(xs, 95), p99: pct(xs, 99), max: xs.at(-1)!.toFixed(1) }
  }))
} finally {
  for (const s of servers) { s.child.removeAllListeners('exit'); s.child.kill('SIGTERM') }
}
