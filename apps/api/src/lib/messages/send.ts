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
 * Throttles of the contact form, per window (mutable so tests can lower them; decision 050). Each holds back the
 * sender, never the recipient or somebody whose address a guest types: a guest is counted per client address and
 * per claimed e-mail (apart from the account of that e-mail), a logged-in sender per account; an advertiser's
 * caps count confirmed messages (a logged-in sender, or a guest once the link is clicked) apart from unconfirmed
 * guest messages, so a flood of unconfirmed guests only stops further unconfirmed guests.
 */
export const MESSAGE_LIMITS = {
  perIp: { max: 10, windowMs: 3600_000 },
  perSender: { max: 10, windowMs: 3600_000 },
  perRecipient: { max: 30, windowMs: 3600_000 },
  perListing: { max: 30, windowMs: 3600_000 },
  perRecipientUnconfirmed: { max: 30, windowMs: 3600_000 },
  perListingUnconfirmed: { max: 30, windowMs: 3600_000 },
}

/** The throttle keys of one contact message, with their limits and windows. */
function contactKeys(ip: string, sender: UserRow | null, email: string, ownerId: number, listingId: number | null) {
  const L = MESSAGE_LIMITS
  const keys: Array<[string, { max: number; windowMs: number }]> = sender
    ? [[`msg:user:${sender.id}`, L.perSender], [`msg:to:${ownerId}`, L.perRecipient]]
    : [[`msg:ip:${ip}`, L.perIp], [`msg:guest:${email}`, L.perSender], [`msg:to-unconfirmed:${ownerId}`, L.perRecipientUnconfirmed]]
  if (listingId !== null) keys.push(sender ? [`contact:listing:${listingId}`, L.perListing] : [`contact:listing-unconfirmed:${listingId}`, L.perListingUnconfirmed])
  return keys
}

/** A guest's message confirmed from its link now counts toward the advertiser's caps of confirmed messages. */
export async function countConfirmed(app: FastifyInstance, thread: ThreadRow) {
  await hit(app.db, `msg:to:${thread.ownerId}`, MESSAGE_LIMITS.perRecipient.windowMs)
  if (thread.listingId !== null) await hit(app.db, `contact:listing:${thread.listingId}`, MESSAGE_LIMITS.perListing.windowMs)
}

type Body = z.output<typeof messageSchema>

export function wantToSeeText(w: { mode: string; date?: string | null; time?: string | null } | null | undefined): string | null {
  if (!w) return null
  if (w.mode === 'asap') return WANT_TO_SEE_LABELS.asap.toLowerCase()
  const date = w.date ? new Intl.DateTimeFormat('pl-PL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${w.date}T12:00:00Z`)) : ''
  return `${date}${w.time ? `, godz. ${w.time}` : ''}`
}

async function limit(request: FastifyRequest, reply: FastifyReply, keys: Array<[string, { max: number }]>) {
  for (const [key, { max }] of keys) {
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
  const keys = contactKeys(request.ip, sender, email, o.owner.id, o.listing?.id ?? null)
  await limit(request, reply, keys)
  await requireCaptcha(request, body.captcha)
  await assertMayWrite(app.db, o.owner.id, email, sender?.id ?? null)
  const { thread, message, token } = await createMessage(app.db, {
    owner: o.owner, listing: o.listing, sender, name: body.name, email, phone: body.phone || null, body: body.message,
    wantToSee: body.want_to_see ?? null, ip: request.ip,
  })
  for (const [key, { windowMs }] of keys) await hit(app.db, key, windowMs)
  if (token) {
    await app.mailer.send(messageVerifyMail(email, body.name, thread.subject, `${app.env.PUBLIC_URL}/wiadomosci/potwierdz?token=${token}`))
    reply.header('cache-control', 'no-store')
    return reply.code(200).send({ status: 'verify_email' as const, message: MESSAGE_MESSAGES.verifyEmail })
  }
  await announceToOwner(app, o.owner, thread, message)
  return reply.code(204).send(null)
}
