import net from 'node:net'
import fc from 'fast-check'
import { test, expect } from './fixtures'
import { siteRequestArbitrary, type FuzzRequest } from '../apps/api/src/test/openapi-fuzz.ts'
import { apiTargets, linkedListingSlug, loginOverHttp, pageTargets, runHangUps, type Session } from '../apps/api/src/test/hang-up.ts'

// Issue 29 against the real server (the SSR pages of every route, the demo data): hostile paths and queries on every
// page route answer without a 5xx, and clients that hang up at random moments cost nothing but their own request.
// The in-process suites go further (apps/api/src/openapi-fuzz.test.ts, apps/api/src/web/hang-up.test.ts with the heap
// and the log checked; `npm run test:fuzz`, `npm run test:faults -- --only hangup` for the long runs).

const port = () => Number(new URL(test.info().project.use.baseURL!).port)

// One after the other, and small enough to stay well inside the server's 1,200 requests a minute per address, which
// every other test of the run shares (the in-process suites send 1,000 and more without that limit).
test.describe.configure({ mode: 'default' })

/**
 * The request over its own socket, with the path as a browser sends it (spaces and non-ASCII percent-encoded, broken
 * escapes left as they are), its status; Connection: close.
 */
function send(req: FuzzRequest, session?: Session): Promise<number> {
  const url = new URL(req.url, `http://127.0.0.1:${port()}`)
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port: port(), host: '127.0.0.1' })
    const body = req.body && 'raw' in req.body ? Buffer.from(req.body.raw) : undefined
    const lines = [`${req.method} ${url.pathname}${url.search} HTTP/1.1`, `Host: 127.0.0.1:${port()}`, 'Connection: close', 'Accept: text/html']
    if (session) lines.push(`Cookie: ${session.cookie}`, `X-XSRF-TOKEN: ${session.xsrf}`)
    if (body && req.body && 'type' in req.body) lines.push(`Content-Type: ${req.body.type}`, `Content-Length: ${body.length}`)
    let head = ''
    socket.setEncoding('latin1')
    socket.on('data', (d: string) => { if (head.length < 20) head += d })
    // A server that refuses a request it has not read whole (431 for an oversized path) resets the connection
    // after its answer: the answer counts.
    socket.on('error', (e) => (/^HTTP\/1\.1 \d{3}/.test(head) ? socket.destroy()
      : reject(new Error(`${e.message}: ${req.method} ${`${url.pathname}${url.search}`.slice(0, 200)}`))))
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0)))
    // write, not end: a client that half-closes its side is one that hung up (Node's server then drops a request still
    // being rendered), which is the other test's business; with Connection: close the server ends the connection.
    socket.on('connect', () => socket.write(Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body ?? Buffer.alloc(0)])))
  })
}

test('every page route answers hostile paths, queries and methods without a 5xx, guest and logged in', async () => {
  test.setTimeout(120_000)
  const base = `http://127.0.0.1:${port()}`
  const member = await loginOverHttp(base, 'jan.kowalski@example.pl', 'Demo1234')
  const requests = fc.sample(siteRequestArbitrary(), { numRuns: 250, seed: 20261127 })
  const statuses: Record<number, number> = {}
  const failures: string[] = []
  let next = 0
  await Promise.all(Array.from({ length: 4 }, async () => {
    while (next < requests.length) {
      const req = requests[next++]!
      const status = await send(req, req.auth ? member : undefined)
      statuses[status] = (statuses[status] ?? 0) + 1
      if (status >= 500 || status === 0) failures.push(`${status} ${req.method} ${req.url}`)
    }
  }))
  expect(failures).toEqual([])
  // The generator reaches real pages, not only refusals.
  expect(statuses[200]).toBeGreaterThan(25)
  expect(statuses[404]).toBeGreaterThan(25)
})

test('clients that hang up over every page route and API operation, guest and logged in, identity/gzip/br', async ({ request }) => {
  test.setTimeout(120_000)
  const base = `http://127.0.0.1:${port()}`
  const sessions = [await loginOverHttp(base, 'jan.kowalski@example.pl', 'Demo1234')]
  const home = await (await request.get('/')).text()
  const slug = linkedListingSlug(home)
  expect(slug, 'a listing linked from the home page').toBeTruthy()
  const pages = pageTargets(slug!)
  const doc = await (await request.get('/api/docs/json')).json()
  const targets = [...pages, ...apiTargets(doc)]
  const r = await runHangUps({ port: port(), count: targets.length, seed: 20261127, targets, sessions, concurrency: 6 })
  expect(r.bySession.guest).toBeGreaterThan(0)
  expect(r.bySession.member).toBeGreaterThan(0)
  expect(r.total - r.complete).toBeGreaterThan(r.total / 3)
  // Still up, and whole answers still whole.
  expect((await request.get('/api/health')).status()).toBe(200)
  const page = await request.get(`/ogloszenia/${slug}`, { headers: { 'accept-encoding': 'br' } })
  expect(page.status()).toBe(200)
  expect(await page.text()).toContain('</html>')
})
