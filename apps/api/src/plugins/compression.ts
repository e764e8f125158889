import { constants } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import compress from '@fastify/compress'

/**
 * br/gzip for every compressible response (HTML from the server rendering, JSON, the client's JS and CSS).
 * Responses made per request are compressed at brotli quality 4 / gzip level 6: quality 11 (zlib's default) costs
 * tens of milliseconds per page. The hashed JS/CSS under /assets are compressed once at build time at the best
 * quality (apps/web/vite.config.ts writes `.br`/`.gz` beside each file) and sent as they are (`preCompressed` in
 * web/ssr.ts); this plugin then leaves them alone because they already carry a Content-Encoding.
 */
export default fp(async function compression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } },
    zlibOptions: { level: 6 },
  })
}, { name: 'compression' })
