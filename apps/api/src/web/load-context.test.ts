import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyRequest } from 'fastify'
import { EventEmitter } from 'node:events'
import { sessions } from '@portal/db'
import { createTestApp, startSession } from '../test/helpers.ts'
import { createUser, login } from '../routes/api/auth/test-support.ts'
import { openRenderMemos } from '../lib/http/render-memo.ts'
import { createLoadContext } from './load-context.ts'
import { mountMissingWeb } from './ssr.ts'

const pageRequest = (headers: Record<string, string>) =>
  ({ headers, id: 'page-req-1', ip: '203.0.113.7' }) as unknown as FastifyRequest

describe('SSR load context: context.api runs requests in-process', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => { t = await createTestApp() })
  afterAll(async () => { await t.close() })

  it('returns a real Response for GET', async () => {
    const { api } = createLoadContext(t.app, pageRequest({}))
    const res = await api('/api/offers?promoted=1')
    expect(res).toBeInstanceOf(Response)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(await res.json()).toMatchObject({ data: [], total: 0 })
    const nf = await api('/api/nope')
    expect(nf.status).toBe(404)
  })

  it('/api/user without a session cookie is the 401 the route would give, without running it', async () => {
    const direct = await t.app.inject({ url: '/api/user' })
    const { api } = createLoadContext(t.app, pageRequest({ cookie: 'theme=dark' }))
    const res = await api('/api/user')
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual(direct.json())
    // With a session the route runs (a guest's session: still 401, from the route).
    const s = await startSession(t.app)
    expect((await createLoadContext(t.app, pageRequest({ cookie: s.cookie })).api('/api/user')).status).toBe(401)
  })

  it('forwards the page request cookies, so the session applies (POST with the CSRF header passes)', async () => {
    const s = await startSession(t.app)
    const { api } = createLoadContext(t.app, pageRequest({ cookie: s.cookie }))
    const ok = await api('/api/__test/echo', {
      method: 'POST', headers: { 'X-XSRF-TOKEN': s.xsrf, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Ala', address: { city: 'Gdańsk' } }),
    })
    expect(ok.status).toBe(200)
    expect(await ok.json()).toEqual({ name: 'Ala', address: { city: 'Gdańsk' } })
    const noToken = await api('/api/__test/echo', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })
    expect(noToken.status).toBe(419)
    const cookieless = createLoadContext(t.app, pageRequest({}))
    expect((await cookieless.api('/api/sanctum/csrf-cookie')).status).toBe(204)
  })

  it('is exempt from the per-IP rate limit (all SSR calls would share one address)', async () => {
    const { api } = createLoadContext(t.app, pageRequest({}))
    for (let i = 0; i < 4; i++) expect((await api('/api/__test/limited')).status).toBe(200)
  })

  it("a page's GET calls read the session and the user once; an action's call reads again; the memo closes with the page", async () => {
    const u = await createUser(t.db, { email: `memo-${Date.now()}@example.com` })
    const jar = await login(t.app, u.email)
    const page = { raw: new EventEmitter() }
    // Pages of other test files in this worker may still hold theirs (an injected response emits no 'close').
    const open = openRenderMemos()
    const { api } = createLoadContext(t.app, pageRequest({ cookie: jar.cookie }), undefined, page)
    expect(openRenderMemos()).toBe(open + 1)
    expect((await api('/api/user')).status).toBe(200)
    // The session ends meanwhile (another tab logs out): this page's later GETs still see what its first one read...
    await t.db.db.delete(sessions)
    expect((await api('/api/user')).status).toBe(200)
    expect((await api('/api/favorites/ids')).status).toBe(200)
    // ...another page does not,
    expect((await createLoadContext(t.app, pageRequest({ cookie: jar.cookie })).api('/api/user')).status).toBe(401)
    // and after an action's call (not a GET) this page reads again too.
    await api('/api/__test/echo', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })
    expect((await api('/api/user')).status).toBe(401)
    page.raw.emit('close')
    expect(openRenderMemos()).toBe(open)
  })

  it('refuses non-API paths (no recursive SSR)', async () => {
    const { api } = createLoadContext(t.app, pageRequest({}))
    await expect(api('/')).rejects.toThrow(/only reaches \/api/)
  })
})

describe('without a web build', () => {
  it('pages answer a plain 503 naming the missing build; /api keeps working with JSON 404s', async () => {
    const t = await createTestApp({}, {})
    // A second app instance: mountMissingWeb must run before ready().
    const { buildApp } = await import('../app.ts')
    const app = await buildApp({ db: t.db, env: t.app.env, logger: false })
    await mountMissingWeb(app, '/x/apps/web/build')
    await app.ready()
    const page = await app.inject('/ogloszenia/cos')
    expect(page.statusCode).toBe(503)
    expect(page.headers['content-type']).toContain('text/plain')
    expect(page.body).toContain('web build is missing')
    expect((await app.inject('/')).statusCode).toBe(503)
    expect((await app.inject('/api/health')).statusCode).toBe(200)
    const apiMissing = await app.inject('/api/nope')
    expect(apiMissing.statusCode).toBe(404)
    expect(apiMissing.json().code).toBe('not_found')
    await app.close()
    await t.close()
  })
})
