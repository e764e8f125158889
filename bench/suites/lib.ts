/**
 * Shared parts of the load and fault suites: a throw-away PostgreSQL cluster, preparing a database (demo data and
 * load users), the real server as a child process, and virtual users that browse, search and write.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { migrate, openDb, syncCatalogue, users, type DbHandle } from '@portal/db'
import { hashPassword } from '../../apps/api/src/lib/accounts/password.ts'
import { personalReload } from '../personal-reload.ts'
import { dropConnections, type LightInit, type LightResponse, lightRequest } from './light-http.ts'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const TSX = path.join(ROOT, 'node_modules/.bin/tsx')
export const LOAD_PASSWORD = 'Obciazenie-2026'
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

// ---------------------------------------------------------------------------------------------------------------
// A throw-away PostgreSQL cluster (never the shared server on 5432).

export interface Cluster {
  url: (db?: string) => string
  port: number
  pgCtl: (...args: string[]) => void
  restartFast: () => void
  stopFast: () => void
  start: () => void
  destroy: () => void
}

function pgBinDir(): string {
  const base = '/usr/lib/postgresql'
  const versions = existsSync(base) ? readdirSync(base).filter((v) => existsSync(path.join(base, v, 'bin', 'initdb'))) : []
  if (!versions.length) throw new Error('no /usr/lib/postgresql/*/bin/initdb: install postgresql (apt-get install postgresql)')
  return path.join(base, versions.sort((a, b) => Number(b) - Number(a))[0]!, 'bin')
}

