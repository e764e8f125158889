import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/helpers.ts'

type T = Awaited<ReturnType<typeof createTestApp>>
interface S { display_name: string; lat: number; lon: number; addresstype: string; address: Record<string, string> }

describe('GET /api/locations (embedded gazetteer)', () => {
  let t: T
  beforeAll(async () => { t = await createTestApp() })
  afterAll(async () => { await t.close() })
  const get = async (q: string) => {
    const res = await t.app.inject(`/api/locations?q=${encodeURIComponent(q)}`)
    expect(res.statusCode).toBe(200)
    return res.json() as S[]
  }

  it('answers the §3 shape with Polish names, biggest places first', async () => {
    const [krakow] = await get('krak')
    expect(krakow).toEqual({
      display_name: 'Kraków, województwo małopolskie, Polska', lat: 50.0647, lon: 19.945, addresstype: 'city',
      address: { city: 'Kraków', state: 'województwo małopolskie', country: 'Polska' }, gmina: { id: '1261011', label: 'Kraków' },
    })
    const warsaw = await get('wars')
    expect(warsaw[0]!.address.city).toBe('Warszawa')
    expect(JSON.stringify(await get('warsaw'))).not.toContain('Warsaw"')
  })
  it('ignores diacritics and case', async () => {
    expect((await get('LODZ'))[0]!.address.city).toBe('Łódź')
    expect((await get('gdansk'))[0]!.address.city).toBe('Gdańsk')
    expect((await get('zakop'))[0]).toMatchObject({ addresstype: 'town', address: { town: 'Zakopane' } })
  })
  it('finds districts of the big cities as suburbs', async () => {
    const [z] = await get('zoliborz')
    expect(z).toMatchObject({ display_name: 'Żoliborz, Warszawa, województwo mazowieckie, Polska', addresstype: 'suburb',
      address: { suburb: 'Żoliborz', city: 'Warszawa', country: 'Polska' } })
    expect((await get('mokotow warsz'))[0]!.address.suburb).toBe('Mokotów')
  })
  it('empty text → [], at most 10, never administrative, only known address types', async () => {
    expect(await get('')).toEqual([])
    expect(await get('   ')).toEqual([])
    const many = await get('s')
    expect(many).toHaveLength(10)
    for (const s of [...many, ...(await get('b')), ...(await get('nowa'))]) {
      // Regions (decision 069) come as voivodeships, powiats and gminas, each with its place.
      if ('place' in s) expect(['state', 'county', 'municipality', 'suburb']).toContain(s.addresstype)
      else expect(['city', 'town', 'village', 'suburb']).toContain(s.addresstype)
      expect(s.address.country).toBe('Polska')
    }
  })
})

describe('GET /api/locations/reverse', () => {
  let t: T
  beforeAll(async () => { t = await createTestApp() })
  afterAll(async () => { await t.close() })

  it('names the nearest district or town', async () => {
    const res = await t.app.inject('/api/locations/reverse?lat=52.194&lon=21.035')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ addresstype: 'suburb', address: { suburb: 'Mokotów', city: 'Warszawa' } })
    expect((await t.app.inject('/api/locations/reverse?lat=49.2992&lon=19.9496')).json().address.town).toBe('Zakopane')
  })
  it('404 far from any place, 422 for bad coordinates', async () => {
    expect((await t.app.inject('/api/locations/reverse?lat=56.5&lon=17')).statusCode).toBe(404)
    const bad = await t.app.inject('/api/locations/reverse?lat=200&lon=20')
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors.lat).toBeDefined()
    expect((await t.app.inject('/api/locations/reverse?lon=20')).statusCode).toBe(422)
  })
})

describe('NOMINATIM_URL', () => {
  let t: T
  let server: http.Server
  const seen: string[] = []
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(req.url!)
      res.setHeader('content-type', 'application/json')
      if (req.url!.startsWith('/reverse')) {
        res.end(JSON.stringify({ display_name: 'Sopot, pomorskie, Polska', lat: '54.44', lon: '18.56', addresstype: 'town', address: { town: 'Sopot', country: 'Polska' } }))
      } else {
        res.end(JSON.stringify([
          { display_name: 'Sopot, Polska', lat: '54.44', lon: '18.56', addresstype: 'town', address: { town: 'Sopot', country: 'Polska' } },
          { display_name: 'gmina Sopot', lat: '54.4', lon: '18.5', addresstype: 'administrative', address: { country: 'Polska' } },
        ]))
      }
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    t = await createTestApp({ NOMINATIM_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })
  })
  afterAll(async () => { await t.close(); server.close() })

  it('proxies search and reverse with Polish, address details and JSON; drops administrative', async () => {
    const res = await t.app.inject('/api/locations?q=sopot')
    expect(res.json()).toEqual([{ display_name: 'Sopot, Polska', lat: 54.44, lon: 18.56, addresstype: 'town', address: { town: 'Sopot', country: 'Polska' },
      gmina: { id: '2264011', label: 'Sopot' } }])
    const url = new URL(seen[0]!, 'http://x')
    expect(url.pathname).toBe('/search')
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ q: 'sopot', format: 'json', addressdetails: '1', 'accept-language': 'pl', countrycodes: 'pl' })
    expect((await t.app.inject('/api/locations/reverse?lat=54.44&lon=18.56')).json().address.town).toBe('Sopot')
  })
})

describe('NOMINATIM_URL that does not answer', () => {
  it('falls back to the embedded gazetteer', async () => {
    const t = await createTestApp({ NOMINATIM_URL: 'http://127.0.0.1:9' })
    try {
      expect((await t.app.inject('/api/locations?q=krak')).json()[0].address.city).toBe('Kraków')
    } finally { await t.close() }
  })
})

describe('regions among the location suggestions (issue 25 item 4)', () => {
  it('voivodeships, powiats and gminas are suggested as places; big-city districts carry their place', async () => {
    const t = await createTestApp()
    try {
      const maz = (await t.app.inject('/api/locations?q=mazow')).json()
      expect(maz[0]).toMatchObject({ display_name: 'województwo mazowieckie, Polska', addresstype: 'state', place: { id: 'mazowieckie', label: 'województwo mazowieckie' } })
      const pias = (await t.app.inject('/api/locations?q=powiat%20piase')).json()
      expect(pias[0]).toMatchObject({ addresstype: 'county', place: { id: '1418', label: 'powiat piaseczyński' } })
      const gd = (await t.app.inject('/api/locations?q=Gda%C5%84sk')).json() as { display_name: string; place?: { id: string } }[]
      expect(gd[0]!.place).toBeUndefined() // the city itself first (a point with a radius, as before)
      expect(gd.find((s) => s.place?.id === '2261011')?.display_name).toBe('Gdańsk (gmina miejska), pomorskie, Polska')
      // Decision 080: a town carries the gmina it lies in, which a search of several places holds.
      expect(gd[0]).toMatchObject({ gmina: { id: '2261011', label: 'Gdańsk' } })
      const gdynia = (await t.app.inject('/api/locations?q=Gdyni')).json() as { addresstype: string; gmina?: { id: string } }[]
      expect(gdynia.find((s) => s.addresstype === 'city')?.gmina?.id).toBe('2262011')
      const mok = (await t.app.inject('/api/locations?q=Mokot')).json()
      expect(mok[0]).toMatchObject({ addresstype: 'suburb', place: { id: 'warszawa.mokotow', label: 'Mokotów (Warszawa)' } })
    } finally { await t.close() }
  })
})
