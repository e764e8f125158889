import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AUTH_MESSAGES } from '@portal/contracts/auth'
import { INTERNAL_HEADER, INTERNAL_TOKEN } from '../plugins/security.ts'
import { SESSION_COOKIE } from '../plugins/session.ts'
import { openRenderMemo, RENDER_MEMO_HEADER } from '../lib/http/render-memo.ts'

/**
 * What React Router loaders and actions get as `context` (docs/team-conventions.md): `api(path, init)` runs the
 * request in-process against the Fastify app through `inject` (no loopback socket), carrying the page request's
 * cookies so the user's session applies. Set-Cookie of such calls is not passed on to the browser.
 */
export interface LoadContext {
  api: (path: string, init?: RequestInit) => Promise<Response>
  /** The nonce of this response's Content-Security-Policy (script-src), for the inline scripts of the SSR. */
  cspNonce?: string
}

/** Headers of the page request that an API call made on its behalf should see. */
const FORWARDED = ['cookie', 'accept-language', 'user-agent'] as const

const SESSION = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`)

export function createLoadContext(app: FastifyInstance, request: FastifyRequest, cspNonce?: string, reply?: { raw: Pick<NodeJS.EventEmitter, 'once'> }): LoadContext {
  const signedOut = !SESSION.test(String(request.headers.cookie ?? ''))
  // The page's calls read the session and the user once (decision 096), until the page has been answered.
  const memo = signedOut || !reply ? undefined : openRenderMemo()
  if (memo) reply!.raw.once('close', memo.close)
  return {
    cspNonce,
    api: async (path, init = {}) => {
      if (!path.startsWith('/api/')) throw new Error(`context.api only reaches /api/*, got ${path}`)
      // Without the session cookie nobody is signed in: the root loader's GET /api/user (on every page) can only be
      // its 401, which costs a whole inject and error path per anonymous render.
      if (path === '/api/user' && signedOut && (init.method ?? 'GET').toUpperCase() === 'GET') {
        return Response.json({ error: AUTH_MESSAGES.unauthenticated, message: AUTH_MESSAGES.unauthenticated, code: 'unauthenticated' }, { status: 401, headers: { 'cache-control': 'no-store' } })
      }
      // Let the Fetch API normalise any body type (string, URLSearchParams, FormData, Blob) and its content type.
      const normalized = new Request(new URL(path, 'http://internal'), {
        ...init,
        // Fetch forbids a body on GET/HEAD; duplex is needed when the body is a stream.
        ...(init.body != null ? { duplex: 'half' } : {}),
      } as RequestInit)
      const headers: Record<string, string> = { accept: 'application/json' }
      for (const name of FORWARDED) {
        const v = request.headers[name]
        if (typeof v === 'string') headers[name] = v
      }
      normalized.headers.forEach((value, key) => { headers[key] = value })
      headers[INTERNAL_HEADER] = INTERNAL_TOKEN
      if (memo) headers[RENDER_MEMO_HEADER] = memo.key
      // Same request id as the page request, so its API calls are found together in the log.
      headers['x-request-id'] = request.id
      const payload = init.body != null ? Buffer.from(await normalized.arrayBuffer()) : undefined
      const res = await app.inject({
        method: normalized.method as 'GET',
        url: path,
        headers,
        payload,
        remoteAddress: request.ip,
      })
      const out = new Headers()
      for (const [key, value] of Object.entries(res.headers)) {
        if (value === undefined) continue
        for (const v of Array.isArray(value) ? value : [String(value)]) out.append(key, v)
      }
      const nullBody = res.statusCode === 204 || res.statusCode === 304 || normalized.method === 'HEAD'
      return new Response(nullBody ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers: out })
    },
  }
}
