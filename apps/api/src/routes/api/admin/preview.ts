import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { markdownHtmlSchema, markdownPreviewSchema } from '@portal/contracts/cms'
import { validationErrorSchema } from '@portal/contracts/errors'
import { renderMarkdown } from '../../../lib/content/markdown.ts'

/**
 * The CMS editor's live preview: the same renderer and sanitiser as the public pages, so what the editor sees is
 * exactly what visitors will get. A POST (it carries up to 100,000 characters), so it needs the CSRF token too.
 */
const preview: FastifyPluginAsyncZod = async (app) => {
  app.post('/admin/markdown-preview', {
    schema: { tags: ['admin'], summary: 'Markdown → the sanitised HTML the site would show', body: markdownPreviewSchema, response: { 200: markdownHtmlSchema, 422: validationErrorSchema } },
  }, async (request) => ({ html: renderMarkdown(request.body.markdown) }))
}
export default preview
