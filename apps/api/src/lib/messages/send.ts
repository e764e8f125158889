import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { MESSAGE_MESSAGES, WANT_TO_SEE_LABELS, type messageSchema } from '@portal/contracts/messages'
import { HttpError } from '../http/errors.ts'
import { requireCaptcha } from '../http/captcha.ts'
import { blockedFor, hit } from '../http/throttle.ts'
import { currentUser, type UserRow } from '../accounts/guard.ts'
import { displayName } from '../people/profile.ts'
import { notify } from '../notifications/notifications.ts'
import { conversationMail, messageVerifyMail } from '../../mail/templates.ts'
import { assertMayWrite, createMessage, type MessageRow, type ThreadRow } from './threads.ts'

/**
 * Throttles of the contact form, per window (mutable so tests can lower them): per sending IP, per sender address
 * (a guest's e-mail or an account), per recipient (a flood against one advertiser from many senders).
 */
export const MESSAGE_LIMITS = {
  perIp: { max: 10, windowMs: 3600_000 },
  perSender: { max: 10, windowMs: 3600_000 },
  perRecipient: { max: 30, windowMs: 3600_000 },
  perListing: { max: 30, windowMs: 3600_000 },
}

type Body = z.output<typeof messageSchema>

export function wantToSeeText(w: { mode: string; date?: string | null; time?: string | null } | null | undefined): string | null {
  if (!w) return null
  if (w.mode === 'asap') return WANT_TO_SEE_LABELS.asap.toLowerCase()
  const date = w.date ? new Intl.DateTimeFormat('pl-PL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${w.date}T12:00:00Z`)) : ''
  return `${date}${w.time ? `, godz. ${w.time}` : ''}`
}

async function limit(request: FastifyRequest, reply: FastifyReply, keys: [string, number][]) {
  for (const [key, max] of keys) {
    const wait = await blockedFor(request.server.db, key, max)
    if (wait > 0) {
      reply.header('retry-after', String(wait))
      throw new HttpError(429, 'too_many_requests', MESSAGE_MESSAGES.tooMany)
    }
  }
}

/** The recipient's bell (an account holder): a new message in the conversation, opening the thread. */
export async function notifyNewMessage(app: FastifyInstance, userId: number, fromName: string, thread: ThreadRow) {
  await notify(app.db, userId, { type: 'info', message: newMessageText(fromName, thread.subject), link: `/wiadomosci/${thread.id}` })
}
export const newMessageText = (fromName: string, subject: string) => `Nowa wiadomość od ${fromName}: ${subject}`

/**
 * Tells the advertiser about a delivered message: the bell, and an e-mail with Reply-To the sender. A guest's
 * message is delivered (and announced) only once its address is confirmed.
 */
export async function announceToOwner(app: FastifyInstance, owner: UserRow, thread: ThreadRow, message: MessageRow) {
  await notifyNewMessage(app, owner.id, message.fromName, thread)
  await app.mailer.send(conversationMail({
    to: owner.email, name: displayName(owner), fromName: message.fromName, about: thread.subject, body: message.body,
    wantToSee: wantToSeeText(message.wantToSee), url: `${app.env.PUBLIC_URL}/wiadomosci/${thread.id}`, urlLabel: 'Odpowiedz w serwisie',
    replyTo: `${message.fromName.replace(/["\r\n<>]/g, '')} <${message.fromEmail}>`,
    fromContact: [message.fromEmail, message.fromPhone ? `tel. ${message.fromPhone}` : null].filter(Boolean).join(', '),
    scam: message.scam.length > 0,
  }))
}

/**
 * 'Napisz wiadomość' to an advertiser (from a listing or a profile). A logged-in sender's message goes at once
 * (204); a guest gets a confirmation link first (200 {status:'verify_email'}). 429 over the limits, 403 when blocked.
 */
export async function sendContactMessage(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, o: {
  owner: UserRow; listing: { id: number; title: string; slug: string } | null; body: Body
}) {
  const body = o.body
  const sender = await currentUser(request)
  const email = sender ? sender.email.toLowerCase() : body.email
  const keys: [string, number][] = [
    [`msg:ip:${request.ip}`, MESSAGE_LIMITS.perIp.max],
    [`msg:from:${email}`, MESSAGE_LIMITS.perSender.max],
    [`msg:to:${o.owner.id}`, MESSAGE_LIMITS.perRecipient.max],
    ...(o.listing ? [[`contact:listing:${o.listing.id}`, MESSAGE_LIMITS.perListing.max] as [string, number]] : []),
  ]
  await limit(request, reply, keys)
  await requireCaptcha(request, body.captcha)
  await assertMayWrite(app.db, o.owner.id, email, sender?.id ?? null)
  const { thread, message, token } = await createMessage(app.db, {
    owner: o.owner, listing: o.listing, sender, name: body.name, email, phone: body.phone || null, body: body.message,
    wantToSee: body.want_to_see ?? null, ip: request.ip,
  })
  await hit(app.db, keys[0]![0], MESSAGE_LIMITS.perIp.windowMs)
  await hit(app.db, keys[1]![0], MESSAGE_LIMITS.perSender.windowMs)
  await hit(app.db, keys[2]![0], MESSAGE_LIMITS.perRecipient.windowMs)
  if (keys[3]) await hit(app.db, keys[3][0], MESSAGE_LIMITS.perListing.windowMs)
  if (token) {
    await app.mailer.send(messageVerifyMail(email, body.name, thread.subject, `${app.env.PUBLIC_URL}/wiadomosci/potwierdz?token=${token}`))
    reply.header('cache-control', 'no-store')
    return reply.code(200).send({ status: 'verify_email' as const, message: MESSAGE_MESSAGES.verifyEmail })
  }
  await announceToOwner(app, o.owner, thread, message)
  return reply.code(204).send(null)
}
