import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { validationErrorSchema } from '@portal/contracts/errors'
import { searchCountResponseSchema } from '@portal/contracts/search'
import { countSearchFlagged, filterKey, searchPlan } from '../../../lib/search/sql.ts'
import { plainJsonSerializer, searchQueryOf } from '../../../lib/search/request.ts'
import { areaDensity, dependsOnDensity } from '../../../lib/search/density.ts'
import { searchQueryDocs } from './query-docs.ts'

/**
 * GET /api/search/count: the number of matches alone, for the panels' live 'Pokaż … ogłoszeń' while a person chooses
 * (issue 25). The index counts exactly; while it loads, the SQL path's capped count (estimated above 2 000). Not
 * counted as a search in the daily statistics.
 */
const count: FastifyPluginAsyncZod = async (app) => {
  app.get('/search/count', {
    schema: {
      tags: ['search'],
      summary: 'How many listings a /szukaj query finds (same parameters as GET /api/search); 422 names a malformed parameter',
      querystring: searchQueryDocs,
      response: { 200: searchCountResponseSchema, 422: validationErrorSchema },
    },
    serializerCompiler: plainJsonSerializer,
  }, async (request, reply) => {
    const query = await searchQueryOf(app.db.db, request, reply)
    if (!query) return reply
    const hit = await app.searchIndex.count(query)
    reply.header('x-search-source', hit ? 'index' : 'sql')
    if (hit) return { total: hit.total, total_estimated: hit.estimated }
    const { where, countWhere } = searchPlan(query, dependsOnDensity(query) ? await areaDensity(app.db.db) : {})
    const { n, estimated } = await countSearchFlagged(app.db.db, where, filterKey(query), countWhere)
    return { total: n, total_estimated: estimated }
  })
}
export default count
