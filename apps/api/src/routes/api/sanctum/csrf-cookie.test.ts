import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { sessions } from '@portal/db'
import { createTestApp, startSession } from '../../../test/helpers.ts'

describe('sessions and CSRF (Sanctum compatible)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => { t = await createTestApp() })
  afterAll(async () => { await t.close() })

  it('GET /api/sanctum/csrf-cookie → 204 with an httpOnly session cookie and a readable XSRF-TOKEN', async () => {
    const res = await t.app.inject('/api/sanctum/csrf-cookie')
    expect(res.statusCode).toBe(204)
    const session = res.cookies.find((c) => c.name === 'portal_session')!
    const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN')!
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 7200 })
    expect(session.secure).toBeFalsy()
    expect(xsrf.httpOnly).toBeFalsy()
    expect(xsrf.value.length).toBeGreaterThanOrEqual(32)
    // Only the SHA-256 of the cookie value is stored.
    const id = createHash('sha256').update(session.value).digest('hex')
    const [row] = await t.db.db.select().from(sessions).where(eq(sessions.id, id))
    expect(row).toMatchObject({ csrfToken: xsrf.value, userId: null })
    expect(new Date(row!.expiresAt).getTime() - Date.now()).toBeGreaterThan(119 * 60 * 1000)
    expect((await t.db.db.select().from(sessions).where(eq(sessions.id, session.value))).length).toBe(0)
  })

  it('reuses an existing session', async () => {
    const { cookie, xsrf } = await startSession(t.app)
    const again = await t.app.inject({ url: '/api/sanctum/csrf-cookie', headers: { cookie } })
    expect(again.statusCode).toBe(204)
    expect(again.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value).toBe(xsrf)
  })

  it('rejects state-changing requests without or with a wrong X-XSRF-TOKEN (419)', async () => {
    const { cookie, xsrf } = await startSession(t.app)
    const body = { name: 'Jan', address: { city: 'Kraków' } }
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const none = await t.app.inject({ method, url: '/api/__test/echo', headers: { cookie }, payload: body })
      expect(none.statusCode).toBe(419)
      expect(none.json()).toEqual({ error: 'CSRF token mismatch.', message: 'CSRF token mismatch.', code: 'csrf_token_mismatch' })
    }
    const wrong = await t.app.inject({ method: 'POST', url: '/api/__test/echo', headers: { cookie, 'x-xsrf-token': `${xsrf}x` }, payload: body })
    expect(wrong.statusCode).toBe(419)
    const noSession = await t.app.inject({ method: 'POST', url: '/api/__test/echo', headers: { 'x-xsrf-token': xsrf }, payload: body })
    expect(noSession.statusCode).toBe(419)
    const ok = await t.app.inject({ method: 'POST', url: '/api/__test/echo', headers: { cookie, 'x-xsrf-token': xsrf }, payload: body })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual(body)
    // axios sends the cookie value URL-encoded as it reads it; both forms pass.
    const encoded = await t.app.inject({ method: 'POST', url: '/api/__test/echo', headers: { cookie, 'x-xsrf-token': encodeURIComponent(xsrf) }, payload: body })
    expect(encoded.statusCode).toBe(200)
  })

  it('a session of another browser does not lend its token', async () => {
    const a = await startSession(t.app)
    const b = await startSession(t.app)
    const res = await t.app.inject({ method: 'POST', url: '/api/__test/echo', headers: { cookie: a.cookie, 'x-xsrf-token': b.xsrf }, payload: {} })
    expect(res.statusCode).toBe(419)
  })

  it('an expired session is ignored', async () => {
    const { cookie, xsrf } = await startSession(t.app)
    const raw = /portal_session=([^;]+)/.exec(cookie)![1]!
    await t.db.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, createHash('sha256').update(raw).digest('hex')))
    const res = await t.app.inject({ method: 'POST', url: '/api/__test/echo', headers: { cookie, 'x-xsrf-token': xsrf }, payload: {} })
    expect(res.statusCode).toBe(419)
  })

  it('marks cookies Secure when PUBLIC_URL is https', async () => {
    const s = await createTestApp({ PUBLIC_URL: 'https://portal.example.pl' })
    const res = await s.app.inject('/api/sanctum/csrf-cookie')
    expect(res.cookies.every((c) => c.secure)).toBe(true)
    expect(res.headers['strict-transport-security']).toContain('max-age=')
    await s.close()
  })
})
