import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, insertListings } from '../../../test/helpers.ts'
import { linkInvestment } from '../../../lib/search/index/filters-fixture.ts'

/** SEARCH_INDEX=off (and every search while the index loads): the SQL path answers the same calls. */
describe('search with the in-memory index off', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let ids: number[]
  beforeAll(async () => {
    t = await createTestApp({ SEARCH_INDEX: 'off' })
    ids = await insertListings(t.db, [
      { price: 40_000_000, title: 'Mieszkanie z balkonem', searchText: 'mieszkanie z balkonem warszawa mokotow' },
      { price: 60_000_000, lat: 50.06, lon: 19.94, city: 'Kraków', citySlug: 'krakow', district: 'Podgórze', locationName: 'Kraków, Podgórze' },
    ])
  })
  afterAll(async () => { await t?.close() })

  it('GET /api/search, with words, sorts and totals', async () => {
    const res = await t.app.inject('/api/search?sortuj=price_desc')
    expect(res.headers['x-search-source']).toBe('sql')
    expect(res.json()).toMatchObject({ total: 2, total_estimated: false, page: 1, last_page: 1 })
    expect(res.json().data.map((l: { id: number }) => l.id)).toEqual([ids[1], ids[0]])
    expect((await t.app.inject('/api/search?phrase=balkon')).json().data.map((l: { id: number }) => l.id)).toEqual([ids[0]])
    expect((await t.app.inject('/api/health')).json().search_index).toEqual({ state: 'off', listings: 0 })
  })

  it('GET /api/search/markers gives markers (clusters only beyond 400 matches, as the index)', async () => {
    const res = await t.app.inject('/api/search/markers?bbox=14,49,24.2,54.9')
    expect(res.headers['x-search-source']).toBe('sql')
    expect(res.json()).toMatchObject({ total: 2, clusters: [], truncated: false })
    expect(res.json().data).toHaveLength(2)
  })

  it('inwestycja: only the investment\'s units, 422 for an unknown one (decision 077)', async () => {
    const inv = await linkInvestment(t.db, 'Osiedle Sql', [ids[1]!])
    const res = await t.app.inject(`/api/search?inwestycja=${inv.slug}`)
    expect(res.headers['x-search-source']).toBe('sql')
    expect(res.json()).toMatchObject({ total: 1, investment: { id: inv.id, name: 'Osiedle Sql' } })
    expect(res.json().data.map((l: { id: number }) => l.id)).toEqual([ids[1]])
    expect((await t.app.inject(`/api/search/count?investment=${inv.id}`)).json().total).toBe(1)
    const bad = await t.app.inject('/api/search?inwestycja=424242')
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors).toEqual({ inwestycja: ['Nieznana inwestycja: 424242.'] })
  })
})
