import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { valuationQuerySchema, valuationSchema } from '@portal/contracts/valuation'
import { notFound } from '../../lib/http/errors.ts'
import { valuation } from '../../lib/prices/valuation.ts'

/**
 * GET /api/valuation?city=&district=&offer_type=&area=&rooms=&floor=&year_built=&condition=&market=: what a flat is
 * worth (sale) or rents for, from comparable listings (issue 26, decision 066). Unknown city or district: 404.
 */
const valuationRoute: FastifyPluginAsyncZod = async (app) => {
  app.get('/valuation', {
    schema: {
      tags: ['prices'],
      summary: "A flat's estimated price or rent (grosze) with a range and the comparable listings used",
      querystring: valuationQuerySchema,
      response: { 200: valuationSchema, 404: apiErrorSchema, 422: validationErrorSchema },
    },
  }, async (request, reply) => {
    const v = await valuation(app.db, request.query)
    if (!v) throw notFound(request.query.district ? 'Nie znamy takiej dzielnicy.' : 'Nie znamy takiego miasta.')
    reply.header('cache-control', 'public, max-age=300')
    return v
  })
}
export default valuationRoute
