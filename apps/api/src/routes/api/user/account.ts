import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { listingPhotos, listings, users } from '@portal/db'
import { deleteAccountSchema, profileSchema, USER_MESSAGES } from '@portal/contracts/user'
import { apiErrorSchema } from '@portal/contracts/errors'
import { confirmCurrentPassword } from '../../../lib/accounts/password-check.ts'
import { requireUser } from '../../../lib/accounts/guard.ts'
import { toProfile } from '../../../lib/accounts/profile.ts'
import { removeUserAvatars } from '../../../lib/media/images.ts'
import { storageFor } from '../../../lib/media/storage.ts'
import { destroySession } from '../../../plugins/session.ts'
import { accountDeletedMail } from '../../../mail/templates.ts'

/** GET /api/user (the logged-in profile) and DELETE /api/user (account removal with password confirmation). */
const account: FastifyPluginAsyncZod = async (app) => {
  app.get('/user', {
    schema: {
      tags: ['user'],
      summary: 'The logged-in user profile; 401 unauthenticated',
      response: { 200: profileSchema, 401: apiErrorSchema },
    },
  }, async (request, reply) => {
    const user = await requireUser(request)
    reply.header('cache-control', 'no-store')
    return toProfile(user)
  })

  app.delete('/user', {
    schema: {
      tags: ['user'],
      summary: 'Delete the account, its sessions and listings (hard delete): 204; 422 password',
      body: deleteAccountSchema,
      response: { 204: z.null(), 401: apiErrorSchema, 429: apiErrorSchema },
    },
  }, async (request, reply) => {
    const user = await requireUser(request)
    await confirmCurrentPassword(app.db, reply, user, request.body.password, 'password', USER_MESSAGES.passwordWrong)
    const photoKeys = (await app.db.db.selectDistinct({ key: listingPhotos.storageKey }).from(listingPhotos)
      .innerJoin(listings, eq(listings.id, listingPhotos.listingId)).where(eq(listings.userId, user.id))).map((r) => r.key)
    await app.db.db.transaction(async (tx) => {
      // Agents of a removed agency become independent users.
      await tx.update(users).set({ agencyId: null, updatedAt: sql`now()` }).where(eq(users.agencyId, user.id))
      // Sessions, tokens, listings (and their photos rows) go with the user through ON DELETE CASCADE.
      await tx.delete(users).where(eq(users.id, user.id))
    })
    await app.mailer.send(accountDeletedMail(user.email, user.name))
    const storage = storageFor(app)
    await removeUserAvatars(storage, user.id)
    // Photo files go too unless another listing still uses them (the demo data shares a photo pool).
    if (photoKeys.length) {
      const still = new Set((await app.db.db.selectDistinct({ key: listingPhotos.storageKey }).from(listingPhotos)
        .where(inArray(listingPhotos.storageKey, photoKeys))).map((r) => r.key))
      for (const key of photoKeys) {
        if (!still.has(key) && !key.includes('..')) await storage.remove(key)
      }
    }
    await destroySession(request, reply)
    return reply.code(204).send(null)
  })
}
export default account
