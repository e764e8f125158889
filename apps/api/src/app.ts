import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { DbHandle } from '@portal/db'
import { resolveAppKey, type Env } from './env.ts'
import { zodValidatorCompiler } from './lib/validation.ts'
import errors from './plugins/errors.ts'
import security from './plugins/security.ts'
import session from './plugins/session.ts'
import docs from './plugins/docs.ts'
import uploads from './plugins/uploads.ts'
import api from './routes/api/index.ts'
import devMail from './routes/dev/mail.ts'
import { Mailer } from './mail/mailer.ts'
import { SearchIndex } from './lib/search-index/index.ts'

declare module 'fastify' {
  interface FastifyInstance {
    db: DbHandle
    env: Env
    /** Secret for HMAC signatures (APP_KEY or DATA_DIR/app-key). */
    appKey: string
    mailer: Mailer
    searchIndex: SearchIndex
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

  app.setValidatorCompiler(zodValidatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.decorate('db', opts.db)
  app.decorate('env', env)
  app.decorate('appKey', resolveAppKey(env))
  app.decorate('mailer', new Mailer(opts.db, env, app.log))
  app.decorate('searchIndex', new SearchIndex(opts.db.db, { enabled: env.SEARCH_INDEX, log: app.log }))
  // Loaded in the background: searches use SQL until it is ready.
  app.addHook('onReady', async () => { void app.searchIndex.load() })
  app.addHook('onClose', async () => { await app.mailer.close() })
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })

  await app.register(errors)
  await app.register(security, {
    csp: opts.csp, rateLimitMax: opts.rateLimitMax, https: env.PUBLIC_URL.startsWith('https:'),
  })
  await app.register(session)
  await app.register(docs)
  await app.register(uploads)
  await app.register(api, { prefix: '/api' })
  await app.register(devMail)
  return app
}
