import { brotliCompressSync, constants, gzipSync, zstdCompressSync } from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import compress from '@fastify/compress'

/**
 * zstd/br/gzip for every compressible response (HTML from the server rendering, JSON, the client's JS and CSS).
 *
 * - zstd (ZSTD_LEVEL) comes first wherever a client names it (decision 113); what follows is for those that do not.
 * - API JSON (a buffered string: every JSON route) is compressed here in one synchronous call at brotli quality
 *   JSON_BR_QUALITY (gzip level JSON_GZIP_LEVEL when the client takes no br), with its Content-Length. A search
 *   answer is ~20 KB raw; through @fastify/compress it went into a zlib stream at quality 4, which cost ~0.35 ms of
 *   CPU per answer and took the index's search mix from 1,052 to 672 answers/s on 2 cores. Quality 2 in one call
 *   costs about a third of that for 6% more bytes; gzip level 3 costs about as much for 8% more (decision 035).
 * - Responses made per request as streams (server-rendered HTML) stay with @fastify/compress: brotli quality 4 /
 *   gzip level 6 (quality 11, zlib's default, costs tens of milliseconds per page). Cached pages carry their own
 *   br/gzip copies (web/page-cache.ts), which zstd clients get too.
 * - The hashed JS/CSS under /assets are compressed once at build time at the best quality (apps/web/vite.config.ts
 *   writes `.br`/`.gz` beside each file) and sent as they are (`preCompressed` in web/ssr.ts); they already carry a
 *   Content-Encoding, so neither path touches them.
 */
export const COMPRESS_THRESHOLD = 1024
export const JSON_BR_QUALITY = 2
export const JSON_GZIP_LEVEL = 3
/** Pages rendered per request: by @fastify/compress here, or by the render worker that made them (decision 089). */
export const PAGE_BR_QUALITY = 4
export const PAGE_GZIP_LEVEL = 6
/**
 * zstd for what is compressed per response when the client takes it (decision 113): level 3 costs a page ~0.7 ms
 * against brotli 4's ~2.9 ms for ~5% more bytes, and a search answer ~80 µs against brotli 2's ~180 µs for fewer bytes.
 * Stored copies (cached pages, built assets) stay brotli at high quality: compressed once, the bytes matter more.
 */
export const ZSTD_LEVEL = 3
export type Encoding = 'zstd' | 'br' | 'gzip'

const BR_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: JSON_BR_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }
const GZIP_OPTIONS = { level: JSON_GZIP_LEVEL }
export const ZSTD_OPTIONS = { params: { [constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL } }
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i

/** Accept-Encoding read once: the weight (q) of a coding, `*`'s for one not named (x-gzip is gzip), and whether it is named. */
export interface Accepted { weight(enc: string): number; named(enc: string): boolean }

export function acceptWeights(header: string | string[] | undefined): Accepted {
  const q = new Map<string, number>()
  for (const part of String(header ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';')
    if (!name) continue
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const value = qp ? Number(qp.slice(2)) : 1
    q.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(value) ? value : 0)
  }
  return { weight: (enc) => q.get(enc) ?? q.get('*') ?? 0, named: (enc) => q.has(enc) }
}

/**
 * For a compression made for this response: zstd if the client names it, else br, else gzip, else nothing (a coding
 * weighted below another gives way to it; q=0 refuses one; `*` stands for br and gzip when not named, not for zstd,
 * which older clients that send `*` may not decode). The page cache's stored copies follow storedEncoding.
 */
export function responseEncoding(a: Accepted): Encoding | undefined {
  const zstd = a.weight('zstd'), br = a.weight('br'), gzip = a.weight('gzip')
  if (a.named('zstd') && zstd > 0 && zstd >= br && zstd >= gzip) return 'zstd'
  if (br > 0 && br >= gzip) return 'br'
  if (gzip > 0) return 'gzip'
  return undefined
}

/** For a page cache's stored copy: br when the client takes it at all (the copy kept at quality 6), else gzip, else none. */
export function storedEncoding(a: Accepted): 'br' | 'gzip' | 'identity' {
  if (a.weight('br') > 0) return 'br'
  if (a.weight('gzip') > 0) return 'gzip'
  return 'identity'
}

export function acceptedEncoding(header: string | string[] | undefined): Encoding | undefined {
  return header ? responseEncoding(acceptWeights(header)) : undefined
}

/**
 * A JSON body as sent to a client taking `enc` (ZSTD_LEVEL / JSON_BR_QUALITY / JSON_GZIP_LEVEL, none under the threshold): by
 * compressJson, and by the search route for the finished bodies it keeps (decision 098). `encoding` is undefined when
 * it stays raw.
 */
export function encodeJsonBody(json: string | Buffer, enc: Encoding | undefined): { bytes: Buffer; encoding?: Encoding } {
  const raw = typeof json === 'string' ? Buffer.from(json) : json
  if (!enc || raw.length < COMPRESS_THRESHOLD) return { bytes: raw }
  const bytes = enc === 'zstd' ? zstdCompressSync(raw, ZSTD_OPTIONS) : enc === 'br' ? brotliCompressSync(raw, BR_OPTIONS) : gzipSync(raw, GZIP_OPTIONS)
  return { bytes, encoding: enc }
}

/** The encoding compressJson would choose for this request's JSON (none when the client asks for none). */
export const jsonEncodingFor = (request: FastifyRequest) =>
  request.headers['x-no-compression'] !== undefined ? undefined : acceptedEncoding(request.headers['accept-encoding'])

export function addVary(reply: FastifyReply) {
  const vary = reply.getHeader('vary')
  if (!vary) reply.header('vary', 'Accept-Encoding')
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(String(vary))) reply.header('vary', `${String(vary)}, Accept-Encoding`)
}

/** onSend: buffered JSON compressed in one call (see above); anything else passes on to @fastify/compress. */
function compressJson(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, payload?: unknown) => void) {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload)
  const type = reply.getHeader('content-type')
  if (typeof type !== 'string' || !JSON_TYPE.test(type)) return done(null, payload)
  const encoded = reply.getHeader('content-encoding')
  if ((encoded && encoded !== 'identity') || reply.statusCode === 206 || reply.getHeader('content-range') !== undefined
    || request.headers['x-no-compression'] !== undefined) return done(null, payload)
  const enc = acceptedEncoding(request.headers['accept-encoding'])
  if (!enc) {
    // Nothing to compress for (the pages' own API calls among them): only the length is needed, not a copy of the body.
    if ((typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length) >= COMPRESS_THRESHOLD) addVary(reply)
    return done(null, payload)
  }
  const { bytes, encoding } = encodeJsonBody(payload, enc)
  if (!encoding) return done(null, payload)
  addVary(reply)
  reply.header('content-encoding', encoding)
  reply.header('content-length', bytes.length)
  done(null, bytes)
}

export default fp(async function compression(app: FastifyInstance) {
  // A root hook: it runs before the per-route onSend that @fastify/compress adds, which then sees the Content-Encoding.
  app.addHook('onSend', compressJson)
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['zstd', 'br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: PAGE_BR_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } },
    // The plugin gives zstd the zlib options: gzip reads `level`, zstd `params`.
    zlibOptions: { level: PAGE_GZIP_LEVEL, ...ZSTD_OPTIONS },
  })
}, { name: 'compression' })
