import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import multipart from '@fastify/multipart'
import { adminIdParams } from '@portal/contracts/admin'
import { adminBlogListSchema, adminBlogPostSchema, blogPostInputSchema, CMS_MESSAGES, cmsPhotoSchema } from '@portal/contracts/cms'
import { PHOTO_MAX_BYTES } from '@portal/contracts/offer'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { staff } from '../../../lib/admin/guard.ts'
import { adminPost, deletePost, listAdminPosts, savePost, setCover, storeBodyPhoto } from '../../../lib/cms/blog.ts'
import { fieldError, HttpError } from '../../../lib/http/errors.ts'
import { readMultipart } from '../../../lib/media/multipart-upload.ts'
import { storageFor } from '../../../lib/media/storage.ts'

const errors = { 404: apiErrorSchema, 413: apiErrorSchema, 422: validationErrorSchema }

/** One image (`file`) plus an optional `alt`, through the same limits as listing photos. */
async function readPhoto(request: FastifyRequest): Promise<{ file: Buffer; alt: string | undefined }> {
  if (!request.isMultipart()) throw fieldError('file', CMS_MESSAGES.photoRequired)
  const { file, fields } = await readMultipart(request, {
    fileFields: ['file'], tooLarge: () => new HttpError(413, 'file_too_large', CMS_MESSAGES.photoTooLarge),
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 2, fieldSize: 400, parts: 4 },
  })
  if (!file?.length) throw fieldError('file', CMS_MESSAGES.photoRequired)
  if (fields.alt && fields.alt.length > 200) throw fieldError('alt', CMS_MESSAGES.altTooLong)
  return { file, alt: fields.alt?.trim() }
}

/** CMS: blog posts (Markdown body, cover and body photos through the photo pipeline). */
const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 2, fieldSize: 400, parts: 4, headerPairs: 100 } })
  const storage = storageFor(app)

  app.get('/admin/blog', {
    schema: { tags: ['admin'], summary: 'Every blog post (drafts and scheduled ones included), newest first', response: { 200: adminBlogListSchema } },
  }, async () => ({ data: await listAdminPosts(app.db) }))

  app.get('/admin/blog/:id', {
    schema: { tags: ['admin'], summary: 'One blog post with its Markdown body', params: adminIdParams, response: { 200: adminBlogPostSchema, 404: apiErrorSchema } },
  }, async (request) => adminPost(app.db, Number(request.params.id)))

  app.post('/admin/blog', {
    schema: { tags: ['admin'], summary: 'A new blog post (published: on /blog at once): 201', body: blogPostInputSchema, response: { 201: adminBlogPostSchema, ...errors } },
  }, async (request, reply) => reply.code(201).send(await savePost(app.db, staff(request), null, request.body)))

  app.put('/admin/blog/:id', {
    schema: { tags: ['admin'], summary: 'Edit a blog post', params: adminIdParams, body: blogPostInputSchema, response: { 200: adminBlogPostSchema, ...errors } },
  }, async (request) => savePost(app.db, staff(request), Number(request.params.id), request.body))

  app.delete('/admin/blog/:id', {
    schema: { tags: ['admin'], summary: 'Delete a blog post and its cover: 204', params: adminIdParams, response: { 204: z.null(), 404: apiErrorSchema } },
  }, async (request, reply) => {
    await deletePost(app.db, storage, staff(request), Number(request.params.id))
    return reply.code(204).send(null)
  })

  app.post('/admin/blog/:id/cover', {
    schema: { tags: ['admin'], summary: 'Replace the cover (multipart `file`, optional `alt`)', consumes: ['multipart/form-data'], params: adminIdParams, response: { 200: adminBlogPostSchema, ...errors } },
  }, async (request) => {
    const { file, alt } = await readPhoto(request)
    return setCover(app.db, storage, staff(request), Number(request.params.id), file, alt)
  })

  app.post('/admin/blog/photos', {
    schema: { tags: ['admin'], summary: 'A photo for a post body (multipart `file`, optional `alt`): its URL and Markdown, 201', consumes: ['multipart/form-data'], response: { 201: cmsPhotoSchema, ...errors } },
  }, async (request, reply) => {
    staff(request)
    const { file, alt } = await readPhoto(request)
    return reply.code(201).send(await storeBodyPhoto(storage, file, alt ?? ''))
  })
}
export default blogRoutes
