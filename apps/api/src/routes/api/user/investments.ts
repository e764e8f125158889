import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { investmentDetailSchema, investmentListSchema } from '@portal/contracts/investments'
import { apiErrorSchema } from '@portal/contracts/errors'
import { requireCompany } from '../../../lib/accounts/guard.ts'
import { ownInvestment } from '../../../lib/investments/investments.ts'
import { listInvestments, ownDetail } from '../../../lib/investments/read.ts'

const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema }

/** A developer's own investments for its screens (/moje-inwestycje). */
const userInvestments: FastifyPluginAsyncZod = async (app) => {
  app.get('/user/investments', {
    schema: { tags: ['investments'], summary: "The company's investments", querystring: z.object({ page: z.string().regex(/^\d{1,5}$/).optional() }), response: { 200: investmentListSchema, ...errors } },
  }, async (request, reply) => {
    const user = await requireCompany(request)
    reply.header('cache-control', 'no-store')
    return listInvestments(app.db, { userId: user.id, page: Math.max(1, Number(request.query.page ?? 1)) })
  })

  app.get('/user/investments/:id', {
    schema: { tags: ['investments'], summary: 'One own investment with its units (for the editor)', params: z.object({ id: z.string().regex(/^\d{1,9}$/).transform(Number) }), response: { 200: investmentDetailSchema, ...errors } },
  }, async (request, reply) => {
    const user = await requireCompany(request)
    reply.header('cache-control', 'no-store')
    return ownDetail(app.db, await ownInvestment(app.db, user.id, request.params.id))
  })
}
export default userInvestments
