import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { apiErrorSchema } from '@portal/contracts/errors'
import { z } from 'zod'
import { users } from '@portal/db'
import { registerSchema } from '@portal/contracts/auth'
import { CLIENT_MESSAGES } from '@portal/contracts/errors'
import { HttpError } from '../../../lib/http/errors.ts'
import { hashPassword } from '../../../lib/accounts/password.ts'
import { requireCaptcha } from '../../../lib/http/captcha.ts'
import { activationMail } from '../../../mail/templates.ts'
import { issueToken } from '../../../lib/accounts/tokens.ts'
import { emailTaken, isUniqueViolation } from '../../../lib/accounts/lookup.ts'
import { ACCOUNT_LIMITS, limitPerClient } from '../../../lib/accounts/request-limits.ts'

const emailInUse = () => new HttpError(400, 'email_already_exist', CLIENT_MESSAGES.emailAlreadyExist)

/** POST /api/auth/register: creates an unverified account and mails the activation link (spec §5, §7). */
const register: FastifyPluginAsyncZod = async (app) => {
  app.post('/auth/register', {
    schema: {
      tags: ['auth'],
      summary: 'Register (204); 400 email_already_exist; 429 too_many_requests from one client address; activation mail "Dokończ proces rejestracji"',
      body: registerSchema,
      response: { 204: z.null().describe('Registered; activation mail sent'), 400: apiErrorSchema, 429: apiErrorSchema },
    },
  }, async (request, reply) => {
    const body = request.body
    await requireCaptcha(request, body.captcha)
    // Per client address across e-mails (decision 050): each attempt counts, a taken address too.
    await limitPerClient(request, reply, `register:ip:${request.ip}`, ACCOUNT_LIMITS.registerPerIp)
    // Deleted accounts keep their row, so their address stays taken (reference §8).
    if (await emailTaken(app.db, body.email)) throw emailInUse()
    const company = body.type === 'agency' || body.type === 'developer'
    let id: number
    try {
      const [row] = await app.db.db.insert(users).values({
        email: body.email,
        passwordHash: await hashPassword(body.password),
        name: body.name,
        phone: body.phone || null,
        type: body.type,
        roles: [company ? 'company' : 'user'],
        companyName: company ? body.name : null,
      }).returning({ id: users.id })
      id = row!.id
    } catch (err) {
      if (isUniqueViolation(err)) throw emailInUse()
      throw err
    }
    const token = await issueToken(app.db, id, 'activation')
    await app.mailer.send(activationMail(body.email, body.name, `${app.env.PUBLIC_URL}/dokoncz-rejestracje?token=${token}`))
    return reply.code(204).send(null)
  })
}
export default register
