import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { eq, sql } from 'drizzle-orm'
import { users } from '@portal/db'
import { tokenSchema } from '@portal/contracts/auth'
import { profileSchema } from '@portal/contracts/user'
import { apiErrorSchema } from '@portal/contracts/errors'
import { toProfile } from '../../../lib/accounts/profile.ts'
import { rotateSession } from '../../../plugins/session.ts'
import { consumeToken, tokenInvalid } from '../../../lib/accounts/tokens.ts'
import { userById } from '../../../lib/accounts/lookup.ts'
import { publishPendingListings } from '../../../lib/listings/lifecycle.ts'

/** POST /api/auth/complete-registration {token}: activates the account and logs the user in. */
const completeRegistration: FastifyPluginAsyncZod = async (app) => {
  app.post('/auth/complete-registration', {
    schema: {
      tags: ['auth'],
      summary: 'Activate with the mailed token (48 h, single use): 200 profile, logged in; 400 token_invalid / token_expired',
      body: tokenSchema,
      response: { 200: profileSchema, 400: apiErrorSchema },
    },
  }, async (request, reply) => {
    const userId = await consumeToken(app.db, request.body.token, ['activation'])
    if (!(await userById(app.db, userId))) throw tokenInvalid()
    await app.db.db.update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
    const user = (await userById(app.db, userId))!
    // Listings a guest published while creating this account go live now (issue 5).
    await publishPendingListings(app.db, userId)
    await rotateSession(request, reply, { userId })
    reply.header('cache-control', 'no-store')
    return toProfile(user)
  })
}
export default completeRegistration