/** initdb + start on `port` in a temp folder (as the postgres user when running as root). */
export function startCluster(port: number): Cluster {
  const bin = pgBinDir()
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-suite-pg-'))
  const data = path.join(dir, 'data')
  const log = path.join(dir, 'server.log')
  let asUser: string[] = []
  if (process.getuid?.() === 0) {
    const user = ['postgres', 'nobody'].find((u) => spawnSync('id', ['-u', u]).status === 0)
    if (!user) throw new Error('running as root without a postgres or nobody user for initdb')
    chownSync(dir, Number(spawnSync('id', ['-u', user]).stdout), Number(spawnSync('id', ['-g', user]).stdout))
    asUser = ['runuser', '-u', user, '--']
  }
  const run = (args: string[], allowFail = false) => {
    const [cmd, ...rest] = [...asUser, ...args]
    const r = spawnSync(cmd!, rest, { cwd: dir, encoding: 'utf8' })
    if (r.status !== 0 && !allowFail) {
      throw new Error(`${args.join(' ')} failed: ${r.stderr}${existsSync(log) ? readFileSync(log, 'utf8').slice(-2000) : ''}`)
    }
  }
  run([path.join(bin, 'initdb'), '-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8'])
  // fsync stays on: the fault suite checks that acknowledged writes survive a restart.
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c shared_buffers=128MB`
  const pgCtl = (...args: string[]) => run([path.join(bin, 'pg_ctl'), '-D', data, '-l', log, ...args])
  pgCtl('-w', '-t', '60', '-o', opts, 'start')
  return {
    port,
    url: (db = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${db}`,
    pgCtl,
    restartFast: () => pgCtl('-w', '-t', '60', '-m', 'fast', '-o', opts, 'restart'),
    stopFast: () => pgCtl('-w', '-t', '60', '-m', 'fast', 'stop'),
    start: () => pgCtl('-w', '-t', '60', '-o', opts, 'start'),
    destroy: () => {
      if (existsSync(path.join(data, 'postmaster.pid'))) run([path.join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', '-w', 'stop'], true)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export async function createDatabase(serverUrl: string, name: string): Promise<string> {
  const { default: pg } = await import('pg')
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

// ---------------------------------------------------------------------------------------------------------------
// The database: demo listings and load users.

export interface Target { databaseUrl?: string; dataDir: string }

export function openTarget(t: Target): Promise<DbHandle> {
  return t.databaseUrl ? openDb({ url: t.databaseUrl, poolSize: 4 }) : openDb({ dataDir: path.join(t.dataDir, 'pglite') })
}

/** Migrated, with `listings` demo listings (only when empty) and `members` verified users load-N@example.com. */
export async function prepare(t: Target, o: { listings: number; members: number; log?: (m: string) => void }): Promise<void> {
  mkdirSync(t.dataDir, { recursive: true })
  const db = await openTarget(t)
  try {
    await migrate(db)
    await syncCatalogue(db.db)
    const { seedContent, seedDemo } = await import('@portal/db/seed')
    await seedContent(db.db)
    const [{ n }] = (await db.db.execute(sql`select count(*)::int as n from listings`) as unknown as { rows: Array<{ n: number }> }).rows
    if (n === 0 && o.listings > 0) {
      o.log?.(`seeding ${o.listings} demo listings ...`)
      await seedDemo(db, { dataDir: t.dataDir, listings: o.listings, log: () => {} })
    }
    const hash = await hashPassword(LOAD_PASSWORD)
    const rows = Array.from({ length: o.members }, (_, i) => ({
      email: `load-${i}@example.com`, name: `Użytkownik ${i}`, passwordHash: hash, emailVerifiedAt: new Date(),
    }))
    if (rows.length) await db.db.insert(users).values(rows).onConflictDoNothing()
  } finally {
    await db.close()
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The real server (API + SSR) as a child process.

export interface Server { child: ChildProcess; port: number; base: string; output: string[]; alive: () => boolean }

export function ensureWebBuild(): void {
  if (existsSync(path.join(ROOT, 'apps/web/build/server/index.js'))) return
  console.log('building the web app ...')
  const r = spawnSync('npm', ['run', 'build', '-w', '@portal/web'], { cwd: ROOT, stdio: 'inherit' })
  if (r.status !== 0) throw new Error('web build failed')
}

export async function startServer(t: Target, port: number, extraEnv: Record<string, string> = {}): Promise<Server> {
  const env: NodeJS.ProcessEnv = {
    ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: t.dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`, DEMO_DATA: '0', CAPTCHA: 'off', LOG_LEVEL: 'warn',
    // Every virtual user has its own address (X-Forwarded-For), as real visitors do, for the per-client limits.
    TRUST_PROXY: '127.0.0.1', ...extraEnv,
  }
  if (t.databaseUrl) env.DATABASE_URL = t.databaseUrl
  else delete env.DATABASE_URL
  delete env.SMTP_URL
  const child = spawn(TSX, ['apps/api/src/server.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  const output: string[] = []
  const keep = (b: Buffer) => { output.push(String(b)); if (output.length > 2000) output.shift() }
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const server: Server = { child, port, base: `http://127.0.0.1:${port}`, output, alive: () => child.exitCode === null && child.signalCode === null }
  const deadline = Date.now() + 240_000
  while (Date.now() < deadline) {
    if (!server.alive()) throw new Error(`server exited (${child.exitCode ?? child.signalCode}):\n${output.join('').slice(-3000)}`)
    try {
      const res = await fetch(`${server.base}/api/health`)
      if (res.ok && (await res.json() as { search_index?: { state: string } }).search_index?.state !== 'loading') return server
    } catch { /* not up yet */ }
    await sleep(300)
  }
  child.kill('SIGKILL')
  throw new Error('server did not become healthy within 240 s')
}

/**
 * A checkout's compiled server (`npm start`'s apps/api/build/server.mjs; build it first) on a freshly created and seeded
 * PostgreSQL database (3,000 listings, `members` load users), once it answers: the two-checkout benches (load-ab.ts,
 * request-cost.ts) run each side this way. `stop()` ends it gracefully (a --cpu-prof profile is written then).
 */
export async function startCompiled(root: string, o: { databaseUrl: string; dbName: string; dataDir: string; port: number; members: number; nodeArgs?: string }):
  Promise<{ child: ChildProcess; spawnedToAnswerMs: number; stop: () => Promise<void> }> {
  const url = await createDatabase(o.databaseUrl, o.dbName)
  rmSync(o.dataDir, { recursive: true, force: true })
  await prepare({ dataDir: o.dataDir, databaseUrl: url }, { listings: 3000, members: o.members })
  const base = `http://127.0.0.1:${o.port}`
  const env: NodeJS.ProcessEnv = {
    ...process.env, NODE_ENV: 'production', PORT: String(o.port), HOST: '127.0.0.1', DATA_DIR: o.dataDir, DATABASE_URL: url,
    PUBLIC_URL: base, DEMO_DATA: '0', CAPTCHA: 'off', LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1',
  }
  delete env.SMTP_URL
  const spawned = Date.now()
  const args = [...(o.nodeArgs ?? '').split(' ').filter(Boolean), path.join(root, 'apps/api/build/server.mjs')]
  const child = spawn(path.join(root, 'node_modules/.bin/node'), args, { env, stdio: 'ignore' })
  // Ready = answering; the search index may still load (SQL answers meanwhile), as a load balancer would see it.
  for (;;) {
    try { if ((await lightRequest(`${base}/api/health`)).status === 200) break } catch { /* not listening yet */ }
    await sleep(100)
  }
  const spawnedToAnswerMs = Date.now() - spawned
  const stop = async () => {
    // The client's kept-alive sockets would hold the graceful stop open.
    dropConnections()
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await Promise.race([exited, sleep(15_000)])
    child.kill('SIGKILL')
  }
  return { child, spawnedToAnswerMs, stop }
}

export async function stopServer(s: Server): Promise<void> {
  if (!s.alive()) return
  const exited = new Promise((r) => s.child.once('exit', r))
  s.child.kill('SIGTERM')
  await Promise.race([exited, sleep(30_000)])
  if (s.alive()) s.child.kill('SIGKILL')
}

// ---------------------------------------------------------------------------------------------------------------
// Virtual users.

export interface Ack { offers: Array<{ id: number; title: string }>; favorites: Array<{ email: string; offerId: number }> }

export interface LoadStats {
  requests: number
  latencies: number[]
  /** When each request (same order as latencies) was sent, in ms after the load began. */
  sentAt: number[]
  /** Each request's kind (same order as latencies). */
  kinds: string[]
  byKind: Map<string, { n: number; ms: number; all: number[] }>
  /** 5xx, network errors, unexpected statuses: key → count, with one example each. */
  errors: Map<string, { n: number; example: string }>
  /** 503 answered while the database was away (fault suite): expected, counted apart. */
  unavailable: number
  ack: Ack
}

interface Jar { cookie: string; xsrf: string }

function cookiesOf(res: { headers: Headers }, prev?: Jar): Jar {
  const jar: Record<string, string> = {}
  for (const part of (prev?.cookie ?? '').split('; ').filter(Boolean)) {
    const i = part.indexOf('=')
    jar[part.slice(0, i)] = part.slice(i + 1)
  }
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';')
    const i = pair!.indexOf('=')
    jar[pair!.slice(0, i)] = pair!.slice(i + 1)
  }
  return { cookie: Object.entries(jar).map(([k, v]) => `${k}=${v}`).join('; '), xsrf: decodeURIComponent(jar['XSRF-TOKEN'] ?? '') }
}

export interface LoadOptions {
  base: string
  users: number
  /** How many of them log in (favourites, listing writes). */
  members: number
  seconds: number
  /** Fault mode: writes only add (never remove), so every acknowledged write can be checked afterwards. */
  appendOnly?: boolean
  /** Called with the stats once per second. */
  tick?: (elapsed: number, s: LoadStats) => void
  /** True while a fault is being injected (503s then are expected). */
  outage?: () => boolean
}

const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!
const SEARCHES = [
  '/api/search?kategoria=mieszkanie&typ=sprzedaz', '/api/search?typ=wynajem&sortowanie=cena-rosnaco',
  '/api/search?fraza=mieszkanie%20w%20Krakowie', '/api/search?kategoria=dom&cena[max]=900000',
  '/api/search?lokalizacja[lat]=52.23&lokalizacja[lon]=21.01&lokalizacja[nazwa]=Warszawa&promien=10',
  '/api/search/markers?kategoria=mieszkanie', '/api/search/suggestions?q=krak', '/api/offers?promoted=1', '/api/offers?page=2',
]
const PAGES = ['/szukaj', '/szukaj?kategoria=mieszkanie&typ=sprzedaz', '/szukaj?fraza=dom&strona=2',
  '/nieruchomosci/mieszkanie/sprzedaz/krakow', '/nieruchomosci/dom/wynajem', '/uslugi']

/** Runs `users` virtual users for `seconds`; members log in first. */
export async function runLoad(o: LoadOptions): Promise<LoadStats> {
  const stats: LoadStats = { requests: 0, latencies: [], sentAt: [], kinds: [], byKind: new Map(), errors: new Map(), unavailable: 0, ack: { offers: [], favorites: [] } }
  const catalogue = await (await fetch(`${o.base}/api/offers?limit=48`)).json() as { data: Array<{ id: number; slug: string }> }
  const listings = catalogue.data
  const end = Date.now() + o.seconds * 1000
  const started = Date.now()
  const startedAt = performance.now()
  const ticker = setInterval(() => o.tick?.(Math.round((Date.now() - started) / 1000), stats), 1000)

  const record = (kind: string, ms: number) => {
    stats.requests++
    stats.latencies.push(ms)
    stats.sentAt.push(performance.now() - ms - startedAt)
    stats.kinds.push(kind)
    const k = stats.byKind.get(kind) ?? { n: 0, ms: 0, all: [] }
    k.n++
    k.ms += ms
    k.all.push(ms)
    stats.byKind.set(kind, k)
  }
  const fail = (key: string, example: string) => {
    const e = stats.errors.get(key) ?? { n: 0, example }
    e.n++
    stats.errors.set(key, e)
  }

  async function call(ip: string, kind: string, url: string, init: LightInit = {}, expect: number[] = [200]): Promise<LightResponse | null> {
    const t0 = performance.now()
    try {
      const res = await lightRequest(`${o.base}${url}`, {
        ...init,
        headers: { 'x-forwarded-for': ip, accept: url.startsWith('/api') ? 'application/json' : 'text/html', ...(init.headers ?? {}) },
      })
      record(kind, performance.now() - t0)
      if (res.status === 503 && o.outage?.()) {
        stats.unavailable++
        return null
      }
      if (!expect.includes(res.status)) {
        fail(`${kind} ${res.status}`, `${init.method ?? 'GET'} ${url} → ${res.status} ${res.text().slice(0, 200)}`)
        return null
      }
      return res
    } catch (err) {
      record(kind, performance.now() - t0)
      if (o.outage?.()) {
        stats.unavailable++
        return null
      }
      fail(`${kind} network`, `${url}: ${(err as Error).message}`)
      return null
    }
  }

  /** A page as a browser gets it: a signed-in one given the shared page then loads its own data (decision 099). */
  async function page(ip: string, kind: string, url: string, jar: Jar | null) {
    const res = await call(ip, kind, url, jar ? { headers: { cookie: jar.cookie } } : {})
    // The browser asks them at once (root's reload and a listing's viewer call, decision 102).
    if (jar && res?.headers.get('x-cache') === 'shared') {
      await Promise.all(personalReload(url).map((u) => call(ip, 'own data of a shared page', u, { headers: { cookie: jar.cookie } })))
    }
  }

  async function user(i: number) {
    const ip = `10.77.${(i >> 8) & 255}.${i & 255}`
    const member = i < o.members
    const email = `load-${i}@example.com`
    let jar = null as Jar | null
    const mine: number[] = []
    const faves = new Set<number>()
    const login = async () => {
      const c = await call(ip, 'csrf', '/api/sanctum/csrf-cookie', {}, [204])
      if (!c) return
      const guest = cookiesOf(c)
      const res = await call(ip, 'login', '/api/auth/login', {
        method: 'POST', body: JSON.stringify({ email, password: LOAD_PASSWORD }),
        headers: { 'content-type': 'application/json', cookie: guest.cookie, 'x-xsrf-token': guest.xsrf },
      })
      if (res) jar = cookiesOf(res, guest)
    }
    const write = (method: string, url: string, body: unknown, kind: string, expect: number[]) => call(ip, kind, url, {
      method, body: body === undefined ? undefined : JSON.stringify(body),
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), cookie: jar!.cookie, 'x-xsrf-token': jar!.xsrf },
    }, expect)

    // Start spread over the first two seconds, as people arrive.
    await sleep(Math.random() * 2000)
    if (member) await login()
    let n = 0
    while (Date.now() < end) {
      n++
      const roll = Math.random()
      if (member && !jar) { await login(); if (!jar) { await sleep(500); continue } }
      if (member && roll < 0.12) {
        const l = pick(listings)
        const res = await write('POST', '/api/favorites', { offer_id: l.id }, 'favourite add', [200, 201])
        if (res) { faves.add(l.id); stats.ack.favorites.push({ email, offerId: l.id }) }
      } else if (member && roll < 0.17 && !o.appendOnly && faves.size) {
        const id = pick([...faves])
        if (await write('DELETE', `/api/favorites/${id}`, undefined, 'favourite remove', [200, 204])) faves.delete(id)
      } else if (member && roll < 0.22) {
        await call(ip, 'favourites page', '/ulubione', { headers: { cookie: jar!.cookie } })
      } else if (member && roll < 0.27) {
        const title = `Obciążenie ${i}-${n}-${Date.now()}`
        const res = await write('POST', '/api/offers', offerBody(title, i), 'listing create', [201])
        if (res) {
          const { id } = await res.json() as { id: number }
          mine.push(id)
          stats.ack.offers.push({ id, title })
        }
      } else if (member && roll < 0.30 && mine.length && !o.appendOnly) {
        const id = pick(mine)
        await write('PUT', `/api/offers/${id}`, offerBody(`Obciążenie ${i}-${n} zmiana`, i), 'listing update', [200])
      } else if (roll < 0.45) {
        await call(ip, 'search API', pick(SEARCHES))
      } else if (roll < 0.62) {
        await page(ip, 'search page', pick(PAGES), jar)
      } else if (roll < 0.78) {
        await page(ip, 'listing page', `/ogloszenia/${pick(listings).slug}`, jar)
      } else if (roll < 0.9) {
        await page(ip, 'home', '/', jar)
      } else {
        await call(ip, 'listing API', `/api/offers/${pick(listings).slug}`)
      }
      // Think time: a person reads a page for a moment.
      await sleep(200 + Math.random() * 800)
    }
  }

  await Promise.all(Array.from({ length: o.users }, (_, i) => user(i)))
  clearInterval(ticker)
  return stats
}

function offerBody(title: string, i: number) {
  return {
    title: title.slice(0, 70), category_id: 1, offer_type: 'sell', price: 40_000_000 + i * 1000,
    description: 'Mieszkanie dodane przez test obciążeniowy.', status: 'publish',
    location: { lat: 52.2 + (i % 50) / 1000, lon: 21 + (i % 50) / 1000, name: 'Mokotów, Warszawa' },
    attributes: [{ id: 4, value: '48' }, { id: 11, value: '2' }],
  }
}

export const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0)

export function summary(label: string, s: LoadStats, seconds: number): string {
  const sorted = [...s.latencies].sort((a, b) => a - b)
  const errors = [...s.errors.values()].reduce((a, e) => a + e.n, 0)
  // The first seconds carry the arrivals (every member's login at once); the rest is the steady state.
  const steady = s.latencies.filter((_, i) => s.sentAt[i]! >= 10_000).sort((a, b) => a - b)
  const lines = [
    `${label}: ${s.requests} requests in ${seconds} s = ${(s.requests / seconds).toFixed(1)} req/s; ` +
      `p50 ${pct(sorted, 50).toFixed(0)} ms, p95 ${pct(sorted, 95).toFixed(0)} ms, p99 ${pct(sorted, 99).toFixed(0)} ms; errors ${errors}` +
      (s.unavailable ? `; 503/unreachable during faults ${s.unavailable}` : ''),
    `  sent after the first 10 s: ${steady.length} requests; p50 ${pct(steady, 50).toFixed(0)} ms, p95 ${pct(steady, 95).toFixed(0)} ms, p99 ${pct(steady, 99).toFixed(0)} ms`,
    ...[...s.byKind].sort((a, b) => b[1].n - a[1].n).map(([k, v]) => {
      const all = [...v.all].sort((a, b) => a - b)
      return `  ${k.padEnd(18)} ${String(v.n).padStart(6)}  avg ${(v.ms / v.n).toFixed(0)} ms, p95 ${pct(all, 95).toFixed(0)} ms, p99 ${pct(all, 99).toFixed(0)} ms`
    }),
    ...[...s.errors].map(([k, e]) => `  ERROR ${k}: ${e.n} (e.g. ${e.example})`),
  ]
  return lines.join('\n')
}
