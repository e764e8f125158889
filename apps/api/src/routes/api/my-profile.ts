import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { profileSchema } from '@portal/contracts/user'
import { apiErrorSchema } from '@portal/contracts/errors'
import { forbidden, requireUser } from '../../lib/accounts/guard.ts'
import { toProfile } from '../../lib/accounts/profile.ts'

/** GET /api/my-profile/{id}: the full profile, only for its owner. */
const myProfile: FastifyPluginAsyncZod = async (app) => {
  app.get('/my-profile/:id', {
    schema: {
      tags: ['user'],
      summary: 'Own full profile: 200; 401 guest; 403 somebody else\'s',
      params: z.object({ id: z.string() }),
      response: { 200: profileSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    },
  }, async (request, reply) => {
    const user = await requireUser(request)
    if (String(user.id) !== request.params.id) throw forbidden('To nie jest Twój profil.')
    reply.header('cache-control', 'no-store')
    return toProfile(user)
  })
}
export default myProfile
