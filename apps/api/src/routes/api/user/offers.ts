import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import { listingMeta, listingModeration, listings, users } from '@portal/db'
import { OFFER_STATUSES, userOffersPageSchema, userOffersQuerySchema, type OfferStatus } from '@portal/contracts/offer'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { searchNormalize } from '@portal/db/seed/text'
import { requireUser } from '../../../lib/accounts/guard.ts'
import { activeAgency, effectiveStatusSql } from '../../../lib/listings/access.ts'
import { listSummaries } from '../../../lib/listings/summary.ts'
import { warsawDate } from '../../../lib/listings/write.ts'
import { favoriteCounts } from '../../../lib/favorites/favorites.ts'
import { ownerPromotions } from '../../../lib/listings/promotion.ts'

/** GET /api/user/offers: the caller's listings (an agency's include its agents'), by status, with counts per status. */
const userOffers: FastifyPluginAsyncZod = async (app) => {
  app.get('/user/offers', {
    schema: {
      tags: ['user', 'offers'],
      summary: "The user's listings (a company's include its agents'; an agent's: the company's listings naming them): ?status=&keyword=&agent_id=&page=&per_page= → {data, total, page, per_page, last_page, counts}",
      querystring: userOffersQuerySchema,
      response: { 200: userOffersPageSchema, 401: apiErrorSchema, 422: validationErrorSchema },
    },
  }, async (request, reply) => {
    const user = await requireUser(request)
    const { status, keyword, page = 1, per_page: perPage = 12, agent_id: agentId } = request.query
    const agency = user.agencyId ? await activeAgency(app.db, user.agencyId) : null
    let mine: SQL
    if (agency) {
      // An agent: the company's listings naming them, or all of the company's when it shares them with its agents.
      const [company] = await app.db.db.select({ share: users.agentsShareListings }).from(users).where(eq(users.id, agency)).limit(1)
      mine = or(eq(listings.userId, user.id), company?.share ? eq(listings.userId, agency) : and(eq(listings.userId, agency), eq(listings.agentId, user.id)))!
    } else {
      mine = or(eq(listings.userId, user.id),
        inArray(listings.userId, app.db.db.select({ id: users.id }).from(users).where(eq(users.agencyId, user.id))))!
    }
    const conditions: SQL[] = [mine]
    if (agentId) conditions.push(or(eq(listings.agentId, agentId), eq(listings.userId, agentId))!)
    const kw = keyword ? searchNormalize(keyword).replace(/[%_\\]/g, '') : ''
    if (kw) conditions.push(sql`${listings.searchText} LIKE ${`%${kw}%`}`)
    const base = and(...conditions)!
    const where = status ? and(base, sql`${effectiveStatusSql} = ${status}`)! : base

    const countRows = await app.db.db.select({ status: effectiveStatusSql, n: sql<number>`count(*)`.mapWith(Number) })
      .from(listings).where(base).groupBy(effectiveStatusSql)
    const counts = Object.fromEntries(OFFER_STATUSES.map((s) => [s, 0])) as Record<OfferStatus, number>
    for (const r of countRows) if (r.status in counts) counts[r.status as OfferStatus] = r.n
    const total = status ? counts[status] : Object.values(counts).reduce((a, b) => a + b, 0)

    const summaries = await listSummaries(app.db.db, where, perPage, (page - 1) * perPage, [desc(listings.updatedAt), desc(listings.id)])
    const extra = summaries.length ? await app.db.db.select({
      id: listings.id, status: effectiveStatusSql, views: listings.views, expiresAt: listings.expiresAt,
      visibleFrom: listings.visibleFrom, pending: listingMeta.pendingActivation, agentId: listings.agentId, agentName: users.name,
      modState: listingModeration.state, modNote: listingModeration.note,
    }).from(listings).leftJoin(listingMeta, eq(listingMeta.listingId, listings.id)).leftJoin(users, eq(users.id, listings.agentId))
      .leftJoin(listingModeration, eq(listingModeration.listingId, listings.id))
      .where(inArray(listings.id, summaries.map((s) => s.id))) : []
    const byId = new Map(extra.map((e) => [Number(e.id), e]))
    const favourites = await favoriteCounts(app.db.db, summaries.map((s) => s.id))
    const promotions = await ownerPromotions(app.db, extra.map((e) => ({ id: Number(e.id), status: String(e.status) })))
    reply.header('cache-control', 'no-store')
    return {
      data: summaries.map((s) => {
        const e = byId.get(s.id)!
        return {
          ...s,
          status: e.status as OfferStatus,
          pending_activation: !!e.pending,
          views: e.views,
          favourites_count: favourites.get(s.id) ?? 0,
          expires_at: e.expiresAt ? new Date(e.expiresAt).toISOString() : null,
          visible_from_date: warsawDate(e.visibleFrom),
          agent: e.agentId && e.agentName ? { id: e.agentId, name: e.agentName } : null,
          moderation_note: e.modState === 'rejected' ? e.modNote : null,
          promotion: promotions.get(s.id),
        }
      }),
      total, page, per_page: perPage, last_page: Math.max(1, Math.ceil(total / perPage)), counts,
    }
  })
}
export default userOffers
