import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, insertListings } from '../../test/helpers.ts'
import { inArray } from 'drizzle-orm'
import { listings } from '@portal/db'
import { runPriceStats } from '../../lib/prices/stats.ts'

describe('market prices API', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let ids: number[]
  beforeAll(async () => {
    t = await createTestApp()
    // 12 two-room flats on Mokotów for sale (10 000 … 11 100 zł/m²), 3 on Wola (too few), a house.
    ids = await insertListings(t.db, [
      ...Array.from({ length: 12 }, (_, i) => ({ price: (10_000 + i * 100) * 50 * 100, createdAt: new Date(Date.now() - 40 * 86400_000) })),
      ...Array.from({ length: 3 }, () => ({ district: 'Wola', createdAt: new Date(Date.now() - 40 * 86400_000) })),
      { categoryId: 9, area: 150, createdAt: new Date(Date.now() - 40 * 86400_000) },
    ])
    await runPriceStats(t.db)
  })
  afterAll(async () => { await t.close() })

  it("a city's page: title in the locative, 24 months, the district table, 404 for unknown places, 422 for bad ones", async () => {
    const res = await t.app.inject('/api/prices/warszawa')
    expect(res.statusCode).toBe(200)
    const p = res.json()
    expect(p.title).toBe('Ceny mieszkań w Warszawie')
    expect(p.months).toHaveLength(24)
    expect(p.sell.at(-1)).toMatchObject({ n: 15 })
    expect(p.rent.at(-1)).toBeNull()
    const mok = p.rows.find((r: { name: string }) => r.name === 'Mokotów')
    expect(mok).toMatchObject({ href: '/ceny-nieruchomosci/warszawa/mokotow', sell: { n: 12, median: 1_055_000 } })
    expect(p.rows.find((r: { name: string }) => r.name === 'Wola').sell).toBeNull()
    expect((await t.app.inject('/api/prices/atlantyda')).statusCode).toBe(404)
    expect((await t.app.inject('/api/prices/warszawa/podgorze')).statusCode).toBe(404)
    expect((await t.app.inject('/api/prices/Warszawa!')).statusCode).toBe(422)
    expect((await t.app.inject('/api/prices/warszawa?format=xls')).statusCode).toBe(422)
  })

  it("a district's page has its room counts; the CSV download", async () => {
    const p = (await t.app.inject('/api/prices/warszawa/mokotow')).json()
    expect(p.title).toBe('Ceny mieszkań na Mokotowie w Warszawie')
    expect(p.rows_kind).toBe('rooms')
    expect(p.rows.find((r: { key: string }) => r.key === '2').sell).toMatchObject({ n: 12 })
    const csv = await t.app.inject('/api/prices/warszawa/mokotow?format=csv')
    expect(csv.headers['content-type']).toContain('text/csv')
    expect(csv.headers['content-disposition']).toContain('ceny-mieszkan-warszawa-mokotow.csv')
    expect(csv.body).toContain('miesiac;obszar;transakcja;liczba_ogloszen')
    expect(csv.body).toMatch(/Warszawa, Mokotów;sprzedaz;12;\d+;10550;\d+/)
  })

  it("a city's district shapes for the price map; 404 for an unknown city", async () => {
    const res = await t.app.inject('/api/prices/krakow/map')
    expect(res.statusCode).toBe(200)
    const m = res.json()
    expect(m.approximate).toBe(true)
    expect(m.districts.map((d: { slug: string }) => d.slug)).toContain('podgorze')
    expect(m.districts.every((d: { rings: unknown[][] }) => d.rings.length && d.rings[0]!.length >= 3)).toBe(true)
    expect((await t.app.inject('/api/prices/atlantyda/map')).statusCode).toBe(404)
  })

  it('the index lists every city', async () => {
    const idx = (await t.app.inject('/api/prices')).json()
    expect(idx.cities.find((c: { slug: string }) => c.slug === 'warszawa').sell).toMatchObject({ n: 15 })
    expect(idx.cities.find((c: { slug: string }) => c.slug === 'krakow').sell).toBeNull()
  })

  it("a listing's comparison, from the district and room bucket; none where the sample is too small", async () => {
    const c = (await t.app.inject(`/api/offers/${ids[0]}/price-comparison`)).json().comparison
    expect(c.text).toBe('Cena za m² o 5 % niższa niż mediana dla 2–3-pokojowych mieszkań na Mokotowie (12 ogłoszeń)')
    expect(c).toMatchObject({ pct: -5, href: '/ceny-nieruchomosci/warszawa/mokotow', link_text: 'Ceny mieszkań na Mokotowie w Warszawie' })
    expect(c.bins.reduce((a: number, b: number) => a + b, 0)).toBe(12)
    // Wola has too few: the city's 2–3-room flats.
    const w = (await t.app.inject(`/api/offers/${ids[12]}/price-comparison`)).json().comparison
    expect(w.text).toMatch(/mediana dla 2–3-pokojowych mieszkań w Warszawie \(15 ogłoszeń\)$/)
    // One house: nothing.
    expect((await t.app.inject(`/api/offers/${ids[15]}/price-comparison`)).json()).toEqual({ comparison: null })
    expect((await t.app.inject('/api/offers/999999/price-comparison')).statusCode).toBe(404)
  })

  it('the comparison follows the next run of the job at once (the in-memory latest month is dropped)', async () => {
    const before = (await t.app.inject(`/api/offers/${ids[0]}/price-comparison`)).json().comparison
    // Two more Mokotów flats at 11 500 zł/m² (within the outlier fences) raise the median.
    const more = await insertListings(t.db, Array.from({ length: 2 }, () => ({ price: 11_500 * 50 * 100, createdAt: new Date(Date.now() - 40 * 86400_000) })))
    await runPriceStats(t.db)
    const after = (await t.app.inject(`/api/offers/${ids[0]}/price-comparison`)).json().comparison
    expect(after.n).toBe(before.n + 2)
    expect(after.median).toBeGreaterThan(before.median)
    await t.db.db.delete(listings).where(inArray(listings.id, more))
    await runPriceStats(t.db)
    expect((await t.app.inject(`/api/offers/${ids[0]}/price-comparison`)).json().comparison).toEqual(before)
  })

  it("the listing page's answer carries the same comparison as …/price-comparison, from the row it read (decision 091)", async () => {
    // Every branch of the comparison: district and rooms, all rooms, the city for an unknown district, no area, a wanted
    // ad, rent without figures, no price, a house; listings added after the run, so the statistics stay those above.
    const more = await insertListings(t.db, [
      { price: 10_400 * 50 * 100 }, { rooms: null }, { rooms: 7 }, { district: 'Atlantyda' }, { district: null },
      { area: null }, { adType: 'seek' }, { offerType: 'rent', price: 300_000 }, { price: 0 }, { categoryId: 9, area: 150 },
    ])
    let shown = 0
    for (const id of [...ids, ...more]) {
      const page = await t.app.inject(`/api/offers/${id}`)
      expect(page.statusCode).toBe(200)
      const alone = (await t.app.inject(`/api/offers/${id}/price-comparison`)).json().comparison
      expect(page.json().price_comparison).toEqual(alone)
      if (alone) shown++
    }
    expect(shown).toBeGreaterThanOrEqual(20)
    expect((await t.app.inject(`/api/offers/${more[0]}`)).json().price_comparison.text)
      .toBe('Cena za m² o 1 % niższa niż mediana dla 2–3-pokojowych mieszkań na Mokotowie (12 ogłoszeń)')
  })
})
