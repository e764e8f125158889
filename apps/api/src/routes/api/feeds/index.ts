import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { and, eq } from 'drizzle-orm'
import multipart from '@fastify/multipart'
import { feedRuns, feedSources } from '@portal/db'
import {
  apiTokenInputSchema, createdApiTokenSchema, FEED_MESSAGES, feedRunSchema, feedSourceInputSchema, feedSourceSchema,
  integrationsSchema,
} from '@portal/contracts/feeds'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { requireUser } from '../../../lib/accounts/guard.ts'
import { fieldError, HttpError, notFound } from '../../../lib/http/errors.ts'
import { storageFor } from '../../../lib/media/storage.ts'
import { runImport } from '../../../lib/feeds/engine.ts'
import { dropUpload, FEED_FILE_LIMITS, FileTooLarge, storeUpload } from '../../../lib/feeds/feed-file.ts'
import {
  claimDueSources, createRun, IMPORT_JOB, integrations, MAX_URL_SOURCES, ownerOf, POLL_JOB, runOf, toRunView, uploadSource,
} from '../../../lib/feeds/runs.ts'
import { createToken, revokeToken, toApiToken } from '../../../lib/feeds/tokens.ts'
import { notify } from '../../../lib/notifications/notifications.ts'
import { feedRunFailedMail } from '../../../mail/templates.ts'
import portalXsd from './portal-xsd.ts'

const idParams = z.object({ id: z.string().regex(/^\d{1,9}$/, 'Nieprawidłowy identyfikator.') })
const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: validationErrorSchema }

