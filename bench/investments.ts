/**
 * Investments at scale (issue 27, decision 074), in process on PostgreSQL: a developer and an investment, then
 *  - the import of a --rows-row CSV (1,000): the dry run, then the real run with its report, the same file again,
 *    the file with every price changed (each unit updated, a price recorded);
 *  - the daily price-disclosure file of --file-units units (10,000) of that developer;
 *  - the public investment API the page loads (GET /api/investments/{slug} and …/viewings) with --page-units units
 *    (500): --requests sequential requests each, p50/p95 (every one answered from the database: no page cache).
 *
 *   npx tsx bench/investments.ts [--database-url postgres://…/<throw-away db>] [--rows 1000] [--file-units 10000]
 *
 * Without --database-url (or DATABASE_URL) it creates a fresh database on postgres://postgres@127.0.0.1:5432 and
 * drops it at the end. The units beyond the imported ones are copies of an imported unit made in SQL, so the set-up
 * costs the same on any version of the import code (the bench compares before and after on one machine).
 */
import os from 'node:os'
import path from 'node:path'
import { mkdtempSync, rmSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { openDb, users, type DbHandle } from '@portal/db'
import { openTestDb } from '@portal/db/testing'
import { IMPORT_COLUMNS } from '@portal/contracts/investments'
import { buildApp } from '../apps/api/src/app.ts'
import { parseEnv } from '../apps/api/src/env.ts'
import { createInvestment } from '../apps/api/src/lib/investments/investments.ts'
import { importUnits } from '../apps/api/src/lib/investments/import.ts'
import { buildCsv } from '../apps/api/src/lib/investments/disclosure.ts'

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' }, rows: { type: 'string', default: '1000' }, 'file-units': { type: 'string', default: '10000' },
    'page-units': { type: 'string', default: '500' }, requests: { type: 'string', default: '100' },
  },
})
const ROWS = Number(values.rows)
const FILE_UNITS = Number(values['file-units'])
const PAGE_UNITS = Number(values['page-units'])
const REQUESTS = Number(values.requests)
const url = values['database-url'] ?? process.env.DATABASE_URL
if (!url) process.env.TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres'
const db: DbHandle = url ? await openDb({ url }) : await openTestDb({ fresh: true })

const secs = (t0: number) => ((performance.now() - t0) / 1000).toFixed(2)
const place = { lat: 52.2297, lon: 20.9849, name: 'Wola, Warszawa' }
const address = { street: 'Zielona', number: '5', zip: '01-234', county: 'Warszawa', commune: 'Warszawa' }
const [dev] = await db.db.insert(users).values({
  email: `bench.inv.${Date.now()}@example.com`, name: 'Bench', type: 'developer', companyName: 'Bench Deweloper S.A.',
  roles: ['user', 'company'], emailVerifiedAt: new Date(),
}).returning()
const investment = (name: string) => createInvestment(db, dev!.id, {
  name, description: 'Osiedle do pomiarów.', location: place, address, status: 'w-budowie', completion_date: '2027-06-30',
  buildings: ['A', 'B', 'C', 'D'], amenities: [],
})

/** A units file as Excel writes it: ';' between cells, CRLF, Polish letters in UTF-8. */
function unitsCsv(n: number, raise = 0): Buffer {
  const header = IMPORT_COLUMNS.map((c) => c.header)
  const cell: Record<string, (i: number) => string> = {
    budynek: (i) => 'ABCD'[i % 4]!, numerlokalu: (i) => String(i + 1), pietro: (i) => (i % 11 ? String(i % 11) : 'parter'),
    powierzchnia: (i) => `${30 + (i % 90)},${i % 10}`, pokoje: (i) => String(1 + (i % 5)), cena: (i) => `${350_000 + i * 1000 + raise} zł`,
    status: (i) => (i % 10 === 9 ? 'zarezerwowane' : 'dostępne'), balkon: (i) => (i % 2 ? 'tak' : ''),
    miejscepostojowe: (i) => (i % 3 ? '' : '35 000'), komorkalokatorska: (i) => (i % 4 ? '' : '12 000'),
  }
  const lines = [header.join(';')]
  for (let i = 0; i < n; i++) lines.push(IMPORT_COLUMNS.map((c) => cell[c.key]?.(i) ?? '').join(';'))
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8')
}

