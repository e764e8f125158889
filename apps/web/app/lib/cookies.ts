// Tiny cookie helpers for the browser; the document is passed in so tests can use a fake one.
export interface CookieJar { cookie: string }

export function readCookie(name: string, jar: CookieJar | undefined = globalThis.document): string | null {
  if (!jar) return null
  for (const part of jar.cookie.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    if (part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim()
      try {
        return decodeURIComponent(raw)
      } catch {
        return raw
      }
    }
  }
  return null
}

export function removeCookie(name: string, jar: CookieJar | undefined = globalThis.document): void {
  if (jar) jar.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`
}
