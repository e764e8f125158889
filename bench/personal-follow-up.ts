/**
 * A signed-in visitor's listing page on two checkouts, one request at a time, the two asked in turn (A B A B …) so
 * both see the same machine (which goes first alternates per listing): the shared copy (decision 099), then the follow-up its browser makes, as that checkout's
 * own bench/personal-reload.ts says (before decision 102: the listing's whole .data; after: root's .data and
 * GET /api/offers/:slug/viewer), timed one after another and again at once as a browser asks them.
 *   npx tsx bench/personal-follow-up.ts --database-url URL --server-root /path/before --server-root . \
 *     [--listings 40] [--rounds 3] [--port 4140] [--data-dir /tmp/personal-follow-up]
 * Builds nothing (`npm run build` in each checkout first). The servers start as `npm start` does (the local demo set-up:
 * demo data on an empty database, the demo logins), the first before the second (it may seed the database). Before a
 * listing's timed requests each server is asked for it anonymously until it answers from its page cache.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import http from 'node:http'
import path from 'node:path'
import { readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { cookieHeader, demoLogin } from './demo-login.ts'

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' }, 'server-root': { type: 'string', multiple: true },
    listings: { type: 'string', default: '40' }, rounds: { type: 'string', default: '3' }, port: { type: 'string', default: '4140' },
    'data-dir': { type: 'string', default: '/tmp/personal-follow-up' },
  },
})
const url = values['database-url'] ?? process.env.DATABASE_URL
if (!url || values['server-root']?.length !== 2) {
  console.error('usage: npx tsx bench/personal-follow-up.ts --database-url URL --server-root BEFORE --server-root AFTER')
  process.exit(1)
}
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')

interface Server { root: string; port: number; child?: ChildProcess; agent: http.Agent; agents: http.Agent[]; cookie: string; followUp: (u: string) => string[]; times: Map<string, number[]> }
const servers: Server[] = []
for (const [i, r] of values['server-root'].entries()) {
  const root = path.resolve(r)
  const mod = await import(pathToFileURL(path.join(root, 'bench/personal-reload.ts')).href) as { personalReload: (u: string) => string | string[] }
  servers.push({
    root, port: Number(values.port) + i, agent: new http.Agent({ keepAlive: true, maxSockets: 1 }), cookie: '',
    agents: [0, 1, 2].map(() => new http.Agent({ keepAlive: true, maxSockets: 1 })),
    followUp: (u) => [mod.personalReload(u)].flat(), times: new Map(),
  })
}

async function start(s: Server, i: number) {
  const env: NodeJS.ProcessEnv = {
    ...process.env, NODE_ENV: 'production', PORTAL_NODE_ENV_DEFAULTED: '1', DEMO_DATA: '1', PORT: String(s.port), HOST: '127.0.0.1',
    DATA_DIR: `${values['data-dir']}-${i}`, PUBLIC_URL: `http://127.0.0.1:${s.port}`, CAPTCHA: 'off', LOG_LEVEL: 'error',
    TRUST_PROXY: 'true', DATABASE_URL: url,
  }
  s.child = spawn(path.join(s.root, 'node_modules/.bin/node'), ['apps/api/build/server.mjs'], { cwd: s.root, env, stdio: ['ignore', 'inherit', 'inherit'] })
  s.child.on('exit', (code) => { console.error(`${s.root}: server exited (${code})`); process.exit(1) })
  for (;;) {
    try { if ((await fetch(`http://127.0.0.1:${s.port}/api/health`)).ok) return } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 500))
  }
}

function get(s: Server, p: string, cookie?: string, agent = s.agent): Promise<{ ms: number; status: number; cache?: string }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now()
    http.get({ host: '127.0.0.1', port: s.port, path: p, agent, headers: {
      accept: p.startsWith('/api/') ? 'application/json' : 'text/html', 'accept-encoding': 'gzip, br', 'x-forwarded-for': '10.9.8.7',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) personal-follow-up', ...(cookie ? { cookie } : {}),
    } }, (res) => {
      res.on('data', () => {})
      res.on('end', () => resolve({ ms: performance.now() - t0, status: res.statusCode!, cache: res.headers['x-cache'] as string | undefined }))
    }).on('error', reject)
  })
}

async function login(s: Server) {
  const base = `http://127.0.0.1:${s.port}`
  const jar = await demoLogin(base)
  jar.set('isLogged', '1')
  s.cookie = cookieHeader(jar)
}

const record = (s: Server, kind: string, ms: number) => { if (!s.times.has(kind)) s.times.set(kind, []); s.times.get(kind)!.push(ms) }
const pct = (xs: number[], p: number) => { const a = [...xs].sort((x, y) => x - y); return a[Math.min(a.length - 1, Math.floor(p * a.length))]! }

try {
  const loadStart = loadavg()
  for (const [i, s] of servers.entries()) await start(s, i)
  for (const s of servers) await login(s)
  const list = await (await fetch(`http://127.0.0.1:${servers[0]!.port}/api/offers?limit=48`)).json() as { data: { slug: string }[] }
  const slugs = list.data.slice(0, Number(values.listings)).map((l) => l.slug)
  // Warm-up: every listing once signed in on each (views counted once a day: later rounds count none on either side).
  for (const slug of slugs) for (const s of servers) {
    for (let k = 0; k < 5 && (await get(s, `/ogloszenia/${slug}`)).cache !== 'hit'; k++) { /* until stored */ }
    for (const f of s.followUp(`/ogloszenia/${slug}`)) await get(s, f, s.cookie)
  }
  let notShared = 0
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const [n, slug] of slugs.entries()) {
      // Each side first for every other listing: neither always follows the other's heavier requests.
      for (const s of n % 2 ? [...servers].reverse() : servers) {
        const page = `/ogloszenia/${slug}`
        for (let k = 0; k < 5 && (await get(s, page)).cache !== 'hit'; k++) { /* a fresh copy for the signed-in request */ }
        const shared = await get(s, page, s.cookie)
        if (shared.cache !== 'shared') { notShared++; continue }
        record(s, 'shared copy', shared.ms)
        let total = 0
        for (const f of s.followUp(page)) {
          const r = await get(s, f, s.cookie)
          if (r.status !== 200) throw new Error(`${s.root} ${f}: ${r.status}`)
          record(s, f.includes('/viewer') ? 'GET /api/offers/:slug/viewer' : f.includes('_routes=root') ? '.data, root only' : '.data, root + listing', r.ms)
          total += r.ms
        }
        record(s, 'follow-up, one after another', total)
        record(s, 'page + follow-up', shared.ms + total)
        // As the browser asks them: at once (each on its own connection); the time until the last answer.
        const t0 = performance.now()
        await Promise.all(s.followUp(page).map((f, k) => get(s, f, s.cookie, s.agents[k])))
        record(s, 'follow-up at once (browser)', performance.now() - t0)
      }
    }
  }
  console.log(`${slugs.length} listings × ${values.rounds} rounds, one request at a time, A B A B; load ${loadStart} → ${loadavg()}; not shared: ${notShared}`)
  for (const s of servers) {
    console.log(`\n${s.root} (follow-up: ${s.followUp('/ogloszenia/x').join(' + ')})`)
    for (const [kind, xs] of s.times) console.log(`  ${kind.padEnd(32)} n=${xs.length}  p50 ${pct(xs, 0.5).toFixed(1)} ms  p90 ${pct(xs, 0.9).toFixed(1)} ms  mean ${(xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(1)} ms`)
  }
} finally {
  for (const s of servers) s.child?.kill('SIGTERM')
}