/** `n` more units in investment `invId`: copies of listing `templateId` with their own slugs, numbers and prices. */
async function cloneUnits(templateId: number, invId: number, n: number) {
  const cols = (await db.query(`SELECT column_name FROM information_schema.columns
    WHERE table_schema = 'public' AND table_name = 'listings' AND is_generated = 'NEVER' AND column_name NOT IN ('id', 'slug', 'price', 'price_per_m2')`)).rows.map((r) => `"${String(r.column_name)}"`).join(', ')
  const tag = `bench-${invId}-`
  await db.exec(`INSERT INTO listings (${cols}, slug, price, price_per_m2)
    SELECT ${cols}, '${tag}' || g, price + g * 100, round((price + g * 100) / area) FROM listings, generate_series(1, ${n}) g WHERE id = ${templateId}`)
  await db.exec(`INSERT INTO investment_units (listing_id, investment_id, building, unit_number, floor, rooms, status, outdoor, extras)
    SELECT l.id, ${invId}, u.building, 'K' || substr(l.slug, ${tag.length + 1}), u.floor, u.rooms, u.status, u.outdoor, u.extras
    FROM listings l, investment_units u WHERE l.slug LIKE '${tag}%' AND u.listing_id = ${templateId}`)
  await db.exec(`INSERT INTO listing_price_history (listing_id, price) SELECT id, price FROM listings WHERE slug LIKE '${tag}%'`)
  await db.exec(`INSERT INTO listing_meta (listing_id, published_at) SELECT id, now() FROM listings WHERE slug LIKE '${tag}%'`)
}

const results: Record<string, string> = {}
const inv = await investment('Osiedle Pomiarowe')
const file = unitsCsv(ROWS)
let t0 = performance.now()
const dry = await importUnits(db, inv, file, true)
results[`import ${ROWS} rows, dry run`] = `${secs(t0)} s (ok ${dry.ok}, created ${dry.created})`
t0 = performance.now()
const real = await importUnits(db, inv, file, false)
results[`import ${ROWS} rows`] = `${secs(t0)} s (ok ${real.ok}, created ${real.created}, updated ${real.updated})`
t0 = performance.now()
const again = await importUnits(db, inv, file, false)
results[`the same file again`] = `${secs(t0)} s (unchanged ${again.unchanged}, updated ${again.updated})`
t0 = performance.now()
const changed = await importUnits(db, inv, unitsCsv(ROWS, 5000), false)
results[`the file with every price changed`] = `${secs(t0)} s (updated ${changed.updated}, unchanged ${changed.unchanged})`

const [template] = (await db.query('SELECT listing_id AS id FROM investment_units WHERE investment_id = $1 LIMIT 1', [inv.id])).rows
await cloneUnits(Number(template!.id), inv.id, Math.max(0, FILE_UNITS - ROWS))
t0 = performance.now()
const csv = await buildCsv(db, dev!.id)
results[`daily file, ${csv.rows} units`] = `${secs(t0)} s (${(csv.csv.length / 1024 ** 2).toFixed(1)} MB)`

const pageInv = await investment('Osiedle Strona')
await cloneUnits(Number(template!.id), pageInv.id, PAGE_UNITS)
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-inv-'))
const app = await buildApp({ db, env: parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, CAPTCHA: 'off' }), logger: false, jobs: false })
await app.ready()
for (const [label, p] of [['investment API', `/api/investments/${pageInv.slug}`], ['its open days', `/api/investments/${pageInv.slug}/viewings`]] as const) {
  const times: number[] = []
  for (let i = 0; i < REQUESTS + 5; i++) {
    const s = performance.now()
    const res = await app.inject({ url: p, headers: { accept: 'application/json' } })
    if (res.statusCode !== 200) throw new Error(`${p}: ${res.statusCode}`)
    if (i >= 5) times.push(performance.now() - s)
  }
  times.sort((a, b) => a - b)
  const q = (f: number) => times[Math.min(times.length - 1, Math.floor(f * times.length))]!.toFixed(1)
  results[`${label}, ${PAGE_UNITS} units`] = `p50 ${q(0.5)} ms, p95 ${q(0.95)} ms (${REQUESTS} sequential)`
}
await app.close()
rmSync(dataDir, { recursive: true, force: true })
await db.close()
console.log(`load: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`)
for (const [k, v] of Object.entries(results)) console.log(`${k}: ${v}`)
