import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  adminIdParams, categoryModeSchema, MODERATION_MODES, moderationDecisionSchema, queuePageSchema, rejectSchema, setCategoryModeSchema,
} from '@portal/contracts/admin'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { requireAdmin, staff } from '../../../lib/admin/guard.ts'
import { notFound } from '../../../lib/http/errors.ts'
import { approveListing, rejectListing } from '../../../lib/moderation/decisions.ts'
import { categoryModes, moderationQueue, setCategoryMode } from '../../../lib/moderation/queue.ts'

const errors = { 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: validationErrorSchema }
const queueQuery = z.object({
  page: z.string().regex(/^\d{1,6}$/).transform(Number).pipe(z.number().int().min(1)).optional(),
  mode: z.enum(MODERATION_MODES).optional(),
})

/** The moderation queue, approve/reject, and the per-category mode (pre- or post-moderation). */
const moderation: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/moderation', {
    schema: { tags: ['admin'], summary: 'Queued listings, oldest first (?mode=pre|post&page=)', querystring: queueQuery, response: { 200: queuePageSchema, 422: validationErrorSchema } },
  }, async (request) => moderationQueue(app.db, request.query.page ?? 1, 20, request.query.mode))

  app.post('/admin/moderation/:id/approve', {
    schema: { tags: ['admin'], summary: 'Approve a queued listing: pending → active; the owner is mailed. 409 when not queued', params: adminIdParams, response: { 200: moderationDecisionSchema, ...errors } },
  }, async (request) => approveListing(app, staff(request), Number(request.params.id)))

  app.post('/admin/moderation/:id/reject', {
    schema: { tags: ['admin'], summary: "Reject a queued listing with a note: → rejected; the owner sees 'Odrzucone - {note}' and is mailed", params: adminIdParams, body: rejectSchema, response: { 200: moderationDecisionSchema, ...errors } },
  }, async (request) => rejectListing(app, staff(request), Number(request.params.id), request.body.note))

  app.get('/admin/moderation/categories', {
    schema: { tags: ['admin'], summary: 'Every category with its moderation mode', response: { 200: z.object({ data: z.array(categoryModeSchema) }) } },
  }, async () => ({ data: await categoryModes(app.db) }))

  app.put('/admin/moderation/categories/:id', {
    schema: { tags: ['admin'], summary: 'Set a category to pre- or post-moderation (admin only)', params: adminIdParams, body: setCategoryModeSchema, response: { 200: categoryModeSchema, ...errors } },
  }, async (request) => {
    const actor = requireAdmin(request)
    const out = await setCategoryMode(app.db, actor, Number(request.params.id), request.body.mode)
    if (!out) throw notFound('Nie ma takiej kategorii.')
    return out
  })
}
export default moderation
