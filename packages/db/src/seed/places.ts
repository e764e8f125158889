import { CITIES, locativePhrase, type City, type District } from '@portal/contracts/catalogue'

/** Relative share of listings per city (bigger markets get more), in CITIES order. */
export const CITY_WEIGHTS: number[] = CITIES.map((c) => ({
  warszawa: 22, krakow: 11, lodz: 6, wroclaw: 9, poznan: 6.5, gdansk: 6, szczecin: 4, bydgoszcz: 3.5, lublin: 3.5,
  bialystok: 3, katowice: 3.5, gdynia: 3,
} as Record<string, number>)[c.slug] ?? 1.6)

/** 'na Mokotowie', 'we Wrzeszczu': district locatives where they are well known; otherwise the city's. */
const DISTRICT_LOCATIVE: Record<string, string> = {
  'Śródmieście': 'w Śródmieściu', 'Mokotów': 'na Mokotowie', 'Wola': 'na Woli', 'Żoliborz': 'na Żoliborzu',
  'Praga-Północ': 'na Pradze-Północ', 'Praga-Południe': 'na Pradze-Południe', 'Ochota': 'na Ochocie',
  'Ursynów': 'na Ursynowie', 'Bemowo': 'na Bemowie', 'Bielany': 'na Bielanach', 'Targówek': 'na Targówku',
  'Białołęka': 'na Białołęce', 'Wilanów': 'w Wilanowie', 'Wawer': 'w Wawrze', 'Ursus': 'w Ursusie', 'Włochy': 'we Włochach',
  'Stare Miasto': 'na Starym Mieście', 'Kazimierz': 'na Kazimierzu', 'Podgórze': 'w Podgórzu', 'Krowodrza': 'na Krowodrzy',
  'Bronowice': 'w Bronowicach', 'Nowa Huta': 'w Nowej Hucie', 'Dębniki': 'na Dębnikach', 'Prądnik Biały': 'na Prądniku Białym',
  'Prądnik Czerwony': 'na Prądniku Czerwonym', 'Czyżyny': 'w Czyżynach', 'Łagiewniki': 'w Łagiewnikach',
  'Bałuty': 'na Bałutach', 'Górna': 'na Górnej', 'Polesie': 'na Polesiu', 'Widzew': 'na Widzewie', 'Krzyki': 'na Krzykach',
  'Fabryczna': 'na Fabrycznej', 'Psie Pole': 'na Psim Polu', 'Nadodrze': 'na Nadodrzu', 'Biskupin': 'na Biskupinie',
  'Jagodno': 'na Jagodnie', 'Jeżyce': 'na Jeżycach', 'Grunwald': 'na Grunwaldzie', 'Wilda': 'na Wildzie', 'Łazarz': 'na Łazarzu',
  'Rataje': 'na Ratajach', 'Winogrady': 'na Winogradach', 'Piątkowo': 'na Piątkowie', 'Wrzeszcz': 'we Wrzeszczu',
  'Oliwa': 'w Oliwie', 'Przymorze': 'na Przymorzu', 'Zaspa': 'na Zaspie', 'Jasień': 'na Jasieniu', 'Orunia': 'na Oruni',
  'Centrum': 'w centrum', 'Pogodno': 'na Pogodnie', 'Fordon': 'w Fordonie', 'Czuby': 'na Czubach', 'Czechów': 'na Czechowie',
  'Orłowo': 'w Orłowie', 'Redłowo': 'w Redłowie', 'Chylonia': 'na Chyloni', 'Ligota': 'na Ligocie', 'Brynów': 'na Brynowie',
  'Koszutka': 'na Koszutce', 'Zagórze': 'w Zagórzu', 'Jaroty': 'na Jarotach', 'Kortowo': 'w Kortowie', 'Zaodrze': 'na Zaodrzu',
}

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
