import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import { users } from '@portal/db'
import { apiErrorSchema } from '@portal/contracts/errors'
import { HttpError, notFound } from '../../../lib/http/errors.ts'
import { requireCaptcha } from '../../../lib/http/captcha.ts'
import { blockedFor, hit } from '../../../lib/http/throttle.ts'

/** Phone reveals per client IP per hour (scraping guard on top of the captcha). */
export const PHONE_LIMIT = { max: 30, windowMs: 3600_000 }

/** POST /api/user/{id}/phone: an advertiser's phone number, behind the captcha (reference §9). */
const phone: FastifyPluginAsyncZod = async (app) => {
  app.post('/user/:id/phone', {
    schema: {
      tags: ['user'],
      summary: 'Reveal a user\'s phone: 200 {phone}; captcha when on; 404 unknown; 429 over the per-IP limit',
      params: z.object({ id: z.string() }),
      body: z.object({ captcha: z.string().max(4000).optional() }).nullable().optional(),
      response: { 200: z.object({ phone: z.string().nullable() }), 404: apiErrorSchema, 429: apiErrorSchema },
    },
  }, async (request, reply) => {
    const key = `phone:ip:${request.ip}`
    const wait = await blockedFor(app.db, key, PHONE_LIMIT.max)
    if (wait > 0) {
      reply.header('retry-after', String(wait))
      throw new HttpError(429, 'too_many_requests', `Zbyt wiele żądań. Spróbuj ponownie za ${Math.ceil(wait / 60)} min.`)
    }
    await requireCaptcha(request, request.body?.captcha)
    const { id } = request.params
    if (!/^\d{1,9}$/.test(id)) throw notFound('Nie znaleziono użytkownika.')
    const [row] = await app.db.db.select({ phone: users.phone }).from(users)
      .where(and(eq(users.id, Number(id)), isNull(users.deletedAt), isNotNull(users.emailVerifiedAt))).limit(1)
    if (!row) throw notFound('Nie znaleziono użytkownika.')
    await hit(app.db, key, PHONE_LIMIT.windowMs)
    reply.header('cache-control', 'no-store')
    return { phone: row.phone }
  })
}
export default phone
