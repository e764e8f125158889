// Loader side of the results screens: one call to GET /api/search with the page's query.
import type { AppLoadContext } from 'react-router'
import type { SearchResponse } from '@portal/contracts/search'
import type { InvestmentGroup } from '@portal/contracts/investments'
import type { ResultsData } from '~/components/search/search-results'
import { mapTileUrl } from './map-tiles.server'
import { serverApi } from './api.server'
import { publicPageHeaders } from './page-cache'
import { placeById } from '@portal/contracts/catalogue/regions'
import { SEARCH_PARAMS } from '@portal/contracts/plain/search'
import type { SearchPlace } from './search-location'

/** Parameters of the page itself that the API does not need. */
const PAGE_ONLY = ['widok']

/** The labels of the query's places (`lokalizacje`, decision 069): the catalogue of names stays on the server. */
export function placeLabels(query: string): SearchPlace[] {
  const p = new URLSearchParams(query)
  return SEARCH_PARAMS.places.flatMap((k) => p.getAll(k)).flatMap((v) => v.split(','))
    .flatMap((raw) => { const x = placeById(raw); return x ? [{ id: x.id, label: x.label }] : [] })
}

export function apiQuery(params: URLSearchParams): string {
  const p = new URLSearchParams(params)
  for (const k of PAGE_ONLY) p.delete(k)
  return p.toString()
}

/** Whether the query asks for the primary market (rynek=pierwotny), whose units are grouped by investment. */
export function primaryMarket(query: string): boolean {
  const p = new URLSearchParams(query)
  return SEARCH_PARAMS.market.flatMap((k) => p.getAll(k)).flatMap((v) => v.split(',')).includes('pierwotny')
}

/** The investments of a primary-market search; none when it is not one or the call fails (the list still shows). */
async function investmentsOf(context: AppLoadContext | undefined, query: string): Promise<InvestmentGroup[] | undefined> {
  if (!primaryMarket(query)) return undefined
  const res = await serverApi(context, `/api/search/investments?${query}`, { headers: { Accept: 'application/json' } }).catch(() => null)
  return res?.ok ? ((await res.json()) as { data: InvestmentGroup[] }).data : undefined
}

export async function loadResults(context: AppLoadContext | undefined, query: string): Promise<ResultsData> {
  const tileUrl = mapTileUrl()
  try {
    const [res, investments] = await Promise.all([
      serverApi(context, `/api/search?${query}`, { headers: { Accept: 'application/json' } }),
      investmentsOf(context, query),
    ])
    const body = (await res.json().catch(() => null)) as (SearchResponse & { message?: string; errors?: Record<string, string[]> }) | null
    if (res.ok && body && Array.isArray(body.data)) return { result: body, error: null, tileUrl, places: placeLabels(query), investments }
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
