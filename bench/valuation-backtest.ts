/**
 * Valuation backtest (issue 26, decision 066): values held-out flats, each without itself, and compares the result
 * with its asking price beside a naive baseline (the city's median price per m² × area) in the same run.
 *
 *   psql -h 127.0.0.1 -U postgres -c 'CREATE DATABASE valuation'
 *   npm run seed -- --database-url postgres://postgres@127.0.0.1:5432/valuation --listings 120000
 *   npm run bench:valuation -- --database-url postgres://postgres@127.0.0.1:5432/valuation
 *
 * The database is migrated; when it has no ended flats, --history ended flats with 24 months of prices are added
 * (the demo generator's history, packages/db/src/seed/history.ts); the price statistics are computed; then
 * --sell sale flats and --rent rental flats (active, with a district) are held out in a fixed pseudo-random order.
 */
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { migrate, openDb, rowsOf, syncCatalogue } from '@portal/db'
import { districtSlug } from '@portal/contracts/prices'
import { ensureDemoUsers, insertHistory } from '../packages/db/src/seed/write.ts'
import { runPriceStats } from '../apps/api/src/lib/prices/stats.ts'
import { floorNumber, valuation } from '../apps/api/src/lib/prices/valuation.ts'

const { values } = parseArgs({ options: {
  'database-url': { type: 'string' }, sell: { type: 'string', default: '2000' }, rent: { type: 'string', default: '1000' },
  history: { type: 'string', default: '30000' },
} })
if (!values['database-url']) throw new Error('--database-url is required (a PostgreSQL database seeded with npm run seed)')
const db = await openDb({ url: values['database-url'] })
await migrate(db)
await syncCatalogue(db.db)

const one = async (q: ReturnType<typeof sql>) => rowsOf(await db.db.execute(q))[0]!
const total = Number((await one(sql`select count(*)::int as n from listings`)).n)
let ended = Number((await one(sql`select count(*)::int as n from listings where status = 'ended' and category_id = 1`)).n)
if (ended === 0) {
  const t = performance.now()
  const users = await ensureDemoUsers(db, 1)
  ended = await insertHistory(db, { seed: 1, users, now: Date.now() }, Number(values.history))
  await db.exec('VACUUM (ANALYZE) listings')
  console.log(`history: +${ended} ended flats in ${((performance.now() - t) / 1000).toFixed(1)} s`)
}
const stats = await runPriceStats(db)
console.log(`database: ${total.toLocaleString('en')} listings (${ended.toLocaleString('en')} ended flats); price statistics: ${stats.groups} groups from ${stats.listings} listings in ${stats.ms} ms`)

interface Row { id: number; offer_type: 'sell' | 'rent'; city_slug: string; district: string; area: number; rooms: number | null; floor: string | null; condition: string | null; market: string | null; year: string | null; price: number }
const sample = async (offerType: string, n: number) => rowsOf(await db.db.execute(sql`
  select l.id, l.offer_type, l.city_slug, l.district, l.area::float8 as area, l.rooms, l.floor, l.condition, l.market, l.price,
    (select a->>'value' from jsonb_array_elements(l.attributes) a where a->>'id' = '18' limit 1) as year
  from listings l
  where l.status = 'active' and l.category_id = 1 and l.ad_type = 'offer' and l.offer_type = ${offerType}
    and l.price > 0 and l.area between 10 and 500 and l.district is not null
  order by md5(l.id::text) limit ${n}`)) as unknown as Row[]

const median = (a: number[]) => { const s = [...a].sort((x, y) => x - y); const m = s.length >> 1; return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2 }
const pct = (a: number[], q: number) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(q * a.length))]!

async function backtest(offerType: 'sell' | 'rent', n: number) {
  const held = await sample(offerType, n)
  const city = rowsOf(await db.db.execute(sql`select city_slug, median from price_stats
    where category_id = 1 and offer_type = ${offerType} and district = '' and rooms = 0
      and month = (select last_month from price_stats_runs order by id desc limit 1)`))
  const cityMedian = new Map(city.map((r) => [String(r.city_slug), Number(r.median)]))
  const errV: number[] = [], errB: number[] = [], ms: number[] = []
  let none = 0
  for (const h of held) {
    const y = h.year ? Number(h.year) : undefined
    const t = performance.now()
    const v = await valuation(db, {
      offer_type: offerType, city: h.city_slug, district: districtSlug(h.district), area: Number(h.area),
      rooms: Math.min(10, Math.max(1, Number(h.rooms ?? 1))), floor: floorNumber(h.floor) ?? undefined,
      year_built: y && y >= 1800 ? y : undefined, condition: h.condition ?? undefined, market: (h.market ?? undefined) as 'wtorny' | 'pierwotny' | undefined,
    }, { excludeId: Number(h.id) })
    ms.push(performance.now() - t)
    const price = Number(h.price)
    const base = cityMedian.get(h.city_slug)
    if (!v?.estimate || !base) { none++; continue }
    errV.push(Math.abs(v.estimate.value / price - 1))
    errB.push(Math.abs((base * Number(h.area)) / price - 1))
  }
  const within = (e: number[]) => `${((e.filter((x) => x <= 0.1).length / e.length) * 100).toFixed(1)} %`
  const mdape = (e: number[]) => `${(median(e) * 100).toFixed(1)} %`
  console.log(`\n${offerType === 'sell' ? 'Sale' : 'Rent'}: ${held.length} held out, ${errV.length} valued (${none} without an estimate)`)
  console.log(`  valuation: median abs. % error ${mdape(errV)}, within ±10 % ${within(errV)}`)
  console.log(`  baseline (city median per m² × area): median abs. % error ${mdape(errB)}, within ±10 % ${within(errB)}`)
  console.log(`  valuation time (one at a time): p50 ${pct(ms, 0.5).toFixed(1)} ms, p95 ${pct(ms, 0.95).toFixed(1)} ms, max ${Math.max(...ms).toFixed(1)} ms`)
}

await backtest('sell', Number(values.sell))
await backtest('rent', Number(values.rent))
await db.close()
