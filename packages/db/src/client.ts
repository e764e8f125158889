import path from 'node:path'
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import * as schema from './schema/index.ts'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export interface DbHandle {
  db: Db
  driver: 'pglite' | 'pg'
  /** Runs raw SQL text (several statements allowed); used by migrations, seeding and tests. */
  exec(sql: string): Promise<void>
  close(): Promise<void>
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations')

export interface DbOptions {
  /** A PostgreSQL connection string; when absent, embedded PGlite is used. */
  url?: string
  /** PGlite data directory; when absent (and no url), an in-memory database. */
  dataDir?: string
  poolSize?: number
}

export async function openDb(opts: DbOptions = {}): Promise<DbHandle> {
  if (opts.url) {
    const { default: pg } = await import('pg')
    const { drizzle } = await import('drizzle-orm/node-postgres')
    // bigint (int8) and numeric come back as strings by default; our values fit in a JS number.
    pg.types.setTypeParser(20, (v) => Number(v))
    pg.types.setTypeParser(1700, (v) => Number(v))
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 })
    // An idle pooled connection can be cut by the server (restart, failover, pg_terminate_backend). Without a
    // listener pg re-throws that as an uncaught exception and the process dies; the pool replaces the client anyway.
    pool.on('error', (err) => console.warn(`database: idle connection closed (${err.message})`))
    const db = drizzle(pool, { schema }) as unknown as Db
    return {
      db,
      driver: 'pg',
      exec: async (sql) => { await pool.query(sql) },
      close: () => pool.end(),
    }
  }
  const { PGlite } = await import('@electric-sql/pglite')
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent')
  const { cube } = await import('@electric-sql/pglite/contrib/cube')
  const { earthdistance } = await import('@electric-sql/pglite/contrib/earthdistance')
  const { citext } = await import('@electric-sql/pglite/contrib/citext')
  const { drizzle } = await import('drizzle-orm/pglite')
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true })
  const client = await PGlite.create({
    dataDir: opts.dataDir,
    extensions: { pg_trgm, unaccent, cube, earthdistance, citext },
  })
  const db = drizzle(client, { schema }) as unknown as Db
  return {
    db,
    driver: 'pglite',
    exec: async (sql) => { await client.exec(sql) },
    close: () => client.close(),
  }
}
