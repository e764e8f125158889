import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { DbHandle } from '@portal/db'

/**
 * SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish (`app.close()` waits for them and
 * answers new ones on kept-alive sockets with 503), close the database, exit 0. A second signal or a stuck close
 * after `graceMs` exits at once.
 */
export function installShutdown(app: FastifyInstance, db: DbHandle, logger: FastifyBaseLogger, graceMs = 25_000) {
  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) {
      logger.warn(`${signal} again: exiting immediately`)
      process.exit(1)
    }
    closing = true
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
