import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { DB_RETRY_AFTER_S } from '../../lib/http/db-outage.ts'

const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  db: z.enum(['ok', 'error']),
  /** The in-memory search index: 'loading' while searches still go to SQL (decision 012). */
  search_index: z.object({ state: z.enum(['ready', 'loading', 'off']), listings: z.number().int() }),
})

/** Liveness + database check for load balancers and the start script. */
const health: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', {
    schema: {
      tags: ['system'],
      summary: 'Health check (runs `select 1`)',
      response: { 200: healthSchema, 503: healthSchema },
    },
    config: { rateLimit: false },
  }, async (request, reply) => {
    try {
      await app.db.exec('select 1')
      reply.header('cache-control', 'no-store')
      return { status: 'ok' as const, db: 'ok' as const, search_index: app.searchIndex.health() }
    } catch (err) {
      request.log.warn({ err }, 'health: database check failed')
      return reply.code(503).header('cache-control', 'no-store').header('retry-after', String(DB_RETRY_AFTER_S)).send({ status: 'error', db: 'error', search_index: app.searchIndex.health() })
    }
  })
}
export default health
