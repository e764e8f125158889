import { createHash, randomBytes } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { CATEGORIES } from '@portal/contracts/catalogue'
import { MIGRATIONS_DIR, openDb, type DbHandle, type DbOptions } from './client.ts'
import { migrate } from './migrate.ts'
import { syncCatalogue } from './sync-catalogue.ts'

// Migrating a fresh database costs far more than copying a migrated one (PGlite: initdb in WebAssembly plus every
// migration, ~3–5 s per test file on a quiet 2-core machine). So the test run migrates once:
// - PGlite: a migrated, catalogue-synced data dir is dumped to a tarball cached under node_modules/.cache, named by
//   a hash of everything that shapes it (migrations, catalogue, PGlite version); each test database loads it.
// - PostgreSQL: vitest's global setup (test/global-setup.ts) migrates one template database per run; each test
//   file gets `CREATE DATABASE … TEMPLATE` of it (a file copy, no migrations).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const CACHE_DIR = path.join(root, 'node_modules', '.cache', 'portal-test-db')
/** Bumped when the way the image is made changes in a way the hashed inputs do not show. */
const IMAGE_FORMAT = 3

/** Hash of what a migrated test database depends on. */
export function testDbImageKey(): string {
  const h = createHash('sha256').update(`format ${IMAGE_FORMAT}\n`)
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const p = path.join(dir, name)
      if (statSync(p).isDirectory()) walk(p)
      else h.update(`${path.relative(MIGRATIONS_DIR, p)}\n`).update(readFileSync(p))
    }
  }
  walk(MIGRATIONS_DIR)
  h.update(JSON.stringify(CATEGORIES))
  h.update(readFileSync(fileURLToPath(new URL('./sync-catalogue.ts', import.meta.url))))
  // Its package.json is not exported; it sits above the resolved dist/ entry.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  h.update(readFileSync(path.join(path.dirname(entry), '..', 'package.json')))
  return h.digest('hex').slice(0, 16)
}

/** Migrates and syncs a fresh database: what every test database starts from. */
async function migrateFresh(h: DbHandle): Promise<void> {
  await migrate(h)
  await syncCatalogue(h.db)
}

// Every test file unpacks the image into PGlite's in-memory file system, so its size is CPU: 44 MB took ~0.53 s of
// CPU per test database, 12 MB ~0.34 s. Tests use only the `postgres` database, so the image drops template0 and
// template1 (7 MB each), and its WAL holds one checkpoint in a fresh segment (the migrations' 11 MB of records
// are not needed once checkpointed; wal_recycle off so the old segment is not kept under a future name).
// shared_buffers: PGlite's PostgreSQL takes its shared memory from the WebAssembly heap and zeroes it at start, so the
// default 128 MB was ~35,000 fresh pages per test database (on 2026-11-27's VM, where a page fault cost ~12 µs
// quiet and ~100 µs with both cores busy, an open took 0.86 s quiet; with 16 MB 0.36 s). A test database holds a few MB.
// One statement at a time: DROP DATABASE refuses to run inside the transaction a statement list makes.
const SHRINK_IMAGE = [
  "ALTER SYSTEM SET shared_buffers = '16MB'",
  'SET wal_recycle = off',
  "UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')",
  'DROP DATABASE template1',
  'DROP DATABASE template0',
  'CHECKPOINT',
  'SELECT pg_switch_wal()',
  'CHECKPOINT',
]

/**
 * A WAL segment is a 16 MB file that PostgreSQL fills from the front; the zeros after its last written page are
 * what a fresh segment holds anyway. Cuts them from the image's tar (ustar: 512-byte headers, octal sizes) after one
 * spare zero page, so the end of the WAL is still read as a zero page. Other members are copied as they are.
 */
export function trimWalTail(tar: Buffer): Buffer {
  const parts: Buffer[] = []
  let end = 0
  for (const m of tarMembers(tar)) {
    const header = Buffer.from(tar.subarray(m.at, m.at + 512))
    let body = tar.subarray(m.at + 512, m.at + 512 + m.size)
    if (/(^|\/)pg_wal\/[0-9A-F]{24}$/.test(m.name)) {
      let used = body.length
      while (used > 0 && body[used - 1] === 0) used--
      const keep = Math.min(body.length, (Math.ceil(used / 8192) + 1) * 8192)
      if (keep < body.length) {
        body = body.subarray(0, keep)
        header.write(`${keep.toString(8).padStart(11, '0')}\0`, 124, 12, 'latin1')
        header.fill(0x20, 148, 156)
        const sum = header.reduce((a, b) => a + b, 0)
        header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'latin1')
      }
    }
    parts.push(header, body, Buffer.alloc((512 - (body.length % 512)) % 512))
    end = m.next
  }
  // The end-of-archive blocks.
  parts.push(tar.subarray(end))
  return Buffer.concat(parts)
}

/** The members of a ustar archive: header offset, name, body size and the offset of the next header. */
export function* tarMembers(tar: Buffer): Generator<{ at: number; name: string; size: number; next: number }> {
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512)
    if (header.every((b) => b === 0)) return
    const field = (from: number, to: number) => header.subarray(from, to).toString('latin1').replace(/\0.*$/s, '')
    const size = parseInt(field(124, 136).trim() || '0', 8)
    const next = at + 512 + Math.ceil(size / 512) * 512
    yield { at, name: field(0, 100), size, next }
    at = next
  }
}

/**
 * Path of the migrated PGlite image (a data-dir tarball), building it when missing. Safe to call from several
 * processes at once: each writes its own temporary file and renames it into place.
 */
