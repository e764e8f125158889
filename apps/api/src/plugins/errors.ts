import type { Socket } from 'node:net'
import type { FastifyError, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { HttpError, SERVER_ERROR_BODY, specErrorBody } from '../lib/http/errors.ts'
import { laravelValidationBody } from '../lib/http/validation.ts'
import { DB_RETRY_AFTER_S, DB_UNAVAILABLE_BODY, isDbUnavailable } from '../lib/http/db-outage.ts'

/** Polish texts for the client errors fastify itself raises (bad JSON, wrong content type, ...). */
const CLIENT_ERROR_TEXTS: Record<number, [string, string]> = {
  400: ['bad_request', 'Nieprawidłowe żądanie.'],
  401: ['unauthenticated', 'Zaloguj się, aby mieć dostęp do tej strony'],
  403: ['forbidden', 'Brak dostępu.'],
  404: ['not_found', 'Nie znaleziono.'],
  405: ['method_not_allowed', 'Niedozwolona metoda.'],
  406: ['not_acceptable', 'Nieobsługiwany format odpowiedzi.'],
  408: ['request_timeout', 'Przekroczono czas żądania.'],
  411: ['length_required', 'Brak nagłówka Content-Length.'],
  413: ['payload_too_large', 'Przesłane dane są zbyt duże.'],
  414: ['uri_too_long', 'Adres jest zbyt długi.'],
  415: ['unsupported_media_type', 'Nieobsługiwany typ danych.'],
  429: ['too_many_requests', 'Zbyt wiele żądań. Spróbuj ponownie za chwilę.'],
  431: ['headers_too_large', 'Nagłówki żądania są zbyt duże.'],
}

const SPECIFIC_400: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Nieprawidłowy JSON w treści żądania.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Pusta treść żądania przy Content-Type: application/json.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Nieprawidłowy nagłówek Content-Length.',
}

/**
 * What busboy (through @fastify/multipart) throws on a malformed multipart body: plain Errors without a status, which
 * were 500s (issue 29: no boundary, a truncated body). They are the client's fault: 400.
 */
const MULTIPART_ERROR = /^(Multipart: Boundary not found|Unexpected end of (multipart data|form|file)|Malformed part header|Missing Content-Type|Unsupported Content-Type)/
const MULTIPART_MESSAGE = 'Nieprawidłowe dane formularza (multipart/form-data).'

/**
 * Errors of the HTTP parser, before any request exists (Fastify's clientErrorHandler): fastify's own answers in
 * English with a body also to HEAD, whose response never carries one (a keep-alive client then reads the body as the
 * next response; issue 29: an oversized URL with HEAD). The API's Polish body, none for HEAD, and the connection
 * closes as before.
 */
export function clientErrorHandler(err: Error & { code?: string; rawPacket?: Buffer }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return
  const status = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400
  const [code, text] = CLIENT_ERROR_TEXTS[status]!
  const head = err.rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD '
  const body = head ? '' : JSON.stringify({ error: code, message: text })
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_LINE[status]}\r\nConnection: close\r\n`
      + (head ? '\r\n' : `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`))
  }
  socket.destroy(err)
}
const STATUS_LINE: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' }

/**
 * One error contract for the whole API: 422 Laravel validation bodies, `{error, message}` for other client
 * errors, a generic Polish 500 (details only in the log) for everything unexpected. Bad input never yields 500.
 */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError & Partial<HttpError>, request, reply) => {
    if (err.validation) {
      return reply.code(422).send(laravelValidationBody(err.validation, err.validationContext))
    }
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).send({ error: err.error, message: err.message })
    }
    if (err.statusCode === undefined && MULTIPART_ERROR.test(err.message ?? '')) {
      request.log.info({ msg: err.message }, 'client error: malformed multipart')
      return reply.code(400).send({ error: 'bad_request', message: MULTIPART_MESSAGE })
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500
    if (status >= 400 && status < 500) {
      const [code, text] = CLIENT_ERROR_TEXTS[status] ?? ['bad_request', 'Nieprawidłowe żądanie.']
      if (status >= 400 && status !== 429) request.log.info({ code: err.code, msg: err.message }, 'client error')
      return reply.code(status).send({ error: code, message: (err.code && SPECIFIC_400[err.code]) || text })
    }
    if (isDbUnavailable(err)) {
      // The database restarts or is stopped: the client may retry; the pool reconnects by itself.
      request.log.warn({ code: (err as { code?: string }).code, msg: err.message }, 'database unavailable')
      return reply.code(503).header('retry-after', String(DB_RETRY_AFTER_S)).send(DB_UNAVAILABLE_BODY)
    }
    request.log.error({ err }, 'unhandled error')
    return reply.code(500).send(SERVER_ERROR_BODY)
  })

  // Every `{error, message}` body, from any route, plugin or handler, in the shape of spec §8 (specErrorBody).
  app.addHook('preSerialization', async (_request, reply, payload) => {
    if (reply.statusCode < 400 || !isErrorBody(payload)) return payload
    return specErrorBody(payload)
  })

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ error: 'not_found', message: 'Nie znaleziono.' })
  })
}, { name: 'errors' })

function isErrorBody(v: unknown): v is { error: string; message: string; code?: string } {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false
  const o = v as Record<string, unknown>
  return typeof o.error === 'string' && typeof o.message === 'string'
}
