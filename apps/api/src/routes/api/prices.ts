import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { priceIndexSchema, priceMapSchema, pricePageSchema } from '@portal/contracts/prices'
import { notFound } from '../../lib/http/errors.ts'
import { pricePage, priceCsv, priceIndex } from '../../lib/prices/pages.ts'
import { cityDistrictCells } from '../../lib/prices/district-map.ts'
import { PRICE_STATS_JOB, runPriceStats } from '../../lib/prices/stats.ts'
import { priceStatsRuns } from '@portal/db'

const slug = z.string().regex(/^[a-z0-9-]{1,80}$/, 'Nieprawidłowy adres.')
const query = z.object({ format: z.enum(['json', 'csv'], { error: 'Dozwolone formaty: json, csv.' }).default('json') })

/**
 * /api/prices…: the market price pages' figures (issue 26, decision 062), read from `price_stats`, which the nightly
 * `price-stats` job fills (and once at start-up while it is empty, so a fresh demo shows figures).
 */
const prices: FastifyPluginAsyncZod = async (app) => {
  app.jobs.work(PRICE_STATS_JOB, async () => {
    const r = await runPriceStats(app.db)
    app.log.info(r, 'price statistics computed')
  }, { retryLimit: 3, retryDelay: 300, expireInSeconds: 1800 })
  // 01:40 UTC: after the day's end in Poland.
  app.jobs.schedule(PRICE_STATS_JOB, '40 1 * * *')
  app.addHook('onReady', async () => {
    if (app.env.NODE_ENV === 'test') return
    const [run] = await app.db.db.select({ id: priceStatsRuns.id }).from(priceStatsRuns).limit(1)
    if (!run) await app.jobs.enqueue(PRICE_STATS_JOB, {}, { singletonKey: 'first-run', singletonSeconds: 3600 })
  })

  app.get('/prices', {
    schema: {
      tags: ['prices'], summary: 'Market prices: every city with its latest median price and rent per m² of flats (grosze)',
      response: { 200: priceIndexSchema },
    },
  }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300')
    return priceIndex(app.db)
  })

  const page = async (city: string, district: string | undefined, format: 'json' | 'csv', reply: import('fastify').FastifyReply) => {
    const p = await pricePage(app.db, city, district)
    if (!p) throw notFound(district ? 'Nie znamy takiej dzielnicy.' : 'Nie znamy takiego miasta.')
    reply.header('cache-control', 'public, max-age=300')
    if (format === 'csv') {
      const name = `ceny-mieszkan-${city}${district ? `-${district}` : ''}.csv`
      reply.header('content-disposition', `attachment; filename="${name}"`)
      return reply.type('text/csv; charset=utf-8').send(priceCsv(p))
    }
    return p
  }
  app.get('/prices/:city', {
    schema: {
      tags: ['prices'], summary: "A city's flat prices: 24 months of quartiles per m² (sale, rent), its districts with the change over 12 months; ?format=csv",
      params: z.object({ city: slug }), querystring: query,
      response: { 200: pricePageSchema, 404: apiErrorSchema, 422: validationErrorSchema },
    },
  }, async (request, reply) => page(request.params.city, undefined, request.query.format, reply))
  // Before '/prices/:city/:district' in meaning too: no district is called 'map' (the static segment wins anyway).
  app.get('/prices/:city/map', {
    schema: {
      tags: ['prices'], summary: "The shapes of a city's districts for the price map: approximate cells of the city's boundary around each district's centre (decision 079)",
      params: z.object({ city: slug }),
      response: { 200: priceMapSchema, 404: apiErrorSchema, 422: validationErrorSchema },
    },
  }, async (request, reply) => {
    const cells = cityDistrictCells(request.params.city)
    if (!cells) throw notFound('Nie znamy takiego miasta.')
    // Generated from files of the build: the same until the next release.
    reply.header('cache-control', 'public, max-age=86400')
    return { approximate: true as const, ...cells }
  })
  app.get('/prices/:city/:district', {
    schema: {
      tags: ['prices'], summary: "A district's flat prices: 24 months of quartiles per m² (sale, rent), its room counts; ?format=csv",
      params: z.object({ city: slug, district: slug }), querystring: query,
      response: { 200: pricePageSchema, 404: apiErrorSchema, 422: validationErrorSchema },
    },
  }, async (request, reply) => page(request.params.city, request.params.district, request.query.format, reply))
}
export default prices
