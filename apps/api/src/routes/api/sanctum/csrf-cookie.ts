import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { createSession, resendSessionCookies } from '../../../plugins/session.ts'

/** Sanctum's handshake: makes sure a session exists and (re)sends its XSRF-TOKEN cookie. */
const csrfCookie: FastifyPluginAsyncZod = async (app) => {
  app.get('/sanctum/csrf-cookie', {
    schema: {
      tags: ['session'],
      summary: 'Start or refresh the session; sets portal_session (httpOnly) and XSRF-TOKEN cookies',
      response: { 204: z.null().describe('No content') },
    },
  }, async (request, reply) => {
    if (request.session) resendSessionCookies(request, reply)
    else await createSession(request, reply)
    reply.header('cache-control', 'no-store')
    return reply.code(204).send(null)
  })
}
export default csrfCookie
