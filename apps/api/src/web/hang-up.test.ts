import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { PassThrough, pipeline, Transform } from 'node:stream'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pino from 'pino'
import type { ServerBuild } from 'react-router'
import { createReadableStreamFromReadable } from '@react-router/node'
import { openTestDb } from '@portal/db/testing'
import type { DbHandle } from '@portal/db'
import { buildApp } from '../app.ts'
import { parseEnv } from '../env.ts'
import { insertListings } from '../test/helpers.ts'
import { createUser, login } from '../routes/api/auth/test-support.ts'
import { apiTargets, CODINGS, hangUp, runHangUps, type Session, type Target } from '../test/hang-up.ts'
import type { LoadContext } from './load-context.ts'
import { mountWeb } from './ssr.ts'

/**
 * Clients that hang up (issue 29): a logged-in visitor leaving /szukaj while it streamed with `Accept-Encoding: br`
 * ended the whole process (an uncaught ERR_STREAM_PREMATURE_CLOSE). Over a real socket, every API operation and
 * pages shaped as React Router's Node entry makes them (a PassThrough piped through a Transform into
 * createReadableStreamFromReadable: small, large, streamed in parts, cached for guests), guest and logged in,
 * identity/gzip/br, each cut at a random moment. The process must stay up with nothing uncaught or logged as an
 * error, connections and timers must go, and the heap must come back to its level. The real pages and the real
 * server: e2e/hostile-clients.spec.ts; 1,500 and more: `npm run test:faults -- --only hangup`.
 */
const COUNT = Number(process.env.HANGUP_COUNT ?? 1000)
const SEED = Number(process.env.HANGUP_SEED ?? 20261127)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Pages as React Router's default Node entry streams them (entry.server.tsx without this project's changes). */
async function site(request: Request, context: LoadContext): Promise<Response> {
  const url = new URL(request.url)
  // What every page's root loader asks; a results page's loaders take a while (the search, the map).
  await (await context.api('/api/user')).arrayBuffer()
  if (url.pathname === '/szukaj') await sleep(40)
  const body = new PassThrough()
  const out = pipeline(body, new Transform({ transform: (chunk, _enc, cb) => cb(null, chunk) }), () => {})
  const stream = createReadableStreamFromReadable(out)
  const part = (i: number) => `<section id="s${i}">${'Mieszkanie na sprzedaż, Kraków. '.repeat(40)}${i}</section>\n`
  void (async () => {
    body.write('<!DOCTYPE html><html><head><title>Strona</title></head><body>')
    if (url.pathname === '/szukaj') {
      // Results: rendered whole, well within the streams' buffers, before anything is sent.
      body.end(`${Array.from({ length: 100 }, (_, i) => part(i)).join('')}</body></html>`)
      return
    }
    if (url.pathname === '/duza') {
      // Rendered at once into the buffers: the render is over while the client has not read it.
      body.end(`${Array.from({ length: 200 }, (_, i) => part(i)).join('')}</body></html>`)
      return
    }
    if (url.pathname === '/strumien') {
      // Suspense boundaries finishing one by one.
      for (let i = 0; i < 30 && !body.destroyed; i++) {
        body.write(part(i))
        await sleep(2)
      }
    }
    if (!body.destroyed) body.end(`${part(0)}</body></html>`)
  })()
  const headers = new Headers({ 'content-type': 'text/html; charset=utf-8' })
  headers.set('cache-control', url.pathname === '/' ? 'public, max-age=0, s-maxage=15' : 'private, no-store')
  return new Response(stream, { headers })
}

const PAGES: Target[] = ['/', '/szukaj?typ=sprzedaz', '/duza', '/strumien', '/ogloszenia/x', '/wiadomosci']
  .map((url) => ({ method: 'GET', url }))

/** A garbage collection (vitest runs without --expose-gc). */
function gc() {
  setFlagsFromString('--expose-gc')
  ;(runInNewContext('gc') as () => void)()
}

/** A whole GET on its own connection (fetch would keep one open, which the connection count would see). */
function get(port: number, url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http.get({ port, host: '127.0.0.1', path: url, agent: false, headers: { connection: 'close', ...headers } }, (res) => {
      let body = ''
      res.setEncoding('utf8').on('data', (d: string) => { body += d }).on('end', () => resolve({ status: res.statusCode!, body }))
    }).on('error', reject)
  })
}

const resources = () => process.getActiveResourcesInfo().filter((r) => r !== 'TTYWrap').length

