import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { currentUser } from '../../../lib/accounts/guard.ts'
import { destroySession } from '../../../plugins/session.ts'

/** POST /api/auth/logout and GET /api/auth/check. */
const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/auth/logout', {
    schema: { tags: ['auth'], summary: 'Log out: 204, the session row is deleted and both cookies cleared', response: { 204: z.null() } },
  }, async (request, reply) => {
    await destroySession(request, reply)
    return reply.code(204).send(null)
  })

  app.get('/auth/check', {
    schema: {
      tags: ['auth'],
      summary: 'Whether the session belongs to a (still existing) user',
      response: { 200: z.object({ isLogged: z.boolean() }) },
    },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return { isLogged: !!(await currentUser(request)) }
  })
}
export default sessionRoutes
