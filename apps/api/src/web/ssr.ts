import path from 'node:path'
import { existsSync } from 'node:fs'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fastifyStatic from '@fastify/static'
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router'
import { createLoadContext, type LoadContext } from './load-context.ts'
import { PageCache } from './page-cache.ts'
import { ViewBatch, viewerKey } from '../lib/listings/views.ts'
import { sendBufferedResponse, sendFetchResponse, toFetchRequest } from './fetch-bridge.ts'
import { acceptedEncoding, type Encoding } from '../plugins/compression.ts'
import { siteAcceptsUnsafe } from './site-methods.ts'
import { cspNonceOf } from '../plugins/security.ts'
import { pageSession } from '../plugins/session.ts'
import { RenderPool, RenderPoolError } from './render-pool.ts'

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>

/**
 * A wildcard route scope without body parsers: React Router reads request bodies (form actions) itself.
 * Paths under /api never reach the web: they stay JSON 404s.
 */
export function catchAll(app: FastifyInstance, handler: Handler) {
  const guarded: Handler = async (request, reply) => {
    if (isApiPath(request.url)) return reply.code(404).send({ error: 'not_found', message: 'Nie znaleziono.' })
    return handler(request, reply)
  }
  return app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null))
    scope.route({ method: [...METHODS], url: '/*', handler: guarded })
    // `/` does not match `/*` in find-my-way.
    scope.route({ method: [...METHODS], url: '/', handler: guarded })
  })
}

function isApiPath(url: string) {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')
}

export interface MountWebOptions {
  /** Loads the server build; called per request in dev (Vite reloads it), once in production. */
  getBuild: () => Promise<ServerBuild>
  mode: 'production' | 'development'
  /** build/client: static files; `/assets/*` are content-hashed and cached for a year. */
  clientDir?: string
  /** Stands in for React Router's request handler (tests of the page cache). */
  handler?: (request: Request, context: LoadContext) => Promise<Response>
  /**
   * Production: worker threads that render (decision 081), loading the server build from this file URL; without it
   * (or with 0 workers) pages render on the main thread.
   */
  pool?: { size: number, buildUrl: string }
}

/** Production only (development re-renders on every change): the anonymous page cache, fed by the change log. */
function pageCacheFor(app: FastifyInstance, opts: MountWebOptions): PageCache | undefined {
  if (opts.mode !== 'production' || app.env.PAGE_CACHE_MB <= 0) return undefined
  // Views of cached listing pages, counted as the listing's API counts them (once per visitor and day), in batches.
  const views = new ViewBatch(app.db, app.appKey, (err) => app.log.warn({ err: err.message }, 'listing views could not be counted'))
  app.addHook('onClose', async () => { await views.flush() })
  const cache = new PageCache({
    maxBytes: app.env.PAGE_CACHE_MB * 1024 * 1024,
    catchUp: async () => (await app.searchIndex.current()) !== undefined,
    following: () => app.searchIndex.ready,
    viewed: (listingId, request) => views.add(listingId, viewerKey(request)),
  })
  app.searchIndex.onChange((ids) => cache.changed(ids))
  app.addMetric({
    name: 'page_cache_bytes', help: 'Bytes of pages (and their br/gzip copies) in this instance\'s page cache (decision 029)',
    read: async () => [{ value: cache.store.bytes }],
  })
  app.addMetric({
    name: 'page_cache_events', help: 'Page cache events since start: hits, stale, shared (a stored page for a visitor with a session, decision 099), misses, bypass (rendered, not storable), stored, evicted (LRU), dropped (listing changed)',
    labelNames: ['event'],
    read: async () => Object.entries(cache.store.stats).map(([event, value]) => ({ labels: { event }, value })),
  })
  app.decorate('pageCache', cache)
  return cache
}

