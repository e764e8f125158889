import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
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
