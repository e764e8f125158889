/**
 * Recognises "the database is not there right now" (server restarting or stopped, connection cut, pool timeout),
 * as opposed to a bug or bad input: such a request answers 503 with Retry-After and the process carries on; the
 * pg pool opens new connections once the server is back.
 */
const PG_CODES = new Set([
  '57P01', // admin_shutdown (pg_ctl stop/restart -m fast, pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up / shutting down)
  '08000', '08001', '08003', '08004', '08006', '08007', // connection exceptions
  '53300', // too_many_connections
])
const NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN'])
const MESSAGES = /connection terminated|connection timeout|timeout exceeded when trying to connect|client has encountered a connection error|not queryable|server closed the connection/i

/** Seconds a client is told to wait (Retry-After) while the database is away. */
export const DB_RETRY_AFTER_S = 5

export const DB_UNAVAILABLE_BODY = {
  error: 'service_unavailable',
  message: 'Serwis jest chwilowo niedostępny. Spróbuj ponownie za chwilę.',
} as const

/** True for errors (or their `cause` chain: drizzle wraps driver errors) meaning the database cannot be reached. */
export function isDbUnavailable(err: unknown): boolean {
  let e: unknown = err
  for (let depth = 0; depth < 6 && e && typeof e === 'object'; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown }
    if (typeof code === 'string' && (PG_CODES.has(code) || NODE_CODES.has(code))) return true
    if (typeof message === 'string' && MESSAGES.test(message)) return true
    // AggregateError (a connect to several addresses) carries its causes in `errors`.
    const nested = (e as { errors?: unknown[] }).errors
    if (Array.isArray(nested) && nested.some((n) => isDbUnavailable(n))) return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}
