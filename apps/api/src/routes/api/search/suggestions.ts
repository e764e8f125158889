import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { searchSuggestionsResponseSchema } from '@portal/contracts/search'
import { searchSuggestions } from '../../../lib/search/suggestions.ts'

const suggestions: FastifyPluginAsyncZod = async (app) => {
  app.get('/search/suggestions', {
    schema: {
      tags: ['search'],
      summary: "At most 5 smart suggestions (category × offer type × city) for the typed words; [] under 2 characters",
      querystring: z.object({ q: z.union([z.string(), z.array(z.string())]).optional().describe('typed text') }),
      response: { 200: searchSuggestionsResponseSchema },
    },
  }, async (request, reply) => {
    const q = request.query.q
    reply.header('cache-control', 'public, max-age=300')
    return searchSuggestions((Array.isArray(q) ? q[0] : q ?? '').slice(0, 100))
  })
}
export default suggestions
