// Cache headers for pages anyone may see (home, results). A signed-in visitor's page is `private, no-store` (root),
// and an anonymous copy must never be handed to them: browsers apply stale-while-revalidate to their own cache too,
// so right after logging in the anonymous home would come back from it. `Vary: Cookie` keys every cached copy on the
// cookies it was made for (a login or a new session cookie misses it).
export const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=15, stale-while-revalidate=60'

export function publicPageHeaders(parentHeaders: Headers): HeadersInit {
  const parent = parentHeaders.get('Cache-Control')
  if (parent?.includes('private')) return { 'Cache-Control': parent }
  return { 'Cache-Control': PUBLIC_PAGE_CACHE, Vary: 'Cookie' }
}
