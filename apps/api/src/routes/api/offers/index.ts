import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import write from './write.ts'
import publicOffer from './public.ts'
import photos from './photos.ts'
import contact from './contact.ts'
import stats from './stats.ts'
import property from './property.ts'
import renewLink from './renew-link.ts'
import viewings from './viewings.ts'
import priceComparison from './price-comparison.ts'
import viewer from './viewer.ts'
import { expireListings } from '../../../lib/listings/lifecycle.ts'
import { pruneListingChanges } from '../../../lib/search/index/sync.ts'

export const LISTING_SWEEP = 'listing-sweep'

/** Listings API under /api/offers (the home page's list stays in ../offers.ts). */
const offersApi: FastifyPluginAsyncZod = async (app) => {
  await app.register(write)
  await app.register(publicOffer)
  await app.register(photos)
  await app.register(contact)
  await app.register(stats)
  await app.register(property)
  await app.register(renewLink)
  await app.register(viewings)
  await app.register(priceComparison)
  await app.register(viewer)

  // Hourly job (lib/jobs, one instance runs it): run-out listings become 'expired' (reads already treat them so:
  // decision 008) and their owners get a notification; the search index's change log is pruned.
  app.jobs.work(LISTING_SWEEP, async () => {
    const expired = await expireListings(app.db)
    if (expired) app.log.info({ expired }, 'listings expired')
    await pruneListingChanges(app.db.db)
  }, { retryLimit: 2, retryDelay: 60 })
  app.jobs.schedule(LISTING_SWEEP, '0 * * * *')
}
export default offersApi
