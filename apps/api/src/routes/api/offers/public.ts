import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { goneOfferSchema, publicOfferSchema } from '@portal/contracts/offer'
import { apiErrorSchema } from '@portal/contracts/errors'
import { currentUser } from '../../../lib/accounts/guard.ts'
import { canManage, effectiveStatus, findListing, isPubliclyVisible, listingNotFound } from '../../../lib/listings/access.ts'
import { SIMILAR_LIMIT, toGalleryPhoto, advertiserOf, goneBody, publicBase, similarListings } from '../../../lib/listings/read.ts'
import { pageExtras } from '../../../lib/listings/page-extras.ts'
import { summariesOf } from '../../../lib/search/index/hydrate.ts'
import { countPageView, viewerKey } from '../../../lib/listings/views.ts'
import { storageFor } from '../../../lib/media/storage.ts'
import { isFavorite } from '../../../lib/favorites/favorites.ts'
import { compareListing } from '../../../lib/prices/pages.ts'

/** GET /api/offers/:slug — the listing page (slug or numeric id). Ended/expired → 410 with links; hidden/unknown → 404. */
const publicOffer: FastifyPluginAsyncZod = async (app) => {
  const storage = storageFor(app)

  app.get('/offers/:slug', {
    schema: {
      tags: ['offers'],
      summary: 'Public listing page data (by slug or id); 410 gone for ended/expired, 404 for hidden or unknown',
      params: z.object({ slug: z.string().max(300) }),
      response: { 200: publicOfferSchema, 404: apiErrorSchema, 410: goneOfferSchema },
    },
  }, async (request, reply) => {
    const found = await findListing(app.db, request.params.slug)
    if (!found) throw listingNotFound()
    const { listing, meta } = found
    const user = await currentUser(request)
    const owner = await canManage(request, listing, meta, user)
    if (!owner) {
      const st = effectiveStatus(listing)
      if (st === 'ended' || st === 'expired') return reply.code(410).header('cache-control', 'no-store').send(goneBody(listing))
      if (!isPubliclyVisible(listing)) throw listingNotFound()
    }
    const views = await countPageView(app.db, app.appKey, listing, owner, viewerKey(request))
    // Seller count and similar listings from the search index (no scan per view); SQL while it loads.
    const fromIndex = await app.searchIndex.listingPage({
      id: listing.id, userId: listing.userId, categoryId: listing.categoryId, citySlug: listing.citySlug,
      offerType: listing.offerType, price: Number(listing.price),
    }, SIMILAR_LIMIT)
    // The price comparison from the row read above and the in-memory latest month: no query of its own (decision 091).
    // Photos, price history, favourites, viewings, the investment and the property group in one statement (decision 097).
    const [{ photos, history, favourites, viewings, investment, propertyGroup }, advertiser, similar, favorite, comparison] = await Promise.all([
      pageExtras(app.db, listing.id), advertiserOf(app.db, listing, fromIndex?.sellerCount),
      fromIndex
        ? summariesOf(app.db.db, fromIndex.store, fromIndex.slots, fromIndex.promoted, app.searchIndex.cards)
        : similarListings(app.db, listing),
      isFavorite(app.db.db, user?.id, listing.id), compareListing(app.db, listing),
    ])
    const base = publicBase(listing, meta, photos, storage)
    // A unit without photos of its own shows its investment's gallery.
    if (investment && !base.photos.length) base.photos = investment.photos.map(toGalleryPhoto)
    reply.header('cache-control', 'private, no-cache')
    return {
      ...base,
      views,
      favourites_count: favourites,
      price_history: history,
      advertiser,
      is_owner: owner,
      is_favorite: favorite,
      viewings,
      investment: investment?.card ?? null,
      property_group: propertyGroup,
      similar,
      price_comparison: comparison ?? null,
    }
  })
}
export default publicOffer
