import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { eq, isNull, and } from 'drizzle-orm'
import { messages, reports, users } from '@portal/db'
import { captchaBodySchema, contactSchema, OFFER_MESSAGES, phoneSchema, reportSchema } from '@portal/contracts/offer'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { HttpError } from '../../../lib/http-errors.ts'
import { currentUser } from '../../../lib/profile-guard.ts'
import { requireCaptcha } from '../../../lib/captcha.ts'
import { blockedFor, hit } from '../../../lib/throttle.ts'
import { findListing, isPubliclyVisible, listingNotFound } from '../../../lib/listing-access.ts'
import { advertiserOf } from '../../../lib/listing-read.ts'
import { listingMessageMail } from '../../../mail/templates.ts'
import { PHONE_LIMIT } from '../user/phone.ts'

/** Limits per window (mutable so tests can lower them). Phone reveals share the per-IP counter of /api/user/:id/phone. */
export const CONTACT_LIMITS = {
  perIp: { max: 10, windowMs: 3600_000 },
  perListing: { max: 30, windowMs: 3600_000 },
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
      tags: ['offers'],
      summary: "Message to the advertiser: stored and e-mailed ('Wiadomość w sprawie ogłoszenia', reply-to the sender); captcha when on; 429 over 10/h per IP or 30/h per listing. 204",
      params: idParams,
      body: contactSchema,
      response: { 204: z.null(), ...errors },
    },
  }, async (request, reply) => {
    const ipKey = `contact:ip:${request.ip}`
    const listingKey = `contact:listing:${request.params.id}`
    await checkLimits(request, reply, [[ipKey, CONTACT_LIMITS.perIp.max], [listingKey, CONTACT_LIMITS.perListing.max]])
    const body = request.body
    await requireCaptcha(request, body.captcha)
    const listing = await visibleListing(request, request.params.id)
    const { person } = await advertiserOf(app.db, listing)
    const sender = await currentUser(request)
    await app.db.db.insert(messages).values({
      listingId: listing.id, toUserId: person.id, fromUserId: sender?.id ?? null, fromName: body.name, fromEmail: body.email,
      fromPhone: body.phone || null, body: body.message, ip: request.ip,
    })
    await hit(app.db, ipKey, CONTACT_LIMITS.perIp.windowMs)
    await hit(app.db, listingKey, CONTACT_LIMITS.perListing.windowMs)
    await app.mailer.send(listingMessageMail({
      to: person.email, advertiserName: person.name, listingTitle: listing.title,
      listingUrl: `${app.env.PUBLIC_URL}/ogloszenia/${listing.slug}`,
      fromName: body.name, fromEmail: body.email, fromPhone: body.phone || null, body: body.message,
    }))
    return reply.code(204).send(null)
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
    const { person } = await advertiserOf(app.db, listing)
    let phone = person.phone
    if (!phone && person.id !== listing.userId) {
      const [owner] = await app.db.db.select({ phone: users.phone }).from(users)
        .where(and(eq(users.id, listing.userId), isNull(users.deletedAt))).limit(1)
      phone = owner?.phone ?? null
    }
    await hit(app.db, key, PHONE_LIMIT.windowMs)
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
