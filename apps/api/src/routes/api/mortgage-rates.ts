import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { mortgageRatesSchema } from '@portal/contracts/prices'
import { mortgageRates } from '../../lib/cms/mortgage.ts'

/** GET /api/mortgage-rates: the rate the listing page's mortgage calculator starts with (issue 26). */
const rates: FastifyPluginAsyncZod = async (app) => {
  app.get('/mortgage-rates', {
    schema: { tags: ['prices'], summary: 'Mortgage calculator rates set by staff: reference rate + margin = rate (per cent)', response: { 200: mortgageRatesSchema } },
  }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60')
    return mortgageRates(app.db)
  })
}
export default rates
