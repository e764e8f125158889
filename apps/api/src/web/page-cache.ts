import { promisify } from 'node:util'
import { brotliCompress, brotliDecompress, constants, gzip, zstdCompress, zstdDecompress } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { isbot } from 'isbot'
import { ZSTD_OPTIONS, acceptWeights, responseEncoding, storedEncoding } from '../plugins/compression.ts'
import { PageStore, type Encoding, type PageEntry, type Variant } from './page-store.ts'

/**
 * The shared page cache for anonymous visitors (decision 029): what a CDN in front would do, inside each instance.
 * A GET without the session cookie (or any credential) is answered from a finished, compressed copy when the page said
 * it may be shared: `Cache-Control: public, s-maxage=N[, stale-while-revalidate=M]` (home, results), or the listing
 * page's `X-Page-Cache-Listings` (the listings it shows). Pages of listings are dropped as the `listing_changes` log
 * names them (every instance follows it for its search index) and are served only after catching up with it, so an
 * edit, a price change or a deactivation on any instance is never answered with the old page.
 */
export const LISTINGS_HEADER = 'x-page-cache-listings'
/**
 * The session cookie: a request with it may be somebody's (signed in). A guest's XSRF-TOKEN alone changes nothing on a
 * page (it is a signed token the API hands to every visitor, not a session: plugins/session.ts).
 */
const SESSION_COOKIE = /(?:^|;\s*)portal_session=/
/** React Router's data requests (client navigations, revalidations): the visitor's own loader data, never shared. */
const DATA_REQUEST = /\.data(?:\?|$)/
/** The browser's own login flag (apps/web lib/user-state.ts, spec §3/§4): a shared page tells a signed-in browser to load its data. */
const LOGGED_COOKIE_NAME = 'isLogged'
const LOGGED_COOKIE = /(?:^|;\s*)isLogged=1(?:;|$)/
/** Cache keys (page-cache.ts serve) of listing pages, whose hits count a view of the listing. */
const LISTING_PAGE = /^\w+ \/ogloszenia\//
/** Response headers never repeated from a stored copy. */
const NOT_STORED = new Set(['set-cookie', 'content-length', 'content-encoding', 'transfer-encoding', 'date', 'age',
  'x-request-id', 'x-cache', LISTINGS_HEADER])

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)
const unbrotli = promisify(brotliDecompress)
const zstd = promisify(zstdCompress)
const unzstd = promisify(zstdDecompress)
/**
 * Off the event loop (libuv's pool). A page asked for again gets brotli quality 6, better than per-response compression
 * can afford; the request that rendered it (a miss: most of them at a million listings are the only view in a while)
 * gets a quick copy, as an uncached page does: zstd level 3 when the client names it (~0.7 ms for a 200 KB page,
 * decision 113), else brotli quality 4 (~2.9 ms, 5 % fewer bytes). Its first hit makes the quality 6 br copy (once, in
 * the background) that later hits get.
 */
export const BR_QUICK = 4
export const BR_BEST = 6
const compress = (enc: Variant, body: Buffer, quality = BR_BEST) => enc === 'br'
  ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
  : enc === 'zstd' ? zstd(body, ZSTD_OPTIONS)
  : gz(body, { level: 6 })
/** The page uncompressed: its body, or a compact copy inflated (the body goes once one exists: page-store.ts). */
const plainOf = async (e: PageEntry) => e.body ?? (e.variants.br ? await unbrotli(e.variants.br) : await unzstd(e.variants.zstd!))

export interface PageCacheOptions {
  maxBytes: number
  /** How long a listing page may be kept between changes of its listings (what the change log cannot see: seller counts). */
  listingTtlMs?: number
  /**
   * Catches up with the change log (dropping changed listings' pages through `changed`); false when that is not
   * possible now (index loading or off): listing pages are then neither served from nor put into the cache.
   */
  catchUp: () => Promise<boolean>
  /** The change log is being followed now (a listing page rendered now may be stored; the next hit catches up first). */
  following: () => boolean
  /** A listing page went out from the cache (its listing's API, which counts views, did not run). */
  viewed?: (listingId: number, request: FastifyRequest) => void
  now?: () => number
}

/** A page rendered for the cache: its response as sent (status, headers, whole body). */
export interface Rendered { status: number; headers: Headers; body: Buffer }

export class PageCache {
  readonly store: PageStore
  private readonly inflight = new Map<string, Promise<PageEntry | undefined>>()
  private readonly now: () => number

  constructor(private readonly opts: PageCacheOptions) {
    this.store = new PageStore(opts.maxBytes, opts.now)
    this.now = opts.now ?? (() => Date.now())
  }

  /** The change log named these listings. */
  changed(ids: number[] | 'all') { this.store.changed(ids) }

