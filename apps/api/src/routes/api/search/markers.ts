import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { validationErrorSchema } from '@portal/contracts/errors'
import { MARKER_GRID, MARKERS_BEFORE_CLUSTERS, MAX_MARKERS, markersResponseSchema } from '@portal/contracts/search'
import { countSearch, filterKey, searchClusters, searchMarkers, searchPlan } from '../../../lib/search/sql.ts'
import { plainJsonSerializer, searchQueryOf } from '../../../lib/search/request.ts'
import { areaDensity, dependsOnDensity, densityGrid, listingsInBox } from '../../../lib/search/density.ts'
import { searchQueryDocs } from './query-docs.ts'
import { markersOf } from '../../../lib/search/index/hydrate.ts'

/** Listings of any kind in a box above which the SQL path groups a search's matches before reading markers. */
const CLUSTERS_FIRST_ABOVE = 4 * MARKERS_BEFORE_CLUSTERS

const markers: FastifyPluginAsyncZod = async (app) => {
  app.get('/search/markers', {
    schema: {
      tags: ['search'],
      summary: `Map markers for a search (same parameters, plus bbox=minLon,minLat,maxLon,maxLat): up to ${MARKERS_BEFORE_CLUSTERS} newest as markers, beyond that every match grouped into clusters on a ${MARKER_GRID}×${MARKER_GRID} grid (the same while the search index loads; without a bbox at most ${MAX_MARKERS} markers)`,
      querystring: searchQueryDocs,
      response: { 200: markersResponseSchema, 422: validationErrorSchema },
    },
    serializerCompiler: plainJsonSerializer,
  }, async (request, reply) => {
    const query = await searchQueryOf(app.db.db, request, reply)
    if (!query) return reply
    // A short private cache: panning back and forth over the same box should not hit the database again.
    reply.header('cache-control', 'private, max-age=30')
    const hit = query.bbox
      ? await app.searchIndex.markers({ ...query, bbox: query.bbox }, MARKERS_BEFORE_CLUSTERS, MARKER_GRID)
      : null
    // Without a box: the newest MAX_MARKERS and the total, as the SQL path below answers, from the index's walk.
    const newest = query.bbox ? null : await app.searchIndex.search({ ...query, sort: 'newest_plain' }, MAX_MARKERS, 0)
    // Which path answered, for logs and tests (the SQL path is kept for phrases and the index's warm-up).
    reply.header('x-search-source', hit || newest ? 'index' : 'sql')
    if (hit) return { data: markersOf(hit.store, hit.slots), clusters: hit.clusters, total: hit.total, truncated: false }
    if (newest) {
      const data = markersOf(newest.store, newest.slots)
      return { data, clusters: [], total: Math.max(newest.total, data.length), truncated: newest.total > data.length }
    }
    const { where, countWhere, branches } = searchPlan(query, dependsOnDensity(query) ? await areaDensity(app.db.db) : {})
    if (query.bbox) {
      // As the index answers (decision 035): up to MARKERS_BEFORE_CLUSTERS newest as markers, else every match in
      // clusters, with an exact total either way. A box holding many listings of any kind is grouped first (most
      // searches there match more than that; the markers are read only if not), a quieter one reads one marker more
      // than the limit first to tell which.
      const [minLon, minLat, maxLon, maxLat] = query.bbox
      const crowded = listingsInBox(await densityGrid(app.db.db), minLat, minLon, maxLat, maxLon) > CLUSTERS_FIRST_ABOVE
      if (!crowded) {
        const data = await searchMarkers(app.db.db, where, MARKERS_BEFORE_CLUSTERS + 1, branches)
        if (data.length <= MARKERS_BEFORE_CLUSTERS) return { data, clusters: [], total: data.length, truncated: false }
      }
      const { total, clusters } = await searchClusters(app.db.db, countWhere, query.bbox, MARKER_GRID)
      if (total > MARKERS_BEFORE_CLUSTERS) return { data: [], clusters, total, truncated: false }
      const data = await searchMarkers(app.db.db, where, MARKERS_BEFORE_CLUSTERS, branches)
      return { data, clusters: [], total: data.length, truncated: false }
    }
    const [data, total] = await Promise.all([
      searchMarkers(app.db.db, where, MAX_MARKERS, branches),
      countSearch(app.db.db, where, filterKey(query), countWhere),
    ])
    return { data, clusters: [], total: Math.max(total, data.length), truncated: total > data.length }
  })
}
export default markers
