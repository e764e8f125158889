import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { validationErrorSchema } from '@portal/contracts/errors'
import { MARKER_GRID, MARKERS_BEFORE_CLUSTERS, MAX_MARKERS, markersResponseSchema } from '@portal/contracts/search'
import { countSearch, filterKey, searchMarkers, searchPlan } from '../../../lib/search/sql.ts'
import { plainJsonSerializer, searchQueryOf } from '../../../lib/search/request.ts'
import { areaDensity } from '../../../lib/search/density.ts'
import { searchQueryDocs } from './query-docs.ts'
import { markersOf } from '../../../lib/search/index/hydrate.ts'

const markers: FastifyPluginAsyncZod = async (app) => {
  app.get('/search/markers', {
    schema: {
      tags: ['search'],
      summary: `Map markers for a search (same parameters, plus bbox=minLon,minLat,maxLon,maxLat): up to ${MARKERS_BEFORE_CLUSTERS} newest as markers, beyond that every match grouped into clusters on a ${MARKER_GRID}×${MARKER_GRID} grid (at most ${MAX_MARKERS} markers while the search index loads)`,
      querystring: searchQueryDocs,
      response: { 200: markersResponseSchema, 422: validationErrorSchema },
    },
    serializerCompiler: plainJsonSerializer,
  }, async (request, reply) => {
    const query = searchQueryOf(request, reply)
    if (!query) return reply
    // A short private cache: panning back and forth over the same box should not hit the database again.
    reply.header('cache-control', 'private, max-age=30')
    const hit = query.bbox
      ? await app.searchIndex.markers({ ...query, bbox: query.bbox }, MARKERS_BEFORE_CLUSTERS, MARKER_GRID)
      : null
    // Which path answered, for logs and tests (the SQL path is kept for phrases and the index's warm-up).
    reply.header('x-search-source', hit ? 'index' : 'sql')
    if (hit) return { data: markersOf(hit.store, hit.slots), clusters: hit.clusters, total: hit.total, truncated: false }
    const { where, countWhere, branches } = searchPlan(query, query.location || query.bbox ? await areaDensity(app.db.db) : {})
    const [data, total] = await Promise.all([
      searchMarkers(app.db.db, where, MAX_MARKERS, branches),
      countSearch(app.db.db, where, filterKey(query), countWhere),
    ])
    return { data, clusters: [], total: Math.max(total, data.length), truncated: total > data.length }
  })
}
export default markers
