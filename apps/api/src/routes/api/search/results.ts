import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { validationErrorSchema } from '@portal/contracts/errors'
import { DEFAULT_PER_PAGE, parseSearchParams, searchResponseSchema } from '@portal/contracts/search'
import { EXACT_COUNT_LIMIT, countSearch, filterKey, searchPage, searchPlan } from '../../../lib/search.ts'
import { plainJsonSerializer, searchQueryOf } from '../../../lib/search-request.ts'
import { areaDensity } from '../../../lib/search-density.ts'
import { searchQueryDocs } from './query-docs.ts'
import { summariesOf } from '../../../lib/search-index/hydrate.ts'

const results: FastifyPluginAsyncZod = async (app) => {
  app.get('/search', {
    schema: {
      tags: ['search'],
      summary: 'Search listings with every /szukaj parameter (spec §2); 422 names a malformed parameter',
      querystring: searchQueryDocs,
      response: { 200: searchResponseSchema, 422: validationErrorSchema },
    },
    serializerCompiler: plainJsonSerializer,
  }, async (request, reply) => {
    const query = searchQueryOf(request, reply)
    if (!query) return reply
    const perPage = query.per_page ?? DEFAULT_PER_PAGE
    const page = query.page ?? 1
    // The in-memory index answers whatever it can (exact totals); SQL the rest and while the index loads.
    const hit = await app.searchIndex.search(query, perPage, (page - 1) * perPage)
    // Which path answered, for logs and tests (the SQL path is kept for phrases and the index's warm-up).
    reply.header('x-search-source', hit ? 'index' : 'sql')
    if (hit) {
      const data = await summariesOf(app.db.db, hit.store, hit.slots, hit.promoted, app.searchIndex.cards)
      return { data, total: hit.total, total_estimated: hit.estimated, page, per_page: perPage, last_page: Math.max(1, Math.ceil(hit.total / perPage)) }
    }
    const { where, branches } = searchPlan(query, query.location || query.bbox ? await areaDensity(app.db.db) : {})
    const [data, total] = await Promise.all([
      searchPage(app.db.db, query, where, branches),
      countSearch(app.db.db, where, filterKey(query)),
    ])
    return { data, total, total_estimated: total > EXACT_COUNT_LIMIT, page, per_page: perPage, last_page: Math.max(1, Math.ceil(total / perPage)) }
  })
}
export default results