  /**
   * Who asks for a page: 'anonymous' (GET, no credential, no session cookie) may be served from and stored into the
   * cache; 'session' (a session cookie: maybe signed in) may only get a stored copy (serveShared, decision 099);
   * undefined passes the cache by (not a GET, a credential or CSRF header).
   */
  visitor(request: FastifyRequest): 'anonymous' | 'session' | undefined {
    if (request.method !== 'GET') return undefined
    const h = request.headers
    if (h.authorization || h['x-xsrf-token'] || h['x-csrf-token']) return undefined
    return typeof h.cookie === 'string' && SESSION_COOKIE.test(h.cookie) ? 'session' : 'anonymous'
  }

  /**
   * A visitor with a session gets the page everybody gets when the cache holds a fresh copy (decision 099): it shows
   * nobody's data, and the browser of a signed-in visitor then loads its own (root's user and favourites, an owner's
   * links) as a revalidation. `signedIn` sets the browser's `isLogged` cookie that tells it to. Not sent (render it
   * for them) when there is no fresh copy or the request is a data request: false; true when sent.
   */
  async serveShared(request: FastifyRequest, reply: FastifyReply, signedIn: boolean): Promise<boolean> {
    if (DATA_REQUEST.test(request.url)) return false
    const entry = await this.lookup(keyOf(request))
    if (!entry || this.now() >= entry.freshUntil) return false
    this.store.stats.shared++
    if (signedIn && !LOGGED_COOKIE.test(String(request.headers.cookie ?? ''))) {
      reply.setCookie(LOGGED_COOKIE_NAME, '1', { path: '/', sameSite: 'lax' })
    }
    // Not the reply itself: a FastifyReply is a thenable, an await would take it for the response's end.
    // A signed-in browser's viewer call of the listing counts the view (decision 102; an owner's is not counted): not twice.
    await this.send(request, reply, entry, 'shared', !signedIn)
    return true
  }

  /**
   * Answers from the cache, or renders (once for all concurrent requests of the same page), stores what may be stored
   * and sends it. `render` returns the page as React Router made it, body read to the end.
   */
  async serve(request: FastifyRequest, reply: FastifyReply, render: () => Promise<Rendered>): Promise<FastifyReply> {
    const key = keyOf(request)
    const entry = await this.lookup(key)
    const now = this.now()
    if (entry && now < entry.freshUntil) { this.store.stats.hits++; return this.send(request, reply, entry, 'hit') }
    const pending = this.inflight.get(key)
    if (entry && pending && now < entry.staleUntil) { this.store.stats.stale++; return this.send(request, reply, entry, 'stale') }
    if (pending) {
      // The same page is being rendered: wait for it rather than render it again (a cold cache under load). It started
      // before this request, so a listing page is looked up again after the log (a change in between drops it).
      await pending.catch(() => undefined)
      const shared = await this.lookup(key)
      if (shared && this.now() < shared.freshUntil) { this.store.stats.hits++; return this.send(request, reply, shared, 'hit') }
    }
    this.store.stats.misses++
    let out: Rendered | undefined
    const mark = this.store.mark
    const job = (async () => {
      out = await render()
      return this.keep(key, out, reply, mark)
    })()
    this.inflight.set(key, job)
    try {
      const stored = await job
      if (stored) return this.send(request, reply, stored, 'miss')
    } finally {
      if (this.inflight.get(key) === job) this.inflight.delete(key)
    }
    // Not for the cache (a cookie set, not 200, personal): as rendered; the compression plugin compresses it.
    this.store.stats.bypass++
    return sendRendered(reply, out!, 'bypass')
  }

  /**
   * The entry, if it may be served now. A listing page only after catching up with the change log (shared by
   * concurrent requests), so a change committed before this request arrived has dropped it.
   */
  private async lookup(key: string): Promise<PageEntry | undefined> {
    const entry = this.store.get(key)
    if (!entry?.listings) return entry
    if (await this.opts.catchUp()) return this.store.get(key)
    this.store.delete(key)
    return undefined
  }

  /** Stores the rendered page when it may be shared; undefined when not. */
  private keep(key: string, r: Rendered, reply: FastifyReply, mark: number): PageEntry | undefined {
    if (r.status !== 200 || r.headers.has('set-cookie') || reply.getHeader('set-cookie') !== undefined) return undefined
    const cc = (r.headers.get('cache-control') ?? '').toLowerCase()
    if (/no-store|no-cache/.test(cc)) return undefined
    const vary = (r.headers.get('vary') ?? '').toLowerCase().split(',').map((s) => s.trim()).filter(Boolean)
    // Only variations this cache honours: Cookie (no personal cookie by eligible()) and Accept-Encoding (variants).
    if (vary.some((v) => v !== 'cookie' && v !== 'accept-encoding')) return undefined
    const listed = r.headers.get(LISTINGS_HEADER)
    let listings: number[] | null = null
    let fresh: number
    let stale = 0
    if (listed !== null) {
      listings = listed.split(/[\s,]+/).filter(Boolean).map(Number).filter((n) => Number.isSafeInteger(n) && n > 0)
      if (!listings.length) return undefined
      // Changed while rendering, or the log cannot be followed now: the next request renders again.
      if (!this.opts.following() || this.store.changedSince(mark, listings)) return undefined
      fresh = this.opts.listingTtlMs ?? 120_000
    } else {
      const sMaxAge = /(?:^|,)\s*s-maxage=(\d+)/.exec(cc)
      if (!/(?:^|,)\s*public(?:,|$)/.test(cc) || !sMaxAge || Number(sMaxAge[1]) <= 0) return undefined
      fresh = Number(sMaxAge[1]) * 1000
      stale = Number(/stale-while-revalidate=(\d+)/.exec(cc)?.[1] ?? 0) * 1000
    }
    const headers: Record<string, string> = {}
    r.headers.forEach((value, name) => { if (!NOT_STORED.has(name)) headers[name] = value })
    // The body's inline scripts carry this response's nonce: the copy must go out with the same policy.
    const csp = reply.getHeader('content-security-policy')
    if (typeof csp === 'string') headers['content-security-policy'] = csp
    const now = this.now()
    return this.store.set({
      key, status: r.status, headers, body: r.body, variants: {}, storedAt: now,
      freshUntil: now + fresh, staleUntil: now + fresh + stale, listings,
    })
  }

