/**
 * The `next` target after login (spec §6 guard redirect). Only a same-origin path is accepted: it must start with
 * exactly one '/', and nothing a browser could read as another host ('//evil', '/\evil', '/%2F%2Fevil' is fine as it
 * stays a path). Anything else gives null, so the caller stays where it is — never an open redirect.
 */
export function safeNext(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null
  const v = value.trim()
  if (!v || v.length > 2000) return null
  if (!v.startsWith('/')) return null
  // '//host' and '/\host' are protocol-relative for browsers; control characters and backslashes have no place here.
  if (v[1] === '/' || v[1] === '\\') return null
  if (/[\\\u0000-\u001f\u007f]/.test(v)) return null
  try {
    const url = new URL(v, 'http://portal.invalid')
    if (url.origin !== 'http://portal.invalid') return null
    const out = url.pathname + url.search + url.hash
    // Dot segments are resolved by URL: '/..//evil.com' becomes '//evil.com', another host again.
    if (out[1] === '/' || out[1] === '\\') return null
    return out
  } catch {
    return null
  }
}

/** `/?next=…` for a guarded path (path + search). */
export function loginRedirectPath(pathWithSearch: string): string {
  return `/?next=${encodeURIComponent(pathWithSearch)}`
}
