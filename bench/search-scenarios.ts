/**
 * The search mix of issue 4: representative /api/search requests at national scale. Each entry is also its own
 * scenario (`search-<name>`) for per-query figures; `search` runs them all, equally weighted.
 * `bench/search-explain.ts` runs EXPLAIN ANALYZE for the same queries.
 */
import { CITIES } from '@portal/contracts/catalogue'
import { placeSlug } from '@portal/contracts/catalogue/voivodeships'
import { encodeArea } from '@portal/contracts/search'

const city = (i: number) => CITIES[i % 10]!
const loc = (i: number) => { const c = city(i); return `lokalizacja[lat]=${c.lat}&lokalizacja[lon]=${c.lon}&lokalizacja[nazwa]=${encodeURIComponent(c.name)}` }
const bbox = (i: number) => { const c = city(i); return `${(c.lon - 0.15).toFixed(4)},${(c.lat - 0.1).toFixed(4)},${(c.lon + 0.15).toFixed(4)},${(c.lat + 0.1).toFixed(4)}` }
/** A 20-point ring over part of a city (issue 25's drawn area), north-east of its centre. */
const area = (i: number) => {
  const c = city(i)
  return encodeURIComponent(encodeArea(Array.from({ length: 20 }, (_, k): [number, number] => {
    const a = (2 * Math.PI * k) / 20, r = k % 2 ? 0.05 : 0.07
    return [c.lat + 0.02 + r * Math.sin(a) * 0.65, c.lon + 0.03 + r * Math.cos(a)]
  })))
}
const page = (i: number) => (i % 3) + 1
/** The voivodeship of one of the 10 cities (`lokalizacje`, decision 069: matched by its boundary). */
const voivodeship = (i: number) => placeSlug(city(i).voivodeship)
/** Three districts of one of the 10 cities (`lokalizacje=warszawa.mokotow,…`). */
const districts = (i: number) => city(i).districts.slice(0, 3).map((d) => `${city(i).slug}.${placeSlug(d.name)}`).join(',')
export const PHRASES = ['mieszkanie w Krakowie', 'zoliborz', 'lodz', 'balkon', 'we Wrocławiu', 'kawalerka', 'dom z ogrodem', 'Gdańsku']

/** The mix's first entries (up to the drawn area) were the whole mix before issue 25's places and filters. */
export const CLASSIC_SEARCHES = 16

export interface SearchMixEntry { name: string; description: string; path: (i: number) => string }

