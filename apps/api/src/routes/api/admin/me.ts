import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { adminMeSchema, isAdmin } from '@portal/contracts/admin'
import { staff } from '../../../lib/admin/guard.ts'
import { queueCount } from '../../../lib/moderation/decisions.ts'
import { openReportCount } from '../../../lib/moderation/reports.ts'

/** GET /api/admin/me: the staff member and the backlog (the admin layout's check and badges). */
const me: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/me', {
    schema: { tags: ['admin'], summary: 'The staff member and the moderation/report backlog; 404 for everyone else', response: { 200: adminMeSchema } },
  }, async (request) => {
    const u = staff(request)
    const [q, r] = await Promise.all([queueCount(app.db), openReportCount(app.db)])
    return { id: u.id, name: u.name, email: u.email, roles: u.roles, is_admin: isAdmin(u.roles), backlog: { moderation: q.n, reports: r } }
  })
}
export default me
