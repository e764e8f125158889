import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AUTH_MESSAGES, loginSchema } from '@portal/contracts/auth'
import { ADMIN_MESSAGES } from '@portal/contracts/admin'
import { profileSchema } from '@portal/contracts/user'
import { apiErrorSchema } from '@portal/contracts/errors'
import { HttpError } from '../../../lib/http/errors.ts'
import { verifyPassword } from '../../../lib/accounts/password.ts'
import { blockedFor, clear, failWithBackoff, hit } from '../../../lib/http/throttle.ts'
import { toProfile } from '../../../lib/accounts/profile.ts'
import { rotateSession } from '../../../plugins/session.ts'
import { userByEmail } from '../../../lib/accounts/lookup.ts'

/**
 * Failed logins (kept in `throttles`, decisions 016 and 050): per (e-mail, client address) 5 within an hour, then a
 * lock of 60 s doubling with every further failure up to an hour; per client address 300 within 15 min across
 * e-mails — high, as OWASP advises, because one office, university or carrier NAT is one address for hundreds of
 * people, and 30 let a single person there lock all of them out. Nothing per e-mail alone, so somebody else's
 * failures cannot lock the owner out from their own address.
 */
export const LOGIN_LIMITS = {
  perPair: 5, pairWindowMs: 60 * 60 * 1000, baseLockMs: 60 * 1000, maxLockMs: 60 * 60 * 1000,
  perIp: 300, ipWindowMs: 15 * 60 * 1000,
}

const tooMany = (retryAfter: number) => Object.assign(
  new HttpError(429, 'too_many_attempts', AUTH_MESSAGES.tooManyAttempts), { retryAfter },
)

/** POST /api/auth/login: the profile and a new session (the guest session id is discarded: no fixation). */
const login: FastifyPluginAsyncZod = async (app) => {
  app.post('/auth/login', {
    schema: {
      tags: ['auth'],
      summary: 'Log in: 200 profile; 401 invalid_credentials; 403 email_not_verified or account_blocked; 429 too_many_attempts',
      body: loginSchema,
      response: { 200: profileSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema },
    },
  }, async (request, reply) => {
    const { email, password } = request.body
    const pairKey = `login:pair:${email}|${request.ip}`
    const ipKey = `login:ip:${request.ip}`
    const wait = Math.max(...await Promise.all([
      blockedFor(app.db, `${pairKey}:lock`, 1), blockedFor(app.db, ipKey, LOGIN_LIMITS.perIp),
    ]))
    if (wait > 0) {
      reply.header('retry-after', String(wait))
      throw tooMany(wait)
    }
    const user = await userByEmail(app.db, email)
    // Unknown addresses still cost one argon2 verification (no timing difference).
    const ok = await verifyPassword(user?.passwordHash, password)
    if (!user || !ok) {
      await failWithBackoff(app.db, pairKey, {
        limit: LOGIN_LIMITS.perPair, windowMs: LOGIN_LIMITS.pairWindowMs,
        baseLockMs: LOGIN_LIMITS.baseLockMs, maxLockMs: LOGIN_LIMITS.maxLockMs,
      })
      await hit(app.db, ipKey, LOGIN_LIMITS.ipWindowMs)
      throw new HttpError(401, 'invalid_credentials', AUTH_MESSAGES.badCredentials)
    }
    if (!user.emailVerifiedAt) throw new HttpError(403, 'email_not_verified', AUTH_MESSAGES.notVerified)
    // A blocked account (issue 13) is told so only after the right password: the block is no oracle for addresses.
    if (user.blockedAt) throw new HttpError(403, 'account_blocked', ADMIN_MESSAGES.blocked)
    await clear(app.db, pairKey, `${pairKey}:lock`)
    await rotateSession(request, reply, { userId: user.id })
    reply.header('cache-control', 'no-store')
    return toProfile(user)
  })
}
export default login
