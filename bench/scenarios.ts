/**
 * Named benchmark scenarios: a small declarative list, so later issues (search) can add their own mixes.
 * Each request picks one entry of `requests` (weighted); `path` may be a function for varied URLs.
 */
import { CITIES } from '@portal/contracts/catalogue'
import { districtSlug } from '@portal/contracts/prices'
import { CLASSIC_SEARCHES, SEARCH_MIX } from './search-scenarios.ts'
import { personalReload } from './personal-reload.ts'
import { cookieHeader, demoLogin } from './demo-login.ts'

export interface ScenarioRequest {
  /** Figures per name too (the search mix's queries), beside the scenario's. */
  name?: string
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
  /** Runs once against the started server before the scenario (e.g. collects listing slugs). */
  prepare?: (base: string) => Promise<void>
}

/**
 * Slugs from random pages of the newest-first list (a fixed seed, so the same set every run): the first `perPage` of
 * each page until `count`; `unique` skips repeats and stops after `maxPages` pages (a small table may not have enough).
 */
async function sampleSlugs(base: string, into: string[], o: { count: number, seed: number, perPage: number, unique?: { maxPages: number } }) {
  if (into.length) return
  const first = await (await fetch(`${base}/api/offers?limit=48`)).json() as { last_page: number }
  let seed = o.seed
  const rand = () => { seed = (seed * 1664525 + 1013904223) >>> 0; return seed / 2 ** 32 }
  const seen = new Set<string>()
  for (let pages = 0; into.length < o.count && (!o.unique || pages < o.unique.maxPages); pages++) {
    const page = 1 + Math.floor(rand() * Math.min(first.last_page, 20_000))
    const body = await (await fetch(`${base}/api/offers?limit=48&page=${page}`)).json() as { data: { slug: string }[] }
    for (const l of body.data.slice(0, o.perPage)) {
      if (into.length >= o.count || (o.unique && seen.has(l.slug))) continue
      seen.add(l.slug)
      into.push(l.slug)
    }
  }
}

/** 200 listings spread over the whole table, for the listing-page scenarios; the same set for every scenario of a run. */
const slugs: string[] = []
const collectSlugs = (base: string) => sampleSlugs(base, slugs, { count: 200, seed: 16, perPage: 4 })
const slugAt = (i: number) => slugs[i % slugs.length]!

/** 5,000 listings (48 of each of ~105 random pages): far more pages than the default page cache holds (decision 029). */
const many: string[] = []
const collectMany = (base: string) => sampleSlugs(base, many, { count: 5000, seed: 29, perPage: 48, unique: { maxPages: 400 } })

/** The signed-in scenarios' headers: the session cookie is filled in by their prepare step. */
const signedIn: Record<string, string> = { accept: 'text/html' }
const SIGNED_IN_PAGES = [
  { name: 'home', path: (_i: number) => '/' },
  { name: 'search', path: (_i: number) => '/szukaj' },
  { name: 'results', path: (_i: number) => '/szukaj?kategoria=mieszkanie&typ=sprzedaz' },
  { name: 'listing', path: (i: number) => `/ogloszenia/${slugAt(i)}` },
]

