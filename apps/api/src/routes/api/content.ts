import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorSchema } from '@portal/contracts/errors'
import { contentPageSchema, faqResponseSchema } from '@portal/contracts/content'
import { notFound } from '../../lib/http/errors.ts'
import { readContentPage, readFaq } from '../../lib/content/read.ts'

/** Editorial pages by key (GET /api/pages/o-nas) and the grouped FAQ (GET /api/faq). */
const content: FastifyPluginAsyncZod = async (app) => {
  app.get('/pages/:slug', {
    schema: {
      tags: ['content'],
      summary: 'An editorial page by its key (o-nas)',
      params: z.object({ slug: z.string() }),
      response: { 200: contentPageSchema, 404: apiErrorSchema },
    },
  }, async (request, reply) => {
    const { slug } = request.params
    const page = /^[a-z0-9-]{1,80}$/.test(slug) ? await readContentPage(app.db, slug) : null
    if (!page) throw notFound('Nie znaleziono strony.')
    reply.header('cache-control', 'public, max-age=0, must-revalidate')
    return page
  })

  app.get('/faq', {
    schema: {
      tags: ['content'],
      summary: 'Published FAQ entries grouped in their order',
      response: { 200: faqResponseSchema },
    },
  }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=0, must-revalidate')
    return readFaq(app.db)
  })
}
export default content
