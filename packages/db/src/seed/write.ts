import { once } from 'node:events'
import { inArray, sql } from 'drizzle-orm'
import type { DbHandle } from '../client.ts'
import { listingMeta, listingPhotos, listingPriceHistory, listings, users } from '../schema/index.ts'
import { activePriceHistory, generateHistoryListing, HISTORY_LISTINGS } from './history.ts'
import type { PoolPhoto } from './images.ts'
import { generateListing, type DemoListing, type GenerateContext } from './listings.ts'
import { generateUsers, type UserPool } from './users.ts'

async function rows<T>(handle: DbHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  const res = (await handle.db.execute(query)) as unknown as { rows: T[] }
  return res.rows
}

/** Inserts the demo users that are missing (matched by e-mail) and returns them grouped for the generator. */
export async function ensureDemoUsers(handle: DbHandle, seed: number): Promise<UserPool> {
  const demo = generateUsers(seed)
  const now = new Date()
  const toRow = (u: (typeof demo)[number], agencyId: number | null) => ({
    email: u.email, passwordHash: null, name: u.name, phone: u.phone, nip: u.nip, type: u.type, roles: u.roles,
    address: u.address, newsletter: u.newsletter, companyName: u.companyName, services: u.services, languages: u.languages,
    description: u.description, agencyId, emailVerifiedAt: now,
  })
  const lookup = async () => {
    const found = await handle.db.select({ id: users.id, email: users.email }).from(users)
      .where(inArray(users.email, demo.map((u) => u.email)))
    return new Map(found.map((r) => [r.email.toLowerCase(), r.id]))
  }
  await handle.db.insert(users).values(demo.filter((u) => !u.agencyKey).map((u) => toRow(u, null))).onConflictDoNothing()
  let ids = await lookup()
  const byKey = new Map(demo.map((u) => [u.key, u]))
  const agents = demo.filter((u) => u.agencyKey)
  await handle.db.insert(users).values(agents.map((u) => toRow(u, ids.get(byKey.get(u.agencyKey!)!.email.toLowerCase()) ?? null)))
    .onConflictDoNothing()
  ids = await lookup()
  const id = (u: (typeof demo)[number]) => ids.get(u.email.toLowerCase())!
  return {
    privates: demo.filter((u) => u.type === 'user' && !u.agencyKey).map(id),
    agencies: demo.filter((u) => u.type === 'agency').map((a) => ({
      id: id(a), name: a.name, city: a.city, agents: agents.filter((g) => g.agencyKey === a.key).map(id),
    })),
    developers: demo.filter((u) => u.type === 'developer').map((d) => ({ id: id(d), name: d.name, city: d.city })),
    hotels: demo.filter((u) => u.type === 'hotel').map(id),
  }
}

/** Reserves `count` consecutive listing ids from the serial sequence, so slugs and photo rows can use them up front. */
export async function reserveListingIds(handle: DbHandle, count: number): Promise<number> {
  const [r] = await rows<{ last: number | string }>(handle, sql`
    SELECT setval(pg_get_serial_sequence('listings', 'id'),
      GREATEST(nextval(pg_get_serial_sequence('listings', 'id')), (SELECT COALESCE(MAX(id), 0) + 1 FROM listings)) + ${count - 1}) AS last`)
  return Number(r!.last) - count + 1
}

export async function countListings(handle: DbHandle): Promise<number> {
  const [r] = await rows<{ n: number | string }>(handle, sql`SELECT count(*)::bigint AS n FROM listings WHERE status = 'active'`)
  return Number(r!.n)
}

export interface WriteOptions {
  ctx: GenerateContext
  pool: PoolPhoto[]
  /** Generator index of the first listing (a top-up run continues where the data set ends). */
  startIndex: number
  count: number
  batchSize?: number
  onProgress?: (done: number) => void
}

function listingRow(l: DemoListing) {
  const { photos: _p, plans: _plans, ...row } = l
  return row
}

function photoRows(l: DemoListing, pool: PoolPhoto[]) {
  const row = (kind: 'photo' | 'plan') => (p: number, position: number) => ({
    listingId: l.id, kind, position, storageKey: pool[p]!.key, width: pool[p]!.width, height: pool[p]!.height,
    placeholder: pool[p]!.placeholder, createdAt: l.createdAt,
  })
  return [...l.photos.map(row('photo')), ...l.plans.map(row('plan'))]
}

/** Batched multi-row INSERTs (PGlite, small PostgreSQL runs). Returns the number of photo rows written. */
export async function insertBatched(handle: DbHandle, o: WriteOptions): Promise<number> {
  const batch = o.batchSize ?? 500
  const firstId = await reserveListingIds(handle, o.count)
  let photoCount = 0
  for (let done = 0; done < o.count; done += batch) {
    const n = Math.min(batch, o.count - done)
    const generated = Array.from({ length: n }, (_, k) => generateListing(o.ctx, o.startIndex + done + k, firstId + done + k))
    const photos = generated.flatMap((l) => photoRows(l, o.pool))
    await handle.db.transaction(async (tx) => {
      await tx.insert(listings).values(generated.map(listingRow))
      for (let i = 0; i < photos.length; i += 2000) await tx.insert(listingPhotos).values(photos.slice(i, i + 2000))
      // Their first price and, for some, a cut since (issue 26: the price statistics read the history).
      await tx.insert(listingPriceHistory).values(generated.flatMap((l, k) => activePriceHistory(o.ctx, l, o.startIndex + done + k)))
    })
    photoCount += photos.length
    o.onProgress?.(done + n)
  }
  return photoCount
}

