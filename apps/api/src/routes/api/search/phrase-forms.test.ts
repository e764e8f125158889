import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { foldPolish } from '@portal/contracts/search'
import { createTestApp, insertListings } from '../../../test/helpers.ts'

// District locatives and city genitives in the phrase are filters like the nominative forms (lib/search-phrase.ts,
// forms derived from the catalogue). The decoy in Łódź names every place in its title: a text match would find it.
describe('GET /api/search?phrase= with inflected place names', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  const id: Record<string, number> = {}
  const set = async (phrase: string) => {
    const res = await t.app.inject(`/api/search?phrase=${encodeURIComponent(phrase)}&per_page=60`)
    expect(res.statusCode, res.body).toBe(200)
    const byId = new Map(Object.entries(id).map(([k, v]) => [v, k]))
    return (res.json().data as { id: number }[]).map((r) => byId.get(r.id)).sort().join(' ')
  }

  beforeAll(async () => {
    t = await createTestApp()
    const at = (city: string, district: string, title = 'Mieszkanie dwupokojowe') => ({
      title, city, district, citySlug: foldPolish(city).replace(/\s+/g, '-'), locationName: `${city}, ${district}`,
      searchText: foldPolish(`${title} ${city} ${district}`),
    })
    const rows = {
      mok: at('Warszawa', 'Mokotów'),
      zol: at('Warszawa', 'Żoliborz'),
      srod: at('Warszawa', 'Śródmieście'),
      urs: at('Warszawa', 'Ursynów'),
      pragaN: at('Warszawa', 'Praga-Północ'),
      pragaS: at('Warszawa', 'Praga-Południe'),
      krk: at('Kraków', 'Kazimierz'),
      gda: at('Gdańsk', 'Wrzeszcz'),
      poz: at('Poznań', 'Jeżyce'),
      decoy: at('Łódź', 'Bałuty', 'Taniej niż na Mokotowie, Żoliborzu, Ursynowie, Pradze i w Śródmieściu; dojazd do Gdańska, z Krakowa, koło Warszawy, okolice Poznania'),
    }
    const inserted = await insertListings(t.db, Object.values(rows))
    Object.keys(rows).forEach((k, i) => { id[k] = inserted[i]! })
  })
  afterAll(async () => { await t.close() })

  it('district locatives, diacritics optional', async () => {
    expect(await set('na Mokotowie')).toBe('mok')
    expect(await set('na mokotowie')).toBe('mok')
    expect(await set('mieszkanie na Mokotowie')).toBe('mok')
    expect(await set('na Żoliborzu')).toBe('zol')
    expect(await set('na zoliborzu')).toBe('zol')
    expect(await set('w Śródmieściu')).toBe('srod')
    expect(await set('w srodmiesciu')).toBe('srod')
    expect(await set('na Ursynowie')).toBe('urs')
    expect(await set('na Pradze')).toBe('pragaN pragaS')
    expect(await set('na Pradze-Północ')).toBe('pragaN')
  })
  it('city genitives after z, koło, do, okolice', async () => {
    expect(await set('z Krakowa')).toBe('krk')
    expect(await set('koło Warszawy')).toBe('mok pragaN pragaS srod urs zol')
    expect(await set('kolo warszawy')).toBe('mok pragaN pragaS srod urs zol')
    expect(await set('do Gdańska')).toBe('gda')
    expect(await set('okolice Poznania')).toBe('poz')
    expect(await set('okolice poznania')).toBe('poz')
  })
  it('a district with its city in the genitive', async () => {
    expect(await set('w Śródmieściu Warszawy')).toBe('srod')
    expect(await set('Mokotów, Warszawa')).toBe('mok')
  })
})
