import { CITIES, DISTRICT_LOCATIVE, locativePhrase, type City, type District } from '@portal/contracts/catalogue'

/** Relative share of listings per city (bigger markets get more), in CITIES order. */
export const CITY_WEIGHTS: number[] = CITIES.map((c) => ({
  warszawa: 22, krakow: 11, lodz: 6, wroclaw: 9, poznan: 6.5, gdansk: 6, szczecin: 4, bydgoszcz: 3.5, lublin: 3.5,
  bialystok: 3, katowice: 3.5, gdynia: 3,
} as Record<string, number>)[c.slug] ?? 1.6)

export interface Place {
  city: City
  district: District
  /** 'na Mokotowie' or 'w Krakowie'. */
  where: string
  /** 'w Krakowie' (always the city). */
  inCity: string
  locationName: string
}

export function place(city: City, district: District): Place {
  const dl = DISTRICT_LOCATIVE[district.name]
  const inCity = locativePhrase(city)
  return {
    city, district,
    where: dl && dl !== 'w centrum' ? dl : dl === 'w centrum' ? `w centrum ${genitiveCity(city)}` : inCity,
    inCity,
    locationName: `${city.name}, ${district.name}`,
  }
}

const CITY_GENITIVE: Record<string, string> = {
  szczecin: 'Szczecina', bialystok: 'Białegostoku', sosnowiec: 'Sosnowca', kielce: 'Kielc', zabrze: 'Zabrza',
  'zielona-gora': 'Zielonej Góry', tychy: 'Tychów', warszawa: 'Warszawy', krakow: 'Krakowa',
}
function genitiveCity(city: City): string {
  return CITY_GENITIVE[city.slug] ?? city.name
}
