import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from './test/helpers.ts'
import { createUser, login, send, type Jar } from './routes/api/auth/test-support.ts'
import { createOffer } from './routes/api/offers/test-support.ts'

/**
 * Bad input that answered 5xx (issue 29, found by a fuzz run of 27,000 requests): malformed multipart on every
 * upload route, ids beyond the database's integer range on the admin routes, an empty multipart body held until the
 * request timeout, and a HEAD request with an oversized URL answered with a body.
 */
describe('bad input gets a 4xx, never a 5xx', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let owner: Jar
  let company: Jar
  let admin: Jar
  let offerId: number
  let blogId = 1
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'off' }, { rateLimitMax: 1_000_000 })
    const o = await createUser(t.db, { email: 'bad-owner@example.com' })
    const c = await createUser(t.db, { email: 'bad-company@example.com', companyName: 'Deweloper Testowy', type: 'agency', roles: ['company'] })
    const a = await createUser(t.db, { email: 'bad-admin@example.com', roles: ['admin'] })
    owner = await login(t.app, o.email)
    company = await login(t.app, c.email)
    admin = await login(t.app, a.email)
    offerId = (await createOffer(t.app, owner)).id
    const post = await send(t.app, admin, 'POST', '/api/admin/blog', { title: 'Wpis', lead: 'Lead', body: 'Treść', status: 'draft' })
    if (post.statusCode < 300) blogId = post.json().id
  }, 120_000)
  afterAll(async () => { await t.close() })

  const uploads = () => [
    { url: `/api/offers/${offerId}/photos`, jar: owner },
    { url: `/api/offers/${offerId}/ecertificate`, jar: owner },
    { url: '/api/user/avatar', jar: owner },
    { url: '/api/feeds/upload', jar: company },
    { url: `/api/admin/blog/${blogId}/cover`, jar: admin },
    { url: '/api/admin/blog/photos', jar: admin },
  ]
  const TRUNCATED = '--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff'
  const BODIES: Array<[string, string, string]> = [
    ['no boundary', 'multipart/form-data', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n'],
    ['a truncated body', 'multipart/form-data; boundary=x', TRUNCATED],
    ['a bad part header', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition\r\n\r\n1\r\n--x--\r\n'],
    ['an empty body', 'multipart/form-data; boundary=x', ''],
  ]

  for (const [what, type, payload] of BODIES) {
    it(`malformed multipart (${what}) on every upload route: 4xx`, async () => {
      for (const u of uploads()) {
        const res = await t.app.inject({
          method: 'POST', url: u.url, payload, headers: { cookie: u.jar.cookie, 'x-xsrf-token': u.jar.xsrf, 'content-type': type },
        })
        expect(res.statusCode, `${u.url}: ${res.body}`).toBeGreaterThanOrEqual(400)
        expect(res.statusCode, `${u.url}: ${res.body}`).toBeLessThan(500)
      }
    })
  }

  it('admin routes with an id beyond 2^31: 422, not "out of range for type integer"', async () => {
    const big = '2147483648'
    const cases: Array<[string, string, unknown?]> = [
      ['GET', `/api/admin/users/${big}`], ['POST', `/api/admin/users/${big}/block`, {}], ['POST', `/api/admin/users/${big}/unblock`, {}],
      ['PUT', `/api/admin/faq/groups/${big}`, { title: 'Grupa' }], ['DELETE', `/api/admin/faq/groups/${big}`],
      ['PUT', `/api/admin/faq/entries/${big}`, { question: 'P?', answer: 'O', group_id: 1 }], ['DELETE', `/api/admin/faq/entries/${big}`],
      ['GET', `/api/admin/blog/${big}`], ['DELETE', `/api/admin/blog/${big}`],
      ['GET', `/api/admin/campaigns/${big}`], ['POST', `/api/admin/campaigns/${big}/send`, {}],
      ['GET', `/api/admin/users/99999999999`], ['GET', `/api/user/notifications/deactivate/${big}`],
    ]
    for (const [method, url, body] of cases) {
      const res = method === 'GET'
        ? await t.app.inject({ url, headers: { cookie: admin.cookie } })
        : await send(t.app, admin, method as 'POST', url, body)
      expect([404, 405, 422], `${method} ${url}: ${res.statusCode} ${res.body}`).toContain(res.statusCode)
    }
  })

  async function rawExchange(raw: string, ms = 8000): Promise<{ text: string; ms: number }> {
    await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined)
    const port = (t.app.server.address() as AddressInfo).port
    const started = Date.now()
    return new Promise((resolve) => {
      const s = net.connect({ port, host: '127.0.0.1' }, () => s.write(raw))
      let text = ''
      const timer = setTimeout(() => s.destroy(), ms)
      s.on('data', (d) => { text += d.toString('latin1') })
      s.on('error', () => {})
      s.on('close', () => { clearTimeout(timer); resolve({ text, ms: Date.now() - started }) })
    })
  }

  it('an empty multipart body is answered at once (was held 64-73 s until a 408)', async () => {
    const variants = [
      'Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 0\r\n',
      'Content-Type: multipart/form-data\r\nContent-Length: 0\r\n',
      'Content-Type: multipart/form-data; boundary=x\r\nTransfer-Encoding: chunked\r\n',
      'Content-Type: multipart/form-data; boundary=x\r\n',
    ]
    for (const u of uploads()) {
      for (const v of variants) {
        const r = await rawExchange(`POST ${u.url} HTTP/1.1\r\nHost: x\r\nCookie: ${u.jar.cookie}\r\nX-XSRF-TOKEN: ${u.jar.xsrf}\r\n`
          + `${v}Connection: close\r\n\r\n${v.includes('chunked') ? '0\r\n\r\n' : ''}`)
        expect(r.text, `${u.url} ${v}`).toMatch(/^HTTP\/1\.1 4\d\d /)
        expect(r.ms, `${u.url} ${v}`).toBeLessThan(5000)
      }
    }
  })

  it('HEAD with an oversized URL: 431 without a body; GET keeps its JSON body', async () => {
    const long = `/szukaj?q=${'a'.repeat(20_000)}`
    const head = await rawExchange(`HEAD ${long} HTTP/1.1\r\nHost: x\r\n\r\n`)
    expect(head.text).toMatch(/^HTTP\/1\.1 431 /)
    const [headers, body] = head.text.split('\r\n\r\n')
    expect(body).toBe('')
    expect(headers).not.toMatch(/content-length: [1-9]/i)
    const get = await rawExchange(`GET ${long} HTTP/1.1\r\nHost: x\r\n\r\n`)
    expect(get.text).toMatch(/^HTTP\/1\.1 431 /)
    expect(get.text.split('\r\n\r\n')[1]).toContain('"error"')
  })
})
