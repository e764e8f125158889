import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { eq, sql } from 'drizzle-orm'
import { users } from '@portal/db'
import {
  confirmSchema, flagSchema, MESSAGE_MESSAGES, messageReportSchema, replySchema, threadSchema, threadsPageSchema, unreadSchema,
} from '@portal/contracts/messages'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { currentUser, requireUser } from '../../../lib/accounts/guard.ts'
import { blockedFor, hit } from '../../../lib/http/throttle.ts'
import { HttpError } from '../../../lib/http/errors.ts'
import { displayName } from '../../../lib/people/profile.ts'
import {
  confirmMessage, listThreads, markRead, reply, reportMessage, setArchived, setBlocked, threadView, unreadCount, userThread,
} from '../../../lib/messages/threads.ts'
import { announceToOwner, countConfirmed, MESSAGE_LIMITS, notifyNewMessage } from '../../../lib/messages/send.ts'
import { conversationMail } from '../../../mail/templates.ts'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: validationErrorSchema, 429: apiErrorSchema }
const idParams = z.object({ id: z.string().max(20) })
const pageQuery = z.object({
  folder: z.enum(['inbox', 'archived'], { error: 'Folder: inbox lub archived.' }).default('inbox'),
  page: z.string().regex(/^\d{1,5}$/, 'Numer strony musi być liczbą.').transform(Number).pipe(z.number().int().min(1, 'Numer strony musi być liczbą od 1.')).optional(),
})

