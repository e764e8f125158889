import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { validationErrorSchema } from '@portal/contracts/errors'
import { investmentGroupsSchema } from '@portal/contracts/investments'
import { searchPlan } from '../../../lib/search/sql.ts'
import { searchQueryOf } from '../../../lib/search/request.ts'
import { areaDensity, dependsOnDensity } from '../../../lib/search/density.ts'
import { investmentGroups, INVESTMENT_GROUPS_MAX } from '../../../lib/investments/search-groups.ts'
import { searchQueryDocs } from './query-docs.ts'

const investments: FastifyPluginAsyncZod = async (app) => {
  app.get('/search/investments', {
    schema: {
      tags: ['search', 'investments'],
      summary: `A search's matching units grouped by investment (same parameters as /api/search): up to ${INVESTMENT_GROUPS_MAX} investments, most matching units first, with the count and the lowest price and price per m²`,
      querystring: searchQueryDocs,
      response: { 200: investmentGroupsSchema, 422: validationErrorSchema },
    },
  }, async (request, reply) => {
    const query = await searchQueryOf(app.db.db, request, reply)
    if (!query) return reply
    reply.header('cache-control', 'public, max-age=30')
    const { where } = searchPlan(query, dependsOnDensity(query) ? await areaDensity(app.db.db) : {})
    return { data: await investmentGroups(app.db, where) }
  })
}
export default investments
