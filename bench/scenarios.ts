/**
 * Named benchmark scenarios: a small declarative list, so later issues (search) can add their own mixes.
 * Each request picks one entry of `requests` (weighted); `path` may be a function for varied URLs.
 */
import { SEARCH_MIX } from './search-scenarios.ts'

export interface ScenarioRequest {
  method?: 'GET' | 'POST'
  path: string | ((i: number) => string)
  headers?: Record<string, string>
  weight?: number
  /** Status codes that count as success (default 200). */
  expect?: number[]
}

export interface Scenario {
  name: string
  description: string
  requests: ScenarioRequest[]
}

export const SCENARIOS: Scenario[] = [
  {
    name: 'filters',
    description: 'GET /api/search/filters (the cached filters payload, JSON)',
    requests: [{ path: '/api/search/filters', headers: { accept: 'application/json' } }],
  },
  {
    name: 'home-ssr',
    description: 'GET / rendered on the server (React Router SSR with in-process API calls for promoted and newest offers)',
    requests: [{ path: '/', headers: { accept: 'text/html' } }],
  },
  {
    name: 'offers',
    description: 'GET /api/offers newest and promoted pages (the home page data)',
    requests: [
      { path: (i) => `/api/offers?limit=24&page=${(i % 5) + 1}`, weight: 3 },
      { path: '/api/offers?promoted=1&limit=12', weight: 1 },
    ],
  },
  {
    name: 'search',
    description: `GET /api/search and /api/search/markers: the ${SEARCH_MIX.length} searches of bench/search-scenarios.ts, equally weighted`,
    requests: SEARCH_MIX.map((m) => ({ path: m.path, headers: { accept: 'application/json' } })),
  },
  ...SEARCH_MIX.map((m) => ({
    name: `search-${m.name}`,
    description: m.description,
    requests: [{ path: m.path, headers: { accept: 'application/json' } }],
  })),
]

export const DEFAULT_SCENARIOS = ['filters', 'home-ssr']
