import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { DIGEST_JOB } from '../../lib/watch/detect.ts'

/** Routes for automated tests only; registered when NODE_ENV=test or E2E=1 (see testRoutesEnabled). */
const testRoutes: FastifyPluginAsyncZod = async (app) => {
  const hide = { hide: true }
  // The browser test of the global error toast needs a guaranteed 500.
  app.get('/__test/fail', { schema: hide }, async () => {
    throw new Error('Forced failure from /api/__test/fail')
  })
  // Graceful-shutdown test: a request still running when SIGTERM arrives must complete.
  app.get('/__test/slow', {
    schema: { ...hide, querystring: z.object({ ms: z.coerce.number().int().min(0).max(30_000).default(1000) }) },
  }, async (request) => {
    await new Promise((r) => setTimeout(r, request.query.ms))
    return { slept: request.query.ms }
  })
  // Lets tests see the 429 body without sending a thousand requests.
  app.get('/__test/limited', { schema: hide, config: { rateLimit: { max: 2, timeWindow: '1 minute' } } }, async () => ({ ok: true }))
  // Scheduled jobs that run once a day (the price digest at 06:00 UTC) are started now for a browser test.
  app.post('/__test/jobs/:name', { schema: { ...hide, params: z.object({ name: z.enum([DIGEST_JOB]) }) } }, async (request, reply) => {
    await app.jobs.enqueue(request.params.name, {})
    return reply.code(204).send()
  })
  app.post('/__test/echo', { schema: { ...hide, body: z.object({ name: z.string().max(20), address: z.object({ city: z.string() }) }) } },
    async (request) => request.body)
}
export default testRoutes
