import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { and, eq, ne, sql } from 'drizzle-orm'
import { z } from 'zod'
import { apiErrorSchema } from '@portal/contracts/errors'
import { sessions, users } from '@portal/db'
import { AUTH_MESSAGES, changePasswordSchema, emailPromptSchema, setPasswordSchema } from '@portal/contracts/auth'
import { requireCaptcha } from '../../../lib/http/captcha.ts'
import { hashPassword } from '../../../lib/accounts/password.ts'
import { confirmCurrentPassword } from '../../../lib/accounts/password-check.ts'
import { requireUser } from '../../../lib/accounts/guard.ts'
import { ACCOUNT_LIMITS, limitPerClient, mayMail } from '../../../lib/accounts/request-limits.ts'
import { destroyUserSessions, rotateSession } from '../../../plugins/session.ts'
import { passwordResetMail } from '../../../mail/templates.ts'
import { consumeToken, issueToken, tokenInvalid, voidTokens } from '../../../lib/accounts/tokens.ts'
import { userByEmail, userById } from '../../../lib/accounts/lookup.ts'

/** Password reminder, setting a password from the mailed link, and changing it while logged in. */
const passwords: FastifyPluginAsyncZod = async (app) => {
  app.post('/auth/remind-password', {
    schema: {
      tags: ['auth'],
      summary: 'Mail a link to set a new password (1 h). 204 whether or not the address exists; 429 too_many_requests from one client address',
      body: emailPromptSchema,
      response: { 204: z.null(), 429: apiErrorSchema },
    },
  }, async (request, reply) => {
    const { email, captcha } = request.body
    await requireCaptcha(request, captcha)
    // Per requester across addresses (decision 050), before the lookup: it says nothing about the address.
    await limitPerClient(request, reply, `mail-requests:ip:${request.ip}`, ACCOUNT_LIMITS.mailRequestsPerIp)
    const { ip } = request
    const loggedInAs = request.session?.userId ?? null
    // The lookup and the mail happen after the answer: a known and an unknown address take the same time.
    app.mailer.later(async () => {
      const user = await userByEmail(app.db, email)
      if (!user || !(await mayMail(app.db, 'reset', user, ip, loggedInAs))) return
      await voidTokens(app.db, user.id, 'password_reset')
      const token = await issueToken(app.db, user.id, 'password_reset')
      await app.mailer.send(passwordResetMail(user.email, user.name, `${app.env.PUBLIC_URL}/ustaw-haslo?token=${token}`))
    })
    return reply.code(204).send(null)
  })

  app.post('/auth/set-password', {
    schema: {
      tags: ['auth'],
      summary: 'Set a password with the mailed token: 204, e-mail verified, every session of the user ended',
      body: setPasswordSchema,
      response: { 204: z.null(), 400: apiErrorSchema },
    },
  }, async (request, reply) => {
    const { token, password } = request.body
    const userId = await consumeToken(app.db, token, ['password_reset', 'agent_invite'])
    if (!(await userById(app.db, userId))) throw tokenInvalid()
    await app.db.db.update(users).set({
      passwordHash: await hashPassword(password),
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
      updatedAt: sql`now()`,
    }).where(eq(users.id, userId))
    await voidTokens(app.db, userId, 'password_reset')
    await destroyUserSessions(request, userId)
    // The browser that set the password gets a fresh guest session if its own was one of those.
    if (request.session?.userId === userId) await rotateSession(request, reply, { userId: null })
    return reply.code(204).send(null)
  })

  app.patch('/auth/change-password', {
    schema: {
      tags: ['auth'],
      summary: 'Change the password (logged in): 204; other sessions ended, this one rotated; 422 current_password',
      body: changePasswordSchema,
      response: { 204: z.null(), 401: apiErrorSchema, 429: apiErrorSchema },
    },
  }, async (request, reply) => {
    const user = await requireUser(request)
    const { current_password: current, password } = request.body
    await confirmCurrentPassword(app.db, reply, user, current, 'current_password', AUTH_MESSAGES.currentPasswordWrong)
    await app.db.db.update(users).set({ passwordHash: await hashPassword(password), updatedAt: sql`now()` })
      .where(eq(users.id, user.id))
    await app.db.db.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.id, request.session!.id)))
    await voidTokens(app.db, user.id, 'password_reset')
    await rotateSession(request, reply, { userId: user.id })
    return reply.code(204).send(null)
  })
}
export default passwords
