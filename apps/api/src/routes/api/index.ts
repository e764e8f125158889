import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { testRoutesEnabled } from '../../env.ts'
import health from './health.ts'
import csrfCookie from './sanctum/csrf-cookie.ts'
import filters from './search/filters.ts'
import footers from './footers.ts'
import offers from './offers.ts'
import testRoutes from './__test.ts'

/** Everything under /api; files mirror the URL (routes/api/search/filters.ts → /api/search/filters). */
const api: FastifyPluginAsyncZod = async (app) => {
  await app.register(health)
  await app.register(csrfCookie)
  await app.register(filters)
  await app.register(footers)
  await app.register(offers)
  if (testRoutesEnabled(app.env)) await app.register(testRoutes)

  // Unknown /api/* is always JSON, never the web's HTML 404 page.
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ error: 'not_found', message: `Nie znaleziono: ${request.method} ${request.url.split('?')[0].slice(0, 200)}` })
  })
}
export default api
