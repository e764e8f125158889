import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { priceComparisonSchema } from '@portal/contracts/prices'
import { listingNotFound } from '../../../lib/listings/access.ts'
import { priceComparison } from '../../../lib/prices/pages.ts'

/** GET /api/offers/:id/price-comparison: the listing's price per m² against the median of its kind (issue 26). */
const comparison: FastifyPluginAsyncZod = async (app) => {
  app.get('/offers/:id/price-comparison', {
    schema: {
      tags: ['offers', 'prices'],
      summary: "The listing's price per m² against the latest median of its category, district and rooms: {comparison: {pct, text, median, bins …} | null (sample too small)}",
      params: z.object({ id: z.string().regex(/^\d{1,15}$/, 'Nieprawidłowy identyfikator ogłoszenia.').transform(Number) }),
      response: { 200: priceComparisonSchema, 404: apiErrorSchema, 422: validationErrorSchema },
    },
  }, async (request, reply) => {
    const c = await priceComparison(app.db, request.params.id)
    if (c === undefined) throw listingNotFound()
    reply.header('cache-control', 'public, max-age=300')
    return { comparison: c }
  })
}
export default comparison
