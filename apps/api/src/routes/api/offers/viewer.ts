import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { offerViewerSchema } from '@portal/contracts/offer'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { currentUser } from '../../../lib/accounts/guard.ts'
import { canManage, findListing, isPubliclyVisible, listingNotFound } from '../../../lib/listings/access.ts'
import { countPageView, viewerKey } from '../../../lib/listings/views.ts'
import { isFavorite } from '../../../lib/favorites/favorites.ts'

const idParams = z.object({ id: z.string().regex(/^\d{1,15}$/, 'Nieprawidłowy identyfikator ogłoszenia.') })

/**
 * GET /api/offers/:id/viewer (decision 102): the listing page's part that differs per visitor. A signed-in browser
 * given the page everybody gets (decision 099) patches it in, instead of reading the whole listing (similar listings,
 * property group, mortgage rate) again. The view is counted as GET /api/offers/:slug counts it.
 */
const viewer: FastifyPluginAsyncZod = async (app) => {
  app.get('/offers/:id/viewer', {
    schema: {
      tags: ['offers'],
      summary: "The caller's part of a listing page: is_owner (edit links), is_favorite, views after counting this visit (not an owner's); 404 when the page would not show (hidden, ended or unknown) to them",
      params: idParams,
      response: { 200: offerViewerSchema, 404: apiErrorSchema, 422: validationErrorSchema },
    },
  }, async (request, reply) => {
    const found = await findListing(app.db, request.params.id)
    if (!found) throw listingNotFound()
    const { listing, meta } = found
    const user = await currentUser(request)
    const owner = await canManage(request, listing, meta, user)
    if (!owner && !isPubliclyVisible(listing)) throw listingNotFound()
    const [views, favorite] = await Promise.all([
      countPageView(app.db, app.appKey, listing, owner, viewerKey(request)),
      isFavorite(app.db.db, user?.id, listing.id),
    ])
    reply.header('cache-control', 'private, no-store')
    return { id: listing.id, is_owner: owner, is_favorite: favorite, views }
  })
}
export default viewer
