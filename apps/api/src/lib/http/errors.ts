import { CLIENT_MESSAGES } from '@portal/contracts/errors'

/** An error with an HTTP status and the `{error, message}` body of the API's error contract. */
export class HttpError extends Error {
  constructor(public statusCode: number, public error: string, message: string) {
    super(message)
    this.name = 'HttpError'
  }
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
