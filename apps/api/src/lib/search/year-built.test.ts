import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { listings } from '@portal/db'
import { createTestApp, insertListings } from '../../test/helpers.ts'

/**
 * 'Rok budowy' (issue 25, decision 086): attribute 18 is kept by PostgreSQL in the generated column `year_built`
 * (migration 0034), which the search's covering indexes carry, so the SQL path answers a year range from the index.
 */
let t: Awaited<ReturnType<typeof createTestApp>>
const attrs = (year: string | null) => [{ id: 9, value: '2' }, ...(year === null ? [] : [{ id: 18, value: year }])]
let ids: number[] = []

beforeAll(async () => {
  t = await createTestApp({ SEARCH_INDEX: 'off' })
  ids = await insertListings(t.db, [
    { attributes: attrs('1998') },
    { attributes: attrs('2005') },
    { attributes: attrs('2015') },
    { attributes: attrs('około 2000') }, // malformed: no year
    { attributes: attrs(null) },
  ])
}, 120_000)
afterAll(async () => { await t?.close() })

const yearOf = async (id: number) =>
  (await t.db.db.select({ y: listings.yearBuilt }).from(listings).where(eq(listings.id, id)))[0]?.y
const found = async (qs: string) => {
  const res = await t.app.inject(`/api/search?${qs}`)
  expect(res.statusCode).toBe(200)
  expect(res.headers['x-search-source']).toBe('sql')
  return (res.json().data as Array<{ id: number }>).map((l) => l.id).sort((a, b) => a - b)
}

describe('year built on the SQL path', () => {
  it('the column follows attribute 18 on insert and update; a malformed or missing year is null', async () => {
    expect(await Promise.all(ids.map(yearOf))).toEqual([1998, 2005, 2015, null, null])
    await t.db.db.update(listings).set({ attributes: attrs('1987') }).where(eq(listings.id, ids[4]!))
    expect(await yearOf(ids[4]!)).toBe(1987)
    await t.db.db.update(listings).set({ attributes: attrs(null) }).where(eq(listings.id, ids[4]!))
    expect(await yearOf(ids[4]!)).toBeNull()
  })

  it('rok_budowy[min]/[max] find exactly the listings built in the range', async () => {
    expect(await found('rok_budowy[min]=2000&rok_budowy[max]=2015')).toEqual([ids[1], ids[2]])
    expect(await found('rok_budowy[max]=2004')).toEqual([ids[0]])
    expect(await found('year_built[min]=2006')).toEqual([ids[2]])
  })

})
