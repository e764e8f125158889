import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { and, eq, sql } from 'drizzle-orm'
import multipart from '@fastify/multipart'
import { listingMeta, listingPhotos, listings } from '@portal/db'
import {
  ecertificateSchema, MAX_PHOTOS, MAX_PLANS, OFFER_MESSAGES, offerPhotoSchema, PHOTO_KINDS, PHOTO_MAX_BYTES, photoListsSchema,
  photoOrderSchema,
} from '@portal/contracts/offer'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { HttpError, fieldError } from '../../../lib/http/errors.ts'
import { readMultipart } from '../../../lib/media/multipart-upload.ts'
import { requireManagedListing } from '../../../lib/listings/access.ts'
import { photoKey, renderCertificate, renderListingPhoto } from '../../../lib/listings/photos.ts'
import { listingPhotoRows, photoLists, toEditOffer, toPhoto } from '../../../lib/listings/read.ts'
import { removeUnusedKeys } from '../../../lib/listings/files.ts'
import { contentEdited } from '../../../lib/listings/lifecycle.ts'
import { storageFor } from '../../../lib/media/storage.ts'
import { hashPhotoAndGroup } from '../../../lib/duplicates/groups.ts'

/** Limits (a mutable object so tests can lower them). */
export const PHOTO_LIMITS = { maxBytes: PHOTO_MAX_BYTES, photo: MAX_PHOTOS, plan: MAX_PLANS }

const idParams = z.object({ id: z.string().regex(/^\d{1,15}$/, 'Nieprawidłowy identyfikator ogłoszenia.') })
const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 413: apiErrorSchema, 422: validationErrorSchema }
const tooLarge = () => new HttpError(413, 'file_too_large', OFFER_MESSAGES.photoTooLarge)

/** One file per request (`file`) plus short fields; progress-friendly (the browser's upload progress is per file). */
async function readUpload(request: FastifyRequest): Promise<{ file: Buffer | null; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw fieldError('file', OFFER_MESSAGES.fileRequired)
  return readMultipart(request, {
    fileFields: ['file'], tooLarge,
    limits: { fileSize: PHOTO_LIMITS.maxBytes, files: 1, fields: 5, fieldSize: 200, parts: 8 },
  })
}

