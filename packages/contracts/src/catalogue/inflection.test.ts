import { describe, expect, it } from 'vitest'
import { CITIES } from './cities.ts'
import { districtBase, placeForms } from './inflection.ts'

describe('placeForms: genitive and locative of place names', () => {
  it('derives the catalogue locatives of the cities (only the irregular ones are written down)', () => {
    for (const c of CITIES) expect(placeForms(c.name).locative, c.name).toBe(c.locative)
  })
  it.each([
    ['Warszawa', 'Warszawy', 'Warszawie'], ['Kraków', 'Krakowa', 'Krakowie'], ['Gdańsk', 'Gdańska', 'Gdańsku'],
    ['Poznań', 'Poznania', 'Poznaniu'], ['Sosnowiec', 'Sosnowca', 'Sosnowcu'], ['Katowice', 'Katowic', 'Katowicach'],
    ['Gdynia', 'Gdyni', 'Gdyni'], ['Opole', 'Opola', 'Opolu'], ['Zielona Góra', 'Zielonej Góry', 'Zielonej Górze'],
    ['Ruda Śląska', 'Rudy Śląskiej', 'Rudzie Śląskiej'], ['Gorzów Wielkopolski', 'Gorzowa Wielkopolskiego', 'Gorzowie Wielkopolskim'],
    ['Bielsko-Biała', 'Bielska-Białej', 'Bielsku-Białej'],
    ['Mokotów', 'Mokotowa', 'Mokotowie'], ['Żoliborz', 'Żoliborza', 'Żoliborzu'], ['Śródmieście', 'Śródmieścia', 'Śródmieściu'],
    ['Ursynów', 'Ursynowa', 'Ursynowie'], ['Praga', 'Pragi', 'Pradze'], ['Wola', 'Woli', 'Woli'], ['Ochota', 'Ochoty', 'Ochocie'],
    ['Bemowo', 'Bemowa', 'Bemowie'], ['Bielany', 'Bielan', 'Bielanach'], ['Targówek', 'Targówka', 'Targówku'],
    ['Białołęka', 'Białołęki', 'Białołęce'], ['Włochy', 'Włoch', 'Włochach'], ['Praga-Północ', 'Pragi-Północ', 'Pradze-Północ'],
    ['Nowa Huta', 'Nowej Huty', 'Nowej Hucie'], ['Prądnik Biały', 'Prądnika Białego', 'Prądniku Białym'],
    ['Psie Pole', 'Psiego Pola', 'Psim Polu'], ['Stare Miasto', 'Starego Miasta', 'Starym Mieście'], ['Szombierki', 'Szombierek', 'Szombierkach'],
    ['Kalinowszczyzna', 'Kalinowszczyzny', 'Kalinowszczyźnie'], ['Centrum', 'Centrum', 'Centrum'],
    // irregular, from the catalogue
    ['Wrocław', 'Wrocławia', 'Wrocławiu'], ['Łódź', 'Łodzi', 'Łodzi'], ['Białystok', 'Białegostoku', 'Białymstoku'],
    ['Wawer', 'Wawra', 'Wawrze'], ['Nowy Bytom', 'Nowego Bytomia', 'Nowym Bytomiu'], ['Tychy', 'Tychów', 'Tychach'],
  ])('%s → z %s, w %s', (name, genitive, locative) => {
    expect(placeForms(name)).toEqual({ genitive, locative })
  })
  it("districtBase: 'Praga' for the compass-named Praga districts only", () => {
    expect(districtBase('Praga-Północ')).toBe('Praga')
    expect(districtBase('Praga-Południe')).toBe('Praga')
    expect(districtBase('Bieżanów-Prokocim')).toBeUndefined()
    expect(districtBase('Mokotów')).toBeUndefined()
  })
})
