import type { FastifyBaseLogger } from 'fastify'
import { pino } from 'pino'

interface CompletedReply { statusCode?: number; request?: { method?: string; url?: string } }

/**
 * The process logger: one JSON object per line when the output is not a terminal (log collectors, the test
 * runners); short coloured lines through pino-pretty on a terminal, where a request is one line when it completes:
 * `GET /szukaj 200 in 12 ms` (Fastify's "incoming request" lines are left out there).
 */
export async function createLogger(level: string, pretty = Boolean(process.stdout.isTTY)): Promise<FastifyBaseLogger> {
  if (!pretty) return pino({ level }) as FastifyBaseLogger
  // Loaded only for a terminal.
  const { default: pinoPretty } = await import('pino-pretty')
  const stream = pinoPretty({
    colorize: true,
    // In step with the process: the last lines before process.exit (shutdown) are not lost.
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
  })
  return pino({
    level,
    hooks: {
      logMethod(args, method) {
        const [first, msg] = args as unknown[]
        if (msg === 'incoming request') return
        if (msg === 'request completed' && first && typeof first === 'object') {
          const { res, responseTime } = first as { res?: CompletedReply; responseTime?: number }
          const line = `${res?.request?.method} ${res?.request?.url} ${res?.statusCode} in ${Math.round(Number(responseTime))} ms`
          return method.apply(this, [first, line] as never)
        }
        return method.apply(this, args)
      },
    },
  }, stream) as FastifyBaseLogger
}