describe('clients that hang up', () => {
  let db: DbHandle
  let dataDir: string
  let app: Awaited<ReturnType<typeof buildApp>>
  let port: number
  let targets: Target[]
  let sessions: Session[]
  const logged: Array<{ level: number; msg?: string; err?: unknown }> = []
  const uncaught: unknown[] = []
  const onUncaught = (err: unknown) => { uncaught.push(err) }

  beforeAll(async () => {
    db = await openTestDb()
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-hang-up-'))
    const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, CAPTCHA: 'off' })
    const logger = pino({ level: 'warn' }, { write: (line: string) => { logged.push(JSON.parse(line)) } })
    app = await buildApp({ db, env, logger, jobs: false, rateLimitMax: 1_000_000 })
    await mountWeb(app, { getBuild: async () => ({}) as ServerBuild, mode: 'production', handler: site })
    await app.listen({ port: 0, host: '127.0.0.1' })
    await app.searchIndex.load()
    port = (app.server.address() as AddressInfo).port
    const [id] = await insertListings(db, [{ photos: 1 }])
    const user = await createUser(db, { email: `hang-up-${Date.now()}@example.com` })
    sessions = [await login(app, user.email)]
    const values = { id: String(id), slug: `ogloszenie-${id}`, offer: String(id), user: String(user.id) }
    targets = [...PAGES, ...apiTargets(app.swagger() as never, values)]
    process.on('uncaughtException', onUncaught)
    process.on('unhandledRejection', onUncaught)
  })
  afterAll(async () => {
    process.off('uncaughtException', onUncaught)
    process.off('unhandledRejection', onUncaught)
    await app.close()
    await db.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('the reported case: logged in, /szukaj left before its headers, br, gzip and identity', async () => {
    for (const coding of CODINGS) {
      for (const ms of [5, 20]) {
        await hangUp(port, { method: 'GET', url: '/szukaj?typ=sprzedaz' }, coding, { moment: 'before-headers', bytes: 0, ms, reset: false }, sessions[0])
      }
    }
    await sleep(100)
    await sleep(50)
    expect(uncaught).toEqual([])
    expect((await get(port, '/api/health')).status).toBe(200)
  })

  it(`${COUNT} requests over every API operation and page, cut at random moments: nothing but the request is lost`, async () => {
    // Warm-up: modules, statements, caches and pools reach their size before the baseline.
    await runHangUps({ port, count: targets.length, seed: SEED + 1, targets, sessions })
    await sleep(100)
    gc()
    const heapBefore = process.memoryUsage().heapUsed
    const resourcesBefore = resources()

    const r = await runHangUps({ port, count: Math.max(COUNT, targets.length), seed: SEED, targets, sessions })
    expect(r.total).toBeGreaterThanOrEqual(targets.length)
    for (const coding of CODINGS) expect(r.byCoding[coding]).toBeGreaterThan(0)
    expect(r.bySession.guest).toBeGreaterThan(0)
    expect(r.bySession.member).toBeGreaterThan(0)
    expect(r.byStatus['cut before headers']).toBeGreaterThan(0)
    // Cuts that hit a response part-way (not all answers are short enough to have finished).
    expect(r.total - r.complete).toBeGreaterThan(r.total / 2)

    // Nothing left behind: connections, sockets, timers.
    const connections = () => new Promise<number>((res) => app.server.getConnections((_e, n) => res(n)))
    const deadline = Date.now() + 5000
    while (Date.now() < deadline && (await connections()) > 0) await sleep(20)
    expect(await connections()).toBe(0)
    await sleep(100)
    expect(resources()).toBeLessThanOrEqual(resourcesBefore + 2)
    expect(uncaught).toEqual([])
    expect(logged.filter((l) => l.level >= 50)).toEqual([])

    // The process is up and answers a page and the API as before.
    const page = await get(port, '/strumien', { cookie: sessions[0]!.cookie })
    expect(page.status).toBe(200)
    expect(page.body).toContain('</html>')
    expect((await get(port, '/api/health')).status).toBe(200)

    gc()
    const grown = process.memoryUsage().heapUsed - heapBefore
    expect(grown, `heap grew ${(grown / 1e6).toFixed(1)} MB`).toBeLessThan(8e6)
    console.log(`hang-up: ${r.total} requests in ${(r.ms / 1000).toFixed(1)} s over ${targets.length} targets; heap ${(grown / 1e6).toFixed(1)} MB; `
      + `${JSON.stringify(r.byMoment)} ${JSON.stringify(r.bySession)} complete ${r.complete}`)
  }, 120_000)
})
