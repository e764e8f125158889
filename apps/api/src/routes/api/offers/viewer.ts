import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { offerViewerSchema } from '@portal/contracts/offer'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { currentUser } from '../../../lib/accounts/guard.ts'
import { canManage, findListing, isPubliclyVisible, listingNotFound } from '../../../lib/listings/access.ts'
import { countPageView, viewerKey } from '../../../lib/listings/views.ts'
import { isFavorite } from '../../../lib/favorites/favorites.ts'

// An id (what the page sends) or a slug (the page's address, as GET /api/offers/:id/property takes).
const idParams = z.object({ id: z.string().regex(/^\d{1,15}$|^[a-z0-9-]{1,200}$/, 'Nieprawidłowy identyfikator ogłoszenia.') })

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
    // Three round trips, not five: what does not depend on the previous answer is asked beside it.
    const [found, user] = await Promise.all([findListing(app.db, request.params.id), currentUser(request)])
    if (!found) throw listingNotFound()
    const { listing, meta } = found
    const [owner, favorite] = await Promise.all([canManage(request, listing, meta, user), isFavorite(app.db.db, user?.id, listing.id)])
    if (!owner && !isPubliclyVisible(listing)) throw listingNotFound()
    const views = await countPageView(app.db, app.appKey, listing, owner, viewerKey(request))
    reply.header('cache-control', 'private, no-store')
    return { id: listing.id, is_owner: owner, is_favorite: favorite, views }
  })
}
export default viewer
