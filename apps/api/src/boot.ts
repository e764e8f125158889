import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import { pino } from 'pino'
import { sql } from 'drizzle-orm'
import { listings, migrate, openDb, syncCatalogue, type DbHandle } from '@portal/db'
import { EnvError, parseEnv, type Env } from './env.ts'
import { DEMO_PASSWORD, ensureDemoLogins } from './lib/password-demo.ts'

/** Env, logger and a migrated database: the part of start-up shared by server.ts and dev.ts. */
export async function boot(): Promise<{ env: Env; logger: FastifyBaseLogger; db: DbHandle }> {
  let env: Env
  try {
    env = parseEnv(process.env)
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message)
      console.error('See .env.example for every variable and its allowed values.')
      process.exit(1)
    }
    throw err
  }
  const logger = pino({ level: env.LOG_LEVEL }) as FastifyBaseLogger
  const db = await openDb(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.join(env.DATA_DIR, 'pglite') })
  logger.info({ driver: db.driver, dataDir: env.DATA_DIR }, 'database opened')
  await migrate(db)
  await syncCatalogue(db.db)
  await seedData(db, env, logger)
  if (env.DEMO_DATA) {
    const logins = await ensureDemoLogins(db)
    logger.info({ accounts: logins, password: DEMO_PASSWORD },
      `demo logins (password ${DEMO_PASSWORD}): ${logins.map((l) => `${l.email} (${l.type})`).join(', ')}`)
  }
  return { env, logger, db }
}

/** Static pages always (the footer needs them); the demo data set only on an empty database with DEMO_DATA=1. */
async function seedData(db: DbHandle, env: Env, logger: FastifyBaseLogger): Promise<void> {
  // Loaded lazily: the seeder pulls in image generation.
  const { seedContent, seedDemo } = await import('@portal/db/seed')
  await seedContent(db.db)
  if (!env.DEMO_DATA) return
  const [{ n }] = await db.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(
    db.db.select({ id: listings.id }).from(listings).limit(1).as('any_listing'),
  )
  if (n > 0) return
  const started = Date.now()
  logger.info('empty database: loading demo data (DEMO_DATA=0 turns this off)')
  await seedDemo(db, { dataDir: env.DATA_DIR, listings: 3000, log: (m: string) => logger.info(m) })
  logger.info({ ms: Date.now() - started }, 'demo data loaded')
}
