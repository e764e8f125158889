import path from 'node:path'
import { createHash } from 'node:crypto'
import { mkdir, open, readFile, rename, rm, stat, type FileHandle } from 'node:fs/promises'
import { sql } from 'drizzle-orm'
import type { Db } from '@portal/db'
import { rowsOf } from '../sql.ts'
import { COLUMNS_SQL } from './sync.ts'
import { COLUMNS as STORE_COLUMNS, Store, lengthBelow, type FrozenStore, type ListsImage, type SlotList, type StoreImage } from './store.ts'

/**
 * A snapshot of the in-memory search index on local disk (docs/decisions/028-search-index-snapshot.md): a cache
 * rebuilt from PostgreSQL, so a restart builds the index from a file in seconds and then catches up through the change
 * log from the snapshot's floor, instead of reading every listing again. Anything doubtful (another database, another
 * schema or format, a change log pruned past the floor, an unreadable file) means the full load.
 */

/** Bump when StoreImage or the file layout changes. 3: raw arrays and a JSON footer instead of v8.serialize (issue 30). */
const FORMAT = 3
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

/**
 * The file: MAGIC, then every array of the StoreImage as raw bytes (each at a multiple of 8, little-endian as the
 * machine's typed arrays), then the head as JSON (what is not an array, and where each array is), its byte length
 * (uint32) and MAGIC again. Written array by array from the live store (Store.frozen), yielding to the event loop
 * every few milliseconds, instead of one synchronous copy and v8.serialize of ~320 MB at 1M (decision 028's ~1 s).
 */
export interface SnapshotHead {
  format: number
  fingerprint: string
  identity: Identity
  position: SnapshotPosition
  size: number
  dicts: StoreImage['dicts']
  bits: StoreImage['bits']
  sections: Record<string, Section>
}
interface Section { kind: Kind; offset: number; length: number }
const MAGIC = Buffer.from('PIXSNAP3')
const ARRAYS = { f64: Float64Array, i32: Int32Array, i16: Int16Array, u8: Uint8Array, u16: Uint16Array, u32: Uint32Array } as const
type Kind = keyof typeof ARRAYS | 'utf8'
type View = Float64Array | Int32Array | Int16Array | Uint8Array | Uint16Array | Uint32Array
const kindOf = (a: View): Kind => (Object.keys(ARRAYS) as (keyof typeof ARRAYS)[]).find((k) => a instanceof ARRAYS[k])!
/** Writes started by this process: part of the temporary file's name (two may start in one millisecond). */
let writes = 0
/** Longest stretch of work between two yields to the event loop while writing (decision 104). */
const SLICE_MS = 8
const STAGE_BYTES = 1 << 20
const DIRECT_BYTES = 256 << 10
/** How many strings, list slices or list entries between two looks at the clock. */
const CHECK_EVERY = 256

/** How a write shares the event loop (tests make it yield at every piece). */
export interface WriteOptions { sliceMs?: number }

/**
 * Writes sections to a file, small pieces through a staging buffer; yields to the event loop (setImmediate) whenever
 * it has held it for `sliceMs`. Large pieces go to the file as they are (the write runs on libuv's threads).
 */
class Sink {
  private stage = Buffer.allocUnsafe(STAGE_BYTES)
  private fill = 0
  private written = 0
  private since = performance.now()
  private checks = 0
  readonly sections: Record<string, Section> = {}
  /** Time spent on the event loop in all, the longest single stretch, and how many times it was given back. */
  busyMs = 0
  longestMs = 0
  yields = 0
  constructor(private readonly fh: FileHandle, private readonly sliceMs = SLICE_MS) {}
  get offset() { return this.written + this.fill }

  private stretch() {
    const t = performance.now() - this.since
    this.busyMs += t
    this.longestMs = Math.max(this.longestMs, t)
  }

  /** Lets the event loop run when this stretch has been long enough. */
  async pause() {
    if (performance.now() - this.since < this.sliceMs) return
    this.stretch()
    this.yields++
    await new Promise((r) => setImmediate(r))
    this.since = performance.now()
  }

  /** pause(), but only every CHECK_EVERY calls (for loops over many small things). */
  async tick() {
    if (++this.checks % CHECK_EVERY === 0 || this.sliceMs === 0) await this.pause()
  }

