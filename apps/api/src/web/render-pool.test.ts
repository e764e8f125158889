import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServerBuild } from 'react-router'
import { openTestDb } from '@portal/db/testing'
import type { DbHandle } from '@portal/db'
import { buildApp } from '../app.ts'
import { parseEnv } from '../env.ts'
import { createUser, login } from '../routes/api/auth/test-support.ts'
import { REPO_ROOT, WEB_SERVER_ENTRY } from './paths.ts'
import { mountWeb } from './ssr.ts'
import { RenderPool, RenderPoolError } from './render-pool.ts'

/**
 * The SSR render pool (decision 081) with the real web build: the same pages as a render on the main thread, the
 * loaders' API calls carrying the visitor's cookies, a lost worker replaced, and closing waiting for renders.
 */
type App = Awaited<ReturnType<typeof buildApp>>
const noNonce = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""')

describe('SSR render pool', () => {
  let db: DbHandle
  let dataDir: string
  let inProcess: App
  let pooled: App

  async function appWith(workers: number): Promise<App> {
    const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, CAPTCHA: 'off', PAGE_CACHE_MB: '0' })
    const app = await buildApp({ db, env, jobs: false, rateLimitMax: 1_000_000 })
    const build = (await import(pathToFileURL(WEB_SERVER_ENTRY).href)) as ServerBuild
    await mountWeb(app, { getBuild: async () => build, mode: 'production', pool: { size: workers, buildUrl: pathToFileURL(WEB_SERVER_ENTRY).href } })
    await app.ready()
    return app
  }

  beforeAll(async () => {
    if (!existsSync(WEB_SERVER_ENTRY)) {
      const r = spawnSync('npm', ['run', 'build', '-w', '@portal/web'], { cwd: REPO_ROOT, stdio: 'ignore' })
      if (r.status !== 0) throw new Error('the web build failed')
    }
    db = await openTestDb()
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-render-pool-'))
    inProcess = await appWith(0)
    pooled = await appWith(1)
  }, 180_000)

  afterAll(async () => {
    await inProcess?.close()
    await pooled?.close()
    await db?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('renders the same pages as the main thread, with the same status and headers', async () => {
    expect(inProcess.renderPool).toBeUndefined()
    expect(pooled.renderPool?.workers).toHaveLength(1)
    for (const url of ['/', '/szukaj', '/nie-ma-takiej-strony']) {
      const [a, b] = await Promise.all([inProcess.inject({ url }), pooled.inject({ url })])
      expect(b.statusCode, url).toBe(a.statusCode)
      expect(b.headers['content-type'], url).toBe(a.headers['content-type'])
      expect(b.headers['cache-control'], url).toBe(a.headers['cache-control'])
      expect(noNonce(b.body), url).toBe(noNonce(a.body))
    }
    const head = await pooled.inject({ method: 'HEAD', url: '/' })
    expect(head.statusCode).toBe(200)
    expect(head.body).toBe('')
  })

  it('compresses in the worker: the page arrives whole (with its length), br or gzip as asked, the same page', async () => {
    const plain = noNonce((await inProcess.inject({ url: '/szukaj' })).body)
    for (const [asked, enc, unpack] of [['gzip, deflate, br, zstd', 'zstd', zstdDecompressSync], ['br, gzip', 'br', brotliDecompressSync], ['gzip', 'gzip', gunzipSync]] as const) {
      const res = await pooled.inject({ url: '/szukaj', headers: { 'accept-encoding': asked } })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-encoding']).toBe(enc)
      // A length: one buffer from the worker, not the compression plugin's stream (which has none).
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length)
      expect(String(res.headers.vary)).toMatch(/Accept-Encoding/i)
      expect(noNonce(unpack(res.rawPayload).toString('utf8'))).toBe(plain)
    }
    const refused = await pooled.inject({ url: '/szukaj', headers: { 'accept-encoding': 'br', 'x-no-compression': '1' } })
    expect(refused.headers['content-encoding']).toBeUndefined()
    expect(noNonce(refused.body)).toBe(plain)
  })

  it("carries the visitor's cookies to the API: a signed-in visitor is sent away from /auth", async () => {
    const user = await createUser(db)
    const jar = await login(pooled, user.email)
    const guest = await pooled.inject({ url: '/auth' })
    expect(guest.statusCode).toBe(200)
    const signedIn = await pooled.inject({ url: '/auth', headers: { cookie: jar.cookie } })
    expect(signedIn.statusCode).toBe(302)
    expect(signedIn.headers.location).toBe('/')
    const home = await pooled.inject({ url: '/', headers: { cookie: jar.cookie } })
    expect(home.statusCode).toBe(200)
    expect(home.body).toContain(user.email)
  })

  it('replaces a worker that ended: the page under way answers 503, the next one renders', async () => {
    const pool = pooled.renderPool!
    const first = pool.workers[0]!
    const lost = pooled.inject({ url: '/szukaj' })
    while (pool.busy === 0) await new Promise((r) => setImmediate(r))
    await first.terminate()
    const res = await lost
    expect(res.statusCode).toBe(503)
    expect(res.headers['retry-after']).toBe('5')
    expect(res.body).toContain('Serwis chwilowo niedostępny')
    expect(pool.workers[0]).not.toBe(first)
    expect((await pooled.inject({ url: '/' })).statusCode).toBe(200)
  })

  it('tells when its workers hold the build (the server listens then, decision 105), also after one failed to load', async () => {
    const pool = new RenderPool({ size: 2, buildUrl: pathToFileURL(WEB_SERVER_ENTRY).href })
    try {
      // Importing the build takes a worker far longer than this turn of the event loop.
      expect(pool.loadedCount).toBe(0)
      expect(await pool.ready()).toBe(true)
      expect(pool.loadedCount).toBe(2)
      // Hooks hold per thread: each worker registers the one that swaps in React Router's production build.
      expect(pool.reactRouter).toMatch(/\/react-router\/dist\/production\/index\.mjs$/)
    } finally {
      await pool.close()
    }
    // A build that cannot load: ready() does not wait for ever (the worker ends), and a bound gives up.
    const broken = new RenderPool({ size: 1, buildUrl: pathToFileURL(path.join(dataDir, 'no-such-build.js')).href })
    try {
      expect(await broken.ready(5_000)).toBe(true)
      expect(broken.loadedCount).toBe(0)
      // It is not replaced at once (a broken build would fail again and again): a page meanwhile is a 503's error.
      await new Promise((r) => setTimeout(r, 300))
      expect(broken.spawned).toBe(1)
      await expect(broken.render({ url: 'http://x/', method: 'GET', headers: [] }, async () => new Response(null))).rejects.toBeInstanceOf(RenderPoolError)
      // A second try after a second, then after two more.
      await new Promise((r) => setTimeout(r, 1_500))
      expect(broken.spawned).toBe(2)
    } finally {
      await broken.close()
    }
    const slow = new RenderPool({ size: 1, buildUrl: pathToFileURL(WEB_SERVER_ENTRY).href })
    try {
      expect(await slow.ready(1)).toBe(false)
    } finally {
      await slow.close()
    }
  })

  it('closing waits for the renders under way', async () => {
    const app = await appWith(1)
    const pending = app.inject({ url: '/szukaj' })
    await new Promise((r) => setTimeout(r, 20))
    const closed = app.renderPool!.close()
    expect((await pending).statusCode).toBe(200)
    await closed
  })
})
