import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import { sql } from 'drizzle-orm'
import { listings, migrate, openDb, syncCatalogue, type DbHandle } from '@portal/db'
import { EnvError, localDemo, parseEnv, type Env } from './env.ts'
import { LocalStorage } from './lib/media/storage.ts'
import { DEMO_PASSWORD, ensureDemoLogins } from './lib/accounts/password-demo.ts'
import { dotEnvValue, loadDotEnv } from './dotenv.ts'
import { CREATE_ADMIN_COMMAND, hasAdmin } from './lib/accounts/admin-setup.ts'
import { createLogger } from './logger.ts'

export interface Booted {
  env: Env
  logger: FastifyBaseLogger
  db: DbHandle
  /** Accounts that log in with DEMO_PASSWORD (none without DEMO_DATA). */
  logins: Array<{ email: string; type: string }>
}

/** .env, env, logger and a migrated database: the part of start-up shared by server.ts and dev.ts. */
export async function boot(): Promise<Booted> {
  const dotEnv = loadDotEnv()
  // NODE_ENV=production in .env is the operator's choice even when start.mjs had already defaulted it.
  if (dotEnv && dotEnvValue(dotEnv, 'NODE_ENV') === 'production') delete process.env.PORTAL_NODE_ENV_DEFAULTED
  let env: Env
  try {
    env = parseEnv(process.env)
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message)
      console.error(`See .env.example for every variable and its allowed values${dotEnv ? ` (read: ${dotEnv})` : ''}.`)
      process.exit(1)
    }
    throw err
  }
  const logger = await createLogger(env.LOG_LEVEL)
  if (dotEnv) logger.info(`settings read from ${dotEnv} (variables set in the environment win)`)
  const db = await openDb(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.join(env.DATA_DIR, 'pglite') })
  logger.info({ driver: db.driver, dataDir: env.DATA_DIR }, 'database opened')
  await migrate(db)
  await syncCatalogue(db.db)
  await seedData(db, env, logger)
  const logins = await prepareLogins(db, env, logger)
  return { env, logger, db, logins }
}

/**
 * The demo logins (known password) only in the local demo set-up (issue 29 M5). A production start never creates
 * them; without any administrator it says how to create one.
 */
export async function prepareLogins(db: DbHandle, env: Env, logger: Pick<FastifyBaseLogger, 'warn' | 'debug'>): Promise<Booted['logins']> {
  if (!localDemo(env)) {
    if (env.DEMO_DATA && process.env.DEMO_DATA === '1') logger.warn('DEMO_DATA=1 is ignored on a production start (NODE_ENV=production or a public PUBLIC_URL): no demo data, no demo logins')
    if (!(await hasAdmin(db))) logger.warn(`No administrator yet. Create one with: ${CREATE_ADMIN_COMMAND}`)
    return []
  }
  if (!env.DEMO_DATA) return []
  const logins = await ensureDemoLogins(db)
  // Issue 28: visiting hours and visits of the demo user, once (lazily loaded: only the demo start needs it).
  const { seedDemoViewings, seedDemoInvestmentHours } = await import('./lib/viewings/demo.ts')
  const viewings = await seedDemoViewings(db)
  // Investments' weekly hours (decision 078): their own once-check, so a database seeded earlier gets them too.
  await seedDemoInvestmentHours(db)
  if (viewings.bookings) logger.debug(viewings, 'demo visits loaded')
  logger.debug({ accounts: logins, password: DEMO_PASSWORD }, 'demo logins ready')
  return logins
}

/**
 * Static pages and site content always (the footer needs them); the demo data set only on an empty database with
 * DEMO_DATA=1 in the local demo set-up (env.ts localDemo), never on a production start.
 */
async function seedData(db: DbHandle, env: Env, logger: FastifyBaseLogger): Promise<void> {
  // Loaded lazily: the seeder pulls in image generation.
  const { seedContent, seedDemo } = await import('@portal/db/seed')
  await seedContent(db.db)
  // About page, FAQ and blog guides (issue 12): copied once per table, then owned by the CMS.
  const { renderSeedCovers, seedSiteContent } = await import('./lib/content/seed.ts')
  const storage = new LocalStorage(path.join(env.DATA_DIR, 'uploads'))
  const added = await seedSiteContent(db)
  if (added) logger.info({ added }, 'site content (about, FAQ, blog) added')
  // The guides' covers are drawn after start-up so the first start is not held up by image work.
  void renderSeedCovers(db, storage).then(
    (n) => { if (n) logger.info({ covers: n }, 'blog covers drawn') },
    (err: Error) => logger.warn({ err: err.message }, 'drawing the blog covers failed (retried at the next start)'),
  )
  if (!env.DEMO_DATA || !localDemo(env)) return
  const [{ n }] = await db.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(
    db.db.select({ id: listings.id }).from(listings).limit(1).as('any_listing'),
  )
  if (n > 0) return
  const started = Date.now()
  logger.info('empty database: loading demo data (DEMO_DATA=0 turns this off)')
  await seedDemo(db, { dataDir: env.DATA_DIR, listings: 3000, log: (m: string) => logger.info(m) })
  // Issue 27: the demo developers' investments, their units (listings) and price history.
  const invStarted = Date.now()
  const { seedDemoInvestments } = await import('./lib/investments/demo.ts')
  const inv = await seedDemoInvestments(db, env.PUBLIC_URL)
  logger.info({ ...inv, ms: Date.now() - invStarted }, 'demo investments loaded')
  logger.info({ ms: Date.now() - started }, 'demo data loaded')
}
