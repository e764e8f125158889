/**
 * CPU per request, by kind, on two checkouts' compiled servers (build each first), A B A B, each on a freshly seeded
 * PostgreSQL database: where the 200-user load's main thread goes, one kind at a time. For each kind, a warm-up, then
 * `--requests` requests four at a time; the server's CPU (all threads, and the main thread alone) from /proc divided
 * by the requests. The kinds and their URLs are those of the load (bench/suites/lib.ts).
 *   npx tsx bench/request-cost.ts --root ../before --root . [--rounds 2] [--requests 400] [--only 'listing API']
 *     [--node-args='--cpu-prof --cpu-prof-dir=/tmp/prof']
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { LOAD_PASSWORD, startCompiled } from './suites/lib.ts'
import { lightRequest } from './suites/light-http.ts'
import { personalReload } from './personal-reload.ts'

const { values } = parseArgs({
  options: {
    root: { type: 'string', multiple: true }, rounds: { type: 'string', default: '2' }, requests: { type: 'string', default: '400' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' }, port: { type: 'string', default: '3171' },
    only: { type: 'string' }, 'node-args': { type: 'string', default: '' },
  },
})
const roots = (values.root ?? ['.']).map((r) => path.resolve(r))
const port = Number(values.port)
const base = `http://127.0.0.1:${port}`
const dataDir = `/tmp/request-cost-${process.pid}`
const N = Number(values.requests)

/** utime + stime in ms of the process (every thread) and of its main thread. */
function cpuOf(pid: number): { all: number; main: number } {
  const ticks = (file: string) => {
    const f = readFileSync(file, 'utf8')
    const rest = f.slice(f.lastIndexOf(')') + 2).split(' ')
    return (Number(rest[11]) + Number(rest[12])) * 10 // fields 14 and 15, in 1/100 s
  }
  return { all: ticks(`/proc/${pid}/stat`), main: ticks(`/proc/${pid}/task/${pid}/stat`) }
}

interface Kind { name: string; urls: (i: number) => string[]; headers?: () => Record<string, string> }

async function login(): Promise<{ cookie: string; xsrf: string }> {
  const jar = new Map<string, string>()
  const take = (h: Headers) => { for (const c of h.getSetCookie()) { const [p] = c.split(';'); const i = p!.indexOf('='); jar.set(p!.slice(0, i), p!.slice(i + 1)) } }
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
  take((await lightRequest(`${base}/api/sanctum/csrf-cookie`)).headers)
  const res = await lightRequest(`${base}/api/auth/login`, {
    method: 'POST', body: JSON.stringify({ email: 'load-0@example.com', password: LOAD_PASSWORD }),
    headers: { 'content-type': 'application/json', cookie: cookie(), 'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? '') },
  })
  if (res.status !== 200) throw new Error(`login ${res.status}`)
  take(res.headers)
  return { cookie: cookie(), xsrf: decodeURIComponent(jar.get('XSRF-TOKEN') ?? '') }
}

async function measure(pid: number, kind: Kind): Promise<{ all: number; main: number; ms: number }> {
  let next = 0
  const run = async (count: number) => {
    const worker = async () => {
      for (;;) {
        const i = next++
        if (i >= count) return
        for (const url of kind.urls(i)) {
          const res = await lightRequest(`${base}${url}`, {
            // Each request from its own address, as the load's users are: the per-client limit is not what is measured.
            headers: { accept: url.startsWith('/api') ? 'application/json' : 'text/html', 'x-forwarded-for': `10.9.${(i >> 8) & 255}.${i & 255}`, ...kind.headers?.() },
          })
          if (res.status >= 400) throw new Error(`${kind.name}: ${url} → ${res.status}`)
        }
      }
    }
    await Promise.all([worker(), worker(), worker(), worker()])
  }
  await run(Math.min(100, N))
  next = 0
  const c0 = cpuOf(pid)
  const t0 = performance.now()
  await run(N)
  const ms = performance.now() - t0
  const c1 = cpuOf(pid)
  return { all: (c1.all - c0.all) / N, main: (c1.main - c0.main) / N, ms }
}

const table = new Map<string, string[]>()
for (let round = 0; round < Number(values.rounds); round++) {
  for (const root of roots) {
    const server = await startCompiled(root, {
      databaseUrl: values['database-url']!, dbName: `request_cost_${process.pid}`, dataDir, port, members: 1, nodeArgs: values['node-args'],
    })
    try {
      const listings = ((await lightRequest(`${base}/api/offers?limit=48`)).json() as { data: Array<{ slug: string }> }).data.map((l) => l.slug)
      const all = ((await lightRequest(`${base}/api/offers?limit=48&page=3`)).json() as { data: Array<{ slug: string }> }).data.map((l) => l.slug)
      const member = await login()
      const signedIn = () => ({ cookie: member.cookie })
      const kinds: Kind[] = [
        { name: 'csrf cookie (guest)', urls: () => ['/api/sanctum/csrf-cookie'] },
        { name: 'search API (the load\'s 9)', urls: (i) => [[
          '/api/search?kategoria=mieszkanie&typ=sprzedaz', '/api/search?typ=wynajem&sortowanie=cena-rosnaco', '/api/search?fraza=mieszkanie%20w%20Krakowie',
          '/api/search?kategoria=dom&cena[max]=900000', '/api/search/markers?kategoria=mieszkanie', '/api/search/suggestions?q=krak',
          '/api/offers?promoted=1', '/api/offers?page=2', '/api/search?lokalizacja[lat]=52.23&lokalizacja[lon]=21.01&lokalizacja[nazwa]=Warszawa&promien=10',
        ][i % 9]!] },
        { name: 'listing API (48 listings)', urls: (i) => [`/api/offers/${listings[i % listings.length]}`] },
        { name: 'listing page, guest (cached)', urls: (i) => [`/ogloszenia/${listings[i % listings.length]}`] },
        { name: 'home, guest (cached)', urls: () => ['/'] },
        { name: 'listing page, signed in + own data', urls: (i) => { const u = `/ogloszenia/${listings[i % listings.length]}`; return [u, ...personalReload(u)] }, headers: signedIn },
        { name: 'root .data, signed in', urls: () => ['/_root.data?_routes=root'], headers: signedIn },
        { name: 'listing viewer call, signed in', urls: (i) => [`/api/offers/${listings[i % listings.length]}/viewer`], headers: signedIn },
        { name: '/ulubione, signed in', urls: () => ['/ulubione'], headers: signedIn },
        { name: 'listing page, uncached (48 others)', urls: (i) => [`/ogloszenia/${all[i % all.length]}?x=${i}`] },
      ]
      for (const kind of kinds.filter((k) => !values.only || k.name.includes(values.only))) {
        const r = await measure(server.child.pid!, kind)
        const row = table.get(kind.name) ?? []
        row.push(`${path.basename(root)}: ${r.main.toFixed(2)} / ${r.all.toFixed(2)} ms`)
        table.set(kind.name, row)
      }
    } catch (err) {
      console.error(err)
      process.exitCode = 1
    } finally {
      await server.stop()
    }
    if (process.exitCode) process.exit()
  }
}
console.log(`CPU per request (main thread / all threads), ${N} requests per kind, 4 at a time; rounds in order:`)
for (const [name, row] of table) console.log(`${name.padEnd(38)} ${row.join('   ')}`)
process.exit(0)
