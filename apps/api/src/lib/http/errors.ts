import { CLIENT_MESSAGES } from '@portal/contracts/errors'

/** An error with an HTTP status and the `{error, message}` body of the API's error contract. */
export class HttpError extends Error {
  constructor(public statusCode: number, public error: string, message: string) {
    super(message)
    this.name = 'HttpError'
  }
}

/** Error codes spec §8 lets the client read from `error` itself; every other `error` carries the Polish text. */
const CODES_IN_ERROR = new Set(['email_already_exist'])

/**
 * The error body spec §8's client reads: `error` the text it shows (or the §8 code), `code` the machine code.
 * Bodies already in this shape (with `code`) are left alone.
 */
export function specErrorBody<T extends { error: string; message: string; code?: string }>(body: T): T & { code: string } {
  if (body.code !== undefined) return body as T & { code: string }
  const { error, message, ...rest } = body
  return { ...rest, error: CODES_IN_ERROR.has(error) ? error : message, message, code: error } as unknown as T & { code: string }
}

export const notFound = (message = 'Nie znaleziono.') => new HttpError(404, 'not_found', message)
export const SERVER_ERROR_BODY = { error: 'server_error', message: CLIENT_MESSAGES.serverError } as const
export const CSRF_MISMATCH_BODY = { error: 'csrf_token_mismatch', message: 'CSRF token mismatch.' } as const

/** A 422 in the API's Laravel shape `{message, errors: {[field]: [message]}}` (goes through the error handler). */
export function fieldError(field: string, message: string): Error {
  const err = new Error(message) as Error & { validation: unknown[]; statusCode: number }
  err.validation = [{ instancePath: `/${field}`, message, keyword: 'custom', params: { field } }]
  err.statusCode = 422
  return err
}
