import { describe, expect, it } from 'vitest'
import { CITIES, cityForms } from '@portal/contracts/catalogue'
import { interpretPhrase } from './phrase.ts'

const city = (text: string) => interpretPhrase(text).citySlugs
const districts = (text: string) => interpretPhrase(text).districts.map((d) => `${d.name}/${d.citySlugs.join(',')}`)

describe('interpretPhrase: places in any case', () => {
  it('cities in the genitive after z, do, koło, okolice', () => {
    expect(interpretPhrase('z Krakowa')).toEqual({ citySlugs: ['krakow'], districts: [], categorySlugs: [], words: [] })
    expect(city('koło Warszawy')).toEqual(['warszawa'])
    expect(city('kolo warszawy')).toEqual(['warszawa'])
    expect(city('do Gdańska')).toEqual(['gdansk'])
    expect(city('okolice Poznania')).toEqual(['poznan'])
    expect(city('z Łodzi')).toEqual(['lodz'])
    expect(city('okolice Białegostoku')).toEqual(['bialystok'])
    expect(city('do Wrocławia')).toEqual(['wroclaw'])
    expect(city('z Bielska-Białej')).toEqual(['bielsko-biala'])
    expect(city('z Zielonej Góry')).toEqual(['zielona-gora'])
    expect(city('koło Gorzowa Wielkopolskiego')).toEqual(['gorzow-wielkopolski'])
    expect(city('z Katowic')).toEqual(['katowice'])
  })
  it('every catalogue city in the nominative, genitive and locative', () => {
    for (const c of CITIES) {
      const { genitive, locative } = cityForms(c)
      for (const form of [c.name, genitive, locative]) expect(city(`mieszkanie ${form}`), form).toEqual([c.slug])
    }
  })
  it('districts in the locative, with or without diacritics', () => {
    expect(interpretPhrase('na Mokotowie')).toEqual({ citySlugs: [], districts: [{ name: 'Mokotów', citySlugs: ['warszawa'] }], categorySlugs: [], words: [] })
    expect(districts('na mokotowie')).toEqual(['Mokotów/warszawa'])
    expect(districts('na Żoliborzu')).toEqual(['Żoliborz/warszawa'])
    expect(districts('na zoliborzu')).toEqual(['Żoliborz/warszawa'])
    expect(districts('na Ursynowie')).toEqual(['Ursynów/warszawa'])
    expect(districts('mieszkania na Woli')).toEqual(['Wola/warszawa'])
    expect(districts('na Bielanach')).toEqual(['Bielany/warszawa,torun'])
    expect(districts('na Bielanach w Toruniu')).toEqual(['Bielany/torun'])
    expect(districts('w Nowej Hucie')).toEqual(['Nowa Huta/krakow'])
    expect(districts('na Starym Mieście w Krakowie')).toEqual(['Stare Miasto/krakow'])
    expect(districts('okolice Mokotowa')).toEqual(['Mokotów/warszawa'])
  })
  it("'na Pradze' means both Praga districts; 'Pradze-Południe' one", () => {
    expect(districts('na Pradze')).toEqual(['Praga-Północ/warszawa', 'Praga-Południe/warszawa'])
    expect(districts('praga')).toEqual(['Praga-Północ/warszawa', 'Praga-Południe/warszawa'])
    expect(districts('na Pradze-Południe')).toEqual(['Praga-Południe/warszawa'])
    expect(districts('na Pradze Północ')).toEqual(['Praga-Północ/warszawa'])
  })
  it("'w Śródmieściu' is read like 'Śródmieście': a district with a city, else a word", () => {
    expect(interpretPhrase('w Śródmieściu')).toMatchObject({ districts: [], words: ['srodmiescie'] })
    expect(interpretPhrase('w srodmiesciu')).toMatchObject({ districts: [], words: ['srodmiescie'] })
    expect(interpretPhrase('Śródmieście')).toMatchObject({ districts: [], words: ['srodmiescie'] })
    expect(districts('w Śródmieściu Warszawy')).toEqual(['Śródmieście/warszawa'])
    expect(city('w Śródmieściu Warszawy')).toEqual(['warszawa'])
  })
  it('a district of another city than the one named stays a word', () => {
    expect(interpretPhrase('na Mokotowie w Krakowie')).toMatchObject({ citySlugs: ['krakow'], districts: [], words: ['mokotow'] })
  })
  it('category, transaction and free words still work beside the places', () => {
    expect(interpretPhrase('mieszkanie na sprzedaż na Mokotowie z balkonem')).toEqual({
      citySlugs: [], districts: [{ name: 'Mokotów', citySlugs: ['warszawa'] }], categorySlugs: ['mieszkanie'], offerType: 'sell', words: ['balkonem'],
    })
  })
})
