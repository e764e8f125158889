import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import cookie from '@fastify/cookie'
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { perHandle, sessions, users } from '@portal/db'
import { CSRF_MISMATCH_BODY } from '../lib/http/errors.ts'
import { renderMemoOf } from '../lib/http/render-memo.ts'
import { randomToken } from '../lib/http/random-token.ts'
import { isInternalRequest } from './security.ts'

/**
 * Server-side sessions, Laravel Sanctum style: an httpOnly `portal_session` cookie holding a random id (only its
 * SHA-256 is stored in `sessions`) and a readable `XSRF-TOKEN` cookie the browser echoes as `X-XSRF-TOKEN` on
 * every state-changing request. Guests get a session too so the CSRF token has something to bind to.
 */
export const SESSION_COOKIE = 'portal_session'
export const XSRF_COOKIE = 'XSRF-TOKEN'
export const SESSION_TTL_MS = 120 * 60 * 1000
/** Sliding expiry is written at most this often per session, not on every request. */
const TOUCH_EVERY_MS = 60 * 1000
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export interface RequestSession {
  /** The sessions row id (SHA-256 of the cookie value), never the cookie value itself. */
  id: string
  userId: number | null
  csrfToken: string
  /**
   * The signed-in user's row (not deleted, not blocked; null otherwise), read in the session's own statement on GET and
   * HEAD requests (decision 112): currentUser takes it instead of a second read. Absent on writes, which read it fresh.
   */
  user?: typeof users.$inferSelect | null
}

declare module 'fastify' {
  interface FastifyRequest {
    session: RequestSession | null
  }
}

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex')
const token = () => randomToken(32)

function cookieOptions(request: FastifyRequest, httpOnly: boolean) {
  return {
    path: '/',
    httpOnly,
    sameSite: 'lax' as const,
    secure: request.server.env.PUBLIC_URL.startsWith('https:'),
    maxAge: SESSION_TTL_MS / 1000,
  }
}

function setSessionCookies(request: FastifyRequest, reply: FastifyReply, cookieValue: string, csrfToken: string) {
  reply.setCookie(SESSION_COOKIE, cookieValue, cookieOptions(request, true))
  reply.setCookie(XSRF_COOKIE, csrfToken, cookieOptions(request, false))
}

/** Re-sends the cookies of the current session (the browser may have lost the readable XSRF-TOKEN). */
export function resendSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.cookies[SESSION_COOKIE]
  if (request.session && raw) setSessionCookies(request, reply, raw, request.session.csrfToken)
}

let created = 0

/** Starts a new session (guest unless userId is given), sets both cookies and `request.session`. */
export async function createSession(
  request: FastifyRequest, reply: FastifyReply, opts: { userId?: number | null; csrfToken?: string } = {},
): Promise<RequestSession> {
  const db = request.server.db.db
  const cookieValue = token()
  const session: RequestSession = { id: sha256(cookieValue), userId: opts.userId ?? null, csrfToken: opts.csrfToken ?? token() }
  await db.insert(sessions).values({
    id: session.id,
    userId: session.userId,
    csrfToken: session.csrfToken,
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  })
  // Expired rows are swept now and then, on the index over expires_at.
  if (++created % 100 === 1) await db.delete(sessions).where(lt(sessions.expiresAt, new Date()))
  setSessionCookies(request, reply, cookieValue, session.csrfToken)
  request.session = session
  return session
}

/**
 * Replaces the current session with a fresh id and CSRF token (log-in, log-out, privilege change) so a session
 * id known before cannot be used after: protects against session fixation.
 */
export async function rotateSession(
  request: FastifyRequest, reply: FastifyReply, opts: { userId: number | null },
): Promise<RequestSession> {
  if (request.session) await request.server.db.db.delete(sessions).where(eq(sessions.id, request.session.id))
  return createSession(request, reply, opts)
}

/** Ends the session: deletes the row and clears both cookies. */
export async function destroySession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.session) await request.server.db.db.delete(sessions).where(eq(sessions.id, request.session.id))
  reply.clearCookie(SESSION_COOKIE, { path: '/' })
  reply.clearCookie(XSRF_COOKIE, { path: '/' })
  request.session = null
}

/** Ends every session of a user (password change, account deletion). */
export async function destroyUserSessions(request: FastifyRequest, userId: number): Promise<void> {
  await request.server.db.db.delete(sessions).where(eq(sessions.userId, userId))
}

/**
 * The session of a page request (the plugin loads sessions for /api only): whether the page cache may hand a visitor
 * with a session cookie the shared page, and whether that visitor is signed in (decision 099). Slides the session as
 * an API call would.
 */
export async function pageSession(request: FastifyRequest, reply: FastifyReply): Promise<FastifyRequest['session']> {
  await readSession(request, reply)
  return request.session
}

async function loadSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  // A page's GET calls read the session once for the whole page (lib/http/render-memo.ts).
  const memo = renderMemoOf(request)
  if (memo) {
    const shared = await (memo.session ??= readSession(request, reply).then(() => request.session))
    request.session = shared as FastifyRequest['session']
    return
  }
  await readSession(request, reply)
}

const SESSION_COLUMNS = { id: sessions.id, userId: sessions.userId, csrfToken: sessions.csrfToken, lastSeenAt: sessions.lastSeenAt }
const sessionWhere = () => and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now')))

/** The session's read as a prepared statement, one per database handle (every request with the cookie runs it). */
const sessionRead = perHandle((db) => db.select(SESSION_COLUMNS).from(sessions).where(sessionWhere()).limit(1).prepare('session_by_id'))

