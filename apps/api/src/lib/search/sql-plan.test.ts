import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { SearchQuery } from '@portal/contracts/search'
import { createTestApp, insertListings } from '../../test/helpers.ts'
import { countSql, rowsOf, searchMarkers, searchPage, searchPlan } from './sql.ts'

/**
 * The SQL path's capped count of an area search carries the area's grid-cell ranges (docs/decisions/030): they must
 * never change a count, and on PostgreSQL they must reach the cell index as index conditions (the walk then covers
 * the area's cells, not the category's whole slice of the country).
 */
let t: Awaited<ReturnType<typeof createTestApp>>
const dense = { isDense: () => true }
const sparse = { isDense: () => false }

beforeAll(async () => {
  t = await createTestApp({ SEARCH_INDEX: 'off' })
  const [first] = await insertListings(t.db, [{ lat: 52.23, lon: 21.01 }])
  // 3 000 flats spread over ~1.2° × 1.6° around Warsaw, a few of them exactly on cell borders (x.x0).
  await t.db.db.execute(sql`insert into listings (slug, user_id, category_id, offer_type, status, title, description, price,
      area, price_per_m2, rooms, lat, lon, location_name, city, city_slug, search_text, created_at)
    select 'gen-' || g, user_id, category_id, offer_type, status, title, description, price + g * 100, area, price_per_m2, rooms,
      case when g % 50 = 0 then 52.2 else 51.6 + (g * 7919 % 1200) / 1000.0 end,
      case when g % 70 = 0 then 21.1 else 20.2 + (g * 104729 % 1600) / 1000.0 end,
      location_name, city, city_slug, search_text, created_at - g * interval '1 minute'
    from listings, generate_series(1, 3000) g where id = ${first}`)
  await t.db.db.execute(sql`analyze listings`)
}, 120_000)
afterAll(async () => { await t?.close() })

const count = async (where: SQL) => Number(rowsOf<{ n: unknown }>(await t.db.db.execute(countSql(where)))[0]?.n)

const QUERIES: SearchQuery[] = [
  { bbox: [20.9, 52.1, 21.2, 52.3] },
  { bbox: [21.1, 52.2, 21.3, 52.4] },
  { type: 'sell', categories: ['mieszkanie'], bbox: [20.2, 51.6, 21.8, 52.8] },
  { location: { lat: 52.2297, lon: 21.0122 } },
  { location: { lat: 52.2, lon: 21.1 }, radius: 5 },
  { type: 'sell', location: { lat: 52.0, lon: 20.5 }, radius: 15 },
]

describe('SQL path: cell ranges in the capped count', () => {
  it('only the count carries them, and they change no count (dense and sparse areas)', async () => {
    for (const q of QUERIES) {
      for (const ctx of [dense, sparse]) {
        const { where, countWhere } = searchPlan(q, ctx)
        const text = (s: SQL) => new PgDialect().sqlToQuery(s).sql
        expect(text(where)).not.toContain('floor(l.lat * 10)::int between')
        expect(text(countWhere)).toContain('floor(l.lat * 10)::int between')
        const [a, b] = [await count(where), await count(countWhere)]
        expect(b, JSON.stringify(q)).toBe(a)
      }
    }
    // Not vacuous: the boxes do hold listings, some on cell borders.
    expect(await count(searchPlan(QUERIES[0]!, dense).countWhere)).toBeGreaterThan(20)
  })

  it.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL walks only the area\'s cells of the category\'s cell index', async () => {
    const { countWhere } = searchPlan({ type: 'sell', categories: ['mieszkanie'], bbox: [20.9, 52.1, 21.2, 52.3] }, dense)
    const plan = await t.db.db.transaction(async (tx) => {
      // A small table: keep the planner from reading it whole, so the test sees which index conditions it can use.
      await tx.execute(sql`set local enable_seqscan = off`)
      await tx.execute(sql`set local enable_bitmapscan = off`)
      return rowsOf<Record<string, string>>(await tx.execute(sql`explain ${countSql(countWhere)}`)).map((r) => r['QUERY PLAN']).join('\n')
    })
    expect(plan).toMatch(/Index Only Scan using listings_offer_cat_cell_\w+ on listings/)
    expect(plan).toMatch(/Index Cond: \(.*\(floor\(\(lat \* '10'::double precision\)\)\)::integer\) >= 521/)
  })

  it.skipIf(!process.env.TEST_DATABASE_URL)('a year-built range is answered from the cell index alone (decision 086)', async () => {
    const { countWhere } = searchPlan({ type: 'sell', categories: ['mieszkanie'], bbox: [20.9, 52.1, 21.2, 52.3], yearBuilt: { min: 2000, max: 2015 } }, dense)
    const plan = await t.db.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      await tx.execute(sql`set local enable_bitmapscan = off`)
      return rowsOf<Record<string, string>>(await tx.execute(sql`explain ${countSql(countWhere)}`)).map((r) => r['QUERY PLAN']).join('\n')
    })
    // Attribute 18 read from the JSON needed the table row of every candidate (an Index Scan, 1.6 s a request at 1M).
    expect(plan).toMatch(/Index Only Scan using listings_offer_cat_cell_\w+ on listings/)
    expect(plan).toMatch(/year_built >= 2000/)
  })
})

describe('SQL path: newest-first walks of an area\'s cells with a price or area range', () => {
  it('filter the ranges without index conditions (newestWhere) and find the same pages and markers', async () => {
    const text = (s: SQL) => new PgDialect().sqlToQuery(s).sql
    const base = { type: 'sell' as const, categories: ['mieszkanie'], bbox: [20.9, 52.1, 21.2, 52.3] as [number, number, number, number] }
    for (const q of [
      { ...base, price: { min: 500_300 }, area: { min: 40, max: 90 } },
      { ...base, area: { max: 60 }, sort: 'newest_plain' as const },
      { ...base, price: { max: 502_000 }, page: 2, per_page: 5 },
    ] satisfies SearchQuery[]) {
      const { where, branches } = searchPlan(q, dense)
      expect(branches?.cells?.length).toBeGreaterThan(1)
      expect(text(branches!.newestWhere!)).toMatch(/\(l\.(price|area) \+ 0\) [<>]=/)
      // The same answer as the plain WHERE without branches (one ordered query over the table).
      const ids = (rows: { id: number }[]) => rows.map((r) => r.id)
      const want = ids(await searchPage(t.db.db, q, where))
      expect(want.length, JSON.stringify(q)).toBeGreaterThanOrEqual(5)
      expect(ids(await searchPage(t.db.db, q, where, branches)), JSON.stringify(q)).toEqual(want)
      const markers = async (b?: typeof branches) => (await searchMarkers(t.db.db, where, 50, b)).map((m) => m.id)
      expect(await markers(branches)).toEqual(await markers())
    }
    // Without a range there is nothing to rewrite.
    expect(searchPlan(base, dense).branches?.newestWhere).toBeUndefined()
  })
})
