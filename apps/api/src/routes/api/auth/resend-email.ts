import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { emailPromptSchema } from '@portal/contracts/auth'
import { requireCaptcha } from '../../../lib/http/captcha.ts'
import { hit } from '../../../lib/http/throttle.ts'
import { activationMail } from '../../../mail/templates.ts'
import { issueToken } from '../../../lib/accounts/tokens.ts'
import { userByEmail } from '../../../lib/accounts/lookup.ts'
import { MAIL_LIMIT } from './passwords.ts'

/** POST /api/auth/resend-email: a new activation link for an account not yet active. Always 204. */
const resendEmail: FastifyPluginAsyncZod = async (app) => {
  app.post('/auth/resend-email', {
    schema: {
      tags: ['auth'],
      summary: 'Resend the activation mail (only to an existing, not yet active account). Always 204',
      body: emailPromptSchema,
      response: { 204: z.null() },
    },
  }, async (request, reply) => {
    const { email, captcha } = request.body
    await requireCaptcha(request, captcha)
    const user = await userByEmail(app.db, email)
    if (user && !user.emailVerifiedAt) {
      const { count } = await hit(app.db, `mail:activation:${email}`, MAIL_LIMIT.windowMs)
      if (count <= MAIL_LIMIT.max) {
        const token = await issueToken(app.db, user.id, 'activation')
        await app.mailer.send(activationMail(user.email, user.name, `${app.env.PUBLIC_URL}/dokoncz-rejestracje?token=${token}`))
      }
    }
    return reply.code(204).send(null)
  })
}
export default resendEmail
