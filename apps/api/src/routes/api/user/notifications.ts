import { timingSafeEqual } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import {
  NOTIFICATION_MESSAGES, notificationParamsSchema, notificationsPageSchema, notificationsQuerySchema,
} from '@portal/contracts/notifications'
import { requireUser } from '../../../lib/accounts/guard.ts'
import { CSRF_MISMATCH_BODY, HttpError } from '../../../lib/http/errors.ts'
import { markAllRead, markRead, NOTIFICATIONS_PER_PAGE, unreadPage } from '../../../lib/notifications/notifications.ts'

/**
 * The bell (spec §7): GET /api/user/notifications → unread ones in `data` (10 per page, newest first) with the
 * unread `total` for the badge; PATCH …/deactivate → 204 (all read); GET …/deactivate/{id} → that one read, the
 * remaining first page in `data` (the spec's single-read call is a GET; it changes nothing but the caller's own
 * read flag, and still needs the CSRF header like every state change).
 */
/** The X-XSRF-TOKEN check the session plugin does for unsafe methods, for this state-changing GET. */
function csrfHeaderMatches(request: FastifyRequest): boolean {
  const header = request.headers['x-xsrf-token'] ?? request.headers['x-csrf-token']
  const sent = Array.isArray(header) ? header[0] : header
  const want = request.session?.csrfToken
  if (!sent || !want) return false
  let decoded = sent
  try { decoded = decodeURIComponent(sent) } catch { /* raw */ }
  const eq = (a: string) => { const x = Buffer.from(a), y = Buffer.from(want); return x.length === y.length && timingSafeEqual(x, y) }
  return eq(sent) || eq(decoded)
}

const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.db
  const page = async (userId: number, p: number) => {
    const { data, total } = await unreadPage(db, userId, p)
    return { data, total, page: p, per_page: NOTIFICATIONS_PER_PAGE, last_page: Math.max(1, Math.ceil(total / NOTIFICATIONS_PER_PAGE)) }
  }

  app.get('/user/notifications', {
    schema: {
      tags: ['notifications'],
      summary: 'Unread notifications, newest first, 10 per page (?page=); total = unread count',
      querystring: notificationsQuerySchema,
      response: { 200: notificationsPageSchema, 401: apiErrorSchema, 422: validationErrorSchema },
    },
  }, async (request, reply) => {
    const user = await requireUser(request)
    reply.header('cache-control', 'no-store')
    return page(user.id, request.query.page ?? 1)
  })

  app.patch('/user/notifications/deactivate', {
    schema: {
      tags: ['notifications'],
      summary: 'Mark every notification read (204)',
      response: { 204: z.null(), 401: apiErrorSchema },
    },
  }, async (request, reply) => {
    const user = await requireUser(request)
    await markAllRead(db, user.id)
    return reply.code(204).send(null)
  })

  app.get('/user/notifications/deactivate/:id', {
    schema: {
      tags: ['notifications'],
      summary: "Mark one notification read; answers the remaining unread (first page). 404 when it is not the user's",
      params: notificationParamsSchema,
      response: { 200: notificationsPageSchema, 401: apiErrorSchema, 404: apiErrorSchema, 419: apiErrorSchema, 422: validationErrorSchema },
    },
  }, async (request, reply) => {
    const user = await requireUser(request)
    if (!csrfHeaderMatches(request)) return reply.code(419).send(CSRF_MISMATCH_BODY)
    if (!(await markRead(db, user.id, request.params.id))) throw new HttpError(404, 'not_found', NOTIFICATION_MESSAGES.notFound)
    reply.header('cache-control', 'no-store')
    return page(user.id, 1)
  })
}
export default notificationsRoutes
