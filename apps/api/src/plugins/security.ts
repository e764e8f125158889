import { randomBytes, randomFillSync } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import helmet from 'helmet'
import rateLimit from '@fastify/rate-limit'
import { HttpError } from '../lib/http/errors.ts'

/**
 * Requests the SSR makes in-process through `app.inject` carry this header so they do not all land in the
 * 127.0.0.1 rate-limit bucket (the outer page request is limited already). Random per process: unforgeable.
 */
export const INTERNAL_HEADER = 'x-portal-internal'
export const INTERNAL_TOKEN = randomBytes(24).toString('hex')

export function isInternalRequest(request: FastifyRequest): boolean {
  return request.headers[INTERNAL_HEADER] === INTERNAL_TOKEN
}

/**
 * 16 random bytes (base64) from a pool refilled 256 nonces at a time: the same CSPRNG as randomBytes, one system call
 * per 256 responses instead of one each.
 */
const NONCE_BYTES = 16
const pool = Buffer.alloc(NONCE_BYTES * 256)
let poolAt = pool.length
export function nonce(): string {
  if (poolAt === pool.length) {
    randomFillSync(pool)
    poolAt = 0
  }
  poolAt += NONCE_BYTES
  return pool.toString('base64', poolAt - NONCE_BYTES, poolAt)
}

/** The nonce of each response's script-src (SSR pages put it on their inline scripts: web/ssr.ts). */
const nonces = new WeakMap<ServerResponse, string>()

export function cspNonceOf(reply: FastifyReply): string | undefined {
  return nonces.get(reply.raw)
}

export interface SecurityOptions {
  /** Content-Security-Policy on; off in `npm run dev` where Vite injects inline scripts and a websocket. */
  csp?: boolean
  /** Requests per minute per client across the whole site; routes tighten with `config.rateLimit`. */
  rateLimitMax?: number
  /** The site is served over https (PUBLIC_URL): only then HSTS and upgrade-insecure-requests. */
  https?: boolean
  /** Origin of the map tiles (MAP_TILE_URL), allowed as an image source. */
  tileOrigin?: string | null
}

/**
 * Powerful features nobody on the site uses are switched off for it and every frame it embeds (issue 29);
 * geolocation stays for the site's own 'Użyj mojej lokalizacji' button. Features not named (fullscreen, autoplay,
 * clipboard) keep their defaults, so the embedded video players work as before.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()', 'bluetooth=()', 'browsing-topics=()', 'camera=()', 'display-capture=()', 'geolocation=(self)',
  'gyroscope=()', 'hid=()', 'magnetometer=()', 'microphone=()', 'midi=()', 'payment=()', 'serial=()', 'usb=()',
].join(', ')

export default fp(async function security(app: FastifyInstance, opts: SecurityOptions) {
  app.addHook('onRequest', async (_request, reply) => { reply.header('permissions-policy', PERMISSIONS_POLICY) })
  // helmet's middleware is made once, here: @fastify/helmet built it again for every request (every directive parsed
  // anew, ~3 % of the main thread under the 200-user load). Requests the SSR makes in-process (its loaders' API calls)
  // get none of these headers: their responses never reach a browser, the page's own response carries them.
  const applyHelmet = helmet({
    // React Router's SSR inlines its hydration data and module loader as <script>s: they carry this response's
    // nonce, so script-src has no 'unsafe-inline'. The design uses inline style attributes: style-src keeps it (a
    // nonce there would switch 'unsafe-inline' off for attributes too). Everything else is same-origin only.
    contentSecurityPolicy: opts.csp === false ? false : {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", (_req, res) => `'nonce-${nonces.get(res as ServerResponse) ?? ''}'`],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', ...(opts.tileOrigin ? [opts.tileOrigin] : [])],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'frame-ancestors': ["'none'"],
        'object-src': ["'none'"],
        'upgrade-insecure-requests': opts.https ? [] : null,
      },
    },
    // Framing is refused by CSP's frame-ancestors 'none' (every browser that matters honours it, and CSP says to
    // ignore X-Frame-Options beside it): the old header only said something else (SAMEORIGIN). Without CSP (npm run
    // dev) X-Frame-Options: DENY says the same.
    xFrameOptions: opts.csp === false ? { action: 'deny' } : false,
    // Photos under /uploads are same-origin; COEP would only break embedding of external media later.
    crossOriginEmbedderPolicy: false,
    hsts: opts.https ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  })
  const withNonce = opts.csp !== false
  app.addHook('onRequest', (request, reply, done) => {
    if (isInternalRequest(request)) return done()
    if (withNonce) nonces.set(reply.raw, nonce())
    applyHelmet(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined))
  })

  await app.register(rateLimit, {
    global: true,
    max: opts.rateLimitMax ?? 1200,
    timeWindow: '1 minute',
    // Static files (a page pulls dozens) and in-process SSR calls are not counted.
    allowList: (request) => isInternalRequest(request) || /^\/(assets|uploads)\//.test(request.url) ||
      request.url === '/favicon.ico',
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000))
      return new HttpError(429, 'too_many_requests', `Zbyt wiele żądań. Spróbuj ponownie za ${seconds} s.`)
    },
  })
}, { name: 'security' })
