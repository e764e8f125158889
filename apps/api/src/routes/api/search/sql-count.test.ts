import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Db } from '@portal/db'
import { countSearchFlagged } from '../../../lib/search/sql.ts'
import { createTestApp, insertListings } from '../../../test/helpers.ts'

/**
 * The SQL path (SEARCH_INDEX=off, and every search while the index loads) counts exactly up to 2 000 matches.
 * Beyond that the total is an estimate and must say so: with correlated filters the planner's estimate is far below
 * the truth, and the answer used to be a silent, exact-looking 2000.
 */
describe('SQL path: counts beyond the exact cap are flagged as estimates', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    t = await createTestApp({ SEARCH_INDEX: 'off' })
    const [first] = await insertListings(t.db, [{}])
    // 6 000 listings in two halves that differ in every filtered column at once: rooms, bathrooms, area and market
    // each keep half, so the planner multiplies four halves (~375) while 3 000 match all four.
    await t.db.db.execute(sql`insert into listings (slug, user_id, category_id, offer_type, status, title, description, price,
      area, price_per_m2, rooms, bathrooms, market, lat, lon, location_name, city, city_slug, district, search_text, created_at)
      select 'gen-' || g, user_id, category_id, offer_type, status, title, description, price,
        case when g % 2 = 0 then 50 else 90 end, price_per_m2, case when g % 2 = 0 then 2 else 4 end,
        case when g % 2 = 0 then 1 else 2 end, case when g % 2 = 0 then 'pierwotny' else 'wtorny' end,
        lat, lon, location_name, city, city_slug, district, search_text, created_at - g * interval '1 minute'
      from listings, generate_series(1, 6000) g where id = ${first}`)
    await t.db.db.execute(sql`analyze listings`)
  }, 120_000)
  afterAll(async () => { await t?.close() })

  it('answers total_estimated with a total of at least the cap when more than 2 000 match', async () => {
    const res = await t.app.inject('/api/search?pokoje=2&lazienki=1&metraz[min]=40&metraz[max]=60&rynek=pierwotny')
    expect(res.statusCode).toBe(200)
    expect(res.headers['x-search-source']).toBe('sql')
    const body = res.json()
    expect(body.total_estimated).toBe(true)
    expect(body.total).toBeGreaterThanOrEqual(2000)
    expect(body.data).toHaveLength(24)
  })

  it('an exact count under the cap stays exact and unflagged', async () => {
    const res = await t.app.inject('/api/search?pokoje=2&lazienki=1&metraz[min]=40&metraz[max]=60&rynek=pierwotny&cena[max]=1')
    expect(res.json()).toMatchObject({ total: 0, total_estimated: false })
    const one = await t.app.inject('/api/search?pokoje=2&lazienki=1&rynek=wtorny')
    expect(one.json()).toMatchObject({ total: 0, total_estimated: false })
  })
})

/**
 * At a million listings the capped count itself was the slowest query of the SQL path (rooms + extras: 0.2-0.7 s, the
 * extras only in the GIN index, so 2 001 matches read from the heap). When the planner expects more than a quarter
 * of the cap on a large table, a 1% block sample decides first; far above the cap it is the (flagged) answer.
 */
describe('SQL path: on a large table a sample far above the cap stands in for the capped count', () => {
  const text = (q: SQL) => new PgDialect().sqlToQuery(q).sql
  /** A database that answers the planner, pg_class and the sample as a 1M table would, and records what ran. */
  function fakeDb(o: { estimate: number; rows: number; sample: number; count?: number }) {
    const ran: string[] = []
    const db = {
      execute: async (q: SQL) => {
        const s = text(q)
        if (s.startsWith('explain')) { ran.push('estimate'); return { rows: [{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': o.estimate } }] }] } }
        if (s.includes('pg_class')) { ran.push('reltuples'); return { rows: [{ n: o.rows }] } }
        if (s.includes('tablesample')) { ran.push('sample'); return { rows: [{ n: o.sample }] } }
        if (s.includes('count(*)')) { ran.push('count'); return { rows: [{ n: o.count ?? 2001 }] } }
        throw new Error(`unexpected query: ${s}`)
      },
    }
    return { db: db as unknown as Db, ran }
  }
  const where = sql`l.rooms in (2, 3) and l.extras @> array['balkon','winda']::text[]`

  it('the planner expects 3 495, the sample finds 29 500: answered 29 500, estimated, without the capped count', async () => {
    const { db, ran } = fakeDb({ estimate: 3495, rows: 1_000_000, sample: 29_500 })
    expect(await countSearchFlagged(db, where, 'a')).toMatchObject({ n: 29_500, estimated: true })
    expect(ran).toEqual(['estimate', 'reltuples', 'sample'])
  })

  it('a sample near the cap still counts (exact when 2 000 or fewer match); a small table never samples first', async () => {
    const near = fakeDb({ estimate: 900, rows: 1_000_000, sample: 2_300, count: 1_750 })
    expect(await countSearchFlagged(near.db, where, 'b')).toMatchObject({ n: 1_750, estimated: false })
    expect(near.ran).toEqual(['estimate', 'reltuples', 'sample', 'count'])
    const small = fakeDb({ estimate: 3495, rows: 6_000, sample: 29_500, count: 2_001 })
    expect(await countSearchFlagged(small.db, where, 'c')).toMatchObject({ n: 29_500, estimated: true })
    expect(small.ran).toEqual(['estimate', 'reltuples', 'count', 'sample'])
    const low = fakeDb({ estimate: 120, rows: 1_000_000, sample: 0, count: 40 })
    expect(await countSearchFlagged(low.db, where, 'd')).toMatchObject({ n: 40, estimated: false })
    expect(low.ran).toEqual(['estimate', 'count'])
  })
})
