import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { adminIdParams, reportActionResultSchema, reportActionSchema, reportGroupsPageSchema } from '@portal/contracts/admin'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { staff } from '../../../lib/admin/guard.ts'
import { actOnReports, reportGroups } from '../../../lib/moderation/reports.ts'

/** The reports queue grouped by listing, and one action per listing (the id is the listing's). */
const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/reports', {
    schema: {
      tags: ['admin'], summary: 'Open reports grouped by listing, most reported first',
      querystring: z.object({ page: z.string().regex(/^\d{1,6}$/).transform(Number).pipe(z.number().int().min(1)).optional() }),
      response: { 200: reportGroupsPageSchema, 422: validationErrorSchema },
    },
  }, async (request) => reportGroups(app.db, request.query.page ?? 1, 20))

  app.post('/admin/reports/:id', {
    schema: {
      tags: ['admin'], summary: "Act on a listing's open reports {action: end|warn|block|dismiss, note?}: all close; reporters with an account are mailed",
      params: adminIdParams, body: reportActionSchema,
      response: { 200: reportActionResultSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: validationErrorSchema },
    },
  }, async (request) => actOnReports(app, staff(request), Number(request.params.id), request.body.action, request.body.note ?? null))
}
export default reportsRoutes
