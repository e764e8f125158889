import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { validationErrorSchema } from '@portal/contracts/errors'
import { MAX_MARKERS, markersResponseSchema } from '@portal/contracts/search'
import { countSearch, filterKey, searchMarkers, searchPlan } from '../../../lib/search.ts'
import { searchQueryOf } from '../../../lib/search-request.ts'
import { areaDensity } from '../../../lib/search-density.ts'
import { searchQueryDocs } from './query-docs.ts'

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
    const { where, branches } = searchPlan(query, query.location || query.bbox ? await areaDensity(app.db.db) : {})
    const [data, total] = await Promise.all([
      searchMarkers(app.db.db, where, MAX_MARKERS, branches),
      countSearch(app.db.db, where, filterKey(query)),
    ])
    // A short private cache: panning back and forth over the same box should not hit the database again.
    reply.header('cache-control', 'private, max-age=30')
    return { data, total: Math.max(total, data.length), truncated: total > data.length }
  })
}
export default markers
