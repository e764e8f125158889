import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { WATCH_MESSAGES, followStateSchema, followedInvestmentParamsSchema, followedInvestmentsSchema } from '@portal/contracts/watch'
import { requireUser } from '../../lib/accounts/guard.ts'
import { HttpError } from '../../lib/http/errors.ts'
import { DIGEST_JOB, WATCH_JOB, pruneEvents, runWatch } from '../../lib/watch/detect.ts'
import { sendDigests } from '../../lib/watch/digest.ts'
import { followInvestment, followedInvestments, isFollowing, unfollowInvestment } from '../../lib/watch/follows.ts'

/**
 * /api/followed-investments: investments a user follows (issue 27 item 5). Also the home of the watch jobs
 * (decision 067): `price-watch` every minute (the API also runs it for one watched listing right after it changed), the daily digest at
 * 06:00 UTC (which also drops events older than 90 days).
 */
const followedInvestmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const notFound = () => new HttpError(404, 'not_found', WATCH_MESSAGES.notFound)

  app.get('/followed-investments', {
    schema: {
      tags: ['favorites'],
      summary: "The user's followed investments, newest follow first, with units on sale and the lowest price",
      response: { 200: followedInvestmentsSchema, 401: apiErrorSchema },
    },
  }, async (request, reply) => {
    const user = await requireUser(request)
    reply.header('cache-control', 'no-store')
    return { data: await followedInvestments(app.db, user.id) }
  })

  app.get('/followed-investments/:id', {
    schema: {
      tags: ['favorites'],
      summary: 'Whether the user follows this investment; 404 unknown',
      params: followedInvestmentParamsSchema,
      response: { 200: followStateSchema, 401: apiErrorSchema, 404: apiErrorSchema, 422: validationErrorSchema },
    },
  }, async (request, reply) => {
    const user = await requireUser(request)
    const followed = await isFollowing(app.db, user.id, request.params.id)
    if (followed === null) throw notFound()
    reply.header('cache-control', 'no-store')
    return { id: request.params.id, followed }
  })

  app.put('/followed-investments/:id', {
    schema: {
      tags: ['favorites'],
      summary: 'Follow an investment (idempotent): new units, price and status changes reach the bell; 404 unknown',
      params: followedInvestmentParamsSchema,
      response: { 200: followStateSchema, 401: apiErrorSchema, 404: apiErrorSchema, 422: validationErrorSchema },
    },
  }, async (request) => {
    const user = await requireUser(request)
    if (!await followInvestment(app.db, user.id, request.params.id)) throw notFound()
    return { id: request.params.id, followed: true }
  })

  app.delete('/followed-investments/:id', {
    schema: {
      tags: ['favorites'],
      summary: 'Stop following an investment; 204 (also when it was not followed)',
      params: followedInvestmentParamsSchema,
      response: { 204: z.null(), 401: apiErrorSchema, 422: validationErrorSchema },
    },
  }, async (request, reply) => {
    const user = await requireUser(request)
    await unfollowInvestment(app.db, user.id, request.params.id)
    return reply.code(204).send(null)
  })

  app.jobs.work(WATCH_JOB, async () => {
    const { events, bells } = await runWatch(app.db)
    if (events) app.log.info({ events, bells }, 'price-watch events')
  }, { retryLimit: 2, retryDelay: 30, expireInSeconds: 300 })
  app.jobs.schedule(WATCH_JOB, '* * * * *')
  app.jobs.work(DIGEST_JOB, async () => {
    const mails = await sendDigests({ db: app.db, publicUrl: app.env.PUBLIC_URL, appKey: app.appKey, send: (m) => app.mailer.send(m, { bulk: true }) })
    if (mails) app.log.info({ mails }, 'price-watch digests sent')
    await pruneEvents(app.db)
  }, { retryLimit: 2, retryDelay: 300, expireInSeconds: 1800 })
  app.jobs.schedule(DIGEST_JOB, '0 6 * * *')
}
export default followedInvestmentsRoutes
