import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import { users } from '@portal/db'
import { publicProfileSchema } from '@portal/contracts/user'
import { apiErrorSchema } from '@portal/contracts/errors'
import { notFound } from '../../lib/http-errors.ts'
import { toPublicProfile } from '../../lib/profile.ts'

/** GET /api/profile/{id}: the public profile (/profil/{user}); never e-mail, phone, NIP or address. */
const profile: FastifyPluginAsyncZod = async (app) => {
  app.get('/profile/:id', {
    schema: {
      tags: ['user'],
      summary: 'Public profile of an active user: 200; 404 unknown, deleted or not activated',
      params: z.object({ id: z.string() }),
      response: { 200: publicProfileSchema, 404: apiErrorSchema },
    },
  }, async (request, reply) => {
    const { id } = request.params
    if (!/^\d{1,9}$/.test(id)) throw notFound('Nie znaleziono użytkownika.')
    const [user] = await app.db.db.select().from(users)
      .where(and(eq(users.id, Number(id)), isNull(users.deletedAt), isNotNull(users.emailVerifiedAt))).limit(1)
    if (!user) throw notFound('Nie znaleziono użytkownika.')
    reply.header('cache-control', 'public, max-age=60')
    return toPublicProfile(app.db, user)
  })
}
export default profile
