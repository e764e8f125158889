import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { filtersResponseSchema } from '@portal/contracts/filters'
import { z } from 'zod'
import { etagMatches, filtersPayload } from '../../../lib/search/filters.ts'

const filters: FastifyPluginAsyncZod = async (app) => {
  app.get('/search/filters', {
    schema: {
      tags: ['search'],
      summary: 'Search filters: category tree, price and area lists, attributes, cities (spec §3)',
      response: { 200: filtersResponseSchema, 304: z.null().describe('Not modified') },
    },
  }, async (request, reply) => {
    const { body, etag } = filtersPayload()
    reply.header('etag', etag).header('cache-control', 'public, max-age=300')
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send(null)
    // Pre-serialized once per process; a string payload bypasses the per-request serializer.
    return reply.type('application/json; charset=utf-8').send(body as never)
  })
}
export default filters
