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

function copyHead(reply: FastifyReply, response: Response) {
  reply.code(response.status)
  response.headers.forEach((value, key) => {
    // x-page-cache-listings is for the page cache only (web/page-cache.ts).
    if (key !== 'set-cookie' && key !== 'x-page-cache-listings') reply.header(key, value)
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length) reply.header('set-cookie', cookies)
}

/** Fetch API Response → Fastify reply, streamed (React Router streams HTML with Suspense). */
export function sendFetchResponse(reply: FastifyReply, response: Response): FastifyReply {
  copyHead(reply, response)
  if (!response.body) return reply.send()
  return reply.send(readableOf(response.body))
}

/**
 * A whole page (the render pool's answer, already compressed when the visitor takes br/gzip) as one buffer: no stream
 * plumbing; a Content-Encoding set by the worker keeps the compression plugin away.
 */
export async function sendBufferedResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  copyHead(reply, response)
  if (!response.body) return reply.send()
  return reply.send(Buffer.from(await response.arrayBuffer()))
}

/**
 * A web stream as a Node stream whose destroy cancels the web stream WITHOUT handing on the reason. A client that
 * hangs up makes the reply destroy its payload, and the compression plugin's pipeline destroys it with
 * ERR_STREAM_PREMATURE_CLOSE; `Readable.fromWeb` would pass that error to `cancel(reason)`, and React Router's
 * `createReadableStreamFromReadable` destroys its Node stream with the reason after taking away its own 'error'
 * listener, so the error was emitted with no listener: an uncaught exception ended the whole process
 * (remix-run/react-router#15364). A cancel without a reason only closes the source: nothing to report, nothing thrown.
 */
export function readableOf(body: ReadableStream<Uint8Array>): Readable {
  const reader = body.getReader()
  return new Readable({
    read() {
      reader.read().then(
        ({ done, value }) => { this.push(done ? null : value) },
        (err: unknown) => { this.destroy(err instanceof Error ? err : new Error(String(err))) },
      )
    },
    destroy(err, callback) {
      reader.cancel().then(() => callback(err), () => callback(err))
    },
  })
}