export async function preparePgliteImage(): Promise<string> {
  const key = testDbImageKey()
  const file = path.join(CACHE_DIR, `pglite-${key}.tar`)
  try {
    statSync(file)
    return file
  } catch { /* not built yet */ }
  const h = await openDb()
  try {
    await migrateFresh(h)
    const client = (h.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client
    for (const statement of SHRINK_IMAGE) await h.exec(statement)
    const blob = await client.dumpDataDir('none')
    mkdirSync(CACHE_DIR, { recursive: true })
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
    writeFileSync(tmp, trimWalTail(Buffer.from(await blob.arrayBuffer())))
    renameSync(tmp, file)
  } finally {
    await h.close()
  }
  // Images of older migration states are dead weight.
  for (const name of readdirSync(CACHE_DIR)) {
    if (name.startsWith('pglite-') && name.endsWith('.tar') && name !== path.basename(file)) {
      rmSync(path.join(CACHE_DIR, name), { force: true })
    }
  }
  return file
}

const randomName = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
const dbUrl = (base: string, name: string) => {
  const url = new URL(base)
  url.pathname = `/${name}`
  return url.toString()
}

async function adminQuery(base: string, ...statements: string[]): Promise<void> {
  const { default: pg } = await import('pg')
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  try {
    for (const s of statements) await admin.query(s)
  } finally {
    await admin.end()
  }
}

// PostgreSQL 15 copies a template block by block through the WAL by default (STRATEGY WAL_LOG): for the ~10 MB test
// template that was ~0.37 s of server CPU per test file, FILE_COPY ~0.11 s (it checkpoints instead, which a
// database of a few MB makes cheap). Older servers know only the file copy and not the keyword.
const strategies = new Map<string, Promise<string>>()
const fileCopy = (base: string) => strategies.get(base) ?? strategies.set(base, (async () => {
  const { default: pg } = await import('pg')
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  try {
    const { rows } = await admin.query<{ v: string }>('SHOW server_version_num')
    return Number(rows[0]?.v) >= 150000 ? ' STRATEGY FILE_COPY' : ''
  } finally {
    await admin.end()
  }
})()).get(base)!

/** Drops a database once the pool's connections are gone (they are still saying goodbye right after end()). */
async function dropDatabase(base: string, name: string): Promise<void> {
  const { default: pg } = await import('pg')
  const a = new pg.Client({ connectionString: base })
  await a.connect()
  try {
    // Waiting rather than killing them with FORCE: that made a closing client emit an uncaught 57P01 now and then.
    for (let attempt = 0; ; attempt++) {
      try {
        await a.query(`DROP DATABASE IF EXISTS ${name}${attempt >= 30 ? ' WITH (FORCE)' : ''}`)
        break
      } catch (err) {
        if ((err as { code?: string }).code !== '55006' || attempt >= 30) throw err
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }
  } finally {
    await a.end()
  }
}

/**
 * A migrated template database on the server named by `base` (a connection string), for one test run. It accepts
 * no connections, so `CREATE DATABASE … TEMPLATE` from several test files at once never finds it busy.
 */
export async function createPgTemplate(base: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = randomName('t_tpl')
  await adminQuery(base, `CREATE DATABASE ${name}`)
  const h = await openDb({ url: dbUrl(base, name), poolSize: 1 })
  try {
    await migrateFresh(h)
  } finally {
    await h.close()
  }
  await adminQuery(base, `ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`)
  return {
    name,
    drop: () => adminQuery(base, `ALTER DATABASE ${name} WITH IS_TEMPLATE false`, `DROP DATABASE IF EXISTS ${name}`),
  }
}

let compiled: Promise<NonNullable<DbOptions['pgliteModules']>> | undefined
/**
 * PGlite's engine compiled once per test process and kept alive. Left to PGlite, every test database compiles the
 * 9 MB pglite.wasm again and the garbage collector frees that code when the database is gone; that churn of
 * WebAssembly code now and then aborts Node 24's V8 (`Check failed: jit_page_->allocations_.erase(addr) == 1` in
 * ThreadIsolation::UnregisterWasmAllocation, nodejs/node#64500: a vitest worker died in one of four PGlite runs on
 * 2026-11-27). The engine compiled once for the whole process is never freed, which takes away most of that churn
 * (the extensions' small modules still come and go); the crash is too rare here to show it gone.
 */
function pgliteModules() {
  compiled ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all(
      ['pglite.wasm', 'initdb.wasm'].map((f) => WebAssembly.compile(readFileSync(path.join(dist, f)))),
    )
    return { pgliteWasmModule: pgliteWasmModule!, initdbWasmModule: initdbWasmModule!, fsBundle: new Blob([readFileSync(path.join(dist, 'pglite.data'))]) }
  })()
  return compiled
}

/** Set by the global setup (test/global-setup.ts) for the worker processes. */
export const PG_TEMPLATE_ENV = 'PORTAL_TEST_PG_TEMPLATE'

export interface TestDbOptions {
  /** Run every migration on an empty database instead of starting from the migrated image (the migration test). */
  fresh?: boolean
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throw-away database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped again by `close`).
 */
export async function openTestDb(opts: TestDbOptions = {}): Promise<DbHandle> {
  const base = process.env.TEST_DATABASE_URL
  if (!base) {
    if (opts.fresh) {
      const h = await openDb()
      await migrateFresh(h)
      return h
    }
    const image = readFileSync(await preparePgliteImage())
    return openDb({ loadDataDir: new Blob([image]), pgliteModules: await pgliteModules() })
  }
  const template = opts.fresh ? undefined : process.env[PG_TEMPLATE_ENV]
  const name = randomName('t')
  await adminQuery(base, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}${await fileCopy(base)}` : ''}`)
  const h = await openDb({ url: dbUrl(base, name), poolSize: 4 })
  if (!template) await migrateFresh(h)
  return {
    ...h,
    close: async () => {
      await h.close()
      await dropDatabase(base, name)
    },
  }
}
