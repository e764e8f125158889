// The response headers of a page the server's page cache may keep (decision 029): shared by the listing and the
// investment pages, which name the listings whose change drops them.
export const PAGE_CACHE_LISTINGS = 'X-Page-Cache-Listings'

type HeadersArgs = { loaderHeaders: Headers; errorHeaders: Headers | undefined; parentHeaders: Headers }

export function pageCacheHeaders({ loaderHeaders, errorHeaders, parentHeaders }: HeadersArgs): HeadersInit {
  const parent = parentHeaders.get('Cache-Control')
  // Signed in (root: private, no-store): never shared, whatever this page would allow.
  if (parent?.includes('no-store')) return { 'Cache-Control': parent }
  const own = errorHeaders ?? loaderHeaders
  const cc = own.get('Cache-Control')
  const listings = errorHeaders ? null : own.get(PAGE_CACHE_LISTINGS)
  return { ...(cc ? { 'Cache-Control': cc } : {}), ...(listings ? { [PAGE_CACHE_LISTINGS]: listings } : {}) }
}
