// Field messages for forms: from a zod parse on the client (the shared contracts schemas) and from a 422 of the API,
// keyed the same way ('address.city'), first message per field.
import type { ZodError } from 'zod'

export type FieldErrors = Record<string, string>

export function zodFieldErrors(error: ZodError): FieldErrors {
  const out: FieldErrors = {}
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.')
    if (key && !(key in out)) out[key] = issue.message
  }
  return out
}

export function serverFieldErrors(errors: Record<string, string[] | string> | undefined): FieldErrors {
  const out: FieldErrors = {}
  for (const [key, v] of Object.entries(errors ?? {})) {
    const msg = Array.isArray(v) ? v[0] : v
    if (typeof msg === 'string' && msg) out[key] = msg
  }
  return out
}

/** A copy without `key`: the message goes away as soon as the user edits the field. */
export function withoutError(errors: FieldErrors, key: string): FieldErrors {
  if (!(key in errors)) return errors
  const { [key]: _drop, ...rest } = errors
  return rest
}
