import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { DbHandle } from '@portal/db'

/**
 * SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish (`app.close()` waits for them and
 * answers new ones on kept-alive sockets with 503), close the database, exit 0. A second signal or a stuck close
 * after `graceMs` exits at once.
 */
export function installShutdown(app: FastifyInstance, db: DbHandle, logger: FastifyBaseLogger, graceMs = 25_000) {
  let closing = false
  let firstSignalAt = 0
  const shutdown = async (signal: string) => {
    // Ctrl+C under `npm start` arrives twice at once: from the terminal and forwarded by npm. Only a second signal
    // a person sends forces the exit.
    if (closing && Date.now() - firstSignalAt < 1000) return
    if (closing) {
      logger.warn(`${signal} again: exiting immediately`)
      process.exit(1)
    }
    closing = true
    firstSignalAt = Date.now()
    logger.info(`${signal}: closing (finishing in-flight requests)`)
    const timer = setTimeout(() => {
      logger.error(`shutdown took over ${graceMs} ms: exiting`)
      process.exit(1)
    }, graceMs)
    timer.unref()
    try {
      // Keep-alive sockets of requests that finish during the close would otherwise hold it open until their
      // keepAliveTimeout; close each as soon as it turns idle.
      const sweep = setInterval(() => app.server.closeIdleConnections(), 200)
      await app.close()
      clearInterval(sweep)
      await db.close()
      logger.info('closed cleanly')
      process.exit(0)
    } catch (err) {
      logger.error({ err }, 'error during shutdown')
      process.exit(1)
    }
  }
  // A second signal (Ctrl+C twice) forces the exit, see above.
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}

/**
 * Last line of defence while the database restarts: a connection error that escapes every request (an 'error'
 * event of a pg client, a background task's rejection) is logged and the process carries on; the pool reconnects.
 * Any other uncaught error still ends the process (a bug leaves it in an unknown state).
 */
export function installCrashGuard(logger: FastifyBaseLogger, isDbUnavailable: (err: unknown) => boolean) {
  const handle = (kind: string) => (err: unknown) => {
    if (isDbUnavailable(err)) {
      logger.warn({ msg: (err as Error)?.message, code: (err as { code?: string })?.code }, `${kind}: database unavailable, carrying on`)
      return
    }
    logger.fatal({ err }, kind)
    process.exit(1)
  }
  process.on('uncaughtException', handle('uncaught exception'))
  process.on('unhandledRejection', handle('unhandled rejection'))
}
