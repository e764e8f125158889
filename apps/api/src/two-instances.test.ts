import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'
import { openDb, type DbHandle } from '@portal/db'
import { openTestDb } from '@portal/db/testing'
import { buildApp } from './app.ts'
import { parseEnv } from './env.ts'
import { startS3 } from './test/s3-server.ts'
import { createUser, PASSWORD } from './routes/api/auth/test-support.ts'
import { validOffer } from './routes/api/offers/test-support.ts'

/**
 * Two API instances on one PostgreSQL server behind a round-robin proxy, as in production behind a load balancer:
 * nothing a request needs may live only in the other instance's memory or disk. PostgreSQL only (PGlite is one
 * process's database).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances behind a round-robin proxy', () => {
  let s3: Awaited<ReturnType<typeof startS3>>
  let primary: DbHandle
  const handles: DbHandle[] = []
  const apps: Awaited<ReturnType<typeof buildApp>>[] = []
  const dirs: string[] = []
  let proxy: http.Server
  let base = ''
  const ticks: string[] = []

  beforeAll(async () => {
    s3 = await startS3()
    primary = await openTestDb()
    const env = {
      NODE_ENV: 'test', STORAGE_URL: s3.storageUrl, CAPTCHA: 'off',
      APP_KEY: 'two-instances-test-key-0123456789abcdefghijklmnop',
    }
    for (const name of ['a', 'b']) {
      const db = name === 'a' ? primary : await openDb({ url: primary.url!, poolSize: 4 })
      if (name === 'b') handles.push(db)
      const dataDir = mkdtempSync(path.join(os.tmpdir(), `portal-two-${name}-`))
      dirs.push(dataDir)
      const app = await buildApp({
        db, env: parseEnv({ ...env, DATA_DIR: dataDir }), logger: false, jobs: true,
        jobOptions: { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 },
      })
      app.addHook('onSend', async (_req, reply) => { reply.header('x-served-by', name) })
      app.jobs.work('two-instances-tick', async (_data, job) => { ticks.push(job.id) })
      app.jobs.schedule('two-instances-tick', '* * * * *')
      await app.listen({ port: 0, host: '127.0.0.1' })
      await app.searchIndex.load()
      apps.push(app)
    }
    const ports = apps.map((a) => (a.server.address() as AddressInfo).port)
    let next = 0
    proxy = http.createServer((req, res) => {
      const port = ports[next++ % ports.length]!
      const up = http.request({ host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers)
        r.pipe(res)
      })
      up.on('error', () => { res.writeHead(502).end() })
      req.pipe(up)
    })
    await new Promise<void>((ok) => proxy.listen(0, '127.0.0.1', ok))
    base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
  }, 60_000)

  afterAll(async () => {
    await new Promise((ok) => proxy?.close(ok))
    for (const app of apps) await app.close()
    for (const h of handles) await h.close()
    await primary?.close()
    await s3?.close()
    for (const d of dirs) rmSync(d, { recursive: true, force: true })
  })

  /** A browser's cookie jar over fetch: every call goes through the proxy, so calls alternate between a and b. */
  const cookies = new Map<string, string>()
  async function call(method: string, url: string, body?: unknown, extra: RequestInit = {}) {
    const headers: Record<string, string> = { Accept: 'application/json', Cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') }
    const xsrf = cookies.get('XSRF-TOKEN')
    if (xsrf) headers['X-XSRF-TOKEN'] = decodeURIComponent(xsrf)
    if (body !== undefined && !(body instanceof FormData)) headers['Content-Type'] = 'application/json'
    const res = await fetch(`${base}${url}`, {
      method, headers, redirect: 'manual', ...extra,
      ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
    })
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';')
      const i = pair!.indexOf('=')
      cookies.set(pair!.slice(0, i), pair!.slice(i + 1))
    }
    return res
  }

  it('a session started on one instance is valid on the other; a listing written through one is found through the other; a photo uploaded through one is served by the other', async () => {
    const user = await createUser(primary, { email: 'two.instances@example.com' })
    const served: string[] = []
    const track = (r: Response) => { served.push(r.headers.get('x-served-by')!); return r }
    expect(track(await call('GET', '/api/sanctum/csrf-cookie')).status).toBe(204)
    expect(track(await call('POST', '/api/auth/login', { email: user.email, password: PASSWORD })).status).toBe(200)
    const me = track(await call('GET', '/api/user'))
    expect(me.status).toBe(200)
    expect((await me.json()).email).toBe(user.email)

    const token = `dwieinstancje${Date.now()}`
    const created = track(await call('POST', '/api/offers', validOffer({ title: `Mieszkanie ${token} przy parku` })))
    expect(created.status).toBe(201)
    const { id, slug } = await created.json() as { id: number; slug: string }
    const found = track(await call('GET', `/api/search?phrase=${token}`))
    expect(found.status).toBe(200)
    expect(((await found.json()).data as { slug: string }[]).map((d) => d.slug)).toContain(slug)

    const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c36' } }).jpeg().toBuffer()
    const fd = new FormData()
    fd.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'a.jpg')
    const up = track(await call('POST', `/api/offers/${id}/photos`, fd))
    expect(up.status).toBe(201)
    const photo = track(await call('GET', (await up.json()).url as string))
    expect(photo.status).toBe(200)
    expect(photo.headers.get('content-type')).toBe('image/webp')
    expect(photo.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')

    // Round robin: each step above was answered by the other instance than the one before it.
    expect(served).toEqual(['a', 'b', 'a', 'b', 'a', 'b', 'a'])
  }, 60_000)

  it('a scheduled job runs once per slot, not once per instance', async () => {
    const end = Date.now() + 75_000
    while (ticks.length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 200))
    expect(ticks.length).toBeGreaterThan(0)
    // Both instances check the schedule every second meanwhile. A slot's job may run after the minute turned (on a
    // busy machine), beside the next slot's: so the runs are counted per job and the jobs per slot, not per minute
    // of the test's clock.
    await new Promise((r) => setTimeout(r, 3000))
    const { rows } = await primary.query(
      `SELECT id::text AS id, date_trunc('minute', created_on) AS slot FROM pgboss.job WHERE name = 'two-instances-tick'`)
    const perSlot = new Map<string, number>()
    for (const r of rows) perSlot.set(String(r.slot), (perSlot.get(String(r.slot)) ?? 0) + 1)
    expect([...perSlot.values()].every((n) => n === 1), JSON.stringify([...perSlot])).toBe(true)
    // Each job ran on one instance, once.
    expect(new Set(ticks).size).toBe(ticks.length)
    const ids = new Set(rows.map((r) => String(r.id)))
    expect(ticks.filter((id) => !ids.has(id))).toEqual([])
  }, 90_000)
})
