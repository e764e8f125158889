import { describe, expect, it } from 'vitest'
import { DEFAULT_RADIUS_KM, SEARCH_MESSAGES as M, SORT_LABELS, SORTS, foldPolish, parseSearchParams, searchUrl, toSearchParams, type SearchQuery } from './search.ts'

const parse = (qs: string) => parseSearchParams(new URLSearchParams(qs))
const ok = (qs: string) => {
  const r = parse(qs)
  expect(r.errors).toEqual({})
  return r.query
}

describe('parseSearchParams: each parameter under each name', () => {
  it('typ', () => {
    expect(ok('typ=sprzedaz').type).toBe('sell')
    expect(ok('typ=wynajem').type).toBe('rent')
    expect(ok('typ=swap').type).toBe('exchange')
    expect(ok('type=oddam').type).toBe('for_free')
    expect(parse('typ=kupno').errors).toEqual({ typ: [M.unknownType] })
  })
  it('ad-type=seek-property drops the offer type', () => {
    expect(ok('typ=sprzedaz&ad-type=seek-property')).toEqual({ seek: true })
    expect(ok('typ=seek-property')).toEqual({ seek: true })
    expect(parse('ad-type=cokolwiek').errors['ad-type']).toBeDefined()
  })
  it('kategoria: backend and URL slugs, comma-separated, de-duplicated', () => {
    expect(ok('kategoria=mieszkanie,kamienica-dom,kamienica-1').categories).toEqual(['mieszkanie', 'kamienica-1'])
    expect(ok('category=dom').categories).toEqual(['dom'])
    expect(parse('kategoria=mieszkanie,zamek').errors).toEqual({ kategoria: [M.unknownCategory('zamek')] })
  })
  it('phrase: trimmed, blank ignored', () => {
    expect(ok('phrase=%20%20mieszkanie%20%20w%20Krakowie%20').phrase).toBe('mieszkanie w Krakowie')
    expect(ok('phrase=%20%20')).toEqual({})
    expect(parse(`phrase=${'a'.repeat(201)}`).errors.phrase).toEqual([M.phraseTooLong])
  })
  it('cena and price', () => {
    expect(ok('cena[min]=1000&cena[max]=5000').price).toEqual({ min: 1000, max: 5000 })
    expect(ok('price[min]=200000').price).toEqual({ min: 200000 })
    expect(ok('price[max]=1500,50').price).toEqual({ max: 1500.5 })
    expect(parse('cena[min]=abc').errors).toEqual({ 'cena[min]': [M.number] })
    expect(parse('price[max]=-5').errors['price[max]']).toBeDefined()
    expect(parse('cena[min]=5000&cena[max]=1000').errors).toEqual({ 'cena[min]': [M.minAboveMax] })
  })
  it('metraz', () => {
    expect(ok('metraz[min]=40&metraz[max]=60').area).toEqual({ min: 40, max: 60 })
    expect(ok('area[max]=60').area).toEqual({ max: 60 })
    expect(parse('metraz[max]=duzo').errors['metraz[max]']).toEqual([M.number])
  })
  it('lokalizacja and location', () => {
    expect(ok('lokalizacja[lat]=50.06&lokalizacja[lon]=19.94&lokalizacja[nazwa]=Kraków').location).toEqual({ lat: 50.06, lon: 19.94, name: 'Kraków' })
    expect(ok('location[lat]=52.2&location[lon]=21&location[display_name]=Warszawa').location).toEqual({ lat: 52.2, lon: 21, name: 'Warszawa' })
    expect(parse('location[lat]=200&location[lon]=21').errors).toEqual({ 'location[lat]': [M.lat] })
    expect(parse('lokalizacja[lat]=52').errors).toEqual({ 'lokalizacja[lon]': [M.latLonPair] })
    expect(ok('lokalizacja[nazwa]=Kraków')).toEqual({ locationText: 'Kraków' })
    expect(ok('lokalizacja[lat]=%20&lokalizacja[lon]=')).toEqual({})
  })
  it('promien and radius', () => {
    expect(ok('promien=25').radius).toBe(25)
    expect(ok('radius=2.5').radius).toBe(2.5)
    expect(ok('promien=0').radius).toBe(0) // '+0 km': the place itself (issue 25)
    expect(parse('promien=-1').errors.promien).toBeDefined()
    expect(parse('radius=5000').errors.radius).toBeDefined()
  })
  it('pokoje (5 means 5+) and lazienki (3 means 3+)', () => {
    expect(ok('pokoje=3,1,5').rooms).toEqual([1, 3, 5])
    expect(ok('rooms=2').rooms).toEqual([2])
    expect(ok('pokoje[0]=5%2B').rooms).toEqual([5])
    expect(parse('pokoje=7').errors).toEqual({ pokoje: [M.unknownOption('7')] })
    expect(ok('lazienki=1,3').bathrooms).toEqual([1, 3])
    expect(ok('bathrooms=2').bathrooms).toEqual([2])
    expect(parse('lazienki=x').errors.lazienki).toBeDefined()
  })
  it('typ_budynku', () => {
    expect(ok('typ_budynku=blok,loft').buildingTypes).toEqual(['blok', 'loft'])
    expect(ok('building_type=kamienica').buildingTypes).toEqual(['kamienica'])
    expect(parse('typ_budynku=zamek').errors.typ_budynku).toBeDefined()
  })
  it('flags', () => {
    expect(ok('do_negocjacji=1&na_raty=1&pilne=1&okazja=1&rachunki-wliczone=1')).toEqual({
      negotiable: true, instalments: true, urgent: true, bargain: true, billsIncluded: true,
    })
    expect(ok('negotiable=true&rachunki_wliczone=1')).toEqual({ negotiable: true, billsIncluded: true })
    expect(ok('pilne=0')).toEqual({})
    expect(parse('okazja=tak').errors).toEqual({ okazja: [M.flag] })
  })
  it('dodatkowe[0..14] and blisko[0..14]', () => {
    expect(ok('dodatkowe[0]=winda&dodatkowe[1]=balkon').extras).toEqual(['winda', 'balkon'])
    expect(ok('dodatkowe=garaz,piwnica').extras).toEqual(['garaz', 'piwnica'])
    expect(ok('extras[0]=winda').extras).toEqual(['winda'])
    expect(ok('blisko[0]=park&blisko[1]=siłownia&blisko[2]=przystanek_autobusowy').nearby).toEqual(['park', 'silownia', 'przystanek-autobusowy'])
    expect(ok('nearby[0]=las').nearby).toEqual(['las'])
    expect(parse('dodatkowe[3]=basen').errors).toEqual({ 'dodatkowe[3]': [M.unknownOption('basen')] })
    expect(ok('dodatkowe[15]=winda')).toEqual({}) // only the first 15 indexes are read (spec §9)
  })
  it('rynek, stan, pietro, okres, wlasnosc and their English names', () => {
    expect(ok('rynek=pierwotny').market).toEqual(['pierwotny'])
    expect(ok('market=wtorny').market).toEqual(['wtorny'])
    expect(ok('stan=do_remontu,wyremontowane').condition).toEqual(['do-remontu', 'wyremontowane'])
    expect(ok('condition=surowy').condition).toEqual(['surowy'])
    expect(ok('pietro=parter,3').floor).toEqual(['parter', '3'])
    expect(ok('floor=poddasze').floor).toEqual(['poddasze'])
    expect(ok('okres=doba').rentalPeriod).toEqual(['doba'])
    expect(ok('rental_period=1-3mcy').rentalPeriod).toEqual(['1-3mcy'])
    expect(ok('wlasnosc=pelna-wlasnosc').ownership).toEqual(['pelna-wlasnosc'])
    expect(ok('ownership=leasehold').ownership).toEqual(['leasehold'])
    for (const k of ['rynek', 'stan', 'pietro', 'okres', 'wlasnosc']) expect(parse(`${k}=zle`).errors[k]).toBeDefined()
  })
  it('lata_dzierzawy / lease_years: an integer 1..200, blank ignored', () => {
    expect(ok('wlasnosc=leasehold&lata_dzierzawy=99')).toEqual({ ownership: ['leasehold'], leaseYears: 99 })
    expect(ok('lease_years=1').leaseYears).toBe(1)
    expect(ok('lata_dzierzawy=200').leaseYears).toBe(200)
    expect(ok('lata_dzierzawy=%20')).toEqual({})
    for (const v of ['0', '201', 'abc', '2.5', '-1']) expect(parse(`lata_dzierzawy=${v}`).errors).toEqual({ lata_dzierzawy: [M.leaseYears] })
    expect(parse('lease_years=300').errors).toEqual({ lease_years: [M.leaseYears] })
  })
  it('sortuj and sort', () => {
    for (const s of SORTS) expect(ok(`sortuj=${s}`).sort).toBe(s)
    expect(ok('sort=price_asc').sort).toBe('price_asc')
    expect(parse('sort=random').errors).toEqual({ sort: [M.sort] })
  })
  it('page and per_page (≤ 60)', () => {
    expect(ok('page=3&per_page=60')).toEqual({ page: 3, per_page: 60 })
    expect(ok('limit=12').per_page).toBe(12)
    expect(parse('per_page=1000').errors).toEqual({ per_page: [M.perPage] })
    expect(parse('page=0').errors).toEqual({ page: [M.page] })
    expect(parse('page=1.5').errors.page).toBeDefined()
  })
  it('bbox', () => {
    expect(ok('bbox=19.8,49.9,20.1,50.2').bbox).toEqual([19.8, 49.9, 20.1, 50.2])
    expect(parse('bbox=1,2,3').errors.bbox).toEqual([M.bbox])
    expect(parse('bbox=20,50,19,49').errors.bbox).toEqual([M.bbox])
  })
  it('collects several errors at once and ignores unknown parameters', () => {
    const r = parse('per_page=1000&location[lat]=200&location[lon]=1&cena[min]=x&utm_source=fb')
    expect(Object.keys(r.errors).sort()).toEqual(['cena[min]', 'location[lat]', 'per_page'])
  })
})