  private async out(b: Uint8Array) {
    this.stretch()
    this.yields++ // awaiting the file gives the event loop back too
    for (let at = 0; at < b.length;) {
      const { bytesWritten } = await this.fh.write(b, at, Math.min(b.length - at, 4 << 20), this.written)
      at += bytesWritten
      this.written += bytesWritten
    }
    this.since = performance.now()
  }

  async flush() {
    if (!this.fill) return
    const n = this.fill
    this.fill = 0
    await this.out(this.stage.subarray(0, n))
    // The staging buffer is reused at once: out() has finished with it.
  }

  async bytes(b: Uint8Array) {
    if (b.length >= DIRECT_BYTES) { await this.flush(); await this.out(b); return }
    if (this.fill + b.length > this.stage.length) await this.flush()
    this.stage.set(b, this.fill)
    this.fill += b.length
    await this.tick()
  }

  private async align() {
    const pad = (8 - (this.offset % 8)) % 8
    if (pad) await this.bytes(new Uint8Array(pad))
  }

  /** One section of typed arrays of one kind, from its pieces (taken one at a time: an iterator may read the store). */
  async section(name: string, kind: Exclude<Kind, 'utf8'>, pieces: Iterable<View>) {
    await this.align()
    const offset = this.offset
    let length = 0
    for (const p of pieces) {
      length += p.length
      await this.bytes(new Uint8Array(p.buffer, p.byteOffset, p.byteLength))
    }
    this.sections[name] = { kind, offset, length }
  }

  /**
   * One section of strings joined by newlines, each encoded straight into the staging buffer: no joined string or
   * Buffer per piece (at 1M slugs those were tens of ms of work and garbage at a time).
   */
  async text(name: string, values: readonly string[]) {
    await this.align()
    const offset = this.offset
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!
      if (v.length * 3 + 1 > this.stage.length) { await this.bytes(Buffer.from(i ? `\n${v}` : v, 'utf8')); continue }
      if (this.fill + v.length * 3 + 1 > this.stage.length) await this.flush()
      if (i) this.stage[this.fill++] = 10
      this.fill += this.stage.write(v, this.fill, 'utf8')
      await this.tick()
    }
    this.sections[name] = { kind: 'utf8', offset, length: this.offset - offset }
  }
}

/** A column or a long list in pieces of 1M elements. */
function* slices(a: View): Generator<View> {
  for (let i = 0; i < a.length; i += 1 << 20) yield a.subarray(i, i + (1 << 20))
}

/** A family of candidate lists (ListsImage), each cut to the slots below `size`. */
async function writeLists(sink: Sink, name: string, family: Iterable<[number, number, SlotList]>, size: number) {
  // One pass over the family (it may gain lists while this runs: those hold only slots from `size` up, lengthBelow 0).
  const lists: SlotList[] = [], keys: number[] = [], outer: number[] = [], lens: number[] = []
  const sorted: number[] = [], promotedLens: number[] = [], ppm2Valid: number[] = [], areaValid: number[] = []
  for (const [o, k, l] of family) {
    const n = lengthBelow(l, size)
    if (n > 0) {
      lists.push(l); keys.push(k); outer.push(o); lens.push(n)
      // Orders, once built, are replaced whole, never changed in place; their slots are all below `size`.
      const lo = l.orders
      sorted.push(lo ? l.sortedLength : -1)
      promotedLens.push(lo ? lo.promoted.length : 0); ppm2Valid.push(lo ? lo.ppm2Valid : 0); areaValid.push(lo ? lo.areaValid : 0)
    }
    await sink.tick()
  }
  const orders = lists.map((l) => l.orders)
  await sink.section(`${name}.keys`, 'f64', [Float64Array.from(keys)])
  await sink.section(`${name}.outer`, 'f64', [Float64Array.from(outer)])
  await sink.section(`${name}.lens`, 'i32', [Int32Array.from(lens)])
  await sink.section(`${name}.sorted`, 'i32', [Int32Array.from(sorted)])
  await sink.section(`${name}.items`, 'i32', (function* () { for (let i = 0; i < lists.length; i++) yield lists[i]!.items.subarray(0, lens[i]) })())
  for (const k of ['created', 'price', 'ppm2', 'area', 'promoted'] as const) {
    await sink.section(`${name}.orders.${k}`, 'i32', (function* () { for (const o of orders) if (o) yield o[k] })())
  }
  await sink.section(`${name}.orders.promotedLens`, 'i32', [Int32Array.from(promotedLens)])
  await sink.section(`${name}.orders.ppm2Valid`, 'i32', [Int32Array.from(ppm2Valid)])
  await sink.section(`${name}.orders.areaValid`, 'i32', [Int32Array.from(areaValid)])
}

