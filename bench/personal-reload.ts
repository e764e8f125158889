/**
 * What a signed-in browser asks right after a page from the shared cache (decision 099): its own part of the page's
 * data. Root's loader as React Router's revalidation asks it (no route's own loader: skipWhenPersonalising) and, on a
 * listing page, the listing's per-visitor part (decision 102; the browser names the listing by its id, the same read
 * as by the slug here).
 */
export function personalReload(url: string): string[] {
  const u = new URL(url, 'http://localhost')
  const listing = /^\/ogloszenia\/([a-z0-9-]+)$/.exec(u.pathname)?.[1]
  u.pathname = u.pathname === '/' ? '/_root.data' : `${u.pathname}.data`
  u.searchParams.set('_routes', 'root')
  return [u.pathname + u.search, ...(listing ? [`/api/offers/${listing}/viewer`] : [])]
}
