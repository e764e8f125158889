import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { validationErrorSchema } from '@portal/contracts/errors'
import { MAX_MARKERS, markersResponseSchema } from '@portal/contracts/search'
import { countSearch, filterKey, searchMarkers, searchPlan } from '../../../lib/search.ts'
import { searchQueryOf } from '../../../lib/search-request.ts'
import { areaDensity } from '../../../lib/search-density.ts'
import { searchQueryDocs } from './query-docs.ts'
import { markersOf } from '../../../lib/search-index/hydrate.ts'

const markers: FastifyPluginAsyncZod = async (app) => {
  app.get('/search/markers', {
    schema: {
      tags: ['search'],
      summary: `Map markers for a search (same parameters, plus bbox=minLon,minLat,maxLon,maxLat); at most ${MAX_MARKERS}, newest first`,
      querystring: searchQueryDocs,
      response: { 200: markersResponseSchema, 422: validationErrorSchema },
    },
  }, async (request, reply) => {
    const query = searchQueryOf(request, reply)
    if (!query) return reply
    // A short private cache: panning back and forth over the same box should not hit the database again.
    reply.header('cache-control', 'private, max-age=30')
    const hit = await app.searchIndex.search({ ...query, sort: 'newest_plain', page: undefined, per_page: undefined }, MAX_MARKERS, 0)
    // Which path answered, for logs and tests (the SQL path is kept for phrases and the index's warm-up).
    reply.header('x-search-source', hit ? 'index' : 'sql')
    if (hit) return { data: markersOf(hit.store, hit.slots), total: hit.total, truncated: hit.total > hit.slots.length }
    const { where, branches } = searchPlan(query, query.location || query.bbox ? await areaDensity(app.db.db) : {})
    const [data, total] = await Promise.all([
      searchMarkers(app.db.db, where, MAX_MARKERS, branches),
      countSearch(app.db.db, where, filterKey(query)),
    ])
    return { data, total: Math.max(total, data.length), truncated: total > data.length }
  })
}
export default markers
