import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../test/helpers.ts'
import { createUser } from '../routes/api/auth/test-support.ts'

type T = Awaited<ReturnType<typeof createTestApp>>
const xsrfOf = (res: { cookies: { name: string; value: string }[] }) => res.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value

/**
 * Spec §7 calls GET /api/sanctum/csrf-cookie only before login and register: a fresh visitor's first API answer
 * carries XSRF-TOKEN (as Laravel Sanctum's does), so remind-password, resend-email and the newsletter work without
 * the handshake, and the header must still match the cookie.
 */
describe('XSRF-TOKEN for a visitor without a session', () => {
  let t: T
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'off' })
    await createUser(t.db, { email: 'pamieta@example.com' })
  })
  afterAll(async () => { await t.close() })

  async function freshVisitor() {
    const first = await t.app.inject('/api/footers')
    const xsrf = xsrfOf(first)
    expect(xsrf).toBeTruthy()
    expect(first.cookies.find((c) => c.name === 'portal_session')).toBeUndefined()
    return { xsrf: xsrf!, cookie: `XSRF-TOKEN=${xsrf}` }
  }
  const post = (url: string, cookie: string, header: string | undefined, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie, ...(header ? { 'x-xsrf-token': header } : {}) } })

  it('remind-password, resend-email and the newsletter answer a fresh visitor who echoes the cookie', async () => {
    const v = await freshVisitor()
    const remind = await post('/api/auth/remind-password', v.cookie, v.xsrf, { email: 'pamieta@example.com' })
    expect(remind.statusCode).toBe(204)
    // The session started on that request is bound to the same token: the cookie the client holds keeps working.
    const session = remind.cookies.find((c) => c.name === 'portal_session')!.value
    expect(xsrfOf(remind) ?? v.xsrf).toBe(v.xsrf)
    const cookie = `portal_session=${session}; XSRF-TOKEN=${v.xsrf}`
    expect((await post('/api/newsletter', cookie, v.xsrf, { email: 'czytelnik@example.com' })).statusCode).toBe(204)
    const w = await freshVisitor()
    expect([200, 204]).toContain((await post('/api/auth/resend-email', w.cookie, w.xsrf, { email: 'nikt@example.com' })).statusCode)
    const n = await freshVisitor()
    expect((await post('/api/newsletter', n.cookie, n.xsrf, { email: 'inny@example.com' })).statusCode).toBe(204)
  })

  it('CSRF checking holds: no header, another token or a forged one is 419', async () => {
    const v = await freshVisitor()
    const other = await freshVisitor()
    expect((await post('/api/newsletter', v.cookie, undefined, { email: 'a@example.com' })).statusCode).toBe(419)
    expect((await post('/api/newsletter', v.cookie, other.xsrf, { email: 'a@example.com' })).statusCode).toBe(419)
    const forged = `${'a'.repeat(43)}.${'b'.repeat(43)}`
    expect((await post('/api/newsletter', `XSRF-TOKEN=${forged}`, forged, { email: 'a@example.com' })).statusCode).toBe(419)
    expect((await post('/api/newsletter', '', v.xsrf, { email: 'a@example.com' })).statusCode).toBe(419)
  })

  it('a visitor who has a valid token or a session is not sent a new one', async () => {
    const v = await freshVisitor()
    expect(xsrfOf(await t.app.inject({ url: '/api/footers', headers: { cookie: v.cookie } }))).toBeUndefined()
    const hs = await t.app.inject('/api/sanctum/csrf-cookie')
    const jar = Object.fromEntries(hs.cookies.map((c) => [c.name, c.value]))
    const cookie = `portal_session=${jar.portal_session}; XSRF-TOKEN=${jar['XSRF-TOKEN']}`
    expect(xsrfOf(await t.app.inject({ url: '/api/footers', headers: { cookie } }))).toBeUndefined()
  })
})
