import v8 from 'node:v8'
import path from 'node:path'
import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { sql } from 'drizzle-orm'
import type { Db } from '@portal/db'
import { rowsOf } from '../sql.ts'
import { COLUMNS_SQL } from './sync.ts'
import { COLUMNS as STORE_COLUMNS, Store, type StoreImage } from './store.ts'

/**
 * A snapshot of the in-memory search index on local disk (docs/decisions/028-search-index-snapshot.md): a cache
 * rebuilt from PostgreSQL, so a restart builds the index from a file in seconds and then catches up through the change
 * log from the snapshot's floor, instead of reading every listing again. Anything doubtful (another database, another
 * schema or format, a change log pruned past the floor, an unreadable file) means the full load.
 */

/** Bump when StoreImage or the file layout changes. */
const FORMAT = 2
/** What the stored columns mean: the SELECT, the store's columns and the format. */
export const FINGERPRINT = createHash('sha256').update(`${FORMAT}\n${COLUMNS_SQL}\n${STORE_COLUMNS.join(',')}`).digest('hex').slice(0, 16)
/** The log is pruned after a day (sync.ts); a floor younger than this is surely still covered, with hours to spare. */
const MAX_AGE_MS = 20 * 60 * 60_000

/** Where the change log stood: re-read after `floor` (`floorAt`, epoch ms, when it was reached). */
export interface SnapshotPosition { lastSeq: number; floor: number; floorAt: number }

interface Identity {
  /** The cluster, the database (its oid changes when it is dropped and created again) and the migrations applied. */
  database: string
  /**
   * The newest change-log row the snapshot had applied (at or below lastSeq), as it was (null: none). Gone or
   * different: another database, or a prune went past the snapshot (rows are pruned oldest first).
   */
  anchor: { seq: number; at: string } | null
}

interface SnapshotFile { format: number; fingerprint: string; identity: Identity; position: SnapshotPosition; image: StoreImage }

export const snapshotFile = (dataDir: string) => path.join(dataDir, 'search-index', 'snapshot.bin')

async function one<T>(db: Db, q: ReturnType<typeof sql>): Promise<T | undefined> {
  try { return rowsOf<T>(await db.execute(q))[0] } catch { return undefined }
}

async function identity(db: Db, lastSeq: number): Promise<Identity> {
  const cluster = await one<{ id: string }>(db, sql`select system_identifier::text as id from pg_control_system()`)
  const dbRow = await one<{ name: string; oid: string }>(db, sql`select current_database() as name,
    (select oid::text from pg_database where datname = current_database()) as oid`)
  const migrations = await one<{ n: string; last: string }>(db, sql`select count(*)::text as n, coalesce(max(created_at)::text, '') as last
    from drizzle.__drizzle_migrations`)
  const anchor = await one<{ seq: unknown; at: string }>(db, sql`select seq::float8 as seq, (extract(epoch from at) * 1000000)::bigint::text as at
    from listing_changes where seq <= ${lastSeq} order by seq desc limit 1`)
  return {
    database: [cluster?.id ?? '?', dbRow?.name, dbRow?.oid, migrations?.n, migrations?.last].join('/'),
    anchor: anchor ? { seq: Number(anchor.seq), at: String(anchor.at) } : null,
  }
}

/**
 * Writes the snapshot atomically (a temporary file renamed over the old one). `cut` copies the store and its log
 * position in one synchronous step; the copy is dropped once serialised.
 */
export async function writeSnapshot(db: Db, file: string, cut: () => { position: SnapshotPosition; image: StoreImage }): Promise<{ bytes: number; blockedMs: number }> {
  // The copy and its serialisation run on the event loop (measured in decision 028).
  let t = performance.now()
  let snap: { position: SnapshotPosition; image: StoreImage } | undefined = cut()
  let blockedMs = performance.now() - t
  const id = await identity(db, snap.position.lastSeq)
  t = performance.now()
  let data: Buffer | undefined = v8.serialize({ format: FORMAT, fingerprint: FINGERPRINT, identity: id, ...snap } satisfies SnapshotFile)
  snap = undefined
  blockedMs += performance.now() - t
  const bytes = data.length
  await mkdir(path.dirname(file), { recursive: true })
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`
  try {
    await writeFile(tmp, data)
    data = undefined
    await rename(tmp, file)
  } catch (err) {
    await rm(tmp, { force: true })
    throw err
  }
  return { bytes, blockedMs }
}

/**
 * The store and position of a snapshot that is still good for this database, or why not (`reason`; no file is
 * reason 'none').
 */
export async function readSnapshot(db: Db, file: string): Promise<{ store: Store; position: SnapshotPosition; bytes: number } | { reason: string }> {
  try { await stat(file) } catch { return { reason: 'none' } }
  let snap: SnapshotFile
  let bytes: number
  try {
    const data = await readFile(file)
    bytes = data.length
    snap = v8.deserialize(data) as SnapshotFile
  } catch (err) {
    return { reason: `unreadable (${(err as Error).message})` }
  }
  if (snap?.format !== FORMAT || snap.fingerprint !== FINGERPRINT) return { reason: 'another format or columns' }
  const p = snap.position
  if (![p?.lastSeq, p?.floor, p?.floorAt].every(Number.isFinite) || p.floor > p.lastSeq) return { reason: 'no position' }
  if (Date.now() - p.floorAt > MAX_AGE_MS) return { reason: 'older than the change log surely covers' }
  const now = await identity(db, p.lastSeq)
  if (now.database !== snap.identity?.database) return { reason: 'another database or migrations' }
  if (JSON.stringify(now.anchor) !== JSON.stringify(snap.identity.anchor)) return { reason: 'the change log no longer holds its position' }
  try {
    return { store: Store.fromImage(snap.image), position: p, bytes }
  } catch (err) {
    return { reason: `does not fit (${(err as Error).message})` }
  }
}
