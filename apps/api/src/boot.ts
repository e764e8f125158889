import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import { pino } from 'pino'
import { sql } from 'drizzle-orm'
import { listings, migrate, openDb, syncCatalogue, type DbHandle } from '@portal/db'
import { EnvError, parseEnv, type Env } from './env.ts'

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
  if (env.DEMO_DATA) await seedIfEmpty(db, env, logger)
  return { env, logger, db }
}

async function seedIfEmpty(db: DbHandle, env: Env, logger: FastifyBaseLogger): Promise<void> {
  const [{ n }] = await db.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(
    db.db.select({ id: listings.id }).from(listings).limit(1).as('any_listing'),
  )
  if (n > 0) return
  let mod: { seedDemo?: (h: DbHandle, o: { dataDir: string; listings: number; log?: (m: string) => void }) => Promise<unknown> }
  try {
    // Loaded only when needed: the seeder pulls in image generation.
    // Specifiers in variables: the seeder is another workspace's optional part, not a compile-time dependency.
    const specs = ['@portal/db/seed', '@portal/db/seed/index']
    mod = await import(specs[0]!).catch(() => import(specs[1]!))
  } catch (err) {
    logger.warn({ err: (err as Error).message }, 'demo data seeder not available; starting with an empty database')
    return
  }
  if (typeof mod.seedDemo !== 'function') {
    logger.warn('@portal/db/seed has no seedDemo(); starting with an empty database')
    return
  }
  const started = Date.now()
  logger.info('empty database: loading demo data (DEMO_DATA=0 turns this off)')
  await mod.seedDemo(db, { dataDir: env.DATA_DIR, listings: 3000, log: (m: string) => logger.info(m) })
  logger.info({ ms: Date.now() - started }, 'demo data loaded')
}
