import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listingMeta } from '@portal/db'
import { createTestApp, insertListings } from '../../test/helpers.ts'
import { runPriceStats } from '../../lib/prices/stats.ts'

const DAY = 86_400_000
const year = (y: number) => [{ id: 18, value: String(y) }]

describe('valuation API', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let ids: number[]
  beforeAll(async () => {
    t = await createTestApp()
    const recent = new Date(Date.now() - 20 * DAY)
    ids = await insertListings(t.db, [
      // 12 two-room flats on Mokotów at 10 000 … 11 100 zł/m², 12 on Wola at 8 000 zł/m² (a lower district).
      ...Array.from({ length: 12 }, (_, i) => ({ price: (10_000 + i * 100) * 50 * 100, floor: String(2 + (i % 3)), attributes: year(2000), createdAt: recent })),
      ...Array.from({ length: 12 }, (_, i) => ({ district: 'Wola', price: 8_000 * 50 * 100, slug: `wola-${i}`, createdAt: recent })),
      // An ended one on Mokotów, 3 months ago; a 200 m² flat (not comparable); a house.
      { price: 10_000 * 50 * 100, status: 'ended', createdAt: new Date(Date.now() - 150 * DAY), updatedAt: new Date(Date.now() - 90 * DAY) },
      { area: 200, price: 30_000 * 200 * 100, createdAt: recent },
      { categoryId: 9, area: 50, price: 1_000 * 50 * 100, createdAt: recent },
    ])
    await t.db.db.insert(listingMeta).values({ listingId: ids[24]!, publishedAt: new Date(Date.now() - 150 * DAY), endedAt: new Date(Date.now() - 90 * DAY) })
    await runPriceStats(t.db)
  })
  afterAll(async () => { await t.close() })

  const q = (s: string) => t.app.inject(`/api/valuation?${s}`)

  it('values a flat from its district first, with a range and the comparables used', async () => {
    const res = await q('city=warszawa&district=mokotow&offer_type=sell&area=50&rooms=2&floor=3&year_built=2001&condition=wyremontowane&market=wtorny')
    expect(res.statusCode).toBe(200)
    const v = res.json()
    expect(v).toMatchObject({ offer_type: 'sell', city: { slug: 'warszawa', name: 'Warszawa' }, district: { slug: 'mokotow', name: 'Mokotów' },
      where: 'na Mokotowie w Warszawie', price_page: '/ceny-nieruchomosci/warszawa/mokotow', min_comparables: 5 })
    // The median of the Mokotów flats (10 000 … 11 100 zł/m²), not pulled down by Wola's 8 000 (brought to Mokotów's level).
    expect(v.estimate.value).toBeGreaterThanOrEqual(50_000_000)
    expect(v.estimate.value).toBeLessThanOrEqual(55_500_000)
    expect(v.estimate.low).toBeLessThan(v.estimate.value)
    expect(v.estimate.high).toBeGreaterThan(v.estimate.value)
    expect(v.estimate.value % 100_000).toBe(0)
    expect(v.comparables.length).toBeLessThanOrEqual(25)
    const own = v.comparables.filter((c: { district: string }) => c.district === 'Mokotów')
    expect(own.length).toBe(13)
    expect(v.comparables[0]).toMatchObject({ district: 'Mokotów', active: true, href: expect.stringMatching(/^\/ogloszenia\//), year_built: 2000 })
    // The ended listing has no link; the big flat and the house are not comparables.
    const ended = v.comparables.find((c: { id: number }) => c.id === ids[24])
    expect(ended).toMatchObject({ active: false, href: null })
    expect(v.comparables.some((c: { id: number }) => c.id === ids[25] || c.id === ids[26])).toBe(false)
    const weights = v.comparables.reduce((s: number, c: { weight_pct: number }) => s + c.weight_pct, 0)
    expect(weights).toBeGreaterThan(99.5)
    expect(weights).toBeLessThan(100.5)
  })

  it('a whole city without a district; rent with no listings: no estimate', async () => {
    const v = (await q('city=warszawa&area=50&rooms=2')).json()
    expect(v.district).toBeNull()
    expect(v.where).toBe('w Warszawie')
    expect(v.estimate).not.toBeNull()
    const r = (await q('city=warszawa&district=mokotow&offer_type=rent&area=50&rooms=2')).json()
    expect(r).toMatchObject({ estimate: null, comparables: [] })
  })

  it('422 with Polish messages for area, rooms, floor and year out of range', async () => {
    const res = await q('city=warszawa&area=5&rooms=0&floor=99&year_built=1700&condition=zly&market=inny&offer_type=kupno')
    expect(res.statusCode).toBe(422)
    const e = res.json().errors
    expect(e.area).toEqual(['Podaj powierzchnię od 10 do 500 m².'])
    expect(e.rooms).toEqual(['Podaj liczbę pokoi od 1 do 10.'])
    expect(e.floor[0]).toMatch(/^Podaj piętro od -1 \(suterena\) do 60/)
    expect(e.year_built[0]).toMatch(/^Podaj rok budowy od 1800 do \d{4}\.$/)
    expect(e.condition).toEqual(['Wybierz stan z listy.'])
    expect(e.market).toEqual(['Wybierz rynek: pierwotny albo wtórny.'])
    expect(e.offer_type).toEqual(['Wybierz sprzedaż albo wynajem.'])
    const missing = await q('city=warszawa')
    expect(missing.statusCode).toBe(422)
    expect(Object.keys(missing.json().errors).sort()).toEqual(['area', 'rooms'])
    expect((await q('city=warszawa&area=abc&rooms=2.5')).json().errors).toMatchObject({ area: ['Podaj powierzchnię od 10 do 500 m².'], rooms: ['Podaj liczbę pokoi od 1 do 10.'] })
    // A decimal comma is an area.
    expect((await q('city=warszawa&area=50,5&rooms=2')).statusCode).toBe(200)
  })

  it('404 for an unknown city or district', async () => {
    const city = await q('city=atlantyda&area=50&rooms=2')
    expect(city.statusCode).toBe(404)
    expect(city.json().message).toBe('Nie znamy takiego miasta.')
    const district = await q('city=warszawa&district=podgorze&area=50&rooms=2')
    expect(district.statusCode).toBe(404)
    expect(district.json().message).toBe('Nie znamy takiej dzielnicy.')
  })
})
