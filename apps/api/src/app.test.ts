import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, startSession } from './test/helpers.ts'

describe('app: error contract, security headers, docs', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let auth: { cookie: string; 'x-xsrf-token': string }
  beforeAll(async () => {
    t = await createTestApp()
    const s = await startSession(t.app)
    auth = { cookie: s.cookie, 'x-xsrf-token': s.xsrf }
  })
  afterAll(async () => { await t.close() })

  const post = (payload: string, contentType = 'application/json') => t.app.inject({
    method: 'POST', url: '/api/__test/echo', headers: { ...auth, 'content-type': contentType }, payload,
  })

  it('unknown /api routes answer JSON 404 for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/nie-ma-takiej/trasy?x=1', headers: auth })
      expect(res.statusCode).toBe(404)
      expect(res.headers['content-type']).toContain('application/json')
      expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String), code: 'not_found' })
    }
  })

  it('malformed JSON → 400 {error, message}', async () => {
    for (const body of ['{bad', '{"name": "a",}', '"unterminated', '\u0000', '{"__proto__": {"x": 1}}']) {
      const res = await post(body)
      expect([400, 422]).toContain(res.statusCode)
      expect(res.statusCode).not.toBe(500)
      if (res.statusCode === 400) expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String), code: 'bad_request' })
    }
    expect((await post('{bad')).statusCode).toBe(400)
    const empty = await post('')
    expect(empty.statusCode).toBe(400)
    expect(empty.json().code).toBe('bad_request')
  })

  it('validation failures → 422 Laravel shape with dotted field keys', async () => {
    const res = await post(JSON.stringify({ name: 'x'.repeat(21), address: { city: 5 } }))
    expect(res.statusCode).toBe(422)
    const body = res.json()
    expect(Object.keys(body).sort()).toEqual(['errors', 'message'])
    expect(Object.keys(body.errors).sort()).toEqual(['address.city', 'name'])
    expect(body.errors['address.city']).toEqual([expect.stringContaining('address.city')])
    expect(body.message).toBe(body.errors.name[0])
    expect(body.message).toMatch(/name.*20/)
  })

  it('weird inputs never produce a 500', async () => {
    const payloads = [
      '[]', '[1,2,3]', 'null', 'true', '12345678901234567890123456789', '1e309',
      JSON.stringify({ name: ['a'], address: 'Kraków' }),
      JSON.stringify({ name: { $gt: '' }, address: { city: ['a', 'b'] } }),
      JSON.stringify({ name: '😀 Zażółć gęślą jaźń \u202e', address: { city: 'Łódź' } }),
      JSON.stringify({ name: 1e308, address: { city: -0 } }),
      '{"name":"' + 'a'.repeat(5000) + '"}',
    ]
    for (const p of payloads) {
      const res = await post(p)
      expect(res.statusCode, p.slice(0, 40)).toBeLessThan(500)
    }
    expect((await post('<xml/>', 'application/xml')).statusCode).toBe(415)
    const big = await post(JSON.stringify({ name: 'a'.repeat(2 * 1024 * 1024) }))
    expect(big.statusCode).toBe(413)
    expect(big.json().code).toBe('payload_too_large')
    const unicodeUrl = await t.app.inject('/api/footers/%F0%9F%98%80')
    expect(unicodeUrl.statusCode).toBe(404)
    const badEncoding = await t.app.inject('/api/offers?page=%E0%A4%A')
    expect(badEncoding.statusCode).toBeLessThan(500)
  })

  it('unexpected errors → 500 with the generic Polish message, details only in the log', async () => {
    const res = await t.app.inject('/api/__test/fail')
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({ error: 'Wystąpił problem, spróbuj ponownie', message: 'Wystąpił problem, spróbuj ponownie', code: 'server_error' })
  })

  it('security headers are present, request ids echoed', async () => {
    const res = await t.app.inject('/api/health')
    const csp = res.headers['content-security-policy'] as string
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("img-src 'self' data:")
    expect(csp).toContain("style-src 'self' 'unsafe-inline'")
    // Scripts: only same-origin files and inline ones carrying this response's nonce, never 'unsafe-inline'.
    const scriptSrc = /script-src ([^;]*)/.exec(csp)![1]!
    expect(scriptSrc).not.toContain('unsafe-inline')
    expect(scriptSrc).toMatch(/^'self' 'nonce-[A-Za-z0-9+/]{22}=='$/)
    const other = (await t.app.inject('/api/health')).headers['content-security-policy'] as string
    expect(/script-src ([^;]*)/.exec(other)![1]).not.toBe(scriptSrc)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    // frame-ancestors 'none' alone says it (issue 29: X-Frame-Options SAMEORIGIN beside it contradicted it).
    expect(res.headers['x-frame-options']).toBeUndefined()
    expect(res.headers['permissions-policy']).toContain('camera=()')
    expect(res.headers['permissions-policy']).toContain('geolocation=(self)')
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    // No HSTS over plain http.
    expect(res.headers['strict-transport-security']).toBeUndefined()
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    const given = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } })
    expect(given.headers['x-request-id']).toBe('abc-123')
    expect((await t.app.inject('/api/footers')).headers['x-ratelimit-limit']).toBe('1200')
  })

  it('rate limiting answers 429 with a Polish JSON body', async () => {
    await t.app.inject('/api/__test/limited')
    await t.app.inject('/api/__test/limited')
    const res = await t.app.inject('/api/__test/limited')
    expect(res.statusCode).toBe(429)
    expect(res.json()).toMatchObject({ error: expect.stringMatching(/^Zbyt wiele żądań/), message: expect.stringMatching(/^Zbyt wiele żądań/), code: 'too_many_requests' })
    expect(res.headers['retry-after']).toBeDefined()
  })

  it('serves OpenAPI generated from the route schemas at /api/docs', async () => {
    const json = await t.app.inject('/api/docs/json')
    expect(json.statusCode).toBe(200)
    const doc = json.json()
    expect(doc.openapi).toMatch(/^3\./)
    for (const p of ['/api/health', '/api/search/filters', '/api/footers', '/api/footers/{id}', '/api/offers', '/api/sanctum/csrf-cookie']) {
      expect(Object.keys(doc.paths)).toContain(p)
    }
    expect(Object.keys(doc.paths).some((p) => p.includes('__test'))).toBe(false)
    expect(doc.paths['/api/offers'].get.parameters.map((p: { name: string }) => p.name)).toEqual(['promoted', 'limit', 'page'])
    const ui = await t.app.inject('/api/docs')
    expect(ui.statusCode).toBeLessThan(400)
  })

  it('serves uploads with immutable caching and JSON 404 for missing files', async () => {
    const { mkdirSync, writeFileSync } = await import('node:fs')
    const path = await import('node:path')
    const dir = path.join(t.app.env.DATA_DIR, 'uploads', 'abc123')
    mkdirSync(dir, { recursive: true })
    writeFileSync(path.join(dir, 'sm.webp'), Buffer.from('RIFF0000WEBP'))
    const res = await t.app.inject('/uploads/abc123/sm.webp')
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers['content-type']).toBe('image/webp')
    const missing = await t.app.inject('/uploads/abc123/lg.webp')
    expect(missing.statusCode).toBe(404)
    const escape = await t.app.inject('/uploads/..%2f..%2fetc/passwd')
    expect(escape.statusCode).toBeGreaterThanOrEqual(400)
    expect(escape.statusCode).toBeLessThan(500)
  })

  it('test routes exist only under NODE_ENV=test or E2E=1', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' })
    expect((await prod.app.inject('/api/__test/fail')).statusCode).toBe(404)
    await prod.close()
  })
})