/** Serves the React Router app for every path the API does not own. */
export async function mountWeb(app: FastifyInstance, opts: MountWebOptions): Promise<void> {
  if (opts.clientDir && existsSync(opts.clientDir)) {
    await app.register(fastifyStatic, {
      root: opts.clientDir,
      prefix: '/',
      // Files are listed once at start, one route each, so the SSR catch-all still gets every other path.
      wildcard: false,
      // The build writes .br/.gz beside each JS/CSS file (apps/web/vite.config.ts): sent as they are.
      preCompressed: true,
      decorateReply: false,
      index: false,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const rel = path.relative(opts.clientDir!, filePath)
        reply.header('cache-control', rel.startsWith(`assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          // sw.js, favicon, manifest: revalidate so a deploy is picked up.
          : 'public, max-age=0, must-revalidate')
      },
    })
  }

  let handler: ReturnType<typeof createRequestHandler> | undefined
  const cache = pageCacheFor(app, opts)
  const pool = renderPoolFor(app, opts)
  await catchAll(app, async (request, reply) => {
    const build = await opts.getBuild()
    if (request.method !== 'GET' && request.method !== 'HEAD' && !siteAcceptsUnsafe(build, request.url.split('?')[0]!)) {
      // No action for this page: 405 without handing it to React Router (which logs a stack trace for each).
      return reply.code(405).header('allow', 'GET, HEAD').header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8').send('Niedozwolona metoda.\n')
    }
    const handle = opts.handler ?? (opts.mode === 'production'
      ? (handler ??= createRequestHandler(build, 'production'))
      : createRequestHandler(build, 'development'))
    const render = pool
      ? (encoding?: Encoding) => renderInPool(pool, app, request, reply, encoding)
      : () => handle(toFetchRequest(request, reply), createLoadContext(app, request, cspNonceOf(reply), reply) as LoadContext & AppLoadContext)
    const visitor = cache?.visitor(request)
    if (visitor === 'session') {
      // Somebody with a session: the page everybody gets when the cache holds it (decision 099), else their own.
      // Unreadable now (the database away): rendered as before, which answers for itself.
      const session = await pageSession(request, reply).then((s) => s ?? null, () => undefined)
      if (session !== undefined && await cache!.serveShared(request, reply, session?.userId != null)) return reply
    }
    if (visitor === 'anonymous') {
      return cache!.serve(request, reply, async () => {
        const res = await render()
        return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) }
      })
    }
    if (!pool) return sendFetchResponse(reply, await render())
    // A page for this visitor only: the worker compressed it (decision 089); it goes out as one buffer.
    const encoding = request.headers['x-no-compression'] === undefined ? acceptedEncoding(request.headers['accept-encoding']) : undefined
    return sendBufferedResponse(reply, await render(encoding))
  })
}

function renderPoolFor(app: FastifyInstance, opts: MountWebOptions): RenderPool | undefined {
  if (opts.mode !== 'production' || opts.handler || !opts.pool || opts.pool.size <= 0) return undefined
  const pool = new RenderPool({
    size: opts.pool.size,
    buildUrl: opts.pool.buildUrl,
    onError: (err) => app.log.error({ err }, 'a render worker failed; it is replaced'),
  })
  // After the server stopped taking requests (shutdown.ts): the renders under way finish, then the threads end.
  app.addHook('onClose', async () => { await pool.close() })
  app.decorate('renderPool', pool)
  return pool
}

/** A page rendered by the pool: the request's body read here, its loaders' API calls answered here. */
async function renderInPool(pool: RenderPool, app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, encoding?: Encoding): Promise<Response> {
  const fetchRequest = toFetchRequest(request, reply)
  const body = fetchRequest.body ? new Uint8Array(await fetchRequest.arrayBuffer()) : undefined
  const context = createLoadContext(app, request, cspNonceOf(reply), reply)
  try {
    return await pool.render(
      { url: fetchRequest.url, method: fetchRequest.method, headers: [...fetchRequest.headers], body, cspNonce: context.cspNonce, encoding },
      context.api,
      fetchRequest.signal,
    )
  } catch (err) {
    if (!(err instanceof RenderPoolError)) throw err
    request.log.error({ err }, 'page render lost with its worker')
    return new Response('Serwis chwilowo niedostępny. Spróbuj ponownie za chwilę.\n', {
      status: 503,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '5', 'cache-control': 'no-store' },
    })
  }
}

/** Without apps/web/build the API still runs; pages answer with a plain 503 saying how to fix it. */
export async function mountMissingWeb(app: FastifyInstance, buildDir: string): Promise<void> {
  await catchAll(app, async (request, reply) => {
    return reply.code(503).type('text/plain; charset=utf-8').header('retry-after', '30').send(
      `Serwis niedostępny: brak zbudowanej aplikacji webowej (${buildDir}).\n` +
      'The web build is missing. Run `npm run build` (or `npm start`, which builds it) and restart.\n' +
      'The API is available under /api (see /api/docs).\n',
    )
  })
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The anonymous page cache (production with PAGE_CACHE_MB > 0; decision 029). */
    pageCache?: PageCache
    /** The SSR render pool (production with SSR_WORKERS > 0; decision 081). */
    renderPool?: RenderPool
  }
}
