/**
 * Saved-search alerts at scale (issue 9): N saved searches against M new listings in a big database — the time to
 * compute every alert (which new listings each search finds, minus what it was already sent) and the peak memory.
 * Figures, not a test; bench/README.md keeps them.
 *
 *   npm run seed -- --listings 1000000 --database-url postgres://postgres@127.0.0.1:5432/bench_alerts
 *   npx tsx bench/alerts.ts --database-url postgres://postgres@127.0.0.1:5432/bench_alerts [--searches 10000] [--new 1000] [--sql]
 *
 * What it does: adds the searches (a realistic mix: transaction and category, a city by name or a 10 km circle,
 * a price cap, rooms, extras, a word) for the seeded users with alerts due, makes M random existing listings into
 * new ones (fresh copies published now), loads the in-memory search index as a running API instance has it,
 * then times computeAlerts() — the job's whole read side — with the index, and with --sql also on the SQL path
 * alone. Everything it added is deleted again at the end.
 */
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { migrate, openDb } from '@portal/db'
import { CITIES } from '@portal/contracts/catalogue'
import { normalizeFilters, savedSearchName } from '@portal/contracts/saved-searches'
import { SearchIndex } from '../apps/api/src/lib/search/index/index.ts'
import { computeAlerts } from '../apps/api/src/lib/saved-searches/alerts.ts'
import { rowsOf } from '../apps/api/src/lib/search/sql.ts'

const { values } = parseArgs({ options: {
  'database-url': { type: 'string' }, searches: { type: 'string', default: '10000' }, new: { type: 'string', default: '1000' },
  sql: { type: 'boolean', default: false }, keep: { type: 'boolean', default: false },
} })
const url = values['database-url'] ?? process.env.DATABASE_URL
if (!url) throw new Error('--database-url postgres://… (a seeded PostgreSQL database of your own) is required')
const SEARCHES = Number(values.searches)
const NEW = Number(values.new)
const TAG = 'bench-alerts'

const handle = await openDb({ url, poolSize: 4 })
await migrate(handle)
const db = handle.db
const q = async <T = Record<string, unknown>>(s: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(s))

// A deterministic mix of searches people save.
let seed = 12345
const rnd = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648 }
const pick = <T>(a: readonly T[]) => a[Math.floor(rnd() * a.length)]!
function randomFilters(): Record<string, string> {
  const f: Record<string, string> = {}
  const r = rnd()
  f.typ = r < 0.6 ? 'sprzedaz' : r < 0.95 ? 'wynajem' : 'zamiana'
  f.kategoria = pick(['mieszkanie', 'mieszkanie', 'mieszkanie', 'dom', 'dzialka', 'lokal-uzytkowy', 'garaz'])
  const city = CITIES[Math.floor(Math.pow(rnd(), 2) * CITIES.length)]!
  if (rnd() < 0.5) f.phrase = city.name
  else { f['lokalizacja[lat]'] = String(city.lat); f['lokalizacja[lon]'] = String(city.lon); f['lokalizacja[nazwa]'] = city.name }
  if (rnd() < 0.7) f['cena[max]'] = String(f.typ === 'wynajem' ? pick([2000, 3000, 4000, 6000]) : pick([400000, 600000, 800000, 1200000]))
  if (rnd() < 0.4) f.pokoje = pick(['2', '2,3', '3,4', '1,2'])
  if (rnd() < 0.15) f['dodatkowe[0]'] = pick(['balkon', 'winda', 'garaz', 'ogrod'])
  if (rnd() < 0.1) f.phrase = `${f.phrase ?? ''} ${pick(['balkon', 'kawalerka', 'ogród'])}`.trim()
  return normalizeFilters(f).filters
}

console.log(`database: ${url.replace(/\/\/[^@/]*@/, '//***@')}`)
const [{ n: total }] = await q<{ n: number }>(sql`select count(*)::int as n from listings where status = 'active'`)
console.log(`active listings: ${Number(total).toLocaleString('en')}`)