// COPY text format: backslash escapes, \N for NULL.
const esc = (s: string) => s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t')
const val = (v: unknown): string => {
  if (v === null || v === undefined) return '\\N'
  if (typeof v === 'boolean') return v ? 't' : 'f'
  if (typeof v === 'number') return String(v)
  if (v instanceof Date) return v.toISOString()
  if (typeof v === 'string') return esc(v)
  return esc(JSON.stringify(v))
}
const arr = (a: string[]) => esc(`{${a.map((s) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`)

const LISTING_COLUMNS = ['id', 'slug', 'user_id', 'agent_id', 'category_id', 'offer_type', 'ad_type', 'status', 'title', 'description',
  'price', 'area', 'price_per_m2', 'rooms', 'bathrooms', 'floor', 'building_type', 'market', 'condition', 'ownership', 'rental_periods',
  'extras', 'nearby', 'negotiable', 'instalments', 'urgent', 'bargain', 'bills_included', 'attributes', 'lat', 'lon', 'location_name',
  'city', 'city_slug', 'district', 'voivodeship', 'search_text', 'is_promoted', 'promoted_until', 'views', 'created_at', 'updated_at',
  'expires_at', 'advertiser']

function listingLine(l: DemoListing, advertiser: string): string {
  return [
    l.id, l.slug, l.userId, l.agentId, l.categoryId, l.offerType, l.adType, l.status, l.title, l.description, l.price, l.area,
    l.pricePerM2, l.rooms, l.bathrooms, l.floor, l.buildingType, l.market, l.condition, l.ownership,
  ].map(val).join('\t') + '\t' + arr(l.rentalPeriods) + '\t' + arr(l.extras) + '\t' + arr(l.nearby) + '\t' + [
    l.negotiable, l.instalments, l.urgent, l.bargain, l.billsIncluded, l.attributes, l.lat, l.lon, l.locationName, l.city, l.citySlug,
    l.district, l.voivodeship, l.searchText, l.isPromoted, l.promotedUntil, l.views, l.createdAt, l.updatedAt, l.expiresAt,
    advertiser,
  ].map(val).join('\t') + '\n'
}

/**
 * PostgreSQL bulk path: COPY FROM STDIN in chunks. Each chunk's listings are committed on one connection while the
 * previous chunk's photos stream on a second one (photos reference committed listings), so generation, listing
 * ingest and photo ingest overlap.
 */
