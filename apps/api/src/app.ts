import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { DbHandle } from '@portal/db'
import { resolveAppKey, type Env } from './env.ts'
import { zodValidatorCompiler } from './lib/http/validation.ts'
import errors, { clientErrorHandler } from './plugins/errors.ts'
import security from './plugins/security.ts'
import goneClients from './plugins/gone-clients.ts'
import compression from './plugins/compression.ts'
import inputGuard from './plugins/input-guard.ts'
import metrics from './plugins/metrics.ts'
import session from './plugins/session.ts'
import docs from './plugins/docs.ts'
import uploads from './plugins/uploads.ts'
import api from './routes/api/index.ts'
import devMail from './routes/dev/mail.ts'
import oneClickUnsubscribe from './routes/one-click-unsubscribe.ts'
import { Mailer } from './mail/mailer.ts'
import { SearchIndex } from './lib/search/index/index.ts'
import { snapshotFile } from './lib/search/index/snapshot.ts'
import { tileOrigin, tileUrlFrom } from '@portal/contracts/map-tiles'
import { DailyCounter } from './lib/stats/events.ts'
import { JobQueue } from './lib/jobs/queue.ts'

declare module 'fastify' {
  interface FastifyInstance {
    db: DbHandle
    env: Env
    /** Secret for HMAC signatures (APP_KEY or DATA_DIR/app-key). */
    appKey: string
    mailer: Mailer
    searchIndex: SearchIndex
    /** Site-wide daily counts for the admin dashboard (searches), flushed every minute and on close. */
    dailyCounter: DailyCounter
    /** Background jobs (lib/jobs/queue.ts): work(), schedule(), enqueue(). */
    jobs: JobQueue
  }
}

export interface BuildAppOptions {
  db: DbHandle
  env: Env
  /** Pino options or an existing logger; defaults to pino at env.LOG_LEVEL. */
  logger?: FastifyServerOptions['logger'] | FastifyBaseLogger
  /** Content-Security-Policy (default on; `npm run dev` turns it off for Vite's inline HMR client). */
  csp?: boolean
  rateLimitMax?: number
  /** Lets dev.ts put Vite's middleware in front of Fastify on the same http server. */
  serverFactory?: FastifyServerOptions['serverFactory']
  /**
   * Start the job queue (workers and cron schedules) when the app is ready. Default: yes, except NODE_ENV=test,
   * where it starts on the first enqueue() (or app.jobs.start()) so tests that queue nothing do not pay for it.
   */
  jobs?: boolean
  /** pg-boss's cron intervals (tests shorten them; lib/jobs/queue.ts). */
  jobOptions?: { cronMonitorIntervalSeconds?: number; cronWorkerIntervalSeconds?: number }
}

export type App = FastifyInstance

const trustHops = (n: number) => (_address: string, hop: number) => hop < n

/** The API as a Fastify instance (not listening): used by server.ts, dev.ts and the tests through inject. */
export async function buildApp(opts: BuildAppOptions) {
  const { env } = opts
  const loggerOpt = opts.logger ?? { level: env.LOG_LEVEL }
  const isLoggerInstance = typeof loggerOpt === 'object' && loggerOpt !== null && 'child' in loggerOpt
  const logging: FastifyServerOptions = isLoggerInstance
    ? { loggerInstance: loggerOpt as FastifyBaseLogger }
    : { logger: loggerOpt as FastifyServerOptions['logger'] }
  const app = Fastify({
    ...logging,
    ...(opts.serverFactory ? { serverFactory: opts.serverFactory } : {}),
    // A hop count becomes proxy-addr's function form (fastify's types only list the other forms).
    trustProxy: typeof env.TRUST_PROXY === 'number' ? trustHops(env.TRUST_PROXY) : env.TRUST_PROXY,
    // A request id from a proxy is kept (so logs correlate), else a UUID; it is echoed as x-request-id.
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    // A slow client cannot hold a connection forever; in-flight requests still finish on close().
    requestTimeout: 60_000,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  }).withTypeProvider<ZodTypeProvider>()

  // Errors of the HTTP parser answered as the API answers, without a body to HEAD (plugins/errors.ts).
  app.server.removeAllListeners('clientError')
  app.server.on('clientError', clientErrorHandler)
  app.setValidatorCompiler(zodValidatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.decorate('db', opts.db)
  app.decorate('env', env)
  app.decorate('appKey', resolveAppKey(env))
  const startJobs = opts.jobs ?? env.NODE_ENV !== 'test'
  app.decorate('jobs', new JobQueue(opts.db, app.log, { lazy: !startJobs, ...opts.jobOptions }))
  app.decorate('mailer', new Mailer(opts.db, env, app.log, app.jobs))
  app.decorate('searchIndex', new SearchIndex(opts.db.db, {
    enabled: env.SEARCH_INDEX, log: app.log,
    snapshotFile: env.SEARCH_INDEX && env.SEARCH_INDEX_SNAPSHOT ? snapshotFile(env.DATA_DIR) : undefined,
  }))
  app.decorate('dailyCounter', new DailyCounter(opts.db, {
    onError: (err) => app.log.error({ err: err.message }, 'daily counters could not be written'),
  }))
  // After the routes registered their job handlers and schedules (hooks run in registration order).
  app.addHook('onReady', async () => { if (startJobs) await app.jobs.start() })
  // Loaded in the background (searches use SQL until it is ready), after the other start-up work: a full read at a
  // million listings keeps the event loop busy between its chunks, and the queue's start behind it passed fastify's
  // 10 s for onReady hooks, so the server did not start without a snapshot.
  app.addHook('onReady', async () => { void app.searchIndex.load() })
  app.addHook('onClose', async () => {
    await app.searchIndex.close()
    await app.dailyCounter.flush().catch(() => {})
    await app.jobs.stop()
    await app.mailer.close()
  })
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })

  await app.register(errors)
  await app.register(metrics)
  app.addMetric({
    name: 'job_queue_depth', help: 'Background jobs waiting (created, retry) or running (active), by queue', labelNames: ['queue', 'state'],
    read: async () => (await app.jobs.depth()).map((d) => ({ labels: { queue: d.queue, state: d.state }, value: d.n })),
  })
  await app.register(goneClients)
  await app.register(security, {
    csp: opts.csp, rateLimitMax: opts.rateLimitMax, https: env.PUBLIC_URL.startsWith('https:'),
    tileOrigin: tileOrigin(tileUrlFrom(env.MAP_TILE_URL)),
  })
  await app.register(compression)
  await app.register(inputGuard)
  await app.register(session)
  await app.register(docs)
  await app.register(uploads)
  await app.register(api, { prefix: '/api' })
  await app.register(devMail)
  await app.register(oneClickUnsubscribe)
  return app
}
