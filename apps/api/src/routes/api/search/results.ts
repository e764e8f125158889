import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { validationErrorSchema } from '@portal/contracts/errors'
import { DEFAULT_PER_PAGE, parseSearchParams, searchResponseSchema } from '@portal/contracts/search'
import { countSearch, filterKey, searchPage, searchPlan } from '../../../lib/search.ts'
import { searchQueryOf } from '../../../lib/search-request.ts'
import { areaDensity } from '../../../lib/search-density.ts'
import { searchQueryDocs } from './query-docs.ts'

const results: FastifyPluginAsyncZod = async (app) => {
  app.get('/search', {
    schema: {
      tags: ['search'],
      summary: 'Search listings with every /szukaj parameter (spec §2); 422 names a malformed parameter',
      querystring: searchQueryDocs,
      response: { 200: searchResponseSchema, 422: validationErrorSchema },
    },
  }, async (request, reply) => {
    const query = searchQueryOf(request, reply)
    if (!query) return reply
    const { where, branches } = searchPlan(query, query.location || query.bbox ? await areaDensity(app.db.db) : {})
    const perPage = query.per_page ?? DEFAULT_PER_PAGE
    const [data, total] = await Promise.all([
      searchPage(app.db.db, query, where, branches),
      countSearch(app.db.db, where, filterKey(query)),
    ])
    return { data, total, page: query.page ?? 1, per_page: perPage, last_page: Math.max(1, Math.ceil(total / perPage)) }
  })
}
export default results
