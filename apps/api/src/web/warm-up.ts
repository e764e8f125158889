import type { FastifyInstance } from 'fastify'
import { INTERNAL_HEADER, INTERNAL_TOKEN } from '../plugins/security.ts'
import { WARM_UP_AGENT } from '../lib/listings/views.ts'

/**
 * Before the port opens (decision 109): the site's everyday pages and calls, run in-process a few rounds, so that the
 * first visitors after a start do not pay for cold code (V8 has optimised nothing yet), the pool's first connections
 * and the render workers' first pages. Measured under the 200-user load, the first four seconds after a start held
 * nearly every request over 250 ms. Reads only: the warm-up's user agent (WARM_UP_AGENT) is not counted as a listing
 * view.
 */
export interface WarmUpResult { requests: number; rounds: number; ms: number; failed: number }

const PAGES = ['/', '/szukaj', '/szukaj?typ=wynajem', '/szukaj?kategoria=dom&typ=sprzedaz', '/szukaj?strona=2',
  '/nieruchomosci/mieszkanie/sprzedaz', '/ceny-nieruchomosci', '/inwestycje']
const CALLS = ['/api/search?kategoria=mieszkanie&typ=sprzedaz', '/api/search?typ=wynajem&sortowanie=cena-rosnaco',
  '/api/search?fraza=mieszkanie', '/api/search/count?kategoria=dom', '/api/search/markers?kategoria=mieszkanie',
  '/api/search/suggestions?q=war', '/api/offers?promoted=1', '/api/offers?page=2']

/** How many listings' pages and calls it reads (the newest ones, as a visitor's first clicks go). */
const LISTINGS = 12

export async function warmUp(app: FastifyInstance, { budgetMs = 3000, rounds = 4, parallel = 4 } = {}): Promise<WarmUpResult> {
  const started = performance.now()
  const result: WarmUpResult = { requests: 0, rounds: 0, ms: 0, failed: 0 }
  const get = async (url: string, accept: string, encoding = 'br, gzip', render = false) => {
    result.requests++
    const page = accept === 'text/html'
    const res = await app.inject({
      method: 'GET', url, remoteAddress: '127.0.0.1',
      headers: {
        accept, 'accept-encoding': encoding, 'user-agent': WARM_UP_AGENT,
        // A page is asked as a visitor asks it: an internal request gets no security headers, so its page would carry
        // no CSP nonce, and the page cache would hand that copy to visitors whose policy then blocks its scripts.
        // API calls are internal: outside the rate limit, no guest cookie. The agent keeps views uncounted.
        ...(page ? {} : { [INTERNAL_HEADER]: INTERNAL_TOKEN }),
        // After the first round the pages are in the page cache: a CSRF header passes it by, so the workers render again.
        ...(render ? { 'x-xsrf-token': 'warm-up' } : {}),
      },
    }).catch(() => null)
    if (!res || res.statusCode >= 500) result.failed++
    return res
  }
  const run = async () => {
    const newest = await get(`/api/offers?limit=${LISTINGS}`, 'application/json', 'identity')
    let slugs: string[] = []
    try {
      if (newest?.statusCode === 200) slugs = (newest.json() as { data?: Array<{ slug: string }> }).data?.map((l) => l.slug) ?? []
    } catch { /* no listings to read: the pages and calls without them still run */ }
    const work = [
      ...PAGES.map((url) => () => get(url, 'text/html', undefined, result.rounds > 0)),
      ...slugs.map((slug) => () => get(`/ogloszenia/${slug}`, 'text/html', undefined, result.rounds > 0)),
      ...CALLS.map((url) => () => get(url, 'application/json')),
      ...slugs.map((slug) => () => get(`/api/offers/${encodeURIComponent(slug)}`, 'application/json')),
    ]
    while (result.rounds < rounds && performance.now() - started < budgetMs) {
      let next = 0
      await Promise.all(Array.from({ length: parallel }, async () => {
        while (next < work.length && performance.now() - started < budgetMs) await work[next++]!()
      }))
      result.rounds++
    }
  }
  // A slow read (the SQL path while a big index still loads) does not hold the port closed past the budget: what is
  // still running then ends on its own.
  let timer: NodeJS.Timeout | undefined
  await Promise.race([run(), new Promise<void>((resolve) => { timer = setTimeout(resolve, budgetMs) })])
  clearTimeout(timer)
  result.ms = Math.round(performance.now() - started)
  return result
}
