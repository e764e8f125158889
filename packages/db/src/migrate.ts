import type { DbHandle } from './client.ts'
import { MIGRATIONS_DIR } from './client.ts'

/** Applies committed migrations with drizzle's programmatic migrator (drizzle-kit cannot load PGlite's contrib). */
export async function migrate(handle: DbHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR }
  if (handle.driver === 'pglite') {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator')
    await run(handle.db as never, config)
  } else {
    const { migrate: run } = await import('drizzle-orm/node-postgres/migrator')
    await run(handle.db as never, config)
  }
}
