// Loader side of the results screens: one call to GET /api/search with the page's query.
import type { AppLoadContext } from 'react-router'
import type { SearchResponse } from '@portal/contracts/search'
import type { ResultsData } from '~/components/search/search-results'
import { mapTileUrl } from './map-tiles.server'
import { serverApi } from './api.server'
import { publicPageHeaders } from './page-cache'

/** Parameters of the page itself that the API does not need. */
const PAGE_ONLY = ['widok']

export function apiQuery(params: URLSearchParams): string {
  const p = new URLSearchParams(params)
  for (const k of PAGE_ONLY) p.delete(k)
  return p.toString()
}

export async function loadResults(context: AppLoadContext | undefined, query: string): Promise<ResultsData> {
  const tileUrl = mapTileUrl()
  try {
    const res = await serverApi(context, `/api/search?${query}`, { headers: { Accept: 'application/json' } })
    const body = (await res.json().catch(() => null)) as (SearchResponse & { message?: string; errors?: Record<string, string[]> }) | null
    if (res.ok && body && Array.isArray(body.data)) return { result: body, error: null, tileUrl }
    if (res.status === 422 && body) {
      return { result: null, error: { message: body.message ?? 'Niepoprawne parametry wyszukiwania.', errors: body.errors }, tileUrl }
    }
    console.warn(`[web] /api/search → HTTP ${res.status}`)
    return { result: null, error: null, tileUrl }
  } catch (err) {
    console.warn(`[web] /api/search failed: ${(err as Error).message}`)
    return { result: null, error: null, tileUrl }
  }
}

/** Like the home page: public results may sit in a shared cache for seconds; a signed-in page never. */
export const resultsHeaders = publicPageHeaders
