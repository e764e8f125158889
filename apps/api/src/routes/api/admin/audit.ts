import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { auditPageSchema, auditQuerySchema } from '@portal/contracts/admin'
import { validationErrorSchema } from '@portal/contracts/errors'
import { listAudit } from '../../../lib/admin/audit.ts'

/** GET /api/admin/audit: every admin action, newest first, filtered by actor, action, target and days. */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/audit', {
    schema: {
      tags: ['admin'],
      summary: 'Audit log: ?actor=(e-mail fragment or id)&action=(exact, or a prefix ending in ".")&target_type=&target_id=&from=&to=&page=',
      querystring: auditQuerySchema,
      response: { 200: auditPageSchema, 422: validationErrorSchema },
    },
  }, async (request) => {
    const { page = 1, ...filter } = request.query
    return listAudit(app.db, filter, page, 50)
  })
}
export default auditRoutes