const photos: FastifyPluginAsyncZod = async (app) => {
  // Only this plugin parses multipart bodies; the size limit is applied per request (PHOTO_LIMITS).
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 5, fieldSize: 200, parts: 8, headerPairs: 100 } })
  const storage = storageFor(app)
  const countKind = async (listingId: number, kind: 'photo' | 'plan') => {
    const [r] = await app.db.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(listingPhotos)
      .where(and(eq(listingPhotos.listingId, listingId), eq(listingPhotos.kind, kind)))
    return r!.n
  }

  app.post('/offers/:id/photos', {
    schema: {
      tags: ['offers'],
      summary: 'Upload one photo or plan (multipart `file`; `kind`=photo|plan as query or field). JPEG/PNG/WebP/AVIF/HEIC by content ≤ 15 MB, ≤ 50 Mpx; ≤ 40 photos, ≤ 10 plans. 201 photo',
      consumes: ['multipart/form-data'],
      params: idParams,
      querystring: z.object({ kind: z.string().optional() }),
      response: { 201: offerPhotoSchema, ...errors },
    },
  }, async (request, reply) => {
    const { listing } = await requireManagedListing(request, request.params.id)
    const { file, fields } = await readUpload(request)
    const kind = (request.query.kind ?? fields.kind ?? 'photo') as 'photo' | 'plan'
    if (!(PHOTO_KINDS as readonly string[]).includes(kind)) throw fieldError('kind', OFFER_MESSAGES.kindInvalid)
    if (!file || file.length === 0) throw fieldError('file', OFFER_MESSAGES.fileRequired)
    const limit = PHOTO_LIMITS[kind]
    const full = () => fieldError('file', kind === 'photo' ? OFFER_MESSAGES.tooManyPhotos : OFFER_MESSAGES.tooManyPlans)
    // Cheap check first (no decoding for a full listing); the locked one below settles parallel uploads.
    if (await countKind(listing.id, kind) >= limit) throw full()
    const rendered = await renderListingPhoto(file)
    const key = photoKey(listing.id)
    await storage.put(key, rendered.files)
    const row = await app.db.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM ${listings} WHERE id = ${listing.id} FOR UPDATE`)
      const [c] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number), max: sql<number>`coalesce(max(${listingPhotos.position}), -1)`.mapWith(Number) })
        .from(listingPhotos).where(and(eq(listingPhotos.listingId, listing.id), eq(listingPhotos.kind, kind)))
      if (c!.n >= limit) return null
      const [r] = await tx.insert(listingPhotos).values({
        listingId: listing.id, kind, position: c!.max + 1, storageKey: key, width: rendered.width, height: rendered.height,
        placeholder: rendered.placeholder,
      }).returning()
      await tx.update(listings).set({ updatedAt: sql`now()` }).where(eq(listings.id, listing.id))
      return r!
    })
    if (!row) {
      await storage.remove(key)
      throw full()
    }
    // One property, many ads (issue 13): the photo's perceptual hash, then the listing's group.
    if (kind === 'photo') {
      await hashPhotoAndGroup(app.db, row.id, listing.id, rendered.files.get('sm.webp')!)
        .catch((err: Error) => request.log.error({ err: err.message, listingId: listing.id }, 'photo hash or grouping failed'))
    }
    // A new photo is a content edit: a live, waiting or rejected listing goes (back) to the moderators (issue 13).
    await contentEdited(app.db, listing)
    return reply.code(201).header('cache-control', 'no-store').send(toPhoto(row))
  })

  app.patch('/offers/:id/photos/order', {
    schema: {
      tags: ['offers'],
      summary: 'Reorder photos or plans: {ids} lists every photo of one kind in the new order; 200 {photos, project_plan_photos}',
      params: idParams,
      body: photoOrderSchema,
      response: { 200: photoListsSchema, ...errors },
    },
  }, async (request) => {
    const { listing } = await requireManagedListing(request, request.params.id)
    const rows = await listingPhotoRows(app.db, listing.id)
    const ids = request.body.ids
    const chosen = ids.map((id) => rows.find((r) => Number(r.id) === id))
    const kind = chosen[0]?.kind
    const ofKind = rows.filter((r) => r.kind === kind)
    if (chosen.some((r) => !r || r.kind !== kind) || new Set(ids).size !== ids.length || ofKind.length !== ids.length) {
      throw fieldError('ids', OFFER_MESSAGES.orderInvalid)
    }
    await app.db.db.transaction(async (tx) => {
      for (const [i, id] of ids.entries()) await tx.update(listingPhotos).set({ position: i }).where(eq(listingPhotos.id, id))
    })
    return photoLists(await listingPhotoRows(app.db, listing.id))
  })

  app.delete('/offers/:id/photos/:photoId', {
    schema: {
      tags: ['offers'],
      summary: 'Delete a photo or plan (its files removed): 204',
      params: idParams.extend({ photoId: z.string().regex(/^\d{1,15}$/) }),
      response: { 204: z.null(), ...errors },
    },
  }, async (request, reply) => {
    const { listing } = await requireManagedListing(request, request.params.id)
    const [row] = await app.db.db.delete(listingPhotos)
      .where(and(eq(listingPhotos.id, Number(request.params.photoId)), eq(listingPhotos.listingId, listing.id))).returning()
    if (!row) throw new HttpError(404, 'not_found', 'Nie znaleziono zdjęcia.')
    await removeUnusedKeys(app.db, storage, [row.storageKey])
    await contentEdited(app.db, listing)
    return reply.code(204).send(null)
  })

  app.post('/offers/:id/ecertificate', {
    schema: {
      tags: ['offers'],
      summary: 'Energy certificate file (multipart `file`: PDF by its %PDF- magic, or an image) ≤ 15 MB; replaces the previous one. Its figures are attributes 34–36. 201 ecertificate',
      consumes: ['multipart/form-data'],
      params: idParams,
      response: { 201: ecertificateSchema, ...errors },
    },
  }, async (request, reply) => {
    const { listing, meta } = await requireManagedListing(request, request.params.id)
    const { file } = await readUpload(request)
    if (!file || file.length === 0) throw fieldError('file', OFFER_MESSAGES.fileRequired)
    const cert = await renderCertificate(file)
    const key = photoKey(listing.id)
    const files = cert.type === 'pdf' ? cert.files : cert.photo.files
    await storage.put(key, files)
    const value = { key, file: cert.type === 'pdf' ? 'swiadectwo.pdf' : 'lg.webp', type: cert.type, name: cert.type === 'pdf' ? 'swiadectwo.pdf' : 'swiadectwo.webp' }
    await app.db.db.insert(listingMeta).values({ listingId: listing.id, ecertificate: value })
      .onConflictDoUpdate({ target: listingMeta.listingId, set: { ecertificate: value } })
    if (meta?.ecertificate) await storage.remove(meta.ecertificate.key)
    const [l] = await app.db.db.select().from(listings).where(eq(listings.id, listing.id))
    const shape = toEditOffer(l!, { ...(meta ?? { listingId: listing.id, pendingActivation: false, creatorSessionId: null, publishedAt: null, endedAt: null }), ecertificate: value }, [], storage)
    return reply.code(201).send(shape.ecertificate!)
  })

  app.delete('/offers/:id/ecertificate', {
    schema: {
      tags: ['offers'],
      summary: 'Remove the energy certificate file (the figures stay in the attributes): 204',
      params: idParams,
      response: { 204: z.null(), ...errors },
    },
  }, async (request, reply) => {
    const { listing, meta } = await requireManagedListing(request, request.params.id)
    if (meta?.ecertificate) {
      await app.db.db.update(listingMeta).set({ ecertificate: null }).where(eq(listingMeta.listingId, listing.id))
      await storage.remove(meta.ecertificate.key)
    }
    return reply.code(204).send(null)
  })
}
export default photos
