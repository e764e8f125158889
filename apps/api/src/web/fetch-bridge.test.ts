import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../test/helpers.ts'
import { sendFetchResponse, toFetchRequest } from './fetch-bridge.ts'
import { catchAll } from './ssr.ts'

/** The Node ⇄ Fetch bridge the SSR catch-all uses, with a stand-in for React Router's handler. */
describe('SSR fetch bridge', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    t = await createTestApp({}, {})
    const { buildApp } = await import('../app.ts')
    const app = await buildApp({ db: t.db, env: t.app.env, logger: false })
    await catchAll(app, async (request, reply) => {
      const req = toFetchRequest(request, reply)
      const body = req.method === 'POST' ? await req.text() : null
      const stream = new ReadableStream<Uint8Array>({
        start(c) {
          const enc = new TextEncoder()
          c.enqueue(enc.encode(`<p>${req.method} ${new URL(req.url).pathname}${new URL(req.url).search}</p>`))
          c.enqueue(enc.encode(`<p>${req.headers.get('content-type') ?? ''}|${body ?? ''}|${req.headers.get('cookie') ?? ''}</p>`))
          c.close()
        },
      })
      const headers = new Headers({ 'content-type': 'text/html; charset=utf-8' })
      headers.append('set-cookie', 'a=1; Path=/')
      headers.append('set-cookie', 'b=2; Path=/')
      return sendFetchResponse(reply, new Response(req.method === 'HEAD' ? null : stream, { status: new URL(req.url).pathname === '/404' ? 404 : 200, headers }))
    })
    await app.ready()
    ;(t as unknown as { bridge: typeof app }).bridge = app
  })
  afterAll(async () => {
    await (t as unknown as { bridge: { close(): Promise<void> } }).bridge.close()
    await t.close()
  })
  const app = () => (t as unknown as { bridge: Awaited<ReturnType<typeof import('../app.ts').buildApp>> }).bridge

  it('passes method, path, query and cookies through and streams the body back with every Set-Cookie', async () => {
    const res = await app().inject({ url: '/ogloszenia/abc?x=1&y=%C5%BC', headers: { cookie: 'portal_session=s' } })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('<p>GET /ogloszenia/abc?x=1&y=%C5%BC</p><p>||portal_session=s</p>')
    expect(res.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/'])
    expect(res.headers['content-security-policy']).toBeDefined()
  })

  it('hands form posts to the web untouched (no body parser in the way), without the API CSRF check', async () => {
    const form = await app().inject({
      method: 'POST', url: '/kontakt', payload: 'email=jan%40example.com&msg=Dzie%C5%84+dobry',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(form.statusCode).toBe(200)
    expect(form.body).toContain('application/x-www-form-urlencoded|email=jan%40example.com&msg=Dzie%C5%84+dobry|')
    const json = await app().inject({ method: 'POST', url: '/x.data', payload: '{not json', headers: { 'content-type': 'application/json' } })
    expect(json.statusCode).toBe(200)
    expect(json.body).toContain('{not json')
  })

  it('keeps the status of the web response, answers HEAD and the root path', async () => {
    expect((await app().inject('/404')).statusCode).toBe(404)
    expect((await app().inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200)
    expect((await app().inject('/')).body).toContain('<p>GET /</p>')
  })

  it('leaves /api/* to the API: unknown paths stay JSON 404', async () => {
    const res = await app().inject('/api/nie-ma')
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe('not_found')
  })
})