/**
 * A GET's session with its user in one statement (decision 112): nearly every signed-in GET reads both, and each
 * statement is a round trip through the driver, the kernel and a PostgreSQL backend. The same conditions as
 * currentUser's own read (guard.ts).
 */
const sessionWithUserRead = perHandle((db) => db.select({ ...SESSION_COLUMNS, user: users }).from(sessions)
  .leftJoin(users, and(eq(users.id, sessions.userId), isNull(users.deletedAt), isNull(users.blockedAt)))
  .where(sessionWhere()).limit(1).prepare('session_with_user_by_id'))

const READS = new Set(['GET', 'HEAD'])
/** `user`: null when the session is a guest's or its user is deleted or blocked; absent when not read (writes). */
type SessionRow = { id: string; userId: number | null; csrfToken: string; lastSeenAt: Date; user?: RequestSession['user'] }

async function readSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const raw = request.cookies[SESSION_COOKIE]
  if (!raw || raw.length > 200) return
  const id = sha256(raw)
  const now = new Date()
  const params = { id, now: now.toISOString() }
  const [row]: SessionRow[] = READS.has(request.method)
    ? await sessionWithUserRead(request.server.db.db).execute(params)
    : await sessionRead(request.server.db.db).execute(params)
  if (!row) return
  request.session = { id: row.id, userId: row.userId, csrfToken: row.csrfToken }
  if (row.user !== undefined) request.session.user = row.user
  if (now.getTime() - new Date(row.lastSeenAt).getTime() > TOUCH_EVERY_MS) {
    await request.server.db.db.update(sessions)
      .set({ lastSeenAt: sql`now()`, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
      .where(eq(sessions.id, row.id))
    // The cookies slide along with the row.
    setSessionCookies(request, reply, raw, row.csrfToken)
  }
}

/**
 * Laravel Sanctum sets XSRF-TOKEN on every response, so a client that follows spec §7 (csrf-cookie only before
 * login and register) can send remind-password, resend-email or the newsletter as a fresh visitor. A session row
 * per anonymous GET would cost a database write for every bot hit, so a visitor without a session gets a signed
 * token instead (`nonce.mac`, HMAC with the app key: any instance can check it, nothing lives in memory); the
 * first state change that echoes it in the header starts a session bound to that same token.
 */
function guestMac(appKey: string, nonce: string): string {
  return createHmac('sha256', appKey).update(`xsrf:${nonce}`).digest('base64url')
}
function newGuestToken(appKey: string): string {
  const nonce = token()
  return `${nonce}.${guestMac(appKey, nonce)}`
}
function isGuestToken(appKey: string, v: string | undefined): v is string {
  if (!v || v.length > 200) return false
  const [nonce, mac, extra] = v.split('.')
  return !!nonce && !!mac && extra === undefined && sameToken(mac, guestMac(appKey, nonce))
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/**
 * GET routes that change state because the spec names them GET (issue 29 L5): they need the CSRF header too, so a
 * link or an image on another site cannot fire them with the visitor's cookie.
 */
const CSRF_ON_GET = new Set(['/api/user/agents/resend-email/:id'])

/** Loads `request.session` for /api requests and rejects unsafe methods without a matching CSRF header (419). */
export default fp(async function sessionPlugin(app: FastifyInstance) {
  await app.register(cookie)
  app.decorateRequest('session', null)

  app.addHook('onRequest', async (request, reply) => {
    // The routed path, not the raw URL: the router decodes `/%61pi/auth/login` to /api/auth/login, so a check on
    // request.url would let such a request reach the route without its session and CSRF check.
    // An unknown path has no route: its decoded form decides (an unsafe request to it still needs the token).
    const routed = request.routeOptions.url ?? safeDecode(request.url.split('?')[0]!)
    if (!routed.startsWith('/api/') && routed !== '/api') return
    // Payment gateways' notifications carry no session: their signature authenticates them (routes/api/payments).
    if (routed.startsWith('/api/payments/notify/')) return
    // The partner API (decision 025) authenticates every call by its bearer token and never reads a session or cookie.
    if (routed.startsWith('/api/partner/')) return
    await loadSession(request, reply)
    const appKey = request.server.appKey
    const guestCookie = request.session ? undefined : request.cookies[XSRF_COOKIE]
    const guestValid = isGuestToken(appKey, guestCookie)
    // A page's own in-process calls (web/load-context.ts) pass no Set-Cookie on to the browser: no token to sign for them.
    if (!request.session && !guestValid && !isInternalRequest(request)) reply.setCookie(XSRF_COOKIE, newGuestToken(appKey), cookieOptions(request, false))
    if (!UNSAFE_METHODS.has(request.method) && !CSRF_ON_GET.has(routed)) return
    const header = request.headers['x-xsrf-token'] ?? request.headers['x-csrf-token']
    const sent = Array.isArray(header) ? header[0] : header
    // The cookie is URL-encoded by some clients (axios reads it raw); accept both forms.
    const decoded = sent ? safeDecode(sent) : ''
    // A guest echoing the signed token of its own cookie (double submit): its session starts now, on that token.
    if (!request.session && guestValid && (sent === guestCookie || decoded === guestCookie)) {
      await createSession(request, reply, { csrfToken: guestCookie })
      return
    }
    if (!request.session || !sent || !(sameToken(sent, request.session.csrfToken) || sameToken(decoded, request.session.csrfToken))) {
      return reply.code(419).send(CSRF_MISMATCH_BODY)
    }
  })
}, { name: 'session', dependencies: [] })

function safeDecode(v: string): string {
  try {
    return decodeURIComponent(v)
  } catch {
    return v
  }
}
