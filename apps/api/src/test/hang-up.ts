import net from 'node:net'
import { mulberry32 } from '@portal/db/seed/random'
import { sitePathTemplates } from './site-routes.ts'

/**
 * Clients that hang up (issue 29): raw HTTP/1.1 requests over their own socket, cut at a chosen moment — while the
 * request is still being sent, before the response headers, after some bytes of the body, or after the client
 * stopped reading (the server's render finishes into full buffers) — by a close or a TCP reset. Used by the CI test
 * (apps/api/src/web/hang-up.test.ts), the e2e check against the real server (e2e/hostile-clients.spec.ts) and the fault
 * suite (bench/suites/faults.ts, `--only hangup`). None of them may cost the server more than the request itself.
 */
export type Coding = 'identity' | 'gzip' | 'br'
export const CODINGS: readonly Coding[] = ['identity', 'gzip', 'br']
export type Moment = 'mid-request' | 'before-headers' | 'mid-body' | 'stalled'
export const MOMENTS: readonly Moment[] = ['mid-request', 'before-headers', 'mid-body', 'stalled']

export interface Target {
  method: string
  /** Path and query. */
  url: string
  /** A JSON body for state changes. */
  body?: string
  /** Sent without a session (logging out would end the logged-in session the other requests use). */
  guestOnly?: boolean
}

export interface Session { cookie: string; xsrf: string }

export interface Cut {
  moment: Moment
  /** mid-body: body bytes read before the cut; mid-request: request bytes sent. */
  bytes: number
  /** before-headers / stalled: milliseconds before the cut. */
  ms: number
  /** A TCP reset (a lost connection) instead of a close (a closed tab). */
  reset: boolean
}

export interface HangUpResult {
  /** The status, when the headers arrived before the cut. */
  status?: number
  /** The response ended before the chosen moment (a short answer): nothing was cut. */
  complete: boolean
}

export function randomCut(random: () => number, moment?: Moment): Cut {
  return {
    moment: moment ?? MOMENTS[Math.floor(random() * MOMENTS.length)]!,
    bytes: Math.floor(random() ** 2 * 40_000),
    ms: Math.floor(random() ** 2 * 120),
    reset: random() < 0.5,
  }
}

function requestBytes(host: string, t: Target, coding: Coding, session?: Session): Buffer {
  const lines = [
    `${t.method} ${t.url} HTTP/1.1`, `Host: ${host}`, `Accept-Encoding: ${coding}`, 'Connection: close',
    `Accept: ${t.url.startsWith('/api') ? 'application/json' : 'text/html'}`, 'User-Agent: hang-up-client',
  ]
  if (session) lines.push(`Cookie: ${session.cookie}`)
  if (session && t.method !== 'GET' && t.method !== 'HEAD') lines.push(`X-XSRF-TOKEN: ${session.xsrf}`)
  const body = t.body === undefined ? undefined : Buffer.from(t.body)
  if (body) lines.push('Content-Type: application/json', `Content-Length: ${body.length}`)
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), body ?? Buffer.alloc(0)])
}

/** Sends one request and hangs up at `cut`. Resolves when the socket is gone (at most `limitMs` later). */
export function hangUp(port: number, t: Target, coding: Coding, cut: Cut, session?: Session, limitMs = 10_000): Promise<HangUpResult> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' })
    let head = Buffer.alloc(0)
    let status: number | undefined
    let bodyBytes = 0
    let done = false
    const timers: NodeJS.Timeout[] = []
    const finish = (complete: boolean) => {
      if (done) return
      done = true
      for (const tm of timers) clearTimeout(tm)
      resolve({ status, complete })
    }
    const cutNow = () => {
      if (done || socket.destroyed) return
      if (cut.reset) socket.resetAndDestroy()
      else socket.destroy()
    }
    socket.on('error', () => {})
    // Closed by the server before the cut: the whole answer came (or the server refused the request).
    let cutDone = false
    socket.on('close', () => finish(!cutDone))
    const cutAt = (fn: () => void) => () => { cutDone = true; fn() }
    timers.push(setTimeout(cutAt(cutNow), limitMs))
    socket.on('connect', () => {
      const bytes = requestBytes(`127.0.0.1:${port}`, t, coding, session)
      if (cut.moment === 'mid-request') {
        // Part of the request line, headers or body, then gone.
        socket.write(bytes.subarray(0, Math.max(1, Math.min(bytes.length - 1, cut.bytes % bytes.length))))
        timers.push(setTimeout(cutAt(cutNow), cut.ms % 20))
        return
      }
      socket.write(bytes)
      if (cut.moment === 'before-headers') timers.push(setTimeout(cutAt(cutNow), cut.ms % 40))
    })
    socket.on('data', (chunk: Buffer) => {
      if (status === undefined) {
        head = Buffer.concat([head, chunk])
        const end = head.indexOf('\r\n\r\n')
        if (end < 0) return
        status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head.toString('latin1'))?.[1])
        chunk = head.subarray(end + 4)
        if (cut.moment === 'before-headers') return cutAt(cutNow)()
        if (cut.moment === 'stalled') {
          // The client stops reading (a frozen tab, a tunnel): the server's buffers fill, the render finishes.
          socket.pause()
          timers.push(setTimeout(cutAt(cutNow), cut.ms))
          return
        }
      }
      bodyBytes += chunk.length
      if (cut.moment === 'mid-body' && bodyBytes >= cut.bytes) cutAt(cutNow)()
    })
  })
}

