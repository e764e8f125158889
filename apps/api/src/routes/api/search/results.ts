import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { validationErrorSchema } from '@portal/contracts/errors'
import type { ListingSummary } from '@portal/contracts/listing'
import { DEFAULT_PER_PAGE, parseSearchParams, searchResponseSchema, type SearchQuery } from '@portal/contracts/search'
import { countSearchFlagged, filterKey, searchPage, searchPlan } from '../../../lib/search/sql.ts'
import { plainJsonSerializer, searchQueryOf } from '../../../lib/search/request.ts'
import { areaDensity, dependsOnDensity } from '../../../lib/search/density.ts'
import { searchQueryDocs } from './query-docs.ts'
import { summariesOf } from '../../../lib/search/index/hydrate.ts'
import { addVary, encodeJsonBody, jsonEncodingFor } from '../../../plugins/compression.ts'

/**
 * Promoted slots per results page under the default order: at most this many currently promoted matches at the top
 * (marked is_promoted; page n shows the promoted ranks after those of pages 1..n-1), then the page in true newest-first
 * order without marks (docs/decisions/014-price-steps-and-promoted-slots.md). A promoted listing shown at the top is not repeated below.
 */
export const PROMOTED_SLOTS = 3

/** The page with its promoted slots on top (and nothing twice). */
function withPromotedSlots(top: ListingSummary[], organic: ListingSummary[]): ListingSummary[] {
  const shown = new Set(top.map((l) => l.id))
  return [...top.map((l) => ({ ...l, is_promoted: true })), ...organic.filter((l) => !shown.has(l.id)).map((l) => ({ ...l, is_promoted: false }))]
}

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
    // The investment `inwestycja` names, for the page's heading (decision 077).
    const named: { investment?: { id: number; slug: string; name: string } } = {}
    const query = await searchQueryOf(app.db.db, request, reply, (inv) => { named.investment = { id: inv.id, slug: inv.slug, name: inv.name } })
    if (!query) return reply
    app.dailyCounter.add('searches')
    const perPage = query.per_page ?? DEFAULT_PER_PAGE
    const page = query.page ?? 1
    const capped = (query.sort ?? 'newest') === 'newest'
    // The default order: the page itself newest first, the promoted slots asked for separately.
    const organic: SearchQuery = capped ? { ...query, sort: 'newest_plain' } : query
    const top = capped ? { q: { ...query, sort: 'newest' as const }, limit: PROMOTED_SLOTS, offset: (page - 1) * PROMOTED_SLOTS } : undefined
    const pageOf = (total: number, estimated: boolean, data: ListingSummary[]) =>
      ({ data, total, total_estimated: estimated, page, per_page: perPage, last_page: Math.max(1, Math.ceil(total / perPage)), ...named })
    // The in-memory index answers whatever it can (exact totals), as a finished body that a repeated search gets
    // again while nothing changed (decision 098); SQL the rest and while the index loads.
    const enc = jsonEncodingFor(request)
    const offset = (page - 1) * perPage
    const body = await app.searchIndex.searchBody(JSON.stringify([organic, perPage, offset, top, named, enc ?? '']), organic, perPage, offset, top,
      async (hit) => {
        const [data, promoted] = await Promise.all([
          summariesOf(app.db.db, hit.store, hit.slots, hit.promoted, app.searchIndex.cards),
          hit.top ? summariesOf(app.db.db, hit.store, hit.top.slots, hit.top.promoted, app.searchIndex.cards) : [],
        ])
        return encodeJsonBody(JSON.stringify(pageOf(hit.total, hit.estimated, capped ? withPromotedSlots(promoted, data) : data)), enc)
      })
    // Which path answered, for logs and tests (the SQL path is kept for phrases and the index's warm-up).
    reply.header('x-search-source', body ? 'index' : 'sql')
    if (body) {
      reply.type('application/json; charset=utf-8')
      // Already encoded: the compression hook leaves it as it is, so the Vary it would add is added here.
      if (body.encoding) { reply.header('content-encoding', body.encoding); addVary(reply) }
      // The finished bytes of the documented answer (the schema types the object, not its encoding).
      return (reply as unknown as FastifyReply).send(body.bytes)
    }
    const { where, countWhere, branches } = searchPlan(query, dependsOnDensity(query) ? await areaDensity(app.db.db) : {})
    const [data, promoted, { n: total, estimated }] = await Promise.all([
      searchPage(app.db.db, organic, where, branches),
      // Promoted rank first under 'newest': this page's share of them (anything unpromoted in the answer is dropped).
      top ? searchPage(app.db.db, { ...top.q, per_page: PROMOTED_SLOTS, page }, where, branches) : [],
      countSearchFlagged(app.db.db, where, filterKey(query), countWhere),
    ])
    return pageOf(total, estimated, capped ? withPromotedSlots(promoted.filter((l) => l.is_promoted), data) : data)
  })
}
export default results
