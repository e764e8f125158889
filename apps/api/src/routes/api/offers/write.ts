import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { eq, sql } from 'drizzle-orm'
import { listingMeta, listingPhotos, listings } from '@portal/db'
import {
  createOfferSchema, createdOfferSchema, editOfferSchema, lifecycleSchema, OFFER_MESSAGES, updateOfferSchema,
} from '@portal/contracts/offer'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { HttpError, fieldError } from '../../../lib/http/errors.ts'
import { currentUser } from '../../../lib/accounts/guard.ts'
import { requireCaptcha } from '../../../lib/http/captcha.ts'
import { isUniqueViolation } from '../../../lib/accounts/lookup.ts'
import { activeAgency, effectiveStatus, findListing, requireManagedListing } from '../../../lib/listings/access.ts'
import { listingColumns, newSlug } from '../../../lib/listings/write.ts'
import { listingPhotoRows, toEditOffer } from '../../../lib/listings/read.ts'
import { contentEdited, ENDABLE, publishListing, recordPrice, RENEWABLE, expiryFrom } from '../../../lib/listings/lifecycle.ts'
import { moderationOf } from '../../../lib/listings/review.ts'
import { maskListingText } from '../../../lib/moderation/blacklist.ts'
import { assertEmailFree, createGuestAccount, sendGuestActivation } from '../../../lib/listings/guest.ts'
import { inTransaction } from '../../../lib/http/transaction.ts'
import { logListingChanges } from '../../../lib/listings/changes.ts'
import { hashPassword } from '../../../lib/accounts/password.ts'
import { issueToken } from '../../../lib/accounts/tokens.ts'
import type { DbHandle } from '@portal/db'
import { removeUnusedKeys } from '../../../lib/listings/files.ts'
import { storageFor } from '../../../lib/media/storage.ts'
import { keepPaidFlags } from '../../../lib/listings/promotion.ts'
import { isWatched, runWatch } from '../../../lib/watch/detect.ts'

const idParams = z.object({ id: z.string().regex(/^\d{1,15}$/, 'Nieprawidłowy identyfikator ogłoszenia.') })
const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: validationErrorSchema }

type ListingInsert = typeof listings.$inferInsert

/** Inserts a listing with a fresh random slug, retrying on the (rare) slug collision. */
async function insertListing(tx: DbHandle, values: Omit<ListingInsert, 'slug'>, title: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      // A savepoint per attempt: a failed statement would otherwise abort the whole transaction on PostgreSQL.
      return await tx.db.transaction(async (sp) => (await sp.insert(listings).values({ ...values, slug: newSlug(title) }).returning())[0]!)
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 4) throw err
    }
  }
}

