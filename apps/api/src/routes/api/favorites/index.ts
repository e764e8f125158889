import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import {
  addFavoriteSchema, favoriteAddedSchema, favoriteIdsSchema, favoriteParamsSchema, favoritesPageSchema, favoritesQuerySchema,
  FAVORITES_DEFAULT_PER_PAGE,
} from '@portal/contracts/favorites'
import { requireUser } from '../../../lib/accounts/guard.ts'
import { listingNotFound } from '../../../lib/listings/access.ts'
import { addFavorite, favoriteIds, favoritesPage, removeFavorite } from '../../../lib/favorites/favorites.ts'
import { lastPriceChanges } from '../../../lib/watch/follows.ts'

/**
 * /api/favorites — the logged-in user's favourite listings (reference §9/§10: GET, idempotent POST, DELETE).
 * Guests get 401; POST/DELETE need the CSRF header like every state change (419).
 */
const favoritesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.db

  app.get('/favorites', {
    schema: {
      tags: ['favorites'],
      summary: "The user's favourite listings that are still public, newest favourite first, with each one's last price change: ?page=&per_page= (≤ 48, 12)",
      querystring: favoritesQuerySchema,
      response: { 200: favoritesPageSchema, 401: apiErrorSchema, 422: validationErrorSchema },
    },
  }, async (request, reply) => {
    const user = await requireUser(request)
    const { page = 1, per_page: perPage = FAVORITES_DEFAULT_PER_PAGE } = request.query
    const { data, total } = await favoritesPage(db, user.id, page, perPage)
    reply.header('cache-control', 'no-store')
    const priceChanges = await lastPriceChanges(app.db, data.map((l) => l.id))
    return { data, price_changes: priceChanges, total, page, per_page: perPage, last_page: Math.max(1, Math.ceil(total / perPage)) }
  })

  app.get('/favorites/ids', {
    schema: {
      tags: ['favorites'],
      summary: "Ids of the user's public favourite listings (cards show filled hearts without loading the list)",
      response: { 200: favoriteIdsSchema, 401: apiErrorSchema },
    },
  }, async (request, reply) => {
    const user = await requireUser(request)
    reply.header('cache-control', 'no-store')
    return { ids: await favoriteIds(db, user.id) }
  })

  app.post('/favorites', {
    schema: {
      tags: ['favorites'],
      summary: 'Add a public listing {offer_id} to favourites: 201 when added, 200 when it already was one; 404 unknown or hidden',
      body: addFavoriteSchema,
      response: { 200: favoriteAddedSchema, 201: favoriteAddedSchema, 401: apiErrorSchema, 404: apiErrorSchema, 422: validationErrorSchema },
    },
  }, async (request, reply) => {
    const user = await requireUser(request)
    const offerId = request.body.offer_id
    const result = await addFavorite(db, user.id, offerId)
    if (result === 'not_found') throw listingNotFound()
    const created = result === 'created'
    return reply.code(created ? 201 : 200).send({ offer_id: offerId, is_favorite: true, created })
  })

  app.delete('/favorites/:offerId', {
    schema: {
      tags: ['favorites'],
      summary: 'Remove a listing from favourites; 204 (also when it was not one)',
      params: favoriteParamsSchema,
      response: { 204: z.null().describe('Removed'), 401: apiErrorSchema, 422: validationErrorSchema },
    },
  }, async (request, reply) => {
    const user = await requireUser(request)
    await removeFavorite(db, user.id, request.params.offerId)
    return reply.code(204).send(null)
  })
}
export default favoritesRoutes
