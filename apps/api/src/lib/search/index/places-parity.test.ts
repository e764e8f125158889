import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { sql } from 'drizzle-orm'
import { parseSearchParams, toSearchParams, type SearchQuery } from '@portal/contracts/search'
import { placeById } from '@portal/contracts/catalogue/regions'
import { createTestApp } from '../../../test/helpers.ts'
import { seedFilterListings } from './filters-fixture.ts'
import { SearchIndex } from './index.ts'
import { viaIndex, viaSql } from './parity-support.ts'
import { inRegions, placeFilter } from '../places.ts'

/**
 * Regions and several places at once (`lokalizacje`, issue 25 item 4, decision 069): both engines answer the same
 * pages and totals for random sets of voivodeships, powiats, gminas and districts; unknown places are 422.
 */
let t: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  t = await createTestApp()
  await seedFilterListings(t.db)
  // The fixture's listings (around Warsaw, Kraków and Łódź) get districts, so district places have something to find.
  await t.db.db.execute(sql`update listings set district = case id % 4 when 0 then 'Mokotów' when 1 then 'Ursynów' when 2 then 'Wilanów' else null end
    where city_slug = 'warszawa'`)
  await t.db.db.execute(sql`update listings set district = case id % 2 when 0 then 'Podgórze' else 'Kazimierz' end where city_slug = 'krakow'`)
}, 120_000)
afterAll(async () => { await t?.close() })

const PLACES = ['mazowieckie', 'malopolskie', 'lodzkie', 'slaskie', '1465', '1418', '1421', '1261', '1206', '1061', '1465011', '1418043',
  '1261011', '1061011', '1206052', 'warszawa.mokotow', 'warszawa.ursynow', 'warszawa.wilanow', 'krakow.podgorze']
const viaUrl = (q: SearchQuery): SearchQuery => {
  const parsed = parseSearchParams(toSearchParams(q))
  expect(parsed.errors).toEqual({})
  return parsed.query
}

describe('places (lokalizacje) on both engines', () => {
  it('every place of the test names a real one', () => {
    for (const id of PLACES) expect(placeById(id), id).toBeDefined()
    expect(placeById('mazowieckie')!.label).toBe('województwo mazowieckie')
    expect(placeById('1418')!.label).toBe('powiat piaseczyński')
    expect(placeById('1465')!.label).toBe('powiat m. Warszawa')
    expect(placeById('1418043')!.label).toBe('gmina Piaseczno')
    expect(placeById('2261011')!.label).toBe('Gdańsk')
    expect(placeById('warszawa.mokotow')!.label).toBe('Mokotów (Warszawa)')
  })

  it('random sets of places: the same pages and totals (index vs SQL)', async () => {
    const ix = new SearchIndex(t.db.db)
    await ix.load()
    let some = 0
    await fc.assert(fc.asyncProperty(
      fc.uniqueArray(fc.constantFrom(...PLACES), { minLength: 1, maxLength: 4 }),
      fc.record({ type: fc.constantFrom('sell' as const, 'rent' as const), sort: fc.constantFrom('newest' as const, 'price_asc' as const),
        per_page: fc.constantFrom(5, 24), rooms: fc.constant<number[]>([2, 3]) }, { requiredKeys: ['per_page'] }),
      async (places, extra) => {
        const q = viaUrl({ ...extra, places })
        const got = await viaIndex(ix, q)
        expect(got, JSON.stringify(q)).not.toBeNull()
        expect(got, JSON.stringify(q)).toEqual(await viaSql(t.db.db, q))
        if (got!.total) some++
      }), { numRuns: 80, seed: 2504 })
    expect(some).toBeGreaterThan(20)
  }, 180_000)

  it('a region finds the listings inside its boundary; several places add up', async () => {
    const ward = await viaSql(t.db.db, viaUrl({ places: ['1465011'], per_page: 60 }))
    const piaseczno = await viaSql(t.db.db, viaUrl({ places: ['1418'], per_page: 60 }))
    const maz = await viaSql(t.db.db, viaUrl({ places: ['mazowieckie'], per_page: 60 }))
    expect(ward.total).toBeGreaterThan(0)
    expect(piaseczno.total).toBeGreaterThan(0)
    expect((await viaSql(t.db.db, viaUrl({ places: ['1465011', '1418'] }))).total).toBe(ward.total + piaseczno.total)
    expect(maz.total).toBeGreaterThanOrEqual(ward.total + piaseczno.total)
    // The circle of 10 km around Warsaw's centre is not the city: the boundary decides.
    const circle = await viaSql(t.db.db, { location: { lat: 52.2297, lon: 21.0122 }, radius: 10 })
    expect(circle.total).not.toBe(ward.total)
    const res = (await t.app.inject(`/api/search?lokalizacje=1465011&per_page=60`)).json()
    expect(res.total).toBe(ward.total)
    const f = placeFilter({ places: ['1465011'] })!
    for (const l of res.data as { lat: number; lon: number }[]) expect(inRegions(f, l.lat, l.lon)).toBe(true)
    // Three districts together: each one's listings, and no other.
    const three = (await t.app.inject('/api/search?lokalizacje=warszawa.mokotow,warszawa.ursynow,warszawa.wilanow&per_page=60')).json()
    const one = (await t.app.inject('/api/search?lokalizacje=warszawa.mokotow&per_page=60')).json()
    expect(one.total).toBeGreaterThan(0)
    expect(three.total).toBeGreaterThan(one.total)
    for (const l of three.data as { district: string | null }[]) expect(['Mokotów', 'Ursynów', 'Wilanów']).toContain(l.district)
    const count = (await t.app.inject('/api/search/count?lokalizacje=warszawa.mokotow,warszawa.ursynow,warszawa.wilanow')).json()
    expect(count.total).toBe(three.total)
  })

  it('unknown places and too many: 422 in Polish naming the parameter', async () => {
    const cases: [string, string, string][] = [
      ['lokalizacje=mazowsze', 'lokalizacje', 'Nieznana lokalizacja: mazowsze.'],
      ['lokalizacje=9999', 'lokalizacje', 'Nieznana lokalizacja: 9999.'],
      ['locations=warszawa.nibylandia', 'locations', 'Nieznana lokalizacja: warszawa.nibylandia.'],
      [`lokalizacje=${PLACES.slice(0, 11).join(',')}`, 'lokalizacje', 'Można wybrać najwyżej 10 lokalizacji.'],
    ]
    for (const [qs, key, message] of cases) {
      for (const path of ['/api/search', '/api/search/count', '/api/search/markers']) {
        const res = await t.app.inject(`${path}?${qs}`)
        expect(res.statusCode, `${path}?${qs}`).toBe(422)
        expect(res.json().errors, qs).toEqual({ [key]: [message] })
      }
    }
  })

  it('writes lokalizacje comma-joined and reads it back (voivodeships by slug, TERC codes, districts)', () => {
    const p = toSearchParams({ places: ['mazowieckie', '1418', 'warszawa.mokotow'] })
    expect(p.toString()).toBe('lokalizacje=mazowieckie%2C1418%2Cwarszawa.mokotow')
    expect(parseSearchParams(new URLSearchParams('lokalizacje=14,Mazowieckie,1418')).query.places).toEqual(['mazowieckie', '1418'])
  })
})