/** Writes a frozen store as sections. */
async function writeStore(sink: Sink, st: FrozenStore) {
  for (const k of STORE_COLUMNS) await sink.section(`columns.${k}`, kindOf(st.columns[k]) as Exclude<Kind, 'utf8'>, slices(st.columns[k]))
  await sink.text('slugs', st.slugs)
  await sink.text('tokens', st.words.tokens)
  const t = st.words.postings.length
  const offsets = new Int32Array(t + 1), lens = new Int32Array(t)
  for (let i = 0; i < t; i++) {
    lens[i] = lengthBelow(st.words.postings[i]!, st.size)
    offsets[i + 1] = offsets[i]! + lens[i]!
    await sink.tick()
  }
  await sink.section('offsets', 'i32', [offsets])
  const postings = st.words.postings
  await sink.section('postings', 'i32', (function* () { for (let i = 0; i < t; i++) yield postings[i]!.items.subarray(0, lens[i]) })())
  for (const k of Object.keys(st.lists) as (keyof FrozenStore['lists'])[]) await writeLists(sink, `lists.${k}`, st.lists[k], st.size)
}

/** The head of a snapshot file (tests rewrite it). */
export function snapshotHead(data: Buffer): SnapshotHead {
  const n = data.length
  if (n < 20 || !data.subarray(0, 8).equals(MAGIC) || !data.subarray(n - 8).equals(MAGIC)) throw new Error('not a snapshot file')
  const len = data.readUInt32LE(n - 12)
  if (len > n - 20) throw new Error('no head')
  return JSON.parse(data.toString('utf8', n - 12 - len, n - 12)) as SnapshotHead
}

/** The file with another head (tests). */
export function withSnapshotHead(data: Buffer, head: SnapshotHead): Buffer {
  const n = data.length
  const len = data.readUInt32LE(n - 12)
  const json = Buffer.from(JSON.stringify(head))
  const tail = Buffer.alloc(4)
  tail.writeUInt32LE(json.length)
  return Buffer.concat([data.subarray(0, n - 12 - len), json, tail, MAGIC])
}

/** The StoreImage of a file's bytes: views into them (no copy when aligned). */
function imageOf(data: Buffer, head: SnapshotHead): StoreImage {
  const buf = data.byteOffset % 8 ? Buffer.from(data) : data
  const body = buf.length - 12 - buf.readUInt32LE(buf.length - 12)
  const get = (name: string): View | string => {
    const s = head.sections?.[name]
    if (!s) throw new Error(`no ${name}`)
    const bytes = s.kind === 'utf8' ? s.length : s.length * ARRAYS[s.kind].BYTES_PER_ELEMENT
    if (!(s.offset >= 8 && s.offset + bytes <= body && s.offset % 8 === 0)) throw new Error(`${name} out of range`)
    return s.kind === 'utf8' ? buf.toString('utf8', s.offset, s.offset + s.length) : new ARRAYS[s.kind](buf.buffer as ArrayBuffer, buf.byteOffset + s.offset, s.length)
  }
  const i32 = (name: string) => { const v = get(name); if (!(v instanceof Int32Array)) throw new Error(`${name} is not int32`); return v }
  const f64 = (name: string) => { const v = get(name); if (!(v instanceof Float64Array)) throw new Error(`${name} is not float64`); return v }
  const str = (name: string) => { const v = get(name); if (typeof v !== 'string') throw new Error(`${name} is not text`); return v }
  const lists = (f: string): ListsImage => ({
    keys: f64(`${f}.keys`), outer: f64(`${f}.outer`), lens: i32(`${f}.lens`), sorted: i32(`${f}.sorted`), items: i32(`${f}.items`),
    orders: {
      created: i32(`${f}.orders.created`), price: i32(`${f}.orders.price`), ppm2: i32(`${f}.orders.ppm2`), area: i32(`${f}.orders.area`),
      promoted: i32(`${f}.orders.promoted`), promotedLens: i32(`${f}.orders.promotedLens`), ppm2Valid: i32(`${f}.orders.ppm2Valid`),
      areaValid: i32(`${f}.orders.areaValid`),
    },
  })
  const columns = {} as StoreImage['columns']
  for (const k of STORE_COLUMNS) { const v = get(`columns.${k}`); if (typeof v === 'string') throw new Error(`columns.${k} is text`); columns[k] = v }
  return {
    size: head.size, columns, slugs: str('slugs'), dicts: head.dicts, bits: head.bits,
    lists: {
      buckets: lists('lists.buckets'), cells: lists('lists.cells'), cities: lists('lists.cities'), districts: lists('lists.districts'),
      bucketCells: lists('lists.bucketCells'), users: lists('lists.users'),
    },
    tokens: str('tokens'), offsets: i32('offsets'), postings: i32('postings'),
  }
}

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
 * Writes the snapshot atomically (a temporary file renamed over the old one). `cut` takes the store (Store.frozen)
 * and its log position in one synchronous step; the arrays are then written from the live store piece by piece.
 */
