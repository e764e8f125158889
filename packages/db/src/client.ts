import path from 'node:path'
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { sql, type SQL } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { parse as parseArrayLiteral } from 'postgres-array'
import * as schema from './schema/index.ts'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>

/**
 * The rows of `db.execute(sql…)`: node-postgres and PGlite's drizzle drivers answer a result object with `rows`,
 * others the array of rows itself.
 */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[])
}

/**
 * An array column of a raw row: the drivers give an array where they know the type, else the literal
 * ('{a,"b c",NULL}'), read here by pg's own parser (quotes, escapes, NULL). Null or absent is an empty list.
 */
export function arrayOf(v: unknown): Array<string | null>
export function arrayOf<T>(v: unknown, each: (s: string) => T): T[]
export function arrayOf<T>(v: unknown, each?: (s: string) => T): unknown[] {
  if (Array.isArray(v)) return each ? v.map((x) => (typeof x === 'string' ? each(x) : x)) : v
  if (typeof v !== 'string') return []
  return each ? parseArrayLiteral(v, each) : parseArrayLiteral(v)
}

/**
 * Ids as ONE bigint[] parameter (`= any(${idArray(ids)})`), whatever their number: the statement's text stays the
 * same, where drizzle's inArray or a joined list writes one placeholder per id (a large investment's thousands).
 * Sent as the array's text ('{1,2,3}'), which both drivers pass through unchanged.
 */
export function idArray(ids: readonly number[]): SQL {
  return sql`${idArrayText(ids)}::bigint[]`
}

/** idArray's parameter value alone ('{1,2,3}'), for a prepared statement's `= any(${placeholder}::bigint[])`. */
export function idArrayText(ids: readonly number[]): string {
  if (!ids.every((id) => Number.isSafeInteger(id))) throw new TypeError('idArray: ids must be integers')
  return `{${ids.join(',')}}`
}

/**
 * `make(db)` once per drizzle instance (a handle's `db`), then the same value: prepared statements, which drizzle builds
 * and PostgreSQL plans once instead of at every call, are made with the first request of each application.
 */
export function perHandle<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>()
  return (db) => {
    let value = made.get(db)
    if (value === undefined) made.set(db, value = make(db))
    return value
  }
}

export interface DbHandle {
  db: Db
  driver: 'pglite' | 'pg'
  /** Runs raw SQL text (several statements allowed); used by migrations, seeding and tests. */
  exec(sql: string): Promise<void>
  /**
   * Raw SQL with positional parameters ($1…) on the same connection(s) as `db`; without values the text may hold
   * several statements (the rows are the last statement's). Used by the job queue (pg-boss's `executeSql`).
   */
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>
  close(): Promise<void>
  /** PostgreSQL: the connection string (another handle on the same database, e.g. a second instance in a test). */
  url?: string
  /** PostgreSQL pool figures for metrics (absent for PGlite, which has one in-process connection). */
  poolStats?: () => { total: number; idle: number; waiting: number; max: number }
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations')

export interface DbOptions {
  /** A PostgreSQL connection string; when absent, embedded PGlite is used. */
  url?: string
  /** PGlite data directory; when absent (and no url), an in-memory database. */
  dataDir?: string
  /** PGlite: start from this data-dir tarball (`dumpDataDir`) instead of an empty cluster; tests use it. */
  loadDataDir?: Blob
  poolSize?: number
  /** PGlite: its engine compiled once and shared by many instances of one process (tests; see testing.ts). */
  pgliteModules?: { pgliteWasmModule: WebAssembly.Module; initdbWasmModule: WebAssembly.Module; fsBundle: Blob }
  /** PostgreSQL: how long a request waits for a connection before failing (default 5 s). */
  connectTimeoutMs?: number
}

export async function openDb(opts: DbOptions = {}): Promise<DbHandle> {
  if (opts.url) {
    const { default: pg } = await import('pg')
    const { drizzle } = await import('drizzle-orm/node-postgres')
    // bigint (int8) and numeric come back as strings by default; our values fit in a JS number.
    pg.types.setTypeParser(20, (v) => Number(v))
    pg.types.setTypeParser(1700, (v) => Number(v))
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      // While the server is away a request fails after this long (→ 503) instead of waiting for ever.
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 5_000,
      // No JIT: the search's SQL path (drawn areas, regions: long expressions over many rows) crossed the planner's
      // jit_above_cost and spent 100–500 ms compiling per query, to save less than that (decision 076).
      options: '-c jit=off',
    })
    // A pooled connection can be cut by the server (restart, failover, pg_terminate_backend). Without a listener
    // pg re-throws that as an uncaught exception and the process dies. The pool listens only while a client is
    // idle; a client checked out by a transaction gets its own listener for its whole life (57P01 mid-transaction
    // reaches the query as a rejected promise anyway). The pool replaces broken clients by itself.
    pool.on('error', (err) => console.warn(`database: idle connection closed (${err.message})`))
    pool.on('connect', (client) => {
      client.on('error', (err) => console.warn(`database: connection closed (${err.message})`))
    })
    const db = drizzle(pool, { schema }) as unknown as Db
    return {
      db,
      driver: 'pg',
      url: opts.url,
      exec: async (sql) => { await pool.query(sql) },
      query: async (text, values) => {
        const r = await pool.query(text, values as unknown[] | undefined) as unknown
        // A statement list answers with one result per statement.
        const last = Array.isArray(r) ? r[r.length - 1] : r
        return { rows: (last as { rows?: Record<string, unknown>[] } | undefined)?.rows ?? [] }
      },
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 }),
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
    loadDataDir: opts.loadDataDir,
    ...opts.pgliteModules,
    extensions: { pg_trgm, unaccent, cube, earthdistance, citext },
  })
  const db = drizzle(client, { schema }) as unknown as Db
  return {
    db,
    driver: 'pglite',
    exec: async (sql) => { await client.exec(sql) },
    query: async (text, values) => {
      // PGlite's extended protocol takes one statement: statement lists (no parameters) go through exec.
      if (values && values.length) return { rows: (await client.query<Record<string, unknown>>(text, values as unknown[])).rows }
      const results = await client.exec(text)
      return { rows: (results[results.length - 1]?.rows ?? []) as Record<string, unknown>[] }
    },
    close: () => client.close(),
  }
}
