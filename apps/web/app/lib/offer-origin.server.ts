/**
 * The site's public origin for canonical links, og:url, JSON-LD, the sitemap and robots.txt: PUBLIC_URL, else the
 * API's own default (http://localhost:PORT). Never the request's Host header: anybody can send any Host, and a
 * cache in front would keep their origin in the sitemap for everybody.
 */
export function publicOrigin(_request?: Request): string {
  const env = process.env.PUBLIC_URL?.trim().replace(/\/+$/, '')
  if (env) {
    try {
      const url = new URL(env)
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin
    } catch {
      // The API refuses to start with an invalid PUBLIC_URL; fall through for tools that load this alone.
    }
  }
  const port = /^\d{1,5}$/.test(process.env.PORT ?? '') ? process.env.PORT : '3000'
  return `http://localhost:${port}`
}