  /** Called when a background improvement has finished (tests). */
  improved?: () => void
  private improve(e: PageEntry) { improveOnce(this.store, e, this.improved) }

  private async send(request: FastifyRequest, reply: FastifyReply, e: PageEntry, state: 'hit' | 'stale' | 'miss' | 'shared', countView = state !== 'miss') {
    // A listing page's own listing comes first in X-Page-Cache-Listings (offer.tsx); other pages that name listings
    // (an investment's, with its units) count no listing's view.
    if (countView && e.listings && LISTING_PAGE.test(e.key)) this.opts.viewed?.(e.listings[0]!, request)
    const small = e.body !== undefined && e.body.length < 1024
    const accepted = acceptWeights(request.headers['accept-encoding'])
    let enc: Encoding = small ? 'identity' : storedEncoding(accepted)
    // No br copy yet (a miss, or the miss's zstd copy): a client that names zstd gets the cheap one.
    if (!small && !e.variants.br && responseEncoding(accepted) === 'zstd') enc = 'zstd'
    let data: Buffer
    const kept = enc === 'identity' ? undefined : e.variants[enc]
    if (enc === 'identity') data = await plainOf(e)
    else if (kept) {
      data = kept
      if ((enc === 'br' || enc === 'zstd') && e.quickCopy && state !== 'miss') this.improve(e)
    } else {
      const quick = (enc === 'br' || enc === 'zstd') && state === 'miss'
      data = await compress(enc, await plainOf(e), quick ? BR_QUICK : BR_BEST)
      // The compact copy's kind: a zstd one is always quick (the next hit makes the br copy); a br one made here at
      // BR_BEST is that copy. A gzip copy changes nothing.
      if (this.store.addVariant(e, enc, data) && enc !== 'gzip') e.quickCopy = enc === 'zstd' || quick
    }
    reply.code(e.status)
    for (const [name, value] of Object.entries(e.headers)) reply.header(name, value)
    reply.header('vary', appendVary(e.headers.vary, 'Accept-Encoding'))
    if (enc !== 'identity') reply.header('content-encoding', enc)
    reply.header('x-cache', state)
    if (state !== 'miss') reply.header('age', String(Math.max(0, Math.floor((this.now() - e.storedAt) / 1000))))
    // As their own page was: the browser's cache must not answer with it after a logout (or keep it at all).
    if (state === 'shared') reply.header('cache-control', 'private, no-store')
    return reply.send(data)
  }
}

/** Replaces a page's quick br or zstd copy by the quality 6 br one (once; the page may have gone meanwhile). */
function improveOnce(store: PageStore, e: PageEntry, done?: () => void) {
  e.quickCopy = false
  const quick = e.variants.br
  void (async () => {
    try {
      const better = await compress('br', await plainOf(e), BR_BEST)
      // A zstd copy goes when the br one is added.
      if (quick) store.replaceVariant(e, 'br', quick, better)
      else store.addVariant(e, 'br', better)
    } catch { /* keep the quick copy */ } finally { done?.() }
  })()
}

function sendRendered(reply: FastifyReply, r: Rendered, state: string) {
  reply.code(r.status)
  r.headers.forEach((value, name) => { if (name !== 'set-cookie' && name !== LISTINGS_HEADER && name !== 'content-length') reply.header(name, value) })
  const cookies = r.headers.getSetCookie()
  if (cookies.length) reply.header('set-cookie', cookies)
  reply.header('x-cache', state)
  return reply.send(r.body)
}

/** Crawlers get the page rendered to the end instead of streamed (entry.server.tsx): another copy. */
function keyOf(request: FastifyRequest): string {
  return `${isbot(request.headers['user-agent'] ?? '') ? 'bot' : 'web'} ${request.url}`
}

function appendVary(vary: string | undefined, name: string): string {
  if (!vary) return name
  return vary.toLowerCase().split(',').some((v) => v.trim() === name.toLowerCase()) ? vary : `${vary}, ${name}`
}
