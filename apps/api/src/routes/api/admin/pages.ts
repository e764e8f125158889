import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { adminIdParams } from '@portal/contracts/admin'
import { adminContentPageSchema, adminContentPagesSchema, adminPageSchema, adminPagesSchema, contentPageInputSchema, pageInputSchema } from '@portal/contracts/cms'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { staff } from '../../../lib/admin/guard.ts'
import { createPage, listContentPages, listPages, updateContentPage, updatePage } from '../../../lib/cms/pages.ts'

/** CMS: static footer pages shown at /strony/{id} (Markdown; hidden with status in_active, never deleted) and /o-nas. */
const pagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/pages', {
    schema: { tags: ['admin'], summary: 'Every static page, hidden ones included', response: { 200: adminPagesSchema } },
  }, async () => ({ data: await listPages(app.db) }))

  app.post('/admin/pages', {
    schema: { tags: ['admin'], summary: 'A new static page (id from 100 up): 201', body: pageInputSchema, response: { 201: adminPageSchema, 422: validationErrorSchema } },
  }, async (request, reply) => reply.code(201).send(await createPage(app.db, staff(request), request.body)))

  app.put('/admin/pages/:id', {
    schema: { tags: ['admin'], summary: 'Edit a static page (title, Markdown, status, position)', params: adminIdParams, body: pageInputSchema, response: { 200: adminPageSchema, 404: apiErrorSchema, 422: validationErrorSchema } },
  }, async (request) => updatePage(app.db, staff(request), Number(request.params.id), request.body))

  app.get('/admin/content-pages', {
    schema: { tags: ['admin'], summary: 'Editorial pages by key (o-nas)', response: { 200: adminContentPagesSchema } },
  }, async () => ({ data: await listContentPages(app.db) }))

  app.put('/admin/content-pages/:id', {
    schema: { tags: ['admin'], summary: 'Edit an editorial page (title, lead, Markdown body)', params: adminIdParams, body: contentPageInputSchema, response: { 200: adminContentPageSchema, 404: apiErrorSchema, 422: validationErrorSchema } },
  }, async (request) => updateContentPage(app.db, staff(request), Number(request.params.id), request.body))
}
export default pagesRoutes
