import { Readable } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'

/** Node/Fastify request → Fetch API Request for React Router's handler; aborts when the client goes away. */
export function toFetchRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host || 'localhost'}`)
  const headers = new Headers()
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v)
  }
  const controller = new AbortController()
  reply.raw.once('close', () => { if (!reply.raw.writableFinished) controller.abort() })
  const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers, signal: controller.signal }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    // The SSR scope has no body parsers, so the raw stream is still unread here (form posts to actions).
    init.body = Readable.toWeb(request.raw) as ReadableStream
    init.duplex = 'half'
  }
  return new Request(url, init)
}

/** Fetch API Response → Fastify reply, streamed (React Router streams HTML with Suspense). */
export function sendFetchResponse(reply: FastifyReply, response: Response): FastifyReply {
  reply.code(response.status)
  response.headers.forEach((value, key) => {
    // x-page-cache-listings is for the page cache only (web/page-cache.ts).
    if (key !== 'set-cookie' && key !== 'x-page-cache-listings') reply.header(key, value)
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length) reply.header('set-cookie', cookies)
  if (!response.body) return reply.send()
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream))
}
