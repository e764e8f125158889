/** The site's public origin for canonical links, og:image, sitemap and robots: PUBLIC_URL, else the request's. */
export function publicOrigin(request: Request): string {
  const env = process.env.PUBLIC_URL?.trim().replace(/\/+$/, '')
  return env || new URL(request.url).origin
}
