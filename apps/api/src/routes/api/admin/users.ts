import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { adminIdParams, adminUserDetailSchema, adminUsersPageSchema, blockSchema, roleSchema, usersQuerySchema } from '@portal/contracts/admin'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { requireAdmin, staff } from '../../../lib/admin/guard.ts'
import { searchUsers, userDetail } from '../../../lib/admin/users.ts'
import { notFound } from '../../../lib/http/errors.ts'
import { blockUser, setRole, unblockUser } from '../../../lib/moderation/users.ts'

const errors = { 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: validationErrorSchema }

/** Users: search, view, block/unblock, role changes (admin only). */
const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const detail = async (id: number) => {
    const d = await userDetail(app.db, id)
    if (!d) throw notFound('Nie ma takiego użytkownika.')
    return d
  }
  app.get('/admin/users', {
    schema: { tags: ['admin'], summary: 'Users: ?q=(e-mail, name, phone or id)&role=&blocked=1|0&page=', querystring: usersQuerySchema, response: { 200: adminUsersPageSchema, 422: validationErrorSchema } },
  }, async (request) => {
    const { page = 1, ...f } = request.query
    return searchUsers(app.db, f, page, 30)
  })

  app.get('/admin/users/:id', {
    schema: { tags: ['admin'], summary: 'One user: listings per status, open reports, recent listings, audit entries', params: adminIdParams, response: { 200: adminUserDetailSchema, 404: apiErrorSchema } },
  }, async (request) => detail(Number(request.params.id)))

  app.post('/admin/users/:id/block', {
    schema: { tags: ['admin'], summary: 'Block: sessions end, login refused, listings suspended (nothing deleted); staff only by an admin', params: adminIdParams, body: blockSchema, response: { 200: adminUserDetailSchema, ...errors } },
  }, async (request) => {
    await blockUser(app, staff(request), Number(request.params.id), request.body?.reason || null)
    return detail(Number(request.params.id))
  })

  app.post('/admin/users/:id/unblock', {
    schema: { tags: ['admin'], summary: 'Unblock: login allowed, suspended listings get their previous status back', params: adminIdParams, body: z.object({}).nullish(), response: { 200: adminUserDetailSchema, ...errors } },
  }, async (request) => {
    await unblockUser(app, staff(request), Number(request.params.id))
    return detail(Number(request.params.id))
  })

  app.put('/admin/users/:id/role', {
    schema: { tags: ['admin'], summary: 'Set the staff role {role: user|mod|admin} (admin only; not on oneself)', params: adminIdParams, body: roleSchema, response: { 200: adminUserDetailSchema, ...errors } },
  }, async (request) => {
    const actor = requireAdmin(request)
    await setRole(app.db, actor, Number(request.params.id), request.body.role)
    return detail(Number(request.params.id))
  })
}
export default usersRoutes
