/**
 * One property, many ads at scale (issue 13): the cost of grouping one new listing (candidate query over the GiST
 * index of live pins, their photo hashes, the comparison, the group write) on a database of N listings.
 *
 *   psql -h 127.0.0.1 -U postgres -c 'CREATE DATABASE bench_dupes'
 *   npx tsx bench/duplicates.ts --database-url postgres://postgres@127.0.0.1:5432/bench_dupes --listings 1000000
 *
 * The database is migrated and topped up to --listings synthetic active listings (one owner, 3 photos each with
 * random 64-bit hashes, pins around the 30 catalogue cities, areas 20–150 m²), written with set-based INSERTs and
 * row triggers off. Then --runs new listings are timed: half copy a random existing listing's category, pin
 * (moved up to 40 m), area (±2 %) and one photo hash with 3 bits flipped (must be grouped with it), half get fresh
 * random hashes (must find nothing).
 */
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { listingPhotos, listings, migrate, openDb, syncCatalogue, users } from '@portal/db'
import { CITIES } from '@portal/contracts/catalogue'
import { groupListing } from '../apps/api/src/lib/duplicates/groups.ts'

const { values } = parseArgs({ options: {
  'database-url': { type: 'string' }, listings: { type: 'string', default: '1000000' }, runs: { type: 'string', default: '400' },
} })
if (!values['database-url']) throw new Error('--database-url is required (a throw-away PostgreSQL database)')
const db = await openDb({ url: values['database-url'] })
await migrate(db)
await syncCatalogue(db.db)
type Rows = Array<Record<string, unknown>>
const rows = (r: unknown): Rows => ((r as { rows?: Rows }).rows ?? (r as Rows))
const count = async () => Number(rows(await db.db.execute(sql`select count(*)::int as n from listings`))[0]!.n)

const target = Number(values.listings)
const [owner] = await db.db.insert(users).values({ email: 'bench.dupes@example.com', name: 'Bench' }).onConflictDoUpdate({ target: users.email, set: { name: 'Bench' } }).returning({ id: users.id })
const cities = sql.raw(`(values ${CITIES.slice(0, 30).map((c, i) => `(${i}, ${c.lat}, ${c.lon}, '${c.slug}', '${c.name.replace(/'/g, "''")}')`).join(', ')}) as c(i, lat, lon, slug, name)`)
let have = await count()
const t0 = performance.now()
while (have < target) {
  const n = Math.min(100_000, target - have)
  await db.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`)
    await tx.execute(sql`insert into listings (slug, user_id, category_id, offer_type, status, title, description, price, area, lat, lon,
        location_name, city, city_slug, expires_at, created_at)
      select 'bench-dupes-' || (${have} + g), ${owner!.id}, (array[1, 9, 21, 41])[1 + (g % 4)], 'sell', 'active', 'Bench', 'Bench',
        (20 + random() * 200)::bigint * 10000000, round((20 + random() * 130)::numeric, 1),
        c.lat + (random() - 0.5) * 0.12, c.lon + (random() - 0.5) * 0.2, c.name, c.name, c.slug, now() + interval '30 days',
        now() - random() * interval '60 days'
      from generate_series(1, ${n}) g join ${cities} on c.i = g % 30`)
    await tx.execute(sql`insert into listing_photos (listing_id, kind, position, storage_key, width, height, phashes)
      select l.id, 'photo', p, 'bench/' || l.id || '/' || p, 1600, 1067,
        array[(random() * 9.2e18 - 4.6e18)::bigint, (random() * 9.2e18 - 4.6e18)::bigint, (random() * 9.2e18 - 4.6e18)::bigint]
      from listings l cross join generate_series(0, 2) p
      where l.slug like 'bench-dupes-%' and l.id > (select coalesce(max(listing_id), 0) from listing_photos where storage_key like 'bench/%')`)
  })
  have += n
  console.log(`${have.toLocaleString('en')} listings (${Math.round((performance.now() - t0) / 1000)} s)`)
}
await db.db.execute(sql`analyze listings`)
await db.db.execute(sql`analyze listing_photos`)
console.log(`database: ${(await count()).toLocaleString('en')} listings`)

const runs = Number(values.runs)
const flip = (h: bigint) => BigInt.asIntN(64, h ^ 0b1011n)
const times = { match: [] as number[], none: [] as number[] }
let grouped = 0, wrong = 0
for (let i = 0; i < runs; i++) {
  const [src] = rows(await db.db.execute(sql`select l.id, l.category_id, l.lat, l.lon, l.area::float8 as area, l.city, l.city_slug,
      (select phashes from listing_photos p where p.listing_id = l.id and p.phashes is not null limit 1) as h
    from listings l where l.id >= (select (random() * max(id))::bigint from listings) and l.slug like 'bench-dupes-%' order by l.id limit 1`))
  if (!src) continue
  const match = i % 2 === 0
  const [row] = await db.db.insert(listings).values({
    slug: `bench-new-${Date.now()}-${i}`, userId: owner!.id, categoryId: Number(src.category_id), offerType: 'sell', status: 'active',
    title: 'Nowe', description: 'Nowe', price: 50_000_000, area: Number(src.area) * (match ? 1.02 : 1),
    lat: Number(src.lat) + (match ? 0.0003 : 0), lon: Number(src.lon) + (match ? 0.0003 : 0), locationName: String(src.city),
    city: String(src.city), citySlug: String(src.city_slug), expiresAt: new Date(Date.now() + 30 * 86_400_000),
  }).returning({ id: listings.id })
  const srcHashes = (src.h as Array<string | bigint>).map((x) => BigInt(x))
  const hashes = match ? srcHashes.map(flip) : srcHashes.map(() => BigInt.asIntN(64, BigInt(Math.floor(Math.random() * 2 ** 52)) << 12n))
  await db.db.insert(listingPhotos).values({ listingId: row!.id, storageKey: `bench-new/${row!.id}`, width: 1600, height: 1067, phashes: hashes })
  const t = performance.now()
  const group = await groupListing(db, row!.id)
  const ms = performance.now() - t
  times[match ? 'match' : 'none'].push(ms)
  if (match && group) grouped++
  if (!match && group) wrong++
  await db.db.execute(sql`delete from listings where id = ${row!.id}`)
}
await db.db.execute(sql`delete from property_groups where not exists (select 1 from listing_property p where p.group_id = property_groups.id)`)
const pct = (a: number[], p: number) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(a.length * p))] ?? 0
const fmt = (a: number[]) => `mean ${(a.reduce((s, x) => s + x, 0) / a.length).toFixed(1)} ms, p50 ${pct(a, 0.5).toFixed(1)} ms, p95 ${pct(a, 0.95).toFixed(1)} ms, max ${Math.max(...a).toFixed(1)} ms`
console.log(`new listing with a copy of an existing ad's photo (${times.match.length}): ${fmt(times.match)}; grouped ${grouped}/${times.match.length}`)
console.log(`new listing with new photos (${times.none.length}): ${fmt(times.none)}; wrongly grouped ${wrong}`)
await db.close()
