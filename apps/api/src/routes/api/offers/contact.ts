import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { eq, isNull, and } from 'drizzle-orm'
import { reports, users } from '@portal/db'
import { captchaBodySchema, OFFER_MESSAGES, phoneSchema, reportSchema } from '@portal/contracts/offer'
import { messageSchema, messageSentSchema } from '@portal/contracts/messages'
import { sendContactMessage } from '../../../lib/messages/send.ts'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { HttpError } from '../../../lib/http/errors.ts'
import { currentUser } from '../../../lib/accounts/guard.ts'
import { requireCaptcha } from '../../../lib/http/captcha.ts'
import { blockedFor, hit } from '../../../lib/http/throttle.ts'
import { findListing, isPubliclyVisible, listingNotFound } from '../../../lib/listings/access.ts'
import { addresseeOf, advertiserPerson } from '../../../lib/listings/read.ts'
import { PHONE_LIMIT } from '../user/phone.ts'
import { recordPhoneReveal } from '../../../lib/stats/events.ts'

/** Limits per window (mutable so tests can lower them). Phone reveals share the per-IP counter of /api/user/:id/phone; messages have theirs in lib/messages/send.ts. */
export const CONTACT_LIMITS = {
  reportsPerIp: { max: 20, windowMs: 3600_000 },
}

const idParams = z.object({ id: z.string().regex(/^\d{1,15}$/, 'Nieprawidłowy identyfikator ogłoszenia.') })
const errors = { 404: apiErrorSchema, 422: validationErrorSchema, 429: apiErrorSchema }

/** 429 with Retry-After when any of the keys is at its limit. */
async function checkLimits(request: FastifyRequest, reply: FastifyReply, limits: [string, number][]) {
  for (const [key, max] of limits) {
    const wait = await blockedFor(request.server.db, key, max)
    if (wait > 0) {
      reply.header('retry-after', String(wait))
      throw new HttpError(429, 'too_many_requests', OFFER_MESSAGES.tooManyRequests)
    }
  }
}

async function visibleListing(request: FastifyRequest, id: string) {
  const found = await findListing(request.server.db, id)
  if (!found || !isPubliclyVisible(found.listing)) throw listingNotFound()
  return found.listing
}

/** Contact the advertiser, reveal the phone, report a listing. */
const contact: FastifyPluginAsyncZod = async (app) => {
  app.post('/offers/:id/contact', {
    schema: {
      tags: ['offers', 'messages'],
      summary: "'Napisz wiadomość' to the advertiser {name, email, phone?, message, want_to_see?: {mode: asap|time, date, time}}: a logged-in sender's message goes at once (204, e-mail 'Wiadomość w sprawie ogłoszenia' with Reply-To the sender, thread in /wiadomosci); a guest gets 200 {status:'verify_email'} and a confirmation link; captcha when on; 403 blocked; 429 over the limits per IP, sender, recipient and listing",
      params: idParams,
      body: messageSchema,
      response: { 200: messageSentSchema, 204: z.null(), 403: apiErrorSchema, ...errors },
    },
  }, async (request, reply) => {
    const listing = await visibleListing(request, request.params.id)
    const owner = await addresseeOf(app.db, listing)
    return sendContactMessage(app, request, reply, { owner, listing: { id: listing.id, title: listing.title, slug: listing.slug }, body: request.body })
  })

  app.post('/offers/:id/phone', {
    schema: {
      tags: ['offers'],
      summary: "The advertiser's phone: 200 {phone}; captcha when on; 429 over 30/h per IP (shared with /api/user/:id/phone)",
      params: idParams,
      body: captchaBodySchema,
      response: { 200: phoneSchema, ...errors },
    },
  }, async (request, reply) => {
    const key = `phone:ip:${request.ip}`
    await checkLimits(request, reply, [[key, PHONE_LIMIT.max]])
    await requireCaptcha(request, request.body?.captcha)
    const listing = await visibleListing(request, request.params.id)
    const person = await advertiserPerson(app.db, listing)
    let phone = person.phone
    if (!phone && person.id !== listing.userId) {
      const [owner] = await app.db.db.select({ phone: users.phone }).from(users)
        .where(and(eq(users.id, listing.userId), isNull(users.deletedAt))).limit(1)
      phone = owner?.phone ?? null
    }
    await hit(app.db, key, PHONE_LIMIT.windowMs)
    if (phone) await recordPhoneReveal(app.db, listing.id)
    reply.header('cache-control', 'no-store')
    return { phone }
  })

  app.post('/offers/:id/report', {
    schema: {
      tags: ['offers'],
      summary: "Report a listing for moderation {reason: oszustwo|nieaktualne|bledne-dane|duplikat|nieodpowiednia-tresc|inne, message?}: 204; 429 over 20/h per IP",
      params: idParams,
      body: reportSchema,
      response: { 204: z.null(), ...errors },
    },
  }, async (request, reply) => {
    const key = `report:ip:${request.ip}`
    await checkLimits(request, reply, [[key, CONTACT_LIMITS.reportsPerIp.max]])
    await requireCaptcha(request, request.body.captcha)
    const listing = await visibleListing(request, request.params.id)
    const user = await currentUser(request)
    await app.db.db.insert(reports).values({
      listingId: listing.id, reporterUserId: user?.id ?? null, reason: request.body.reason,
      message: request.body.message || null, ip: request.ip,
    })
    await hit(app.db, key, CONTACT_LIMITS.reportsPerIp.windowMs)
    return reply.code(204).send(null)
  })
}
export default contact
