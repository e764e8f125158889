import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { isAdmin } from '@portal/contracts/admin'
import { adminPricesSchema, pricesInputSchema } from '@portal/contracts/cms'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { requireAdmin, staff } from '../../../lib/admin/guard.ts'
import { adminPrices, updatePrices } from '../../../lib/cms/prices.ts'

/** Settings: promotion package and add-on prices (gross grosze, VAT 23% shown). Moderators read, admins change. */
const pricesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/prices', {
    schema: { tags: ['admin'], summary: 'The promotion price list with net and VAT; editable only for an admin', response: { 200: adminPricesSchema } },
  }, async (request) => adminPrices(app.db, isAdmin(staff(request).roles)))

  app.put('/admin/prices', {
    schema: { tags: ['admin'], summary: 'Change prices (admin only, 403 for a moderator); /promocje and new bills use them at once', body: pricesInputSchema, response: { 200: adminPricesSchema, 403: apiErrorSchema, 422: validationErrorSchema } },
  }, async (request) => {
    const actor = requireAdmin(request)
    await updatePrices(app.db, actor, request.body)
    return adminPrices(app.db, true)
  })
}
export default pricesRoutes
