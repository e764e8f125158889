import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { foldPolish } from '@portal/contracts/search'
import { createTestApp, insertListings } from '../../../test/helpers.ts'

/**
 * The index's recent answers (decision 094): a repeated search is answered from memory, and a listing written
 * between two identical searches is in the second one (the catch-up drops every kept answer).
 */
describe('GET /api/search — repeated searches and writes between them', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  const flat = (title: string, price: number) => ({
    title, price, area: 50, rooms: 2, city: 'Kraków', citySlug: 'krakow', district: 'Podgórze', locationName: 'Kraków, Podgórze',
    lat: 50.04, lon: 19.95, pricePerM2: Math.round(price / 50), searchText: foldPolish(`${title} Kraków Podgórze`),
  })
  beforeAll(async () => {
    t = await createTestApp()
    await insertListings(t.db, [flat('Mieszkanie pierwsze', 40_000_000), flat('Mieszkanie drugie', 45_000_000)])
  })
  afterAll(async () => { await t?.close() })

  const search = async (qs: string) => {
    const res = await t.app.inject(`/api/search?${qs}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['x-search-source']).toBe('index')
    return res.json() as { total: number; data: { title: string }[] }
  }

  it('the second identical search is a kept answer; a listing added meanwhile is found by the next one', async () => {
    const qs = 'kategoria=mieszkanie&typ=sprzedaz&sortuj=price_asc'
    const before = await search(qs)
    expect(before.total).toBe(2)
    const hits = t.app.searchIndex.answers.hits
    expect(await search(qs)).toEqual(before)
    expect(t.app.searchIndex.answers.hits).toBe(hits + 1)

    await insertListings(t.db, [flat('Mieszkanie trzecie', 30_000_000)])
    const after = await search(qs)
    expect(after.total).toBe(3)
    expect(after.data[0]!.title).toBe('Mieszkanie trzecie')
    // The live count and the markers follow the same write.
    const count = await t.app.inject(`/api/search/count?${qs}`)
    expect(count.json().total).toBe(3)
  })
})
