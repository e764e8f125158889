import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorSchema } from '@portal/contracts/errors'
import { BLOG_PAGE_SIZE, blogListSchema, blogPostSchema } from '@portal/contracts/content'
import { notFound } from '../../../lib/http/errors.ts'
import { listBlogPosts, readBlogPost } from '../../../lib/content/read.ts'

/** The blog: newest first, paged (GET /api/blog?page=), and one article with its related listings. */
const blog: FastifyPluginAsyncZod = async (app) => {
  app.get('/blog', {
    schema: {
      tags: ['content'],
      summary: 'Published blog posts, newest first',
      querystring: z.object({
        page: z.coerce.number().int().min(1).max(10_000).default(1),
        /** Posts per page (the sitemap reads 100 at a time). */
        limit: z.coerce.number().int().min(1).max(100).default(BLOG_PAGE_SIZE),
      }),
      response: { 200: blogListSchema },
    },
  }, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=0, must-revalidate')
    return listBlogPosts(app.db, request.query.page, request.query.limit)
  })

  app.get('/blog/:slug', {
    schema: {
      tags: ['content'],
      summary: 'One published article with up to 4 listings of the city or category it names',
      params: z.object({ slug: z.string() }),
      response: { 200: blogPostSchema, 404: apiErrorSchema },
    },
  }, async (request, reply) => {
    const { slug } = request.params
    const post = /^[a-z0-9-]{1,200}$/.test(slug) ? await readBlogPost(app.db, slug) : null
    if (!post) throw notFound('Nie znaleziono artykułu.')
    reply.header('cache-control', 'public, max-age=0, must-revalidate')
    return post
  })
}
export default blog
