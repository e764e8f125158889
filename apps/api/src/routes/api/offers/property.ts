import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { propertyGroupSchema } from '@portal/contracts/property'
import { apiErrorSchema } from '@portal/contracts/errors'
import { eq, sql } from 'drizzle-orm'
import { listingProperty, listings } from '@portal/db'
import { byIdOrSlug, isPubliclyVisible, listingNotFound, type ListingRow } from '../../../lib/listings/access.ts'
import { propertyOf, refreshAllRepresentatives } from '../../../lib/duplicates/groups.ts'
import { notFound } from '../../../lib/http/errors.ts'

const idParams = z.object({ id: z.string().regex(/^\d{1,15}$|^[a-z0-9-]{1,200}$/, 'Nieprawidłowy identyfikator ogłoszenia.') })
const live = (l: Pick<ListingRow, 'status' | 'expiresAt' | 'visibleFrom'>) => isPubliclyVisible(l as ListingRow)

/** GET /api/offers/:id/property: the other live ads of the same property, their prices, first sighting, price history. */
export const PROPERTY_REFRESH_JOB = 'property-groups-refresh'

const property: FastifyPluginAsyncZod = async (app) => {
  // Prepared once per application (its database handle): the lean read below runs on every uncached listing page.
  const select = () => app.db.db.select({
    id: listings.id, status: listings.status, expiresAt: listings.expiresAt, visibleFrom: listings.visibleFrom, groupId: listingProperty.groupId,
  }).from(listings).leftJoin(listingProperty, eq(listingProperty.listingId, listings.id))
  const state = {
    byId: select().where(eq(listings.id, sql.placeholder('key'))).limit(1).prepare('listing_property_by_id'),
    bySlug: select().where(eq(listings.slug, sql.placeholder('key'))).limit(1).prepare('listing_property_by_slug'),
  }
  app.get('/offers/:id/property', {
    schema: {
      tags: ['offers'],
      summary: "One property, many ads: 200 {count, first_seen_at, listings, price_history} when another live ad shows the same property; 404 otherwise",
      params: idParams,
      response: { 200: propertyGroupSchema, 404: apiErrorSchema },
    },
  }, async (request, reply) => {
    // Every uncached listing page asks this, and most listings have no group: one lean read of the listing's state and
    // its group (not findListing's whole row and a second read of the group).
    const [found] = await byIdOrSlug(state, request.params.id)
    if (!found || !live(found)) throw listingNotFound()
    const group = found.groupId === null ? null : await propertyOf(app.db, found.id, found.groupId)
    const shown = group?.members.filter((m) => live(m)) ?? []
    if (!group || shown.length < 2) throw notFound('To ogłoszenie nie ma innych ogłoszeń tej samej nieruchomości.')
    reply.header('cache-control', 'public, max-age=60')
    return {
      count: shown.length,
      first_seen_at: new Date(Math.min(...group.members.map((m) => new Date(m.createdAt).getTime()))).toISOString(),
      listings: shown.map((m) => ({
        id: m.id, slug: m.slug, title: m.title, price: m.price, advertiser: m.companyName || m.advertiser,
        created_at: new Date(m.createdAt).toISOString(), current: m.id === found.id,
      })),
      price_history: group.history.map((h) => ({ listing_id: Number(h.listingId), price: Number(h.price), changed_at: new Date(h.changedAt).toISOString() })),
    }
  })

  // Hourly, on one instance: every group's representative for 'ukryj duplikaty' again (prices and statuses change
  // elsewhere).
  app.jobs.work(PROPERTY_REFRESH_JOB, async () => { await refreshAllRepresentatives(app.db) }, { retryLimit: 1, retryDelay: 300 })
  app.jobs.schedule(PROPERTY_REFRESH_JOB, '17 * * * *')
}
export default property