/** Logs a demo account in (once) and asks every page of the mix anonymously, so the page cache has what others asked. */
async function signInAndWarm(base: string) {
  await collectSlugs(base)
  if (!signedIn.cookie) {
    signedIn.cookie = cookieHeader(await demoLogin(base))
  }
  // Listing pages first: they are kept 120 s, the others 15 s (PUBLIC_PAGE_CACHE), which must still be fresh at the start.
  const urls = [...new Set(SIGNED_IN_PAGES.flatMap((p) => (p.name === 'listing' ? slugs.map((_, i) => p.path(i)) : [])))]
  urls.push(...SIGNED_IN_PAGES.filter((p) => p.name !== 'listing').map((p) => p.path(0)))
  for (let i = 0; i < urls.length; i += 4) {
    await Promise.all(urls.slice(i, i + 4).map(async (u) => { await (await fetch(base + u, { headers: { accept: 'text/html' } })).arrayBuffer() }))
  }
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
    name: 'home-search-ssr',
    description: 'GET / and GET /szukaj rendered on the server, alternately',
    requests: [{ path: '/', headers: { accept: 'text/html' } }, { path: '/szukaj', headers: { accept: 'text/html' } }],
  },
  {
    name: 'listing-ssr',
    description: 'GET /ogloszenia/{slug}: the listing page rendered on the server, 200 listings spread over the table',
    requests: [{ path: (i) => `/ogloszenia/${slugAt(i)}`, headers: { accept: 'text/html' } }],
    prepare: collectSlugs,
  },
  {
    name: 'listing-ssr-one',
    description: 'GET /ogloszenia/{slug}: one listing page over and over',
    requests: [{ path: () => `/ogloszenia/${slugAt(0)}`, headers: { accept: 'text/html' } }],
    prepare: collectSlugs,
  },
  {
    name: 'listing-ssr-many',
    description: 'GET /ogloszenia/{slug} over 5,000 listings in random order: mostly cold (page cache misses)',
    requests: [{ path: (i) => `/ogloszenia/${many[(i * 7919) % many.length]}`, headers: { accept: 'text/html' } }],
    prepare: collectMany,
  },
  {
    name: 'listing-ssr-br',
    description: 'listing-ssr as a browser asks for it (Accept-Encoding: br, gzip): compression per response or per cached page',
    requests: [{ path: (i) => `/ogloszenia/${slugAt(i)}`, headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } }],
    prepare: collectSlugs,
  },
  {
    name: 'home-ssr-br',
    description: 'GET / with Accept-Encoding: br, gzip',
    requests: [{ path: '/', headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } }],
  },
  {
    name: 'listing-api',
    description: 'GET /api/offers/{slug}: the listing page data alone, 200 listings',
    requests: [{ path: (i) => `/api/offers/${slugAt(i)}`, headers: { accept: 'application/json' } }],
    prepare: collectSlugs,
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
    requests: SEARCH_MIX.map((m) => ({ name: m.name, path: m.path, headers: { accept: 'application/json' } })),
  },
  {
    name: 'investment-page',
    description: 'GET /inwestycje/{slug} (issue 27): the largest investment (500 units in bench/investments.ts --keep), anonymous: cached with the page cache, every render with --page-cache-mb 0',
    requests: [{ path: () => `/inwestycje/${investmentSlug}`, headers: { accept: 'text/html' } }],
    prepare: largestInvestment,
  },
  {
    name: 'investment-api',
    description: 'GET /api/investments/{slug} (issue 27): the largest investment with all its units and their price histories',
    requests: [{ path: () => `/api/investments/${investmentSlug}`, headers: { accept: 'application/json' } }],
    prepare: largestInvestment,
  },
  {
    name: 'search-classic',
    description: `the first ${CLASSIC_SEARCHES} searches of the mix (issue 4's 14, a map view and a drawn area): the mix of issue 30's figures, before issue 25's places and filters joined it`,
    requests: SEARCH_MIX.slice(0, CLASSIC_SEARCHES).map((m) => ({ name: m.name, path: m.path, headers: { accept: 'application/json' } })),
  },
  {
    name: 'search-count',
    description: `GET /api/search/count (issue 25's live count in the filters panels): the ${SEARCH_MIX.length - 1} searches of the mix that are not markers, as counts`,
    requests: SEARCH_MIX.filter((m) => m.path(0).startsWith('/api/search?')).map((m) => ({
      path: (i: number) => m.path(i).replace('/api/search?', '/api/search/count?'), headers: { accept: 'application/json' },
    })),
  },
  {
    name: 'valuation',
    description: 'GET /api/valuation (issue 26): flats for sale and rent in the 30 catalogue cities, a district (or none), 25–119 m², varied floor, year, condition',
    requests: [{ path: valuationPath, headers: { accept: 'application/json' } }],
  },
  {
    name: 'price-pages',
    description: 'GET /ceny-nieruchomosci/{city}[/{district}] (issue 26): the price pages of the 30 cities and their districts, anonymous (page cache)',
    requests: [{ path: (i) => PRICE_PAGES[i % PRICE_PAGES.length]!, headers: { accept: 'text/html' } }],
    // Every page once before the clock starts (the 2 s warm-up reaches only some of the ~160), so the figure is the
    // cached rate the issue asks for, not a mix with first renders.
    prepare: async (base) => {
      for (let i = 0; i < PRICE_PAGES.length; i += 4) {
        await Promise.all(PRICE_PAGES.slice(i, i + 4).map(async (p) => {
          const res = await fetch(base + p, { headers: { accept: 'text/html' } })
          await res.arrayBuffer()
        }))
      }
    },
  },
  {
    name: 'signed-in-ssr',
    description: 'GET /, /szukaj, a results page and 200 listing pages as a signed-in visitor (a demo login\'s session cookie); each page asked once anonymously first, as other visitors would have (decision 099: a stored copy, else their own render)',
    requests: SIGNED_IN_PAGES.map((p) => ({ name: p.name, path: p.path, headers: signedIn })),
    prepare: signInAndWarm,
  },
  {
    name: 'signed-in-own-data',
    description: 'the data requests a signed-in browser makes after a page from the shared cache (decision 099): each page\'s .data with root only, and a listing\'s GET /api/offers/:slug/viewer (decision 102)',
    requests: SIGNED_IN_PAGES.flatMap((p) => personalReload(p.path(0)).map((_, k) => ({
      name: k ? `${p.name}-viewer` : p.name, path: (i: number) => personalReload(p.path(i))[k]!, headers: signedIn,
    }))),
    prepare: signInAndWarm,
  },
  ...SEARCH_MIX.map((m) => ({
    name: `search-${m.name}`,
    description: m.description,
    requests: [{ path: m.path, headers: { accept: 'application/json' } }],
  })),
]