/** /integracje's API (a company's feeds, runs and partner API tokens) and the import jobs (decision 025). */
const feeds: FastifyPluginAsyncZod = async (app) => {
  // Feed files are large: only this plugin takes multipart bodies of up to 300 MB (streamed into the database).
  await app.register(multipart, { limits: { fileSize: FEED_FILE_LIMITS.maxBytes, files: 1, fields: 2, parts: 4, headerPairs: 100 } })
  await app.register(portalXsd)
  const deps = { db: app.db, storage: storageFor(app), log: app.log, privateHosts: app.env.FEEDS_PRIVATE_HOSTS }

  app.jobs.work<{ runId: number }>(IMPORT_JOB, async ({ runId }) => {
    const run = await runImport(deps, runId)
    if (run === 'busy') {
      // Another import of this company is running: this one waits its turn.
      await app.jobs.enqueue(IMPORT_JOB, { runId }, { startAfter: 30 })
      return
    }
    if (run.status !== 'failed') return
    const owner = await ownerOf(app.db, run.userId)
    if (!owner) return
    await app.mailer.send(feedRunFailedMail({
      to: owner.email, name: owner.companyName ?? owner.name, file: run.fileName ?? 'plik', error: run.error ?? '',
      url: `${app.env.PUBLIC_URL}/integracje`,
    }))
    await notify(app.db, run.userId, { type: 'warning', message: `Import ofert nie powiódł się: ${run.error ?? ''}`.slice(0, 250), link: '/integracje' })
  }, { retryLimit: 3, expireInSeconds: 4 * 3600 })
  app.jobs.work(POLL_JOB, async () => {
    for (const run of await claimDueSources(app.db)) await app.jobs.enqueue(IMPORT_JOB, { runId: run.id })
  }, { retryLimit: 1 })
  // Every 5 minutes: URL sources poll every 15 minutes to 24 hours, each from its own last poll.
  app.jobs.schedule(POLL_JOB, '*/5 * * * *')

  app.get('/feeds', {
    schema: { tags: ['feeds'], summary: "The company's feed sources, its last 20 runs and its partner API tokens", response: { 200: integrationsSchema, ...errors } },
  }, async (request, reply) => {
    const user = await requireUser(request)
    reply.header('cache-control', 'no-store')
    return integrations(app.db, user.id)
  })

  app.post('/feeds/sources', {
    schema: {
      tags: ['feeds'], summary: 'Add a feed URL polled every interval_minutes (15–1440); its first run is queued at once. 201 source',
      body: feedSourceInputSchema, response: { 201: feedSourceSchema, ...errors },
    },
  }, async (request, reply) => {
    const user = await requireUser(request)
    const existing = await app.db.db.select({ id: feedSources.id }).from(feedSources)
      .where(and(eq(feedSources.userId, user.id), eq(feedSources.kind, 'url')))
    if (existing.length >= MAX_URL_SOURCES) throw fieldError('url', FEED_MESSAGES.sourceLimit)
    const [row] = await app.db.db.insert(feedSources).values({
      userId: user.id, kind: 'url', url: request.body.url, intervalMinutes: request.body.interval_minutes, lastPolledAt: new Date(),
    }).returning()
    const run = await createRun(app.db, row!.id, user.id, row!.url)
    await app.jobs.enqueue(IMPORT_JOB, { runId: run.id })
    return reply.code(201).send({ id: row!.id, kind: 'url', url: row!.url, interval_minutes: row!.intervalMinutes, last_polled_at: new Date().toISOString(), last_file_at: null })
  })

  const ownSource = async (userId: number, id: string) => {
    const [s] = await app.db.db.select().from(feedSources)
      .where(and(eq(feedSources.id, Number(id)), eq(feedSources.userId, userId), eq(feedSources.kind, 'url'))).limit(1)
    if (!s) throw notFound('Nie ma takiego źródła ofert.')
    return s
  }

  app.delete('/feeds/sources/:id', {
    schema: { tags: ['feeds'], summary: 'Stop polling a feed URL (its listings stay as they are): 204', params: idParams, response: { 204: z.null(), ...errors } },
  }, async (request, reply) => {
    const user = await requireUser(request)
    const s = await ownSource(user.id, request.params.id)
    await app.db.db.delete(feedSources).where(eq(feedSources.id, s.id))
    return reply.code(204).send(null)
  })

  app.post('/feeds/sources/:id/run', {
    schema: { tags: ['feeds'], summary: 'Fetch and import a feed URL now: 202 run', params: idParams, response: { 202: feedRunSchema, ...errors } },
  }, async (request, reply) => {
    const user = await requireUser(request)
    const s = await ownSource(user.id, request.params.id)
    const run = await createRun(app.db, s.id, user.id, s.url)
    await app.jobs.enqueue(IMPORT_JOB, { runId: run.id })
    return reply.code(202).send(toRunView(run))
  })

  app.post('/feeds/upload', {
    schema: {
      tags: ['feeds'],
      summary: 'Upload a feed file (multipart `file`): XML (Oferty.net, OpenImmo 1.2.7 or the portal format) or a ZIP with the XML and its photos, ≤ 300 MB. 202 run (queued; poll GET /api/feeds/runs/{id})',
      consumes: ['multipart/form-data'], response: { 202: feedRunSchema, 413: apiErrorSchema, ...errors },
    },
  }, async (request, reply) => {
    const user = await requireUser(request)
    if (!request.isMultipart()) throw fieldError('file', FEED_MESSAGES.fileRequired)
    const part = await request.file()
    if (!part || part.fieldname !== 'file') throw fieldError('file', FEED_MESSAGES.fileRequired)
    const sourceId = await uploadSource(app.db, user.id)
    const run = await createRun(app.db, sourceId, user.id, part.filename || 'plik')
    // The first bytes tell an XML (optionally after a BOM) from a ZIP; anything else is refused before it is stored.
    const checked = (async function* () {
      let first = true
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        if (first) {
          first = false
          const head = chunk.subarray(0, 4).toString('latin1')
          const text = chunk.subarray(0, 64).toString('latin1').replace(/^(\xEF\xBB\xBF|\uFEFF)/, '').trimStart()
          if (head !== 'PK\x03\x04' && !text.startsWith('<')) throw fieldError('file', FEED_MESSAGES.fileType)
        }
        yield chunk
      }
      if (first) throw fieldError('file', FEED_MESSAGES.fileRequired)
      if (part.file.truncated) throw new FileTooLarge()
    })()
    try {
      await storeUpload(app.db, run.id, checked as never)
    } catch (err) {
      await dropUpload(app.db, run.id)
      // A refused upload leaves no run behind.
      await app.db.db.delete(feedRuns).where(eq(feedRuns.id, run.id))
      if (err instanceof FileTooLarge || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new HttpError(413, 'file_too_large', FEED_MESSAGES.fileTooLarge)
      }
      throw err
    }
    await app.jobs.enqueue(IMPORT_JOB, { runId: run.id })
    return reply.code(202).send(toRunView(run))
  })

  app.get('/feeds/runs/:id', {
    schema: { tags: ['feeds'], summary: 'One run: progress (processed of total) while it runs, then its report', params: idParams, response: { 200: feedRunSchema, ...errors } },
  }, async (request, reply) => {
    const user = await requireUser(request)
    const run = await runOf(app.db, user.id, Number(request.params.id))
    if (!run) throw notFound('Nie ma takiego importu.')
    reply.header('cache-control', 'no-store')
    return toRunView(run)
  })

  app.post('/feeds/tokens', {
    schema: {
      tags: ['feeds'], summary: 'Create a partner API token; the token itself is in this answer only. 201',
      body: apiTokenInputSchema, response: { 201: createdApiTokenSchema, ...errors },
    },
  }, async (request, reply) => {
    const user = await requireUser(request)
    const { row, token } = await createToken(app.db, user.id, request.body.name)
    return reply.code(201).header('cache-control', 'no-store').send({ ...toApiToken(row), token })
  })

  app.delete('/feeds/tokens/:id', {
    schema: { tags: ['feeds'], summary: 'Revoke a partner API token: 204', params: idParams, response: { 204: z.null(), ...errors } },
  }, async (request, reply) => {
    const user = await requireUser(request)
    if (!(await revokeToken(app.db, user.id, Number(request.params.id)))) throw notFound('Nie ma takiego klucza.')
    return reply.code(204).send(null)
  })
}
export default feeds
