import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AUTH_MESSAGES, loginSchema } from '@portal/contracts/auth'
import { profileSchema } from '@portal/contracts/user'
import { apiErrorSchema } from '@portal/contracts/errors'
import { HttpError } from '../../../lib/http-errors.ts'
import { verifyPassword } from '../../../lib/password.ts'
import { blockedFor, clear, hit } from '../../../lib/throttle.ts'
import { toProfile } from '../../../lib/profile.ts'
import { rotateSession } from '../../../plugins/session.ts'
import { userByEmail } from './lookup.ts'

/** Failed logins allowed per address and per client IP within the window (kept in `throttles`). */
export const LOGIN_LIMITS = { perEmail: 5, perIp: 30, windowMs: 15 * 60 * 1000 }

const tooMany = (retryAfter: number) => Object.assign(
  new HttpError(429, 'too_many_attempts', AUTH_MESSAGES.tooManyAttempts), { retryAfter },
)

/** POST /api/auth/login: the profile and a new session (the guest session id is discarded: no fixation). */
const login: FastifyPluginAsyncZod = async (app) => {
  app.post('/auth/login', {
    schema: {
      tags: ['auth'],
      summary: 'Log in: 200 profile; 401 invalid_credentials; 403 email_not_verified; 429 too_many_attempts',
      body: loginSchema,
      response: { 200: profileSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema },
    },
  }, async (request, reply) => {
    const { email, password } = request.body
    const emailKey = `login:email:${email}`
    const ipKey = `login:ip:${request.ip}`
    const wait = Math.max(
      await blockedFor(app.db, emailKey, LOGIN_LIMITS.perEmail),
      await blockedFor(app.db, ipKey, LOGIN_LIMITS.perIp),
    )
    if (wait > 0) {
      reply.header('retry-after', String(wait))
      throw tooMany(wait)
    }
    const user = await userByEmail(app.db, email)
    // Unknown addresses still cost one argon2 verification (no timing difference).
    const ok = await verifyPassword(user?.passwordHash, password)
    if (!user || !ok) {
      await hit(app.db, emailKey, LOGIN_LIMITS.windowMs)
      await hit(app.db, ipKey, LOGIN_LIMITS.windowMs)
      throw new HttpError(401, 'invalid_credentials', AUTH_MESSAGES.badCredentials)
    }
    if (!user.emailVerifiedAt) throw new HttpError(403, 'email_not_verified', AUTH_MESSAGES.notVerified)
    await clear(app.db, emailKey)
    await rotateSession(request, reply, { userId: user.id })
    reply.header('cache-control', 'no-store')
    return toProfile(user)
  })
}
export default login
