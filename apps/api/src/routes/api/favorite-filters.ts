import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import {
  SAVED_SEARCH_MESSAGES, normalizeFilters, savedSearchCreatedSchema, savedSearchListSchema, savedSearchParamsSchema,
  storeSavedSearchSchema, updateSavedSearchSchema,
} from '@portal/contracts/saved-searches'
import { requireUser } from '../../lib/accounts/guard.ts'
import { HttpError } from '../../lib/http/errors.ts'
import {
  createSavedSearch, deleteSavedSearch, findOwn, listSavedSearches, updateSavedSearch,
} from '../../lib/saved-searches/saved-searches.ts'
import { runAlerts } from '../../lib/saved-searches/alerts.ts'
import { syncWantedSearches } from '../../lib/saved-searches/wanted.ts'
import { withInvestment } from '../../lib/search/investment.ts'

export const ALERTS_JOB = 'saved-search-alerts'
const PER_PAGE = 50

/**
 * /api/favorite-filters — saved searches (spec §3/§4/§7, the older system's path so its client works): index →
 * `data.data`; store {filters, period, notification} → 201 {id, created_at}; update {id, status} → 204 (status
 * switches the e-mail alert; period, notification, name and seen are also accepted); destroy /{id} → 204.
 * Guests 401, other users' searches 404, bad input 422; state changes need the CSRF header (419).
 */
const favoriteFilters: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.db
  const notFound = () => new HttpError(404, 'not_found', SAVED_SEARCH_MESSAGES.notFound)
  const filtersOr422 = async (raw: unknown) => {
    const normal = normalizeFilters(raw)
    // An investment (decision 077) must exist; it is kept by its id (a slug may change with the name).
    const inv = await withInvestment(db, normal.query)
    const errors = { ...normal.errors, ...inv.errors }
    const filters = inv.errors || !inv.investment ? normal.filters : { ...normal.filters, inwestycja: String(inv.investment.id) }
    const keys = Object.keys(errors)
    if (keys.length) {
      const err = new Error(errors[keys[0]!]![0]) as Error & { statusCode: number; validation: unknown[] }
      err.statusCode = 422
      err.validation = keys.map((k) => ({ instancePath: `/filters/${k}`, message: errors[k]![0], keyword: 'custom', params: { field: `filters.${k}` } }))
      throw err
    }
    return filters
  }

  app.get('/favorite-filters', {
    schema: {
      tags: ['saved-searches'],
      summary: "The user's saved searches, newest first (data), each with readable params, its /szukaj url and new_count",
      querystring: z.object({ page: z.string().regex(/^\d{1,6}$/).transform(Number).pipe(z.number().int().min(1)).optional() }),
      response: { 200: savedSearchListSchema, 401: apiErrorSchema, 422: validationErrorSchema },
    },
  }, async (request, reply) => {
    const user = await requireUser(request)
    const page = request.query.page ?? 1
    const { data, total } = await listSavedSearches(db, app.searchIndex, user.id, page, PER_PAGE)
    reply.header('cache-control', 'no-store')
    return { data, total, page, per_page: PER_PAGE, last_page: Math.max(1, Math.ceil(total / PER_PAGE)) }
  })

  app.post('/favorite-filters', {
    schema: {
      tags: ['saved-searches'],
      summary: 'Save a search {filters (query string, object or JSON), period 0|1|3|7|14|30 (default 0), notification (default false)} → 201',
      body: storeSavedSearchSchema,
      response: { 201: savedSearchCreatedSchema, 401: apiErrorSchema, 422: validationErrorSchema },
    },
  }, async (request, reply) => {
    const user = await requireUser(request)
    const filters = await filtersOr422(request.body.filters)
    const row = await createSavedSearch(db, user.id, {
      filters, period: request.body.period ?? 0, notification: request.body.notification ?? false, name: request.body.name,
    })
    return reply.code(201).send({ id: row.id, created_at: new Date(row.createdAt).toISOString(), name: row.name })
  })

  app.put('/favorite-filters', {
    schema: {
      tags: ['saved-searches'],
      summary: 'Update {id, status} (e-mail alert on/off), optionally period, notification, name, seen → 204',
      body: updateSavedSearchSchema.extend({ seen: z.boolean().optional() }),
      response: { 204: z.null(), 401: apiErrorSchema, 404: apiErrorSchema, 422: validationErrorSchema },
    },
  }, async (request, reply) => {
    const user = await requireUser(request)
    const row = await findOwn(db, user.id, request.body.id)
    if (!row) throw notFound()
    const { status, notification, period, name, seen } = request.body
    await updateSavedSearch(db, row, { notification: notification ?? status ?? undefined, period: period ?? undefined, name, seen })
    return reply.code(204).send(null)
  })

  app.delete('/favorite-filters/:id', {
    schema: {
      tags: ['saved-searches'],
      summary: 'Delete a saved search → 204; 404 when it is not the user’s',
      params: savedSearchParamsSchema,
      response: { 204: z.null(), 401: apiErrorSchema, 404: apiErrorSchema, 422: validationErrorSchema },
    },
  }, async (request, reply) => {
    const user = await requireUser(request)
    const row = await findOwn(db, user.id, request.params.id)
    if (!row) throw notFound()
    await deleteSavedSearch(db, row.id)
    return reply.code(204).send(null)
  })

  // Alerts: every minute on one instance (lib/jobs); wanted ads get their searches first.
  app.jobs.work(ALERTS_JOB, async () => {
    await syncWantedSearches(db)
    const mails = await runAlerts({ db, index: app.searchIndex, publicUrl: app.env.PUBLIC_URL, send: (m) => app.mailer.send(m, { bulk: true }) })
    if (mails) app.log.info({ mails }, 'saved-search alerts sent')
  }, { retryLimit: 1, retryDelay: 30, expireInSeconds: 600 })
  app.jobs.schedule(ALERTS_JOB, '* * * * *')
}
export default favoriteFilters
