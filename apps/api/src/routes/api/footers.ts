import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { and, asc, eq } from 'drizzle-orm'
import { z } from 'zod'
import { pages, perHandle } from '@portal/db'
import { apiErrorSchema, footerItemSchema, footerPageSchema } from '@portal/contracts/errors'
import { notFound } from '../../lib/http/errors.ts'
import { renderMarkdown } from '../../lib/content/markdown.ts'

/** Pages the CMS edits are revalidated on every view, so an edit shows at once (issue 13). */
const CMS_CACHE = 'public, max-age=0, must-revalidate'

/** Every page's root loader asks for these: prepared once per database handle, not built and planned per page. */
const footerItems = perHandle((db) => db.select({ id: pages.id, title: pages.title }).from(pages)
  .where(eq(pages.status, 'active')).orderBy(asc(pages.position), asc(pages.id)).prepare('footer_items'))

/** Static footer pages (spec §7 GET /api/footers, GET /api/footers/{id}; shown at /strony/{id}). */
const footers: FastifyPluginAsyncZod = async (app) => {
  app.get('/footers', {
    schema: {
      tags: ['pages'],
      summary: 'Active static pages for the footer',
      response: { 200: z.array(footerItemSchema) },
    },
  }, async (_request, reply) => {
    reply.header('cache-control', CMS_CACHE)
    return footerItems(app.db.db).execute()
  })

  app.get('/footers/:id', {
    schema: {
      tags: ['pages'],
      summary: 'One static page',
      // Any text is accepted here so that a non-numeric id is a 404 (no such page), as in the original system.
      params: z.object({ id: z.string() }),
      response: { 200: footerPageSchema, 404: apiErrorSchema },
    },
  }, async (request, reply) => {
    const { id } = request.params
    if (!/^\d{1,9}$/.test(id)) throw notFound('Nie znaleziono strony.')
    const [page] = await app.db.db
      .select({ id: pages.id, title: pages.title, name: pages.name, content: pages.content })
      .from(pages).where(and(eq(pages.id, Number(id)), eq(pages.status, 'active'))).limit(1)
    if (!page) throw notFound('Nie znaleziono strony.')
    reply.header('cache-control', CMS_CACHE)
    return { ...page, content_html: renderMarkdown(page.content) }
  })
}
export default footers
