import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { staffHook } from '../../../lib/admin/guard.ts'
import me from './me.ts'
import auditRoutes from './audit.ts'
import moderation from './moderation.ts'
import reportsRoutes from './reports.ts'
import usersRoutes from './users.ts'
import blacklist from './blacklist.ts'
import dashboard from './dashboard.ts'
import pagesRoutes from './pages.ts'
import faqRoutes from './faq.ts'
import preview from './preview.ts'
import blogRoutes from './blog.ts'
import campaignsRoutes from './campaigns.ts'
import pricesRoutes from './prices.ts'
import mortgageRoutes from './mortgage-rates.ts'

/**
 * /api/admin/*: roles admin and mod only. The gate runs before validation, so anyone else gets the same 404 as an
 * unknown address whatever they send (issue 13). Every state change writes an audit row.
 */
const admin: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', staffHook)
  app.addHook('onSend', async (_request, reply) => { reply.header('cache-control', 'no-store') })
  await app.register(me)
  await app.register(auditRoutes)
  await app.register(moderation)
  await app.register(reportsRoutes)
  await app.register(usersRoutes)
  await app.register(blacklist)
  await app.register(dashboard)
  await app.register(pagesRoutes)
  await app.register(faqRoutes)
  await app.register(preview)
  await app.register(blogRoutes)
  await app.register(campaignsRoutes)
  await app.register(pricesRoutes)
  await app.register(mortgageRoutes)
}
export default admin
