import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'

const healthSchema = z.object({ status: z.enum(['ok', 'error']), db: z.enum(['ok', 'error']) })

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
      return { status: 'ok' as const, db: 'ok' as const }
    } catch (err) {
      request.log.error({ err }, 'health: database check failed')
      return reply.code(503).header('cache-control', 'no-store').send({ status: 'error', db: 'error' })
    }
  })
}
export default health
