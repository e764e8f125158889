/**
 * What a signed-in browser asks right after a page from the shared cache (decision 099): its own part of the page's
 * data, as React Router's revalidation does (root; a listing page's own loader too).
 */
export function personalReload(url: string): string {
  const u = new URL(url, 'http://localhost')
  const all = u.pathname.startsWith('/ogloszenia/')
  u.pathname = u.pathname === '/' ? '/_root.data' : `${u.pathname}.data`
  if (!all) u.searchParams.set('_routes', 'root')
  return u.pathname + u.search
}
