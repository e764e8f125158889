import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from 'react-router'
import { buildApp } from './app.ts'
import { boot } from './boot.ts'
import { mountMissingWeb, mountWeb } from './web/ssr.ts'
import { WEB_BUILD_DIR, WEB_CLIENT_DIR, WEB_SERVER_ENTRY } from './web/paths.ts'
import { installShutdown } from './shutdown.ts'

/** Production entry (`npm start` → scripts/start.mjs → tsx): API and SSR site in one process on PORT. */
const { env, logger, db } = await boot()
const app = await buildApp({ db, env, logger })

if (existsSync(WEB_SERVER_ENTRY)) {
  const build = (await import(pathToFileURL(WEB_SERVER_ENTRY).href)) as ServerBuild
  await mountWeb(app, { getBuild: async () => build, mode: 'production', clientDir: WEB_CLIENT_DIR })
} else {
  logger.warn({ expected: WEB_SERVER_ENTRY }, 'web build missing: serving the API only; pages answer 503')
  await mountMissingWeb(app, WEB_BUILD_DIR)
}

installShutdown(app, db, logger)
try {
  await app.listen({ port: env.PORT, host: env.HOST })
} catch (err) {
  const e = err as NodeJS.ErrnoException
  logger.fatal(e.code === 'EADDRINUSE' ? `port ${env.PORT} is already in use (set PORT to another one)` : { err }, 'cannot listen')
  await db.close()
  process.exit(1)
}
logger.info(`portal ready at ${env.PUBLIC_URL} (API docs: ${env.PUBLIC_URL}/api/docs)`)
