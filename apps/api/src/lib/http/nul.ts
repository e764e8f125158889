/**
 * U+0000 cannot be stored in PostgreSQL text (22021) and has no business in a URL or a form field: one check
 * rejects it before any route runs (plugins/input-guard.ts), with 404 for a path and 422 for a query or body field.
 */
export const NUL_MESSAGE = 'Pole zawiera niedozwolony znak.'

const ENCODED_NUL = /%00/i

/** The dotted field name (as in a 422 body) of the first string or key holding U+0000, or null. */
export function findNul(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? (path || 'body') : null
  if (!value || typeof value !== 'object' || depth > 32) return null
  if (Buffer.isBuffer(value)) return null
  for (const [key, v] of Object.entries(value)) {
    const field = path ? `${path}.${key}` : key
    if (key.includes('\u0000')) return path || 'body'
    const hit = findNul(v, field, depth + 1)
    if (hit) return hit
  }
  return null
}

/** Where a raw request target carries a NUL: 'path', the query parameter's name, or null. */
export function nulInUrl(rawUrl: string): { in: 'path' } | { in: 'query'; field: string } | null {
  const q = rawUrl.indexOf('?')
  const pathPart = q < 0 ? rawUrl : rawUrl.slice(0, q)
  if (ENCODED_NUL.test(pathPart) || pathPart.includes('\u0000')) return { in: 'path' }
  if (q < 0) return null
  const query = rawUrl.slice(q + 1)
  if (!ENCODED_NUL.test(query) && !query.includes('\u0000')) return null
  for (const pair of query.split('&')) {
    if (!ENCODED_NUL.test(pair) && !pair.includes('\u0000')) continue
    const name = pair.split('=')[0] ?? ''
    let decoded = name
    try { decoded = decodeURIComponent(name.replaceAll('+', ' ')) } catch { /* keep it raw */ }
    return { in: 'query', field: !decoded || decoded.includes('\u0000') ? 'query' : decoded }
  }
  return { in: 'query', field: 'query' }
}
