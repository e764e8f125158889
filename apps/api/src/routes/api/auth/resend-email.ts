import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { emailPromptSchema } from '@portal/contracts/auth'
import { apiErrorSchema } from '@portal/contracts/errors'
import { requireCaptcha } from '../../../lib/http/captcha.ts'
import { ACCOUNT_LIMITS, limitPerClient, mayMail } from '../../../lib/accounts/request-limits.ts'
import { activationMail } from '../../../mail/templates.ts'
import { issueToken } from '../../../lib/accounts/tokens.ts'
import { userByEmail } from '../../../lib/accounts/lookup.ts'

/** POST /api/auth/resend-email: a new activation link for an account not yet active. Always 204. */
const resendEmail: FastifyPluginAsyncZod = async (app) => {
  app.post('/auth/resend-email', {
    schema: {
      tags: ['auth'],
      summary: 'Resend the activation mail (only to an existing, not yet active account): 204 whether or not it exists; 429 too_many_requests from one client address',
      body: emailPromptSchema,
      response: { 204: z.null(), 429: apiErrorSchema },
    },
  }, async (request, reply) => {
    const { email, captcha } = request.body
    await requireCaptcha(request, captcha)
    await limitPerClient(request, reply, `mail-requests:ip:${request.ip}`, ACCOUNT_LIMITS.mailRequestsPerIp)
    const user = await userByEmail(app.db, email)
    if (user && !user.emailVerifiedAt && await mayMail(app.db, 'activation', user, request.ip, request.session?.userId ?? null)) {
      const token = await issueToken(app.db, user.id, 'activation')
      await app.mailer.send(activationMail(user.email, user.name, `${app.env.PUBLIC_URL}/dokoncz-rejestracje?token=${token}`))
    }
    return reply.code(204).send(null)
  })
}
export default resendEmail
