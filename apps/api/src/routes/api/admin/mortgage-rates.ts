import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { mortgageRatesInputSchema, mortgageRatesSchema } from '@portal/contracts/prices'
import { requireAdmin, staff } from '../../../lib/admin/guard.ts'
import { mortgageRates, updateMortgageRates } from '../../../lib/cms/mortgage.ts'

/** Settings: the mortgage calculator's reference rate and margin (issue 26). Moderators read, admins change. */
const mortgageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/mortgage-rates', {
    schema: { tags: ['admin'], summary: "The mortgage calculator's reference rate and margin (per cent)", response: { 200: mortgageRatesSchema } },
  }, async (request) => { staff(request); return mortgageRates(app.db) })

  app.put('/admin/mortgage-rates', {
    schema: {
      tags: ['admin'], summary: 'Change the reference rate and margin (admin only, 403 for a moderator); listing pages use them at once',
      body: mortgageRatesInputSchema, response: { 200: mortgageRatesSchema, 403: apiErrorSchema, 422: validationErrorSchema },
    },
  }, async (request) => updateMortgageRates(app.db, requireAdmin(request), request.body))
}
export default mortgageRoutes