/** The investment with the most units (first pages of /api/investments), for the investment scenarios. */
let investmentSlug = ''
async function largestInvestment(base: string) {
  if (investmentSlug) return
  let best = -1
  for (let page = 1; page <= 5; page++) {
    const body = await (await fetch(`${base}/api/investments?page=${page}`)).json() as { data: { slug: string; units_total: number }[]; last_page: number }
    for (const i of body.data) if (i.units_total > best) { best = i.units_total; investmentSlug = i.slug }
    if (page >= body.last_page) break
  }
  if (!investmentSlug) throw new Error('no investment in this database (bench/investments.ts --database-url … --keep makes one of 500 units)')
  console.log(`investment scenarios: /inwestycje/${investmentSlug} (${best} units)`)
}

/** The i-th valuation request: a fixed walk over cities, districts and attributes, no two in a row alike. */
function valuationPath(i: number): string {
  const city = CITIES[(i * 7) % CITIES.length]!
  const d = city.districts[(i * 13) % (city.districts.length + 1)]
  const p = new URLSearchParams({ offer_type: i % 3 === 0 ? 'rent' : 'sell', city: city.slug, area: String(25 + ((i * 37) % 95)), rooms: String(1 + (i % 4)) })
  if (d) p.set('district', districtSlug(d.name))
  if (i % 2) { p.set('floor', String(i % 9)); p.set('year_built', String(1950 + ((i * 11) % 75))) }
  if (i % 5) p.set('condition', ['do-remontu', 'do-odswiezenia', 'wyremontowane', 'do-wprowadzenia'][i % 4]!)
  return `/api/valuation?${p}`
}

/** Every price page: the cities, then their districts. */
const PRICE_PAGES = CITIES.flatMap((c) => [`/ceny-nieruchomosci/${c.slug}`, ...c.districts.map((d) => `/ceny-nieruchomosci/${c.slug}/${districtSlug(d.name)}`)])

export const DEFAULT_SCENARIOS = ['filters', 'home-ssr']