/** /api/messages: the inbox of /wiadomosci (threads per listing and counterpart), replies, read, archive, block, report. */
const messagesApi: FastifyPluginAsyncZod = async (app) => {
  app.get('/messages', {
    schema: { tags: ['messages'], summary: 'Conversations, newest first: ?folder=inbox|archived&page= → {data, total, page, per_page (20), last_page, unread}', querystring: pageQuery, response: { 200: threadsPageSchema, ...errors } },
  }, async (request, reply) => {
    const user = await requireUser(request)
    reply.header('cache-control', 'no-store')
    return listThreads(app.db, user, request.query.folder === 'archived', request.query.page ?? 1)
  })

  app.get('/messages/unread', {
    schema: { tags: ['messages'], summary: 'Unread messages of the logged-in user (header and tab badges): {unread}; 0 without a session', response: { 200: unreadSchema, ...errors } },
  }, async (request, reply) => {
    // A badge's count, not a private resource: a visitor without a session has none. A 401 here showed as a console
    // error whenever a badge's request was still on its way while the person logged out.
    const user = await currentUser(request)
    reply.header('cache-control', 'no-store')
    return { unread: user ? await unreadCount(app.db, user.id) : 0 }
  })

  app.post('/messages/confirm', {
    schema: { tags: ['messages'], summary: "A guest confirms their address from the e-mailed link {token}: the held message is delivered. 200 {message}; 400 token_invalid|token_expired", body: confirmSchema, response: { 200: z.object({ message: z.string() }), ...errors } },
  }, async (request) => {
    const { thread, message } = await confirmMessage(app.db, request.body.token)
    await countConfirmed(app, thread)
    const [owner] = await app.db.db.select().from(users).where(eq(users.id, thread.ownerId)).limit(1)
    if (owner && !owner.deletedAt) await announceToOwner(app, owner, thread, message)
    return { message: MESSAGE_MESSAGES.verified }
  })

  app.get('/messages/:id', {
    schema: { tags: ['messages'], summary: "One conversation with its messages (scam reasons on the other side's messages; links allowed only from verified accounts); 404 when not the user's", params: idParams, response: { 200: threadSchema, ...errors } },
  }, async (request, reply) => {
    const user = await requireUser(request)
    const { thread } = await userThread(app.db, user, request.params.id)
    reply.header('cache-control', 'no-store')
    return threadView(app.db, user, thread)
  })

  app.post('/messages/:id/read', {
    schema: { tags: ['messages'], summary: 'Mark the conversation read: 204', params: idParams, response: { 204: z.null(), ...errors } },
  }, async (request, reply) => {
    const user = await requireUser(request)
    const { thread, role } = await userThread(app.db, user, request.params.id)
    await markRead(app.db, thread, role)
    return reply.code(204).send(null)
  })

  app.post('/messages/:id/archive', {
    schema: { tags: ['messages'], summary: 'Archive (value true) or restore (false) the conversation for this user: 204', params: idParams, body: flagSchema, response: { 204: z.null(), ...errors } },
  }, async (request, reply) => {
    const user = await requireUser(request)
    const { thread, role } = await userThread(app.db, user, request.params.id)
    await setArchived(app.db, thread, role, request.body.value)
    return reply.code(204).send(null)
  })

  app.post('/messages/:id/block', {
    schema: { tags: ['messages'], summary: "The advertiser blocks (true) or unblocks (false) the sender's address: no more messages from it. 204; 403 for the sender's side", params: idParams, body: flagSchema, response: { 204: z.null(), ...errors } },
  }, async (request, reply) => {
    const user = await requireUser(request)
    const { thread, role } = await userThread(app.db, user, request.params.id)
    if (role !== 'owner') throw new HttpError(403, 'forbidden', 'Zablokować nadawcę może tylko odbiorca wiadomości.')
    await setBlocked(app.db, user, thread, request.body.value)
    return reply.code(204).send(null)
  })

  app.post('/messages/:id/messages/:messageId/report', {
    schema: { tags: ['messages'], summary: "Report a message of the other side {reason: oszustwo|spam|obrazliwa-tresc|inne} for moderation: 204", params: z.object({ id: z.string().max(20), messageId: z.string().max(20) }), body: messageReportSchema, response: { 204: z.null(), ...errors } },
  }, async (request, reply) => {
    const user = await requireUser(request)
    const { thread, role } = await userThread(app.db, user, request.params.id)
    await reportMessage(app.db, thread, role, request.params.messageId, request.body.reason)
    return reply.code(204).send(null)
  })

  app.post('/messages/:id/reply', {
    schema: { tags: ['messages'], summary: 'Reply in the conversation {message}: 201 the updated conversation; the other side gets an e-mail; 403 blocked; 429 over the per-sender limit', params: idParams, body: replySchema, response: { 201: threadSchema, ...errors } },
  }, async (request, replyTo) => {
    const user = await requireUser(request)
    const { thread, role } = await userThread(app.db, user, request.params.id)
    const key = `msg:reply:${user.id}`
    const wait = await blockedFor(app.db, key, MESSAGE_LIMITS.perSender.max * 3)
    if (wait > 0) {
      replyTo.header('retry-after', String(wait))
      throw new HttpError(429, 'too_many_requests', MESSAGE_MESSAGES.tooMany)
    }
    const message = await reply(app.db, user, thread, role, request.body.message)
    await hit(app.db, key, MESSAGE_LIMITS.perSender.windowMs)
    const url = `${app.env.PUBLIC_URL}/wiadomosci/${thread.id}`
    if (role === 'owner') {
      // The sender hears by e-mail: in their inbox and bell too when they have an account; a guest answers from the listing.
      if (thread.counterpartId) await notifyNewMessage(app, thread.counterpartId, displayName(user), thread)
      const [listing] = thread.listingId ? await app.db.db.execute(sqlSlug(thread.listingId)).then((r) => (r as unknown as { rows: { slug: string }[] }).rows) : []
      await app.mailer.send(conversationMail({
        to: thread.counterpartEmail, name: thread.counterpartName, fromName: displayName(user), about: `Odpowiedź: ${thread.subject}`,
        body: message.body, wantToSee: null, scam: message.scam.length > 0,
        url: thread.counterpartId ? url : listing ? `${app.env.PUBLIC_URL}/ogloszenia/${listing.slug}` : `${app.env.PUBLIC_URL}/`,
        urlLabel: thread.counterpartId ? 'Odpowiedz w serwisie' : 'Zobacz ogłoszenie i odpisz',
      }))
    } else {
      const [owner] = await app.db.db.select().from(users).where(eq(users.id, thread.ownerId)).limit(1)
      if (owner && !owner.deletedAt) await announceToOwner(app, owner, thread, message)
    }
    return replyTo.code(201).send(await threadView(app.db, user, (await userThread(app.db, user, String(thread.id))).thread))
  })
}

const sqlSlug = (id: number) => sql`select slug from listings where id = ${id}`

export default messagesApi