export async function writeSnapshot(db: Db, file: string, cut: () => { position: SnapshotPosition; store: FrozenStore }, opts: WriteOptions = {}):
  Promise<{ bytes: number; blockedMs: number; longestMs: number; cutMs: number; yields: number }> {
  const t = performance.now()
  const { position, store } = cut()
  const cutMs = performance.now() - t
  const id = await identity(db, position.lastSeq)
  await mkdir(path.dirname(file), { recursive: true })
  const tmp = `${file}.${process.pid}.${Date.now()}.${++writes}.tmp`
  const fh = await open(tmp, 'w')
  try {
    const sink = new Sink(fh, opts.sliceMs)
    await sink.bytes(MAGIC)
    await writeStore(sink, store)
    const head: SnapshotHead = { format: FORMAT, fingerprint: FINGERPRINT, identity: id, position, size: store.size, dicts: store.dicts,
      bits: store.bits, sections: sink.sections }
    const json = Buffer.from(JSON.stringify(head))
    const tail = Buffer.alloc(4)
    tail.writeUInt32LE(json.length)
    await sink.bytes(json)
    await sink.bytes(tail)
    await sink.bytes(MAGIC)
    await sink.flush()
    const bytes = sink.offset
    await fh.close()
    await rename(tmp, file)
    return { bytes, blockedMs: cutMs + sink.busyMs, longestMs: Math.max(cutMs, sink.longestMs), cutMs, yields: sink.yields }
  } catch (err) {
    await fh.close().catch(() => {})
    await rm(tmp, { force: true })
    throw err
  }
}

/**
 * The store and position of a snapshot that is still good for this database, or why not (`reason`; no file is
 * reason 'none').
 */
export async function readSnapshot(db: Db, file: string): Promise<{ store: Store; position: SnapshotPosition; bytes: number } | { reason: string }> {
  try { await stat(file) } catch { return { reason: 'none' } }
  let snap: SnapshotHead
  let data: Buffer
  try {
    data = await readFile(file)
    snap = snapshotHead(data)
  } catch (err) {
    return { reason: `unreadable (${(err as Error).message})` }
  }
  const bytes = data.length
  if (snap?.format !== FORMAT || snap.fingerprint !== FINGERPRINT) return { reason: 'another format or columns' }
  const p = snap.position
  if (![p?.lastSeq, p?.floor, p?.floorAt].every(Number.isFinite) || p.floor > p.lastSeq) return { reason: 'no position' }
  if (Date.now() - p.floorAt > MAX_AGE_MS) return { reason: 'older than the change log surely covers' }
  const now = await identity(db, p.lastSeq)
  if (now.database !== snap.identity?.database) return { reason: 'another database or migrations' }
  if (JSON.stringify(now.anchor) !== JSON.stringify(snap.identity.anchor)) return { reason: 'the change log no longer holds its position' }
  try {
    return { store: Store.fromImage(imageOf(data, snap)), position: p, bytes }
  } catch (err) {
    return { reason: `does not fit (${(err as Error).message})` }
  }
}