export async function copyBulk(handle: DbHandle, o: WriteOptions & { chunk?: number; rebuildIndexesFrom?: number }): Promise<number> {
  if (handle.driver !== 'pg') throw new Error('copyBulk needs PostgreSQL')
  const { from } = await import('pg-copy-streams')
  const pool = (handle.db as unknown as { $client: import('pg').Pool }).$client
  const chunk = o.chunk ?? 50_000
  const firstId = await reserveListingIds(handle, o.count)
  const [a, b] = [await pool.connect(), await pool.connect()]
  const placeholders = o.pool.map((p) => val(p.placeholder))
  let photoCount = 0
  let pendingPhotos: Promise<void> = Promise.resolve()
  // A large load drops the secondary indexes of listings and listing_photos and builds them again at the end: ~40
  // covering, GiST and trigram indexes maintained row by row made a 1M seed slow down chunk by chunk (50,000 listings
  // in 18 s at first, over 50 s by the fourth chunk). The constraint indexes (keys, unique slug) stay; the rebuilt
  // ones are the very definitions read from the catalogue, so the schema ends as it began, also when the load fails.
  let dropped: { name: string; def: string }[] = []
  let kinds = new Map<number, string>()
  try {
    // The row triggers are off below, so COPY writes who advertises itself, by the triggers' own rule (migration 0037).
    kinds = new Map((await a.query<{ id: number; kind: string }>('SELECT id, listing_advertiser(id) AS kind FROM users')).rows
      .map((r) => [Number(r.id), r.kind]))
    for (const c of [a, b]) {
      // Session-only knobs for bulk loading: no fsync wait per commit, a large GIN pending list flushed in bulk.
      await c.query("SET synchronous_commit = off; SET work_mem = '256MB'; SET maintenance_work_mem = '512MB'; SET gin_pending_list_limit = '64MB'")
      // Without row triggers (superusers only; otherwise they simply run): seven million rows in listing_changes would
      // only tell running search indexes what a restart tells them anyway (bulk seeding is an offline operation).
      await c.query('SET session_replication_role = replica').catch(() => {})
    }
    if (o.count >= (o.rebuildIndexesFrom ?? 200_000)) {
      const r = await a.query<{ name: string; def: string }>(`
        SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
        FROM pg_index i
        WHERE i.indrelid IN ('listings'::regclass, 'listing_photos'::regclass)
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
        ORDER BY i.indexrelid`)
      await a.query('BEGIN')
      for (const d of r.rows) await a.query(`DROP INDEX ${d.name}`)
      await a.query('COMMIT')
      dropped = r.rows
    }
    const write = async (stream: NodeJS.WritableStream, text: string) => {
      if (!stream.write(text)) await once(stream, 'drain')
    }
    const finish = (stream: NodeJS.WritableStream) => new Promise<void>((resolve, reject) => {
      stream.on('finish', resolve); stream.on('error', reject); stream.end()
    })
    for (let done = 0; done < o.count; done += chunk) {
      const n = Math.min(chunk, o.count - done)
      const photoBuf: string[] = []
      const tA = performance.now()
      await a.query('BEGIN')
      const ls = a.query(from(`COPY listings (${LISTING_COLUMNS.join(',')}) FROM STDIN`))
      let buf = ''
      for (let k = 0; k < n; k++) {
        const l = generateListing(o.ctx, o.startIndex + done + k, firstId + done + k)
        buf += listingLine(l, kinds.get(l.userId) ?? 'private')
        const created = l.createdAt.toISOString()
        const line = (kind: string) => (p: number, position: number) => {
          photoBuf.push(`${l.id}\t${kind}\t${position}\t${o.pool[p]!.key}\t${o.pool[p]!.width}\t${o.pool[p]!.height}\t${placeholders[p]}\t${created}\n`)
        }
        l.photos.forEach(line('photo'))
        l.plans.forEach(line('plan'))
        if (buf.length > 1 << 20) { await write(ls, buf); buf = '' }
      }
      if (buf) await write(ls, buf)
      await finish(ls)
      await a.query('COMMIT')
      const tB = performance.now()
      await pendingPhotos
      if (process.env.SEED_DEBUG) console.error(`\nchunk: listings ${Math.round(tB - tA)} ms, waited photos ${Math.round(performance.now() - tB)} ms`)
      photoCount += photoBuf.length
      pendingPhotos = (async () => {
        const ps = b.query(from('COPY listing_photos (listing_id, kind, position, storage_key, width, height, placeholder, created_at) FROM STDIN'))
        for (let i = 0; i < photoBuf.length; i += 5000) await write(ps, photoBuf.slice(i, i + 5000).join(''))
        await finish(ps)
      })()
      pendingPhotos.catch(() => {}) // awaited (and rethrown) before the next chunk's photos
      o.onProgress?.(done + n)
    }
    await pendingPhotos
    // The triggers were off: listing 0 in the change log tells running search indexes (and their snapshots on disk)
    // that only a full load is right now.
    await a.query('INSERT INTO listing_changes (listing_id) VALUES (0)')
  } catch (e) {
    await a.query('ROLLBACK').catch(() => {})
    throw e
  } finally {
    try {
      if (dropped.length) await rebuildIndexes([a, b], dropped)
    } finally {
      for (const c of [a, b]) await c.query('RESET session_replication_role').catch(() => {})
      a.release(); b.release()
    }
  }
  return photoCount
}

/** Builds the dropped indexes again on both connections at once (two cores). */
async function rebuildIndexes(conns: import('pg').PoolClient[], defs: { name: string; def: string }[]): Promise<void> {
  const queue = [...defs]
  const t = performance.now()
  await Promise.all(conns.map(async (c) => {
    // Two connections already use two cores; parallel workers would only add processes.
    await c.query("SET maintenance_work_mem = '1GB'; SET max_parallel_maintenance_workers = 0")
    for (let d = queue.shift(); d; d = queue.shift()) await c.query(d.def)
  }))
  console.log(`\n  ${defs.length} indexes of listings and listing_photos built again in ${((performance.now() - t) / 1000).toFixed(1)} s`)
}

/** Writes the ended history listings (no photos) with their publication, end and price changes. */
export async function insertHistory(handle: DbHandle, ctx: GenerateContext, count = HISTORY_LISTINGS, batch = 500): Promise<number> {
  const firstId = await reserveListingIds(handle, count)
  for (let done = 0; done < count; done += batch) {
    const n = Math.min(batch, count - done)
    const rows = Array.from({ length: n }, (_, k) => generateHistoryListing(ctx, done + k, firstId + done + k))
    await handle.db.transaction(async (tx) => {
      await tx.insert(listings).values(rows.map((r) => listingRow(r.listing)))
      await tx.insert(listingMeta).values(rows.map((r) => ({ listingId: r.listing.id, publishedAt: r.publishedAt, endedAt: r.endedAt })))
      await tx.insert(listingPriceHistory).values(rows.flatMap((r) => r.prices.map((p) => ({ listingId: r.listing.id, ...p }))))
    })
  }
  return count
}