// Clean up a previous interrupted run, then add the searches.
await db.execute(sql`delete from saved_searches where name like ${TAG + '%'}`)
await db.execute(sql`delete from listings where slug like ${TAG + '%'}`)
const users = (await q<{ id: number }>(sql`select id from users order by id limit 2000`)).map((r) => r.id)
const t0 = new Date(Date.now() - 60_000)
let t = performance.now()
for (let i = 0; i < SEARCHES; i += 1000) {
  const rows = Array.from({ length: Math.min(1000, SEARCHES - i) }, (_, k) => {
    const filters = randomFilters()
    return sql`(${users[(i + k) % users.length]}, ${`${TAG} ${savedSearchName(normalizeFilters(filters).query)}`.slice(0, 200)}, ${JSON.stringify(filters)}::jsonb,
      0, true, ${`ss_${TAG}_${i + k}`}, ${t0.toISOString()}::timestamptz, ${t0.toISOString()}::timestamptz)`
  })
  await db.execute(sql`insert into saved_searches (user_id, name, filters, period, notification, unsubscribe_token, checked_until, next_alert_at)
    values ${sql.join(rows, sql`, `)}`)
}
console.log(`${SEARCHES.toLocaleString('en')} saved searches added in ${Math.round(performance.now() - t)} ms`)

// New listings: copies of random active ones, published now (as activateListing does: listing_meta.published_at).
t = performance.now()
await db.execute(sql.raw(`
  with src as (select * from listings where status = 'active' and ad_type = 'offer' order by random() limit ${NEW}),
  ins as (
    insert into listings (slug, user_id, category_id, offer_type, ad_type, status, title, description, price, area, price_per_m2, rooms,
      bathrooms, floor, building_type, market, condition, ownership, rental_periods, extras, nearby, negotiable, instalments, urgent,
      bargain, bills_included, attributes, lat, lon, location_name, city, city_slug, district, voivodeship, search_text, expires_at)
    select '${TAG}-' || id || '-' || floor(random() * 1e9)::bigint, user_id, category_id, offer_type, ad_type, 'active', title, description, price,
      area, price_per_m2, rooms, bathrooms, floor, building_type, market, condition, ownership, rental_periods, extras, nearby, negotiable,
      instalments, urgent, bargain, bills_included, attributes, lat, lon, location_name, city, city_slug, district, voivodeship, search_text,
      now() + interval '30 days'
    from src returning id)
  insert into listing_meta (listing_id, published_at) select id, now() - interval '20 seconds' from ins`))
console.log(`${NEW.toLocaleString('en')} new listings published in ${Math.round(performance.now() - t)} ms`)

// The index as a running instance has it (loaded at start, caught up before use).
const index = new SearchIndex(db, { enabled: true })
t = performance.now()
await index.load()
const memLoaded = process.memoryUsage()
console.log(`search index: ${index.size.toLocaleString('en')} listings loaded in ${Math.round(performance.now() - t)} ms; rss ${Math.round(memLoaded.rss / 1e6)} MB, heap ${Math.round(memLoaded.heapUsed / 1e6)} MB`)

async function measure(label: string, useIndex: boolean) {
  let peakRss = process.memoryUsage().rss
  let peakHeap = process.memoryUsage().heapUsed
  const sampler = setInterval(() => {
    const m = process.memoryUsage()
    peakRss = Math.max(peakRss, m.rss)
    peakHeap = Math.max(peakHeap, m.heapUsed)
  }, 20)
  const started = performance.now()
  const { due, alerts, candidates } = await computeAlerts(db, useIndex ? index : undefined, new Date())
  const ms = performance.now() - started
  clearInterval(sampler)
  const m = process.memoryUsage()
  peakRss = Math.max(peakRss, m.rss)
  peakHeap = Math.max(peakHeap, m.heapUsed)
  const matches = alerts.reduce((n, a) => n + a.listingIds.length, 0)
  console.log(`${label}: ${due.length.toLocaleString('en')} due searches × ${candidates.toLocaleString('en')} new listings → `
    + `${alerts.length.toLocaleString('en')} alerts, ${matches.toLocaleString('en')} matches in ${(ms / 1000).toFixed(2)} s; `
    + `peak rss ${Math.round(peakRss / 1e6)} MB, peak heap ${Math.round(peakHeap / 1e6)} MB`)
  return { ms, alerts: alerts.length, matches }
}

const a = await measure('with the in-memory index', true)
if (values.sql) {
  const b = await measure('SQL path only (index off)', false)
  console.log(`same alerts both ways: ${a.alerts === b.alerts && a.matches === b.matches}`)
}

if (!values.keep) {
  await db.execute(sql`delete from saved_searches where name like ${TAG + '%'}`)
  await db.execute(sql`delete from listings where slug like ${TAG + '%'}`)
}
await handle.close()