export const SEARCH_MIX: SearchMixEntry[] = [
  { name: 'category', description: 'flats for sale, newest (promoted first), pages 1-3', path: (i) => `/api/search?kategoria=mieszkanie&typ=sprzedaz&page=${page(i)}` },
  { name: 'city-radius', description: 'flats for rent within 10 km of one of 10 cities', path: (i) => `/api/search?kategoria=mieszkanie&typ=wynajem&${loc(i)}` },
  { name: 'price-area', description: 'flats for sale 300-800k zł, 40-80 m², in a city', path: (i) => `/api/search?kategoria=mieszkanie&typ=sprzedaz&cena[min]=300000&cena[max]=800000&metraz[min]=40&metraz[max]=80&${loc(i)}` },
  { name: 'rooms-extras', description: '2-3 rooms, balcony and lift, for sale', path: (i) => `/api/search?kategoria=mieszkanie&typ=sprzedaz&pokoje=2,3&dodatkowe[0]=balkon&dodatkowe[1]=winda&page=${page(i)}` },
  { name: 'phrase', description: 'free text: inflected cities, districts, words', path: (i) => `/api/search?phrase=${encodeURIComponent(PHRASES[i % PHRASES.length]!)}` },
  { name: 'markers', description: 'map markers for flats for sale in a city-sized box', path: (i) => `/api/search/markers?kategoria=mieszkanie&typ=sprzedaz&bbox=${bbox(i)}` },
  { name: 'price-asc', description: 'houses for sale, cheapest first', path: (i) => `/api/search?kategoria=dom&typ=sprzedaz&sortuj=price_asc&page=${page(i)}` },
  { name: 'price-desc-city', description: 'for sale in a city, most expensive first', path: (i) => `/api/search?typ=sprzedaz&${loc(i)}&sortuj=price_desc` },
  { name: 'price-m2-asc', description: 'flats for sale in a city, cheapest per m² first', path: (i) => `/api/search?kategoria=mieszkanie&typ=sprzedaz&${loc(i)}&sortuj=price_m2_asc` },
  { name: 'price-m2-desc', description: 'flats for sale, dearest per m² first', path: (i) => `/api/search?kategoria=mieszkanie&typ=sprzedaz&sortuj=price_m2_desc&page=${page(i)}` },
  { name: 'area-desc', description: 'plots for sale, largest first', path: (i) => `/api/search?kategoria=dzialka&typ=sprzedaz&sortuj=area_desc&page=${page(i)}` },
  { name: 'area-asc', description: 'premises for rent, smallest first', path: (i) => `/api/search?kategoria=lokal-uzytkowy&typ=wynajem&sortuj=area_asc` },
  { name: 'newest-plain', description: 'everything for rent, newest without promotion', path: (i) => `/api/search?typ=wynajem&sortuj=newest_plain&page=${page(i)}` },
  { name: 'wanted', description: 'wanted ads (ad-type=seek-property) in a city', path: (i) => `/api/search?ad-type=seek-property&${loc(i)}` },
  { name: 'map-view', description: 'flats for sale in the map view of a city (the list follows the map, issue 25)', path: (i) => `/api/search?kategoria=mieszkanie&typ=sprzedaz&mapa=${bbox(i)}` },
  { name: 'drawn-area', description: 'for sale inside a drawn 20-point area over part of a city (issue 25)', path: (i) => `/api/search?typ=sprzedaz&obszar=${area(i)}` },
  // Issue 25's places and filters (decisions 060, 069); each page is newest first with the promoted slots.
  { name: 'voivodeship', description: 'flats for sale in the voivodeship of one of 10 cities (its boundary)', path: (i) => `/api/search?kategoria=mieszkanie&typ=sprzedaz&lokalizacje=${voivodeship(i)}&page=${page(i)}` },
  { name: 'districts', description: 'flats for sale in three districts of one of 10 cities', path: (i) => `/api/search?kategoria=mieszkanie&typ=sprzedaz&lokalizacje=${districts(i)}` },
  { name: 'advertiser', description: "flats for sale from private owners only ('Tylko prywatne')", path: (i) => `/api/search?kategoria=mieszkanie&typ=sprzedaz&ogloszeniodawca=prywatny&page=${page(i)}` },
  { name: 'added', description: 'flats for rent added in the last 3 days in a city', path: (i) => `/api/search?kategoria=mieszkanie&typ=wynajem&dodane=3&${loc(i)}` },
  { name: 'price-m2', description: 'flats for sale at 9,000-12,000 zł per m²', path: (i) => `/api/search?kategoria=mieszkanie&typ=sprzedaz&cena_m2[min]=9000&cena_m2[max]=12000&page=${page(i)}` },
  { name: 'year-built', description: 'flats for sale built 2000-2015 in a city', path: (i) => `/api/search?kategoria=mieszkanie&typ=sprzedaz&rok_budowy[min]=2000&rok_budowy[max]=2015&${loc(i)}` },
  { name: 'floor-range', description: 'flats for rent on floors 1-3', path: (i) => `/api/search?kategoria=mieszkanie&typ=wynajem&pietro_od=1&pietro_do=3&page=${page(i)}` },
  { name: 'media', description: "flats for sale with a video, a virtual tour or a floor plan ('z filmem', … one of the three)", path: (i) => `/api/search?kategoria=mieszkanie&typ=sprzedaz&${['z_filmem', 'z_wirtualnym_spacerem', 'z_rzutem'][i % 3]}=1` },
]
