import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import write from './write.ts'
import publicOffer from './public.ts'
import photos from './photos.ts'
import contact from './contact.ts'
import { expireListings } from '../../../lib/listing-lifecycle.ts'
import { pruneListingChanges } from '../../../lib/search-index/sync.ts'

/** Listings API under /api/offers (the home page's list stays in ../offers.ts). */
const offersApi: FastifyPluginAsyncZod = async (app) => {
  await app.register(write)
  await app.register(publicOffer)
  await app.register(photos)
  await app.register(contact)

  // Hourly sweep marking run-out listings 'expired' (reads already treat them so: decision 008) and pruning the
  // search index's change log. Not in tests, which call expireListings() themselves.
  if (app.env.NODE_ENV !== 'test') {
    const sweep = () => Promise.all([
      expireListings(app.db).then(
        (n) => { if (n) app.log.info({ expired: n }, 'listings expired') },
        (err: Error) => app.log.error({ err: err.message }, 'listing expiry sweep failed'),
      ),
      pruneListingChanges(app.db.db).catch((err: Error) => app.log.error({ err: err.message }, 'pruning listing_changes failed')),
    ])
    let timer: NodeJS.Timeout | undefined
    app.addHook('onReady', async () => {
      void sweep()
      timer = setInterval(sweep, 3600_000)
      timer.unref()
    })
    app.addHook('onClose', async () => { if (timer) clearInterval(timer) })
  }
}
export default offersApi
