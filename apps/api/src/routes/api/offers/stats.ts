import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { listingStatsSchema } from '@portal/contracts/stats'
import { apiErrorSchema } from '@portal/contracts/errors'
import { requireManagedListing } from '../../../lib/listings/access.ts'
import { listingStats } from '../../../lib/stats/owner-stats.ts'

const idParams = z.object({ id: z.string().regex(/^\d{1,15}$/, 'Nieprawidłowy identyfikator ogłoszenia.') })

/** GET /api/offers/:id/stats: the owner's (or its agency's) statistics of one listing. */
const stats: FastifyPluginAsyncZod = async (app) => {
  app.get('/offers/:id/stats', {
    schema: {
      tags: ['offers'],
      summary: 'Owner statistics: per day views, phone reveals, messages, favourites, position; totals; comparison with similar listings',
      params: idParams,
      response: { 200: listingStatsSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
    },
  }, async (request, reply) => {
    const { listing } = await requireManagedListing(request, request.params.id)
    reply.header('cache-control', 'no-store')
    return listingStats(app.db, listing)
  })
}
export default stats
