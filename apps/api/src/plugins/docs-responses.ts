import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
/** Paths without the session's CSRF check (plugins/session.ts): a signature or a bearer token authenticates them. */
const NO_CSRF = [/^\/api\/payments\/notify\//, /^\/api\/partner\//]

/**
 * The answers every route gives by the plugins' doing, added to what the route declares so /api/docs lists what
 * routes really answer: 422 (the zod validator, for any route with a body, query or path schema) and 419 (the
 * session plugin's CSRF check on state changes under /api).
 */
export function withImpliedResponses(
  schema: Record<string, unknown>, method: string | string[], url: string,
): Record<string, unknown> {
  if (schema.hide) return schema
  const response = { ...(schema.response as Record<string, unknown> | undefined) }
  if ((schema.body || schema.querystring || schema.params) && !response[422]) response[422] = validationErrorSchema
  const methods = Array.isArray(method) ? method : [method]
  if (url.startsWith('/api/') && methods.some((m) => UNSAFE.has(m)) && !NO_CSRF.some((r) => r.test(url)) && !response[419]) {
    response[419] = apiErrorSchema.describe('CSRF token mismatch: X-XSRF-TOKEN missing or not the XSRF-TOKEN cookie')
  }
  return Object.keys(response).length ? { ...schema, response } : schema
}
