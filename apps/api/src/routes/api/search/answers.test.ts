import { brotliDecompressSync, gunzipSync } from 'node:zlib'
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

  it('a repeated search gets the same finished body in the encoding it asked for; a write makes a new one (decision 098)', async () => {
    // Wide enough to be compressed (over 1 KB): every listing of the city.
    const qs = 'lokalizacja[lat]=50.04&lokalizacja[lon]=19.95&lokalizacja[nazwa]=Krak%C3%B3w&sortuj=price_desc'
    const get = (enc?: string) => t.app.inject({ url: `/api/search?${qs}`, headers: enc ? { 'accept-encoding': enc } : {} })
    const plain = await get()
    expect(plain.headers['content-encoding']).toBeUndefined()
    const br1 = await get('br, gzip')
    // The cards behind it change in memory only: the repeated search does not build them again (its body is kept),
    // a search in another encoding does.
    const ids = (plain.json().data as { id: number }[]).map((l) => l.id)
    for (const id of ids) { const card = t.app.searchIndex.cards.get(id); if (card) card.title = 'Tytuł z pamięci' }
    const br2 = await get('gzip, br')
    expect(br1.headers['content-encoding']).toBe('br')
    expect(br1.headers.vary).toMatch(/Accept-Encoding/i)
    expect(br1.headers['x-search-source']).toBe('index')
    expect(br2.rawPayload.equals(br1.rawPayload)).toBe(true)
    expect(JSON.parse(brotliDecompressSync(br1.rawPayload).toString())).toEqual(plain.json())
    const gz = await get('gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    // Asked again without an encoding after the compressed ones: plain JSON, not their bytes (its own kept body).
    expect((await get()).json()).toEqual(plain.json())
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).data[0].title).toBe('Tytuł z pamięci')

    await insertListings(t.db, [flat('Mieszkanie czwarte', 90_000_000)])
    const after = JSON.parse(brotliDecompressSync((await get('br')).rawPayload).toString())
    expect(after.total).toBe(plain.json().total + 1)
    expect(after.data[0].title).toBe('Mieszkanie czwarte')
  })
})