export interface Campaign {
  port: number
  /** Requests in all: targets are taken in turn (each one at least once when count ≥ targets), the rest at random. */
  count: number
  seed: number
  targets: Target[]
  /** Sessions to use (a logged-in one, …); a request goes without any in a third of the cases. */
  sessions: Session[]
  /** How many at once. */
  concurrency?: number
}

export interface CampaignResult {
  total: number
  /** Count per moment, coding, guest/member and status seen before the cut. */
  byMoment: Record<string, number>
  byCoding: Record<string, number>
  bySession: Record<string, number>
  byStatus: Record<string, number>
  /** Answers that ended before their cut (short responses). */
  complete: number
  ms: number
}

/** Runs `count` hang-ups over the targets, every moment, coding and session (guest or not) mixed. */
export async function runHangUps(c: Campaign): Promise<CampaignResult> {
  const random = mulberry32(c.seed)
  const plan = Array.from({ length: c.count }, (_, i) => {
    const target = i < c.targets.length ? c.targets[i]! : c.targets[Math.floor(random() * c.targets.length)]!
    const session = random() < 1 / 3 || !c.sessions.length || target.guestOnly ? undefined : c.sessions[Math.floor(random() * c.sessions.length)]
    return { target, session, coding: CODINGS[i % CODINGS.length]!, cut: randomCut(random, MOMENTS[Math.floor(i / CODINGS.length) % MOMENTS.length]) }
  })
  const r: CampaignResult = { total: 0, byMoment: {}, byCoding: {}, bySession: {}, byStatus: {}, complete: 0, ms: 0 }
  const add = (m: Record<string, number>, k: string) => { m[k] = (m[k] ?? 0) + 1 }
  const started = performance.now()
  let next = 0
  const worker = async () => {
    while (next < plan.length) {
      const p = plan[next++]!
      const out = await hangUp(c.port, p.target, p.coding, p.cut, p.session)
      r.total++
      add(r.byMoment, p.cut.moment)
      add(r.byCoding, p.coding)
      add(r.bySession, p.session ? 'member' : 'guest')
      add(r.byStatus, out.status === undefined ? 'cut before headers' : String(out.status))
      if (out.complete) r.complete++
    }
  }
  await Promise.all(Array.from({ length: c.concurrency ?? 8 }, worker))
  r.ms = performance.now() - started
  return r
}

/** A listing linked from a page's HTML (the home page lists some), or undefined. */
export const linkedListingSlug = (html: string) => /href="\/ogloszenia\/([^"?#]+)"/.exec(html)?.[1]

/**
 * Every page route (apps/web/app/routes.ts) with its parameters filled as a visitor would reach real pages, plus
 * the pages that render the most: results and a listing.
 */
export function pageTargets(listingSlug: string): Target[] {
  return [
    ...sitePathTemplates().map((p) => ({ method: 'GET', url: p.replace('{x}', 'warszawa').replace('{y}', 'mieszkanie').replace('{z}', 'sprzedaz') })),
    { method: 'GET', url: '/szukaj?typ=sprzedaz' }, { method: 'GET', url: `/ogloszenia/${listingSlug}` },
    { method: 'GET', url: '/nieruchomosci/mieszkanie/sprzedaz/warszawa' },
  ]
}

/** Every operation of an OpenAPI document as a target, path parameters filled from `values` (by name) or '1'. */
export function apiTargets(doc: { paths: Record<string, Record<string, unknown>> }, values: Record<string, string> = {}): Target[] {
  const out: Target[] = []
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (path.startsWith('/api/__test') || !path.startsWith('/api')) continue
    for (const method of Object.keys(ops)) {
      const m = method.toUpperCase()
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(m)) continue
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? '1'))
      out.push({ method: m, url, body: m === 'GET' || m === 'DELETE' ? undefined : '{}', guestOnly: /^\/api\/(auth\/logout|user)$/.test(path) && m !== 'GET' })
    }
  }
  return out
}

/** Reads what a browser would send back from Set-Cookie headers. */
export function sessionFrom(setCookies: string[], prev?: Session): Session {
  const jar = new Map<string, string>()
  for (const part of (prev?.cookie ?? '').split('; ').filter(Boolean)) {
    const i = part.indexOf('=')
    jar.set(part.slice(0, i), part.slice(i + 1))
  }
  for (const c of setCookies) {
    const pair = c.split(';')[0]!
    const i = pair.indexOf('=')
    jar.set(pair.slice(0, i), pair.slice(i + 1))
  }
  return { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), xsrf: decodeURIComponent(jar.get('XSRF-TOKEN') ?? '') }
}

/** A logged-in session over HTTP (csrf cookie, then login). */
export async function loginOverHttp(base: string, email: string, password: string): Promise<Session> {
  const csrf = await fetch(`${base}/api/sanctum/csrf-cookie`)
  const guest = sessionFrom(csrf.headers.getSetCookie())
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST', body: JSON.stringify({ email, password }),
    headers: { 'content-type': 'application/json', cookie: guest.cookie, 'x-xsrf-token': guest.xsrf, accept: 'application/json' },
  })
  if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status} ${await res.text()}`)
  return sessionFrom(res.headers.getSetCookie(), guest)
}
