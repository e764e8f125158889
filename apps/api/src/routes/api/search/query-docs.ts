import { z } from 'zod'

/**
 * The /szukaj query for the OpenAPI page only: parsing is parseSearchParams on the raw query string (it needs
 * names like `cena[min]` and `dodatkowe[3]` as written, and repeated keys), so every field accepts a string or a list.
 */
const v = (description: string) => z.union([z.string(), z.array(z.string())]).optional().describe(description)

export const searchQueryDocs = z.looseObject({
  typ: v('sprzedaz | wynajem | zamiana (swap) | oddam; also `type`'),
  'ad-type': v('seek-property: wanted ads only (drops typ)'),
  kategoria: v('comma-separated category slugs (backend or URL); a parent includes its children; also `category`'),
  phrase: v('free text; understands city names ("w Krakowie"), districts, category and transaction words'),
  'cena[min]': v('zł; also price[min]'),
  'cena[max]': v('zł; also price[max]'),
  'metraz[min]': v('m²'),
  'metraz[max]': v('m²'),
  'lokalizacja[lat]': v('also location[lat]'),
  'lokalizacja[lon]': v('also location[lon]'),
  'lokalizacja[nazwa]': v('also location[display_name]; alone (no lat/lon) it is searched like a phrase'),
  promien: v('radius in km around the location (default 10, max 300); also `radius`'),
  pokoje: v('comma-joined 1–5 (5 = 5 or more)'),
  lazienki: v('comma-joined 1–3 (3 = 3 or more)'),
  typ_budynku: v('comma-joined building types'),
  do_negocjacji: v('1'), na_raty: v('1'), pilne: v('1'), okazja: v('1'), 'rachunki-wliczone': v('1'), bez_duplikatow: v('1'),
  'dodatkowe[0]': v('dodatkowe[0..14]: extras, all must match'),
  'blisko[0]': v('blisko[0..14]: nearby amenities, all must match'),
  rynek: v('wtorny | pierwotny; also `market`'),
  stan: v('condition slugs; also `condition`'),
  pietro: v('floor slugs; also `floor`'),
  okres: v('rental periods; also `rental_period`'),
  wlasnosc: v('ownership slugs; also `ownership`'),
  lata_dzierzawy: v('1…200: leasehold (wlasnosc=leasehold) with at least that many years of lease; also `lease_years`'),
  ogloszeniodawca: v('comma-joined prywatny | biuro | deweloper (who advertises; an agent counts as its company); also `advertiser`'),
  dodane: v('1 | 3 | 7 | 14 | 30: added within the last N days; also `added_days`'),
  'cena_m2[min]': v('zł per m²; also price_per_m2[min]'),
  'cena_m2[max]': v('zł per m²; also price_per_m2[max]'),
  'rok_budowy[min]': v('1700…2035; also year_built[min]'),
  'rok_budowy[max]': v('1700…2035; also year_built[max]'),
  pietro_od: v('-1 (suterena) … 11 (powyżej 10), or parter / suterena; also `floor_from`'),
  pietro_do: v('-1 … 11; also `floor_to`'),
  z_filmem: v('1: with a video; also `with_video`'),
  z_wirtualnym_spacerem: v('1: with a virtual tour; also `with_virtual_tour`'),
  z_rzutem: v('1: with a floor plan; also `with_floor_plan`'),
  sortuj: v('newest (promoted first) | newest_plain | price_asc | price_desc | price_m2_asc | price_m2_desc | area_asc | area_desc; also `sort`'),
  page: v('1…10000'),
  per_page: v('1…60 (default 24)'),
  bbox: v('minLon,minLat,maxLon,maxLat'),
})
