import type { FastifyRequest } from 'fastify'
import { contactMessages } from '@portal/db'
import { CONTACT_MESSAGES, type ContactTopic } from '@portal/contracts/content'
import { blockedFor, hit } from '../http/throttle.ts'
import { HttpError } from '../http/errors.ts'
import { requireCaptcha } from '../http/captcha.ts'
import { contactFormMail, contactConfirmationMail } from '../../mail/templates.ts'

/** Messages one address may send per hour (the captcha makes each one cost some work as well). */
export const CONTACT_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 }

export interface ContactInput { topic: ContactTopic; name: string; email: string; message: string; captcha?: string }

/**
 * A /kontakt message: throttled per IP, captcha-checked, stored in `contact_messages`, mailed to the portal's
 * mailbox (reply-to the sender) and confirmed to the sender. Returns the stored id.
 */
export async function sendContactMessage(request: FastifyRequest, input: ContactInput, userId: number | null): Promise<number> {
  const app = request.server
  const key = `contact:ip:${request.ip}`
  const wait = await blockedFor(app.db, key, CONTACT_LIMIT.max)
  if (wait > 0) throw new HttpError(429, 'too_many_requests', CONTACT_MESSAGES.tooMany)
  await requireCaptcha(request, input.captcha)
  // The check above answers a blocked address before the captcha; the count here is the one that holds: the
  // increment is atomic, so requests sent at once cannot all pass the check before any of them counts.
  if ((await hit(app.db, key, CONTACT_LIMIT.windowMs)).count > CONTACT_LIMIT.max) {
    throw new HttpError(429, 'too_many_requests', CONTACT_MESSAGES.tooMany)
  }
  const [row] = await app.db.db.insert(contactMessages).values({
    topic: input.topic, name: input.name, email: input.email, message: input.message, userId, ip: request.ip,
  }).returning({ id: contactMessages.id })
  const id = row!.id
  await app.mailer.send(contactFormMail({ to: app.env.CONTACT_EMAIL, topic: input.topic, name: input.name, email: input.email, body: input.message, id }))
  await app.mailer.send(contactConfirmationMail({ to: input.email, name: input.name, topic: input.topic, body: input.message }))
  return id
}
