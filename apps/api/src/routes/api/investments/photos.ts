import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import multipart from '@fastify/multipart'
import { INVESTMENT_MESSAGES as M, investmentPhotoOrderSchema, investmentPhotosSchema } from '@portal/contracts/investments'
import { PHOTO_MAX_BYTES } from '@portal/contracts/offer'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { requireCompany } from '../../../lib/accounts/guard.ts'
import { fieldError, HttpError } from '../../../lib/http/errors.ts'
import { readMultipart } from '../../../lib/media/multipart-upload.ts'
import { storageFor } from '../../../lib/media/storage.ts'
import { ownInvestment } from '../../../lib/investments/investments.ts'
import { addInvestmentPhoto, orderInvestmentPhotos, removeInvestmentPhoto } from '../../../lib/investments/photos.ts'
import { galleryChanged } from '../../../lib/investments/of-listing.ts'

const params = z.object({ id: z.string().regex(/^\d{1,9}$/, 'Nieprawidłowy identyfikator.').transform(Number) })
const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 413: apiErrorSchema, 422: validationErrorSchema }

/** /api/investments/{id}/photos: the developer's gallery of an own investment (another company's: 404). */
const investmentPhotos: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 2, parts: 4, headerPairs: 100 } })
  const storage = storageFor(app)

  app.post('/investments/:id/photos', {
    schema: {
      tags: ['investments'], consumes: ['multipart/form-data'], params,
      summary: 'Add a photo to an own investment (multipart `file`: JPEG/PNG/WebP/AVIF/HEIC ≤ 15 MB; ≤ 30 photos). 201 {photos}',
      response: { 201: investmentPhotosSchema, ...errors },
    },
  }, async (request, reply) => {
    const user = await requireCompany(request)
    const inv = await ownInvestment(app.db, user.id, request.params.id)
    if (!request.isMultipart()) throw fieldError('file', M.photoRequired)
    const { file } = await readMultipart(request, {
      fileFields: ['file'], tooLarge: () => new HttpError(413, 'file_too_large', M.photoTooLarge),
      limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 2, fieldSize: 200, parts: 4 },
    })
    if (!file?.length) throw fieldError('file', M.photoRequired)
    const photos = await addInvestmentPhoto(app.db, storage, inv.id, file)
    await galleryChanged(app.db, inv.id)
    return reply.code(201).header('cache-control', 'no-store').send({ photos })
  })

  app.patch('/investments/:id/photos/order', {
    schema: {
      tags: ['investments'], params, body: investmentPhotoOrderSchema,
      summary: 'Reorder the photos of an own investment: {ids} names every photo once (the first is the cover). 200 {photos}',
      response: { 200: investmentPhotosSchema, ...errors },
    },
  }, async (request) => {
    const user = await requireCompany(request)
    const inv = await ownInvestment(app.db, user.id, request.params.id)
    const photos = await orderInvestmentPhotos(app.db, inv.id, request.body.ids)
    await galleryChanged(app.db, inv.id)
    return { photos }
  })

  app.delete('/investments/:id/photos/:photo', {
    schema: {
      tags: ['investments'], params: params.extend({ photo: z.string().regex(/^[\w-]{1,40}$/, M.photoNotFound) }),
      summary: 'Delete a photo of an own investment (its files removed unless used elsewhere). 204',
      response: { 204: z.null(), ...errors },
    },
  }, async (request, reply) => {
    const user = await requireCompany(request)
    const inv = await ownInvestment(app.db, user.id, request.params.id)
    await removeInvestmentPhoto(app.db, storage, inv.id, request.params.photo)
    await galleryChanged(app.db, inv.id)
    return reply.code(204).send(null)
  })
}

export default investmentPhotos
