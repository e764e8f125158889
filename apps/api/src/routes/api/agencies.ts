import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { directoryQuerySchema, directoryResponseSchema } from '@portal/contracts/people'
import { validationErrorSchema } from '@portal/contracts/errors'
import { directoryPage } from '../../lib/people/directory.ts'

/** GET /api/agencies: the directories of /agencje (agencies, ?type=developers, agents, hotels). */
const agencies: FastifyPluginAsyncZod = async (app) => {
  app.get('/agencies', {
    schema: {
      tags: ['user'],
      summary: 'Directory of agencies, developers, agents or hotels: ?type=agencies|developers|agents|hotels&q=name&city=&sort=listings|name&page= → {data, total, page, per_page (24), last_page}',
      querystring: directoryQuerySchema,
      response: { 200: directoryResponseSchema, 422: validationErrorSchema },
    },
  }, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=60')
    return directoryPage(app.db, request.query)
  })
}
export default agencies
