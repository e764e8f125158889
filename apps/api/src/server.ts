import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from 'react-router'
import { useProductionBuilds } from './web/production-modules.ts'

/**
 * Production entry: API and SSR site in one process on PORT. `npm start` (scripts/start.mjs) runs it compiled
 * (apps/api/build/server.mjs, see scripts/build-server.mjs, which keeps the dynamic imports below as separate
 * chunks); `tsx apps/api/src/server.ts` runs the sources.
 */
// Before React and React Router load (hence the dynamic imports below): their production builds.
useProductionBuilds()
const { buildApp } = await import('./app.ts')
const { boot } = await import('./boot.ts')
const { mountMissingWeb, mountWeb } = await import('./web/ssr.ts')
const { WEB_BUILD_DIR, WEB_CLIENT_DIR, WEB_SERVER_ENTRY } = await import('./web/paths.ts')
const { installCrashGuard, installShutdown } = await import('./shutdown.ts')
const { isDbUnavailable } = await import('./lib/http/db-outage.ts')
const { announce, startInfo } = await import('./banner.ts')
const { warmUp } = await import('./web/warm-up.ts')
const { env, logger, db, logins } = await boot()
const app = await buildApp({ db, env, logger })

if (existsSync(WEB_SERVER_ENTRY)) {
  const build = (await import(pathToFileURL(WEB_SERVER_ENTRY).href)) as ServerBuild
  await mountWeb(app, {
    getBuild: async () => build,
    mode: 'production',
    clientDir: WEB_CLIENT_DIR,
    // The main thread keeps the build too: the 405 check reads its routes, and SSR_WORKERS=0 renders with it.
    pool: { size: env.SSR_WORKERS, buildUrl: pathToFileURL(WEB_SERVER_ENTRY).href },
  })
} else {
  logger.warn({ expected: WEB_SERVER_ENTRY }, 'web build missing: serving the API only; pages answer 503')
  await mountMissingWeb(app, WEB_BUILD_DIR)
}

installShutdown(app, db, logger)
installCrashGuard(logger, isDbUnavailable)
try {
  // Listening only once the render workers hold the build (decision 105): the first visitors' pages otherwise wait
  // behind the workers' imports, which take the cores the server needs to answer them.
  await app.ready()
  const loading = Date.now()
  if (app.renderPool && !(await app.renderPool.ready())) logger.warn('render workers still loading after 60 s: listening anyway')
  else if (app.renderPool) logger.info({ ms: Date.now() - loading, workers: app.renderPool.loadedCount }, 'render workers ready')
  // The everyday pages once or a few times before the first visitor (decision 109): cold code is the first seconds' tail.
  logger.info(await warmUp(app), 'warmed up')
  await app.listen({ port: env.PORT, host: env.HOST })
} catch (err) {
  const e = err as NodeJS.ErrnoException
  logger.fatal(e.code === 'EADDRINUSE' ? `port ${env.PORT} is already in use (set PORT to another one)` : { err }, 'cannot listen')
  await db.close()
  process.exit(1)
}
announce(logger, 'Portal ready', startInfo(env, logins))
