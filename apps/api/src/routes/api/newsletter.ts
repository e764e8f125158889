import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import {
  NEWSLETTER_MESSAGES, newsletterConfirmSchema, newsletterStatusSchema, newsletterSubscribeSchema,
} from '@portal/contracts/newsletter'
import { currentUser } from '../../lib/accounts/guard.ts'
import { requireCaptcha } from '../../lib/http/captcha.ts'
import { HttpError } from '../../lib/http/errors.ts'
import { blockedFor, hit } from '../../lib/http/throttle.ts'
import { confirm, newsletterUnsubscribeUrl, subscribe } from '../../lib/newsletter/newsletter.ts'
import { newsletterActiveMail, newsletterConfirmMail } from '../../mail/templates.ts'

/** Confirmation mails: at most 3 per address and 10 per IP an hour (so the form cannot flood someone's inbox). */
export const NEWSLETTER_LIMITS = { perEmail: 3, perIp: 10, windowMs: 3600_000 } as const

/**
 * /api/newsletter (spec §7, reference §9): POST {email, captcha} → 204 and a confirmation mail, or 200 when the
 * address is already subscribed; PATCH {token} confirms → 200 (404 unknown token). Captcha (when on) and per-address
 * and per-IP limits (429 with Retry-After).
 */
const newsletter: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.db
  const tooMany = (wait: number) => new HttpError(429, 'too_many_requests', NEWSLETTER_MESSAGES.tooMany + ` (${Math.ceil(wait / 60)} min)`)

  app.post('/newsletter', {
    schema: {
      tags: ['newsletter'],
      summary: 'Sign up {email, captcha}: 204 + confirmation mail; 200 when already active; 422; 429 over the limits',
      body: newsletterSubscribeSchema,
      response: { 200: newsletterStatusSchema, 204: z.null(), 422: validationErrorSchema, 429: apiErrorSchema },
    },
  }, async (request, reply) => {
    const { email, captcha } = request.body
    const ipKey = `newsletter:ip:${request.ip}`
    const mailKey = `newsletter:mail:${email}`
    for (const [key, limit] of [[ipKey, NEWSLETTER_LIMITS.perIp], [mailKey, NEWSLETTER_LIMITS.perEmail]] as const) {
      const wait = await blockedFor(app.db, key, limit)
      if (wait) { reply.header('retry-after', String(wait)); throw tooMany(wait) }
    }
    await requireCaptcha(request, captcha)
    const user = await currentUser(request)
    const result = await subscribe(db, email, user && user.email.toLowerCase() === email ? user.id : null)
    if (result.status === 'active') return reply.code(200).send({ status: 'active', message: NEWSLETTER_MESSAGES.active })
    await hit(app.db, ipKey, NEWSLETTER_LIMITS.windowMs)
    await hit(app.db, mailKey, NEWSLETTER_LIMITS.windowMs)
    const base = app.env.PUBLIC_URL
    await app.mailer.send(newsletterConfirmMail(email, `${base}/potwierdz-newsletter?token=${result.token}`,
      newsletterUnsubscribeUrl(base, result.row.unsubscribeToken)))
    return reply.code(204).send(null)
  })

  app.patch('/newsletter', {
    schema: {
      tags: ['newsletter'],
      summary: 'Confirm a sign-up {token}: 200 {status:"active"}; 404 for an unknown or used token',
      body: newsletterConfirmSchema,
      response: { 200: newsletterStatusSchema, 404: apiErrorSchema, 422: validationErrorSchema },
    },
  }, async (request) => {
    const row = await confirm(db, request.body.token)
    if (!row) throw new HttpError(404, 'not_found', NEWSLETTER_MESSAGES.tokenInvalid)
    await app.mailer.send(newsletterActiveMail(row.email, newsletterUnsubscribeUrl(app.env.PUBLIC_URL, row.unsubscribeToken)))
    return { status: 'active' as const, message: NEWSLETTER_MESSAGES.active }
  })
}
export default newsletter
