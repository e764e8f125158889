import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { dashboardQuerySchema, dashboardSchema } from '@portal/contracts/admin'
import { validationErrorSchema } from '@portal/contracts/errors'
import { dashboardSeries } from '../../../lib/stats/dashboard.ts'
import { queueCount } from '../../../lib/moderation/decisions.ts'
import { openReportCount } from '../../../lib/moderation/reports.ts'

/** GET /api/admin/dashboard?days=30|90: daily series for the charts and the moderation backlog. */
const dashboard: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/dashboard', {
    schema: {
      tags: ['admin'], summary: 'New listings, active listings, new users, searches, messages per day over 30 or 90 days; backlog',
      querystring: dashboardQuerySchema, response: { 200: dashboardSchema, 422: validationErrorSchema },
    },
  }, async (request) => {
    const days = request.query.days === '90' ? 90 : 30
    const [{ from, to, series }, q, reports] = await Promise.all([dashboardSeries(app.db, days), queueCount(app.db), openReportCount(app.db)])
    return { days, from, to, series, backlog: { moderation: q.n, reports, oldest_queued_at: q.oldest ? q.oldest.toISOString() : null } }
  })
}
export default dashboard