describe('toSearchParams', () => {
  const full: SearchQuery = {
    type: 'rent', categories: ['mieszkanie', 'kamienica-1'], phrase: 'balkon', price: { min: 1000, max: 3000 }, area: { min: 30 },
    location: { lat: 50.06, lon: 19.94, name: 'Kraków' }, radius: 5, rooms: [2, 3], bathrooms: [1], buildingTypes: ['blok'],
    negotiable: true, instalments: true, urgent: true, bargain: true, billsIncluded: true, extras: ['winda', 'balkon'],
    nearby: ['park'], market: ['wtorny'], condition: ['wyremontowane'], floor: ['parter'], rentalPeriod: ['doba'],
    ownership: ['leasehold'], leaseYears: 50, sort: 'price_asc', page: 2, per_page: 12, bbox: [19, 49, 21, 51],
  }
  it('writes Polish names and round-trips', () => {
    const p = toSearchParams(full)
    expect(p.get('typ')).toBe('wynajem')
    expect(p.get('kategoria')).toBe('mieszkanie,kamienica-dom')
    expect(p.get('cena[min]')).toBe('1000')
    expect(p.get('lokalizacja[nazwa]')).toBe('Kraków')
    expect(p.get('dodatkowe[1]')).toBe('balkon')
    expect(p.get('rachunki-wliczone')).toBe('1')
    expect(p.get('sortuj')).toBe('price_asc')
    expect(p.get('lata_dzierzawy')).toBe('50')
    const back = parseSearchParams(p)
    expect(back.errors).toEqual({})
    expect(back.query).toEqual(full)
  })
  it('omits defaults and blank values', () => {
    expect(toSearchParams({ sort: 'newest', page: 1, phrase: '  ', location: { lat: 1, lon: 2 }, radius: DEFAULT_RADIUS_KM }).toString())
      .toBe('lokalizacja%5Blat%5D=1&lokalizacja%5Blon%5D=2')
    expect(searchUrl({})).toBe('/szukaj')
    expect(searchUrl({ seek: true, type: 'sell' })).toBe('/szukaj?ad-type=seek-property')
  })
})

describe('helpers', () => {
  it('foldPolish', () => {
    expect(foldPolish('  Łódź  Żoliborz ŚRÓDMIEŚCIE ')).toBe('lodz zoliborz srodmiescie')
  })
  it('sort labels are Polish', () => {
    expect(Object.keys(SORT_LABELS)).toEqual([...SORTS])
    expect(SORT_LABELS.price_asc).toBe('Cena rosnąco')
  })

  it('inwestycja (investment): an id or a slug, written back as given; a malformed one is named (decision 077)', () => {
    expect(ok('inwestycja=12').investment).toBe('12')
    expect(ok('investment=Zielone-Tarasy-Warszawa').investment).toBe('zielone-tarasy-warszawa')
    expect(toSearchParams({ investment: '12', investmentUnits: [1, 2] }).toString()).toBe('inwestycja=12')
    expect(parse('inwestycja=a%20b').errors).toEqual({ inwestycja: [M.investment] })
    expect(parse('investment=-x').errors).toEqual({ investment: [M.investment] })
  })
})