/** Create, read for editing, update, delete, publish, renew and end (owner or its agency only). */
const write: FastifyPluginAsyncZod = async (app) => {
  const storage = storageFor(app)
  // A watched listing's price changed or it ended: its watchers hear now, not at the price-watch job's next minute
  // (decision 067). A failure here is the job's to catch up with, never the edit's.
  const tellWatchers = async (listingId: number) => {
    try {
      if (await isWatched(app.db, listingId)) await runWatch(app.db, new Date(), listingId)
    } catch (err) {
      app.log.error({ err, listingId }, 'price-watch for one listing failed (the minute job catches up)')
    }
  }
  const editShape = async (id: number) => {
    const found = (await findListing(app.db, String(id)))!
    return toEditOffer(found.listing, found.meta, await listingPhotoRows(app.db, id), storage)
  }

  app.post('/offers', {
    schema: {
      tags: ['offers'],
      summary: 'Create a listing (JSON). Guests send `user` (inactive account + activation mail; the listing goes live on activation). 201 {id, slug, status, pending_activation}',
      body: createOfferSchema,
      response: { 201: createdOfferSchema, 400: apiErrorSchema, 422: validationErrorSchema },
    },
  }, async (request, reply) => {
    // Blacklisted words are masked before anything is stored (issue 13; the text's case is kept).
    const body = await maskListingText(app.db, request.body)
    const user = await currentUser(request)
    const guest = user ? null : body.user
    if (!user) {
      if (!guest) throw fieldError('user', OFFER_MESSAGES.userRequired)
      await requireCaptcha(request, body.captcha)
      await assertEmailFree(app, guest.email)
    }
    // PILNE / OKAZJA are paid frames (bought in the package step), never set by the form itself.
    const columns = keepPaidFlags(listingColumns(body), null)
    // argon2 (~100 ms) before the transaction, so no connection is held open for it.
    const passwordHash = guest ? await hashPassword(guest.password) : null
    const pending = !!guest && body.status === 'publish'
    // Account, listing, meta, price history, publication and activation token commit together: a failure at any
    // step leaves no half-made listing or orphan account behind.
    const created = await inTransaction(app.db, async (tx) => {
      // An agent adds listings on behalf of the company: the company owns them, the agent is named as the contact.
      const agency = !guest && user!.agencyId ? await activeAgency(tx, user!.agencyId) : null
      const ownerId = guest ? await createGuestAccount(tx, guest, passwordHash!) : agency ? agency : user!.id
      const row = await insertListing(tx, { ...columns, userId: ownerId, agentId: agency ? user!.id : null, status: 'draft' }, body.title)
      await tx.db.insert(listingMeta).values({
        listingId: row.id, pendingActivation: pending, creatorSessionId: guest ? request.session?.id ?? null : null,
      })
      await recordPrice(tx, row.id, row.price)
      if (!guest && body.status === 'publish') await publishListing(tx, row)
      const token = guest ? await issueToken(tx, ownerId, 'activation') : null
      const [fresh] = await tx.db.select({ status: listings.status }).from(listings).where(eq(listings.id, row.id))
      return { row, status: fresh!.status, token }
    })
    const { row } = created
    // Mail only after commit. The listing and account exist by now, so a failing outbox write is logged rather than
    // answered 500 (the address can ask for the activation mail again).
    if (guest) {
      try {
        await sendGuestActivation(app, guest, created.token!)
      } catch (err) {
        request.log.error({ err, userId: row.userId }, 'activation mail for a new guest listing could not be queued')
      }
    }
    reply.code(201).header('cache-control', 'no-store').header('location', `/api/offers/${row.id}/edit`)
    return { id: row.id, slug: row.slug, status: created.status, pending_activation: pending }
  })

  app.get('/offers/:id/edit', {
    schema: {
      tags: ['offers'],
      summary: 'The listing as read for editing (spec §3): owner, its agency, or the guest session that created it',
      params: idParams,
      response: { 200: editOfferSchema, ...errors },
    },
  }, async (request, reply) => {
    const { listing } = await requireManagedListing(request, request.params.id)
    reply.header('cache-control', 'no-store')
    return editShape(listing.id)
  })

  app.put('/offers/:id', {
    schema: {
      tags: ['offers'],
      summary: 'Update (the whole form). Price changes go to the price history; status "publish" publishes a draft. 200 editing shape',
      params: idParams,
      body: updateOfferSchema,
      response: { 200: editOfferSchema, ...errors },
    },
  }, async (request, reply) => {
    const { listing, meta } = await requireManagedListing(request, request.params.id)
    const body = await maskListingText(app.db, request.body)
    const columns = keepPaidFlags(listingColumns(body), listing)
    const [updated] = await app.db.db.update(listings).set({ ...columns, updatedAt: sql`now()` })
      .where(eq(listings.id, listing.id)).returning()
    if (Number(updated!.price) !== Number(listing.price)) {
      await recordPrice(app.db, listing.id, updated!.price)
      await tellWatchers(listing.id)
    }
    // The description and links are not seen by the change-log triggers; cached listing pages must be.
    await logListingChanges(app.db, [listing.id])
    if (body.status === 'publish' && listing.status === 'draft' && !meta?.pendingActivation) await publishListing(app.db, updated!)
    // A content change goes to the moderators (an edit after rejection always does: the owner fixed what was wrong).
    const contentChanged = updated!.title !== listing.title || updated!.description !== listing.description
      || JSON.stringify(updated!.links) !== JSON.stringify(listing.links)
    if (listing.status === 'rejected' || (contentChanged && listing.status !== 'draft')) await contentEdited(app.db, { ...updated!, status: listing.status })
    // A later visible_from moves the end of a running listing with it (it should not lose days it was hidden).
    if (updated!.status === 'active' && updated!.visibleFrom && new Date(updated!.visibleFrom).getTime() > Date.now()) {
      await app.db.db.update(listings).set({ expiresAt: expiryFrom(updated!.visibleFrom) }).where(eq(listings.id, listing.id))
    }
    reply.header('cache-control', 'no-store')
    return editShape(listing.id)
  })

  app.delete('/offers/:id', {
    schema: {
      tags: ['offers'],
      summary: 'Delete a listing with its photos, plans and certificate files: 204',
      params: idParams,
      response: { 204: z.null(), ...errors },
    },
  }, async (request, reply) => {
    const { listing, meta } = await requireManagedListing(request, request.params.id)
    const keys = (await app.db.db.select({ key: listingPhotos.storageKey }).from(listingPhotos)
      .where(eq(listingPhotos.listingId, listing.id))).map((r) => r.key)
    await app.db.db.delete(listings).where(eq(listings.id, listing.id))
    await removeUnusedKeys(app.db, storage, keys)
    if (meta?.ecertificate) await storage.remove(meta.ecertificate.key)
    return reply.code(204).send(null)
  })

  const lifecycle = (path: string, summary: string, run: (l: typeof listings.$inferSelect, pending: boolean) => Promise<void>) =>
    app.post(`/offers/:id/${path}`, {
      schema: { tags: ['offers'], summary, params: idParams, response: { 200: lifecycleSchema, 409: apiErrorSchema, ...errors } },
    }, async (request, reply) => {
      const { listing, meta } = await requireManagedListing(request, request.params.id)
      await run(listing, !!meta?.pendingActivation)
      const [l] = await app.db.db.select().from(listings).where(eq(listings.id, listing.id))
      reply.header('cache-control', 'no-store')
      return { id: l!.id, status: effectiveStatus(l!), expires_at: l!.expiresAt ? new Date(l!.expiresAt).toISOString() : null }
    })

  lifecycle('publish', 'Publish a draft: active for 30 days (hidden until visible_from_date); 409 when not a draft', async (l, pending) => {
    if (l.status !== 'draft' || pending) throw new HttpError(409, 'conflict', OFFER_MESSAGES.notPublishable)
    await publishListing(app.db, l)
  })
  lifecycle('renew', 'Renew: active again, expires_at = now + 30 days (active, expired or ended listings); 409 otherwise and when a moderator ended it', async (l) => {
    if (!RENEWABLE.includes(effectiveStatus(l))) throw new HttpError(409, 'conflict', OFFER_MESSAGES.notRenewable)
    if ((await moderationOf(app.db, l.id))?.state === 'rejected') throw new HttpError(409, 'conflict', 'To ogłoszenie zakończył moderator; nie można go odnowić.')
    await app.db.db.update(listings).set({ status: 'active', expiresAt: expiryFrom(null), updatedAt: sql`now()` }).where(eq(listings.id, l.id))
    await app.db.db.update(listingMeta).set({ endedAt: null }).where(eq(listingMeta.listingId, l.id))
  })
  lifecycle('end', 'End a listing (status ended; leaves search, its page answers 410); 409 when already ended', async (l) => {
    if (!ENDABLE.includes(effectiveStatus(l))) throw new HttpError(409, 'conflict', 'To ogłoszenie jest już zakończone.')
    await app.db.db.update(listings).set({ status: 'ended', updatedAt: sql`now()` }).where(eq(listings.id, l.id))
    await app.db.db.insert(listingMeta).values({ listingId: l.id, endedAt: new Date(), pendingActivation: false })
      .onConflictDoUpdate({ target: listingMeta.listingId, set: { endedAt: new Date(), pendingActivation: false } })
    await tellWatchers(l.id)
  })
}
export default write
