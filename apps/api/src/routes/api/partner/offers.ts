import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { and, eq } from 'drizzle-orm'
import { feedListings, listings } from '@portal/db'
import { EXTERNAL_ID_RE, FEED_MESSAGES, partnerOfferResultSchema, partnerOfferSchema } from '@portal/contracts/feeds'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { fieldError, HttpError, notFound } from '../../../lib/http/errors.ts'
import { storageFor } from '../../../lib/media/storage.ts'
import { applyOffer, endOffer } from '../../../lib/feeds/apply.ts'
import { partnerOffer, Reject } from '../../../lib/feeds/partner.ts'
import { photoSource, PHOTO_FETCH_LIMITS } from '../../../lib/feeds/photos.ts'
import { tokenOwner } from '../../../lib/feeds/tokens.ts'
import type { FeedOffer } from '../../../lib/feeds/map.ts'
import { effectiveStatus } from '../../../lib/listings/access.ts'

export const PARTNER_PHOTOS_JOB = 'feeds-partner-photos'

const params = z.object({ externalId: z.string().regex(EXTERNAL_ID_RE, FEED_MESSAGES.externalId) })
const errors = { 401: apiErrorSchema, 404: apiErrorSchema, 422: validationErrorSchema }
const security = [{ partnerToken: [] }]

const partners = new WeakMap<FastifyRequest, number>()

/**
 * The company a request's bearer token belongs to, or 401 — as a preValidation hook, so a caller without a valid
 * token learns nothing from the body's validation (401 before 422, issue 29).
 */
async function authenticate(request: FastifyRequest): Promise<void> {
  const m = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')
  const userId = m ? await tokenOwner(request.server.db, m[1]!) : null
  if (!userId) throw new HttpError(401, 'unauthenticated', FEED_MESSAGES.tokenInvalid)
  partners.set(request, userId)
}

function partner(request: FastifyRequest): number {
  const userId = partners.get(request)
  if (userId === undefined) throw new Error('the partner preValidation hook did not run')
  return userId
}

/**
 * Partner JSON API (decision 025): a company's CRM creates, updates and ends listings by its own id. Each call names
 * the whole offer, so repeating it changes nothing (idempotent); the key is (company, external id), so one company
 * can neither see nor touch another's listings. Photos are fetched by a job after the answer.
 */
const partnerOffers: FastifyPluginAsyncZod = async (app) => {
  const storage = storageFor(app)
  const limits = { ...PHOTO_FETCH_LIMITS, privateHosts: app.env.FEEDS_PRIVATE_HOSTS }
  const deps = (userId: number) => ({ db: app.db, storage, log: app.log, userId, origin: 'api' as const, photos: photoSource(limits) })

  app.addHook('preValidation', authenticate)

  app.jobs.work<{ userId: number; offer: FeedOffer }>(PARTNER_PHOTOS_JOB, async ({ userId, offer }) => {
    await applyOffer(deps(userId), offer)
  }, { retryLimit: 3 })

  app.put('/partner/offers/:externalId', {
    schema: {
      tags: ['partner'], security,
      summary: 'Create or update the listing of your offer `externalId` (idempotent: the same body again answers "unchanged"). 201 created, 200 updated/unchanged; 422 with the Polish reason when a value has no counterpart in the catalogue',
      params, body: partnerOfferSchema, response: { 200: partnerOfferResultSchema, 201: partnerOfferResultSchema, ...errors },
    },
  }, async (request, reply) => {
    const userId = partner(request)
    const { externalId } = request.params
    let offer: FeedOffer
    try {
      offer = partnerOffer(externalId, request.body)
    } catch (err) {
      if (err instanceof Reject) throw fieldError('offer', err.message)
      throw err
    }
    const defer = offer.photos.length > 0
    const r = await applyOffer(deps(userId), offer, { deferPhotos: defer })
    if (defer && r.result !== 'unchanged') await app.jobs.enqueue(PARTNER_PHOTOS_JOB, { userId, offer })
    reply.code(r.result === 'created' ? 201 : 200).header('cache-control', 'no-store')
    return { external_id: externalId, listing_id: r.listing.id, slug: r.listing.slug, status: effectiveStatus(r.listing), result: r.result }
  })

  app.post('/partner/offers/:externalId/end', {
    schema: {
      tags: ['partner'], security,
      summary: 'End the listing of your offer `externalId` (never deleted; idempotent: "unchanged" when already ended). 404 when you have no such offer',
      params, response: { 200: partnerOfferResultSchema, ...errors },
    },
  }, async (request, reply) => {
    const userId = partner(request)
    const r = await endOffer(app.db, userId, request.params.externalId)
    if (r.result === 'missing') throw notFound('Nie ma oferty o tym identyfikatorze.')
    reply.header('cache-control', 'no-store')
    return { external_id: request.params.externalId, listing_id: r.listing!.id, slug: r.listing!.slug, status: r.listing!.status, result: r.result }
  })

  app.get('/partner/offers/:externalId', {
    schema: {
      tags: ['partner'], security, summary: 'The listing of your offer `externalId`: id, slug, status. 404 when you have no such offer',
      params, response: { 200: partnerOfferResultSchema.omit({ result: true }), ...errors },
    },
  }, async (request, reply) => {
    const userId = partner(request)
    const [row] = await app.db.db.select({ listing: listings }).from(feedListings)
      .innerJoin(listings, eq(listings.id, feedListings.listingId))
      .where(and(eq(feedListings.userId, userId), eq(feedListings.externalId, request.params.externalId))).limit(1)
    if (!row) throw notFound('Nie ma oferty o tym identyfikatorze.')
    reply.header('cache-control', 'no-store')
    return { external_id: request.params.externalId, listing_id: row.listing.id, slug: row.listing.slug, status: effectiveStatus(row.listing) }
  })
}
export default partnerOffers
