import fc from 'fast-check'
import type { DbHandle } from '@portal/db'
import type { TestApp } from './helpers.ts'
import { startSession } from './helpers.ts'
import { createUser, jarFrom, type Jar } from '../routes/api/auth/test-support.ts'
import { requestArbitrary, siteRequestArbitrary, type FuzzRequest } from './openapi-fuzz.ts'

export interface FuzzResult {
  total: number
  byStatus: Record<number, number>
  /** Requests answered 5xx (or that threw), first 20. */
  failures: Array<{ method: string; url: string; body: string; status: number; response: string }>
  serverErrors: number
  uncaught: number
  ms: number
  /** Milliseconds spent per method and first three path segments, the slowest first (top 8). */
  slowest: Array<[string, number]>
}

const FUZZ_PASSWORD = 'Fuzz-Passw0rd-9x'

/**
 * Sends `count` generated requests through `app.inject` (seeded: the same seed gives the same requests), half of
 * them with a logged-in session, and counts the answers. The session is renewed every 100 requests (the fuzz
 * logs out, rotates and changes things now and then).
 */
export async function runFuzz(app: TestApp, db: DbHandle, opts: {
  count: number; seed: number; progress?: (done: number) => void
  /** Also site pages (one request in five), when the SSR is mounted on `app`. */
  site?: boolean
}): Promise<FuzzResult> {
  const doc = app.swagger() as Parameters<typeof requestArbitrary>[0]
  const api = requestArbitrary(doc)
  const arb = opts.site ? fc.oneof({ weight: 4, arbitrary: api }, { weight: 1, arbitrary: siteRequestArbitrary() }) : api
  const requests = fc.sample(arb, { numRuns: opts.count, seed: opts.seed })
  const user = await createUser(db, { email: `fuzz-${opts.seed}-${Date.now()}@example.com`, password: FUZZ_PASSWORD })
  let guest: Jar = await startSession(app)
  let member: Jar = await loginJar(app, user.email)
  const result: FuzzResult = { total: 0, byStatus: {}, failures: [], serverErrors: 0, uncaught: 0, ms: 0, slowest: [] }
  const spent = new Map<string, number>()
  const onUncaught = () => { result.uncaught++ }
  process.on('uncaughtException', onUncaught)
  process.on('unhandledRejection', onUncaught)
  const started = performance.now()
  try {
    for (const [i, req] of requests.entries()) {
      if (i > 0 && i % 100 === 0) {
        guest = await startSession(app)
        member = await loginJar(app, user.email).catch(() => member)
        opts.progress?.(i)
      }
      const t0 = performance.now()
      const status = await send(app, req, req.auth ? member : guest, result)
      const key = `${req.method} ${req.url.split('?')[0]!.split('/').slice(0, 4).join('/').slice(0, 40)}`
      spent.set(key, (spent.get(key) ?? 0) + performance.now() - t0)
      result.total++
      result.byStatus[status] = (result.byStatus[status] ?? 0) + 1
    }
  } finally {
    process.off('uncaughtException', onUncaught)
    process.off('unhandledRejection', onUncaught)
  }
  result.ms = performance.now() - started
  result.slowest = [...spent].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, ms]) => [k, Math.round(ms)])
  return result
}

async function loginJar(app: TestApp, email: string): Promise<Jar> {
  const guest = await startSession(app)
  const res = await app.inject({
    method: 'POST', url: '/api/auth/login', headers: { cookie: guest.cookie, 'x-xsrf-token': guest.xsrf },
    payload: { email, password: FUZZ_PASSWORD },
  })
  if (res.statusCode !== 200) throw new Error(`fuzz login failed: ${res.statusCode}`)
  return jarFrom(res, guest)
}

async function send(app: TestApp, req: FuzzRequest, jar: Jar, result: FuzzResult): Promise<number> {
  const site = !req.url.startsWith('/api') && !req.url.startsWith('/dev')
  const headers: Record<string, string> = { cookie: jar.cookie, accept: site ? 'text/html' : 'application/json' }
  if (req.method !== 'GET') headers['x-xsrf-token'] = jar.xsrf
  let payload: string | undefined
  if (req.body && 'json' in req.body) {
    payload = JSON.stringify(req.body.json) ?? 'null'
    headers['content-type'] = 'application/json'
  } else if (req.body) {
    payload = req.body.raw
    headers['content-type'] = req.body.type
  }
  let status: number
  let response = ''
  try {
    const res = await app.inject({ method: req.method as 'GET', url: req.url, headers, payload })
    status = res.statusCode
    response = res.body.slice(0, 300)
    // The SSR streams: make sure the body finished without an error part-way.
  } catch (err) {
    status = 599
    response = String((err as Error).stack ?? err).slice(0, 500)
  }
  if (status >= 500) {
    result.serverErrors++
    if (result.failures.length < 20) {
      result.failures.push({ method: req.method, url: req.url.slice(0, 300), body: (payload ?? '').slice(0, 300), status, response })
    }
  }
  return status
}
