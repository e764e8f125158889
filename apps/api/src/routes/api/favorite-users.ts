import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import {
  FAVORITE_USER_MESSAGES, favoriteUserParamsSchema, favoriteUsersPageSchema, favoriteUsersQuerySchema,
} from '@portal/contracts/favorite-users'
import { requireUser } from '../../lib/accounts/guard.ts'
import { HttpError, fieldError } from '../../lib/http/errors.ts'
import { favoriteUserIds, favoriteUsersPage, toggleFavoriteUser } from '../../lib/favorite-users/favorite-users.ts'

const PER_PAGE = 12

/** /api/favorite-users — followed advertisers (reference §9/§10): toggle, paged list (?type=&page=), ids for hearts. */
const favoriteUsers: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.db

  app.post('/favorite-users/:id', {
    schema: {
      tags: ['favorites'],
      summary: 'Follow or unfollow a user (toggle): 200 {status} (true = followed now); 404 unknown; 422 yourself',
      params: favoriteUserParamsSchema,
      response: { 200: z.object({ status: z.boolean() }), 401: apiErrorSchema, 404: apiErrorSchema, 422: validationErrorSchema },
    },
  }, async (request) => {
    const user = await requireUser(request)
    const result = await toggleFavoriteUser(db, user.id, request.params.id)
    if (result === 'not_found') throw new HttpError(404, 'not_found', FAVORITE_USER_MESSAGES.notFound)
    if (result === 'self') throw fieldError('id', FAVORITE_USER_MESSAGES.self)
    return { status: result }
  })

  app.get('/favorite-users', {
    schema: {
      tags: ['favorites'],
      summary: 'Followed users, newest first, 12 per page; ?type=user|agency|developer|hotel',
      querystring: favoriteUsersQuerySchema,
      response: { 200: favoriteUsersPageSchema, 401: apiErrorSchema, 422: validationErrorSchema },
    },
  }, async (request, reply) => {
    const user = await requireUser(request)
    const page = request.query.page ?? 1
    const { data, total } = await favoriteUsersPage(db, user.id, request.query.type, page, PER_PAGE)
    reply.header('cache-control', 'no-store')
    return { data, total, page, per_page: PER_PAGE, last_page: Math.max(1, Math.ceil(total / PER_PAGE)) }
  })

  app.get('/favorite-users/ids', {
    schema: {
      tags: ['favorites'],
      summary: 'Ids of the followed users (hearts on advertiser cards)',
      response: { 200: z.object({ ids: z.array(z.number()) }), 401: apiErrorSchema },
    },
  }, async (request, reply) => {
    const user = await requireUser(request)
    reply.header('cache-control', 'no-store')
    return { ids: await favoriteUserIds(db, user.id) }
  })
}
export default favoriteUsers
