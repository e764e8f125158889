import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, startSession } from '../test/helpers.ts'
import { findNul, nulInUrl } from '../lib/http/nul.ts'

describe('NUL bytes are refused before any route', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let s: { cookie: string; xsrf: string }
  beforeAll(async () => {
    t = await createTestApp()
    s = await startSession(t.app)
  })
  afterAll(async () => { await t.close() })

  const post = (url: string, body: unknown) => t.app.inject({
    method: 'POST', url, headers: { cookie: s.cookie, 'x-xsrf-token': s.xsrf, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  })

  it('finds it in paths, query parameters, JSON values and keys', () => {
    expect(nulInUrl('/api/offers/%00')).toEqual({ in: 'path' })
    expect(nulInUrl('/api/offers?promoted=1&q=a%00b')).toEqual({ in: 'query', field: 'q' })
    expect(nulInUrl('/api/offers?promoted=1')).toBeNull()
    expect(findNul({ a: [{ b: 'x\u0000' }] })).toBe('a.0.b')
    expect(findNul({ ['k\u0000']: 1 })).toBe('body')
    expect(findNul({ a: 'ok', n: 1, z: null })).toBeNull()
  })

  it('404 for a path, 422 naming the field for a query parameter or a JSON field', async () => {
    expect((await t.app.inject('/api/offers/%00')).statusCode).toBe(404)
    expect((await t.app.inject('/api/footers/1%00')).statusCode).toBe(404)
    const q = await t.app.inject('/api/offers?promoted=%00')
    expect(q.statusCode).toBe(422)
    expect(q.json().errors).toEqual({ promoted: ['Pole zawiera niedozwolony znak.'] })
    const login = await post('/api/auth/login', { email: 'x\u0000y@example.com', password: 'haslo12345' })
    expect(login.statusCode).toBe(422)
    expect(login.json().errors).toHaveProperty('email')
    const recent = await post('/api/recent-search', { display_name: 'Warszawa\u0000', lat: 52.2, lon: 21 })
    expect(recent.statusCode).toBe(422)
    expect(recent.json().errors).toHaveProperty('display_name')
    const search = await t.app.inject('/api/search?fraza=dom%00')
    expect(search.statusCode).toBe(422)
  })

  it('site paths: 404 page for a NUL in the path, 422 for one in the query, never 5xx', async () => {
    const page = await t.app.inject({ url: '/ogloszenia/%00', headers: { accept: 'text/html' } })
    expect(page.statusCode).toBe(404)
    const query = await t.app.inject({ url: '/szukaj?fraza=%00', headers: { accept: 'text/html' } })
    expect(query.statusCode).toBe(422)
    expect(query.headers['content-type']).toContain('text/html')
  })
})

describe('session and CSRF on the routed path', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => { t = await createTestApp() })
  afterAll(async () => { await t.close() })

  it('a percent-encoded /api path gets the same CSRF check (419) as the plain one', async () => {
    for (const url of ['/api/auth/login', '/%61pi/auth/login', '/%61%70%69/auth/login', '/api/auth/%6cogin', '/%61pi/nie-ma-takiej']) {
      const res = await t.app.inject({ method: 'POST', url, payload: { email: 'a@example.com', password: 'x' } })
      expect(res.statusCode, url).toBe(419)
    }
  })

  it('the encoded path loads the session too', async () => {
    const s = await startSession(t.app)
    const res = await t.app.inject({
      method: 'POST', url: '/%61pi/auth/login', headers: { cookie: s.cookie, 'x-xsrf-token': s.xsrf },
      payload: { email: 'nikt@example.com', password: 'zlehaslo123' },
    })
    expect(res.statusCode).toBe(401)
  })
})
