import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { and } from 'drizzle-orm'
import { z } from 'zod'
import { listingSummarySchema } from '@portal/contracts/listing'
import { validationErrorSchema } from '@portal/contracts/errors'
import { countListings, listSummaries, promotedCondition, publicListingCondition } from '../../lib/listings/summary.ts'
import { summariesOf } from '../../lib/search/index/hydrate.ts'

/** A whole number in a query string, within bounds; arrays, fractions and 1e308 are rejected with a 422. */
const intParam = (field: string, min: number, max: number) =>
  z.string({ error: `Pole ${field} musi być liczbą całkowitą.` })
    .regex(/^\d{1,9}$/, `Pole ${field} musi być liczbą całkowitą od ${min} do ${max}.`)
    .transform(Number)
    .pipe(z.number().int().min(min, `Pole ${field} musi być liczbą całkowitą od ${min} do ${max}.`)
      .max(max, `Pole ${field} musi być liczbą całkowitą od ${min} do ${max}.`))

const querySchema = z.object({
  promoted: z.enum(['0', '1'], { error: 'Pole promoted musi mieć wartość 0 lub 1.' }).optional(),
  limit: intParam('limit', 1, 48).optional(),
  page: intParam('page', 1, 100_000).optional(),
})

const pageSchema = z.object({
  data: z.array(listingSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  last_page: z.number().int(),
})

/** Newest (or promoted) active listings for the home page, paged Laravel-style; from the search index once loaded. */
const offers: FastifyPluginAsyncZod = async (app) => {
  app.get('/offers', {
    schema: {
      tags: ['offers'],
      summary: 'Active listings, newest first; promoted=1 only promoted ones',
      querystring: querySchema,
      response: { 200: pageSchema, 422: validationErrorSchema },
    },
  }, async (request, reply) => {
    const { promoted, limit = 12, page = 1 } = request.query
    const hit = await app.searchIndex.latest(promoted === '1', limit, (page - 1) * limit)
    reply.header('x-search-source', hit ? 'index' : 'sql')
    if (hit) {
      const data = await summariesOf(app.db.db, hit.store, hit.slots, hit.promoted, app.searchIndex.cards)
      return { data, total: hit.total, page, per_page: limit, last_page: Math.max(1, Math.ceil(hit.total / limit)) }
    }
    const conditions = [publicListingCondition()]
    if (promoted === '1') conditions.push(promotedCondition())
    const where = and(...conditions)!
    const [data, total] = await Promise.all([
      listSummaries(app.db.db, where, limit, (page - 1) * limit),
      countListings(app.db.db, where),
    ])
    return { data, total, page, per_page: limit, last_page: Math.max(1, Math.ceil(total / limit)) }
  })
}
export default offers
