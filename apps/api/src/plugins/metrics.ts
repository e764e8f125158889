import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { max } from 'drizzle-orm'
import { listingChanges } from '@portal/db'

/** Gauges that read a value when Prometheus scrapes (the job queue registers its depth here once it exists). */
export type MetricSource = { name: string; help: string; labelNames?: string[]; read: () => Promise<Array<{ labels?: Record<string, string>; value: number }>> }

declare module 'fastify' {
  interface FastifyInstance {
    /** Adds a gauge read at scrape time (no-op without METRICS_TOKEN). */
    addMetric: (source: MetricSource) => void
  }
}

const sameToken = (a: string, b: string) => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/**
 * Prometheus metrics at GET /metrics (prom-client): request durations by route, the PostgreSQL pool, the search
 * index's lag behind the change log, process figures, and whatever other parts add (job queue depth). Only with
 * METRICS_TOKEN set, and only for `Authorization: Bearer <METRICS_TOKEN>`; otherwise /metrics is a 404 like any
 * unknown path.
 */
export default fp(async function metrics(app: FastifyInstance) {
  const token = app.env.METRICS_TOKEN
  if (!token) {
    app.decorate('addMetric', () => {})
    return
  }
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const duration = new Histogram({
    name: 'http_request_duration_seconds', help: 'HTTP request duration by method, route pattern and status',
    labelNames: ['method', 'route', 'status_code'], buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  const unavailable = new Counter({
    name: 'http_db_unavailable_total', help: 'Requests answered 503 because the database was away', registers: [registry],
  })
  app.decorate('addMetric', (source: MetricSource) => {
    new Gauge({
      name: source.name, help: source.help, labelNames: source.labelNames ?? [], registers: [registry],
      async collect() {
        this.reset()
        for (const { labels, value } of await source.read()) labels ? this.set(labels, value) : this.set(value)
      },
    })
  })

  app.addHook('onResponse', async (request, reply) => {
    // In-process SSR calls are counted by their page request already.
    if (request.routeOptions.url === '/metrics') return
    const route = request.routeOptions.url ?? 'not_found'
    duration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000)
    if (reply.statusCode === 503 && reply.getHeader('retry-after') !== undefined && route.startsWith('/api')) unavailable.inc()
  })

  const pool = app.db.poolStats
  if (pool) {
    app.addMetric({
      name: 'db_pool_connections', help: 'PostgreSQL pool connections by state', labelNames: ['state'],
      read: async () => {
        const s = pool()
        return [{ labels: { state: 'total' }, value: s.total }, { labels: { state: 'idle' }, value: s.idle },
          { labels: { state: 'waiting' }, value: s.waiting }, { labels: { state: 'max' }, value: s.max }]
      },
    })
  }
  app.addMetric({
    name: 'search_index_listings', help: 'Listings in this instance\'s in-memory search index',
    read: async () => [{ value: app.searchIndex.size }],
  })
  app.addMetric({
    name: 'search_index_lag_changes', help: 'listing_changes entries not yet applied by this instance\'s search index (-1: not loaded)',
    read: async () => {
      if (!app.searchIndex.ready) return [{ value: -1 }]
      const [row] = await app.db.db.select({ seq: max(listingChanges.seq) }).from(listingChanges)
      return [{ value: Math.max(0, Number(row?.seq ?? 0) - app.searchIndex.syncState().lastSeq) }]
    },
  })
  app.addMetric({
    name: 'search_index_sync_age_seconds', help: 'Seconds since the search index last caught up with the change log (-1: never)',
    read: async () => {
      const { syncedAt } = app.searchIndex.syncState()
      return [{ value: syncedAt ? (Date.now() - syncedAt) / 1000 : -1 }]
    },
  })

  app.get('/metrics', { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
    const auth = request.headers.authorization ?? ''
    const sent = auth.startsWith('Bearer ') ? auth.slice(7) : ''
    if (!sent || !sameToken(sent, token)) {
      return reply.code(404).send({ error: 'not_found', message: 'Nie znaleziono.' })
    }
    reply.header('cache-control', 'no-store').type(registry.contentType)
    return registry.metrics()
  })
}, { name: 'metrics' })
