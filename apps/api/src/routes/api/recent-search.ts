import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { and, desc, eq, notInArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { recentSearches } from '@portal/db'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { MAX_RECENT_SEARCHES, recentSearchInputSchema, recentSearchSchema } from '@portal/contracts/search'
import { unauthenticated } from '../../lib/accounts/guard.ts'

const userIdOf = (request: { session?: { userId?: number | null } | null }): number => {
  const id = request.session?.userId
  if (!id) throw unauthenticated()
  return id
}

/**
 * A logged-in user's last searched places (guests keep `recent_search` in localStorage, spec §3): the newest
 * MAX_RECENT_SEARCHES, one per place (same name, or the same point within ~10 m, replaces the older entry).
 */
const recentSearch: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.db
  const list = async (userId: number) => (await db.select({
    id: recentSearches.id, display_name: recentSearches.displayName, lat: recentSearches.lat, lon: recentSearches.lon,
  }).from(recentSearches).where(eq(recentSearches.userId, userId))
    .orderBy(desc(recentSearches.createdAt), desc(recentSearches.id)).limit(MAX_RECENT_SEARCHES)).map((r) => ({ ...r, id: Number(r.id) }))

  app.get('/recent-search', {
    schema: {
      tags: ['search'],
      summary: `The logged-in user's last ${MAX_RECENT_SEARCHES} searched places, newest first; 401 for guests`,
      response: { 200: z.array(recentSearchSchema), 401: apiErrorSchema },
    },
  }, async (request) => list(userIdOf(request)))

  app.post('/recent-search', {
    schema: {
      tags: ['search'],
      summary: 'Remember a searched place {display_name, lat, lon}; 201 with the entry',
      body: recentSearchInputSchema,
      response: { 201: recentSearchSchema, 401: apiErrorSchema, 422: validationErrorSchema },
    },
  }, async (request, reply) => {
    const userId = userIdOf(request)
    const { display_name, lat, lon } = request.body
    const row = await db.transaction(async (tx) => {
      await tx.delete(recentSearches).where(and(eq(recentSearches.userId, userId), sql`(lower(${recentSearches.displayName}) = lower(${display_name})
        or (abs(${recentSearches.lat} - ${lat}) < 0.0001 and abs(${recentSearches.lon} - ${lon}) < 0.0001))`))
      const [created] = await tx.insert(recentSearches).values({ userId, displayName: display_name, lat, lon })
        .returning({ id: recentSearches.id, display_name: recentSearches.displayName, lat: recentSearches.lat, lon: recentSearches.lon })
      const keep = tx.select({ id: recentSearches.id }).from(recentSearches).where(eq(recentSearches.userId, userId))
        .orderBy(desc(recentSearches.createdAt), desc(recentSearches.id)).limit(MAX_RECENT_SEARCHES)
      await tx.delete(recentSearches).where(and(eq(recentSearches.userId, userId), notInArray(recentSearches.id, keep)))
      return created!
    })
    return reply.code(201).send({ ...row, id: Number(row.id) })
  })

  app.delete('/recent-search', {
    schema: {
      tags: ['search'],
      summary: "Clear the logged-in user's recent searches; 204",
      response: { 204: z.null().describe('Cleared'), 401: apiErrorSchema },
    },
  }, async (request, reply) => {
    await db.delete(recentSearches).where(eq(recentSearches.userId, userIdOf(request)))
    return reply.code(204).send(null)
  })

  app.delete('/recent-search/:id', {
    schema: {
      tags: ['search'],
      summary: 'Forget one recent search of the logged-in user; 204 (also when it was already gone)',
      params: z.object({ id: z.string().regex(/^\d{1,15}$/, 'Nieprawidłowy identyfikator.').transform(Number) }),
      response: { 204: z.null().describe('Removed'), 401: apiErrorSchema, 422: validationErrorSchema },
    },
  }, async (request, reply) => {
    await db.delete(recentSearches).where(and(eq(recentSearches.userId, userIdOf(request)), eq(recentSearches.id, request.params.id)))
    return reply.code(204).send(null)
  })
}
export default recentSearch
