import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { foldPolish, parseSearchParams } from '@portal/contracts/search'
import { searchMarkers, searchPage, searchPlan } from '../../../lib/search/sql.ts'
import { createTestApp, insertListings } from '../../../test/helpers.ts'

type T = Awaited<ReturnType<typeof createTestApp>>
type Row = Parameters<typeof insertListings>[1][number]

const DAY = 86_400_000
/** A listing row with search_text filled as the application does it. */
function row(o: Row): Row {
  const city = o.city ?? 'Warszawa'
  const district = o.district ?? 'Mokotów'
  const title = o.title ?? 'Mieszkanie'
  const price = o.price ?? 50_000_000
  const area = o.area === undefined ? 50 : o.area
  return {
    citySlug: foldPolish(city).replace(/\s+/g, '-'), locationName: `${city}, ${district}`,
    pricePerM2: area ? Math.round(price / Number(area)) : null,
    ...o, title, city, district, price, area, searchText: foldPolish(`${title} ${city} ${district}`),
  }
}

describe('GET /api/search', () => {
  let t: T
  const id: Record<string, number> = {}
  const ids = async (qs: string) => {
    const res = await t.app.inject(`/api/search?${qs}`)
    expect(res.statusCode, res.body).toBe(200)
    return (res.json().data as { id: number }[]).map((r) => r.id)
  }
  /** The result set as letters, sorted (order-insensitive filters). */
  const set = async (qs: string) => {
    const byId = new Map(Object.entries(id).map(([k, v]) => [v, k]))
    return (await ids(`${qs}${qs ? '&' : ''}per_page=60`)).map((i) => byId.get(i)).sort().join('')
  }
  const order = async (qs: string) => {
    const byId = new Map(Object.entries(id).map(([k, v]) => [v, k]))
    return (await ids(`${qs}&per_page=60`)).map((i) => byId.get(i)).join('')
  }

  beforeAll(async () => {
    t = await createTestApp()
    const now = Date.now()
    const rows: Record<string, Row> = {
      A: row({ price: 50_000_000, area: 50, rooms: 2, lat: 52.19, lon: 21.03, createdAt: new Date(now - 9 * DAY) }),
      B: row({ title: 'Kawalerka przy Wawelu', offerType: 'rent', price: 300_000, area: 40, rooms: 1, bathrooms: 1, city: 'Kraków', district: 'Kazimierz',
        lat: 50.05, lon: 19.94, billsIncluded: true, rentalPeriods: ['1-3mcy'], createdAt: new Date(now - 8 * DAY) }),
      C: row({ title: 'Dom z ogrodem', categoryId: 12, price: 120_000_000, area: 150, rooms: 6, bathrooms: 3, city: 'Wrocław', district: 'Krzyki',
        lat: 51.08, lon: 17.01, extras: ['garaz', 'ogrod'], nearby: ['las', 'park'], createdAt: new Date(now - 7 * DAY) }),
      D: row({ title: 'Działka budowlana', categoryId: 33, price: 20_000_000, area: 1000, rooms: null, city: 'Łódź', district: 'Bałuty',
        lat: 51.8, lon: 19.43, negotiable: true, urgent: true, createdAt: new Date(now - 6 * DAY) }),
      E: row({ title: 'Szukam mieszkania', adType: 'seek', price: 60_000_000, district: 'Żoliborz', lat: 52.27, lon: 20.98, createdAt: new Date(now - 5 * DAY) }),
      F: row({ title: 'Apartament nad morzem', offerType: 'exchange', price: 70_000_000, area: 70, rooms: 3, bathrooms: 2, city: 'Gdańsk', district: 'Wrzeszcz',
        lat: 54.38, lon: 18.6, instalments: true, bargain: true, market: 'pierwotny', condition: 'do-wprowadzenia', floor: 'parter',
        ownership: 'pelna-wlasnosc', buildingType: 'apartamentowiec', extras: ['winda', 'balkon', 'garaz'], nearby: ['park'], createdAt: new Date(now - 4 * DAY) }),
      G: row({ title: 'Zakończone mieszkanie', status: 'ended', createdAt: new Date(now - 1 * DAY) }),
      H: row({ title: 'Garaż blaszany', categoryId: 44, offerType: 'for_free', price: 0, area: 18, rooms: null, district: 'Żoliborz',
        lat: 52.2687, lon: 20.9829, extras: ['garaz'], market: 'wtorny', condition: 'wyremontowane', floor: '3', ownership: 'udzial',
        buildingType: 'blok', createdAt: new Date(now - 3 * DAY) }),
      I: row({ title: 'Mieszkanie wyróżnione', price: 80_000_000, area: 80, rooms: 3, district: 'Wola', lat: 52.236, lon: 20.96,
        isPromoted: true, promotedUntil: new Date(now + 5 * DAY), createdAt: new Date(now - 20 * DAY) }),
      J: row({ title: 'Mieszkanie po promocji', price: 90_000_000, area: 60, rooms: 4, district: 'Wola', lat: 52.236, lon: 20.96,
        isPromoted: true, promotedUntil: new Date(now - DAY), createdAt: new Date(now - 19 * DAY) }),
      K: row({ title: 'Mieszkanie w kamienicy', price: 50_000_000, area: 40, rooms: 2, bathrooms: 1, city: 'Łódź', district: 'Widzew',
        lat: 51.76, lon: 19.53, createdAt: new Date(now - 2 * DAY) }),
    }
    const inserted = await insertListings(t.db, Object.values(rows))
    Object.keys(rows).forEach((k, i) => { id[k] = inserted[i]! })
  })
  afterAll(async () => { await t.close() })

  it('answers the page shape; inactive and wanted ads are left out by default', async () => {
    const res = await t.app.inject('/api/search')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ total: 9, page: 1, per_page: 24, last_page: 1 })
    expect(body.data[0]).toMatchObject({ id: id.I, is_promoted: true, category: { slug: 'mieszkanie' }, city: 'Warszawa', photo: null, photos_count: 0 })
    expect(await set('')).toBe('ABCDFHIJK')
  })

  describe('each parameter narrows the results', () => {
    it('typ / type', async () => {
      expect(await set('typ=sprzedaz')).toBe('ACDIJK')
      expect(await set('typ=wynajem')).toBe('B')
      expect(await set('type=zamiana')).toBe('F')
      expect(await set('typ=swap')).toBe('F')
      expect(await set('typ=oddam')).toBe('H')
    })
    it('ad-type=seek-property: wanted ads only, the offer type dropped', async () => {
      expect(await set('ad-type=seek-property')).toBe('E')
      expect(await set('ad-type=seek-property&typ=wynajem')).toBe('E')
    })
    it('kategoria / category: a parent includes its children; URL slugs work', async () => {
      expect(await set('kategoria=dom')).toBe('C')
      expect(await set('kategoria=jednorodzinny')).toBe('C')
      expect(await set('category=dzialka')).toBe('D')
      expect(await set('kategoria=garaz,dzialka')).toBe('DH')
      expect(await set('kategoria=garaz')).toBe('H')
      expect(await set('kategoria=mieszkanie')).toBe('ABFIJK')
    })
    it('cena / price (zł)', async () => {
      expect(await set('cena[min]=100000&cena[max]=600000')).toBe('ADK')
      expect(await set('price[min]=100000&price[max]=600000')).toBe('ADK')
      expect(await set('cena[max]=5000')).toBe('BH')
      expect(await set('price[min]=850000')).toBe('CJ')
    })
    it('metraz[min] / metraz[max] (and area[..])', async () => {
      expect(await set('metraz[min]=100')).toBe('CD')
      expect(await set('metraz[max]=20')).toBe('H')
      expect(await set('area[min]=60&area[max]=80')).toBe('FIJ')
    })
    it('lokalizacja / location with the default 10 km radius, and promien / radius', async () => {
      expect(await set('lokalizacja[lat]=52.2297&lokalizacja[lon]=21.0122')).toBe('AHIJ')
      expect(await set('location[lat]=50.0647&location[lon]=19.945&location[display_name]=Kraków')).toBe('B')
      expect(await set('lokalizacja[lat]=52.2687&lokalizacja[lon]=20.9829&promien=4')).toBe('HIJ')
      expect(await set('location[lat]=52.2687&location[lon]=20.9829&radius=1')).toBe('H')
      expect(await set('lokalizacja[lat]=52.2297&lokalizacja[lon]=21.0122&promien=300')).toBe('ABDFHIJK')
    })
    it('lokalizacja[nazwa] alone is searched like a phrase', async () => {
      expect(await set('lokalizacja[nazwa]=Kraków')).toBe('B')
    })
    it('pokoje / rooms (5 = 5 or more)', async () => {
      expect(await set('pokoje=1')).toBe('B')
      expect(await set('pokoje=5')).toBe('C')
      expect(await set('rooms=1,5')).toBe('BC')
      expect(await set('pokoje=2,3')).toBe('AFIK')
    })
    it('lazienki / bathrooms (3 = 3 or more)', async () => {
      expect(await set('lazienki=3')).toBe('C')
      expect(await set('bathrooms=1')).toBe('BK')
      expect(await set('lazienki=2,3')).toBe('CF')
    })
    it('typ_budynku / building_type (any of)', async () => {
      expect(await set('typ_budynku=apartamentowiec')).toBe('F')
      expect(await set('building_type=apartamentowiec,blok')).toBe('FH')
    })
    it('do_negocjacji, na_raty, pilne, okazja, rachunki-wliczone (and English names)', async () => {
      expect(await set('do_negocjacji=1')).toBe('D')
      expect(await set('negotiable=1')).toBe('D')
      expect(await set('na_raty=1')).toBe('F')
      expect(await set('instalments=true')).toBe('F')
      expect(await set('pilne=1')).toBe('D')
      expect(await set('urgent=1')).toBe('D')
      expect(await set('okazja=1')).toBe('F')
      expect(await set('bargain=1')).toBe('F')
      expect(await set('rachunki-wliczone=1')).toBe('B')
      expect(await set('rachunki_wliczone=1')).toBe('B')
      expect(await set('pilne=0')).toBe('ABCDFHIJK')
    })
    it('dodatkowe[0..14] / extras: all must match', async () => {
      expect(await set('dodatkowe[0]=garaz')).toBe('CFH')
      expect(await set('dodatkowe[0]=garaz&dodatkowe[1]=winda')).toBe('F')
      expect(await set('extras[0]=ogrod&extras[1]=garaz')).toBe('C')
    })
    it('blisko[0..14] / nearby: all must match', async () => {
      expect(await set('blisko[0]=park')).toBe('CF')
      expect(await set('blisko[0]=park&blisko[1]=las')).toBe('C')
      expect(await set('nearby[0]=las')).toBe('C')
    })
    it('rynek, stan, pietro, okres, wlasnosc (and English names)', async () => {
      expect(await set('rynek=pierwotny')).toBe('F')
      expect(await set('market=wtorny')).toBe('H')
      expect(await set('stan=do-wprowadzenia')).toBe('F')
      expect(await set('condition=wyremontowane,do-wprowadzenia')).toBe('FH')
      expect(await set('pietro=parter')).toBe('F')
      expect(await set('floor=3')).toBe('H')
      expect(await set('okres=1-3mcy')).toBe('B')
      expect(await set('rental_period=doba')).toBe('')
      expect(await set('wlasnosc=pelna-wlasnosc')).toBe('F')
      expect(await set('ownership=udzial')).toBe('H')
    })
    it('bbox', async () => {
      expect(await set('bbox=19.8,49.9,20.1,50.2')).toBe('B')
    })
  })

  describe('phrase', () => {
    it('ignores case and Polish diacritics', async () => {
      expect(await set('phrase=lodz')).toBe('DK')
      expect(await set('phrase=%C5%81%C3%B3d%C5%BA')).toBe('DK')
      expect(await set('phrase=zoliborz')).toBe('H')
      expect(await set('phrase=GARAZ')).toBe('H')
      expect(await set('phrase=wawelu')).toBe('B')
    })
    it('understands inflected city names', async () => {
      expect(await set('phrase=w Krakowie')).toBe('B')
      expect(await set('phrase=Warszawie')).toBe('AHIJ')
      expect(await set('phrase=Gdańsku')).toBe('F')
      expect(await set('phrase=we Wrocławiu')).toBe('C')
      expect(await set('phrase=mieszkanie w Łodzi')).toBe('K')
      expect(await set('phrase=mieszkania na Woli')).toBe('IJ') // district locative (catalogue forms)
      expect(await set('phrase=Wola')).toBe('IJ')
      expect(await set('phrase=dom we Wrocławiu')).toBe('C')
      expect(await set('phrase=kamienicy Łódź')).toBe('K')
    })
    it('a blank phrase is ignored', async () => {
      expect(await set('phrase=%20%20')).toBe('ABCDFHIJK')
    })
  })

  describe('sorting and paging', () => {
    it('newest puts current promotions first; newest_plain does not', async () => {
      expect(await order('sortuj=newest')).toBe('IKHFDCBAJ')
      expect(await order('sort=newest_plain')).toBe('KHFDCBAJI')
    })
    it('price, price per m² and area, each with a stable tie-break on id', async () => {
      // A and K cost the same: id decides (A was inserted first).
      expect(await order('sortuj=price_asc')).toBe('HBDAKFIJC')
      expect(await order('sort=price_desc')).toBe('CJIFKADBH')
      const perM2 = (k: string) => ({ A: 1_000_000, B: 7500, C: 800_000, D: 20_000, F: 1_000_000, H: 0, I: 1_000_000, J: 1_500_000, K: 1_250_000 } as Record<string, number>)[k]!
      const m2 = await order('sortuj=price_m2_asc')
      expect(m2).toBe('HBDCAFIKJ')
      expect([...m2].map(perM2)).toEqual([...m2].map(perM2).sort((a, b) => a - b))
      expect(await order('sortuj=price_m2_desc')).toBe('JKIFACDBH')
      expect(await order('sortuj=area_asc')).toBe('HBKAJFICD')
      expect(await order('sortuj=area_desc')).toBe('DCIFJAKBH')
    })
    it('pages with per_page and page', async () => {
      const res = await t.app.inject('/api/search?sortuj=price_asc&per_page=2&page=2')
      const body = res.json()
      expect(body).toMatchObject({ total: 9, page: 2, per_page: 2, last_page: 5 })
      expect(body.data.map((r: { id: number }) => r.id)).toEqual([id.D, id.A])
      expect((await t.app.inject('/api/search?sortuj=price_asc&per_page=2&page=5')).json().data.map((r: { id: number }) => r.id)).toEqual([id.C])
      expect((await t.app.inject('/api/search?per_page=4&page=3')).json().data).toHaveLength(1)
      expect((await t.app.inject('/api/search?page=9')).json().data).toEqual([])
    })
  })

  describe('bad values → 422 naming the parameter', () => {
    const cases: [string, string][] = [
      ['per_page=1000', 'per_page'], ['location[lat]=200&location[lon]=20', 'location[lat]'], ['cena[min]=abc', 'cena[min]'],
      ['price[max]=-1', 'price[max]'], ['kategoria=zamek', 'kategoria'], ['sortuj=random', 'sortuj'], ['typ=kupno', 'typ'],
      ['pokoje=9', 'pokoje'], ['dodatkowe[2]=basen', 'dodatkowe[2]'], ['blisko[0]=lotnisko', 'blisko[0]'], ['page=0', 'page'],
      ['promien=-3', 'promien'], ['pilne=tak', 'pilne'], ['bbox=1,2', 'bbox'], ['metraz[min]=50&metraz[max]=10', 'metraz[min]'],
      ['lokalizacja[lat]=52', 'lokalizacja[lon]'], ['rynek=nowy', 'rynek'],
    ]
    for (const [qs, key] of cases) {
      it(qs, async () => {
        const res = await t.app.inject(`/api/search?${qs}`)
        expect(res.statusCode).toBe(422)
        const body = res.json()
        expect(Object.keys(body.errors)).toEqual([key])
        expect(body.message).toContain(key)
        expect(body.errors[key][0]).toMatch(/[a-ząćęłńóśźż]/)
      })
    }
    it('odd input never yields 500', async () => {
      for (const qs of ['phrase=%25%25%25', 'phrase=_', "phrase='%3B drop table listings", 'phrase=\\', 'kategoria=,,,', 'pokoje=', 'cena[min]=1e308', 'page=99999999999999']) {
        expect((await t.app.inject(`/api/search?${qs}`)).statusCode, qs).toBeLessThan(500)
      }
    })
  })

  describe('GET /api/search/markers', () => {
    it('gives compact markers inside the box, with the same filters', async () => {
      const res = await t.app.inject('/api/search/markers?bbox=20.8,52.1,21.2,52.4&typ=sprzedaz')
      expect(res.statusCode).toBe(200)
      const body = res.json()
      expect(body).toMatchObject({ total: 3, truncated: false })
      expect(body.data.map((m: { id: number }) => m.id).sort()).toEqual([id.A, id.I, id.J].sort())
      expect(Object.keys(body.data[0]).sort()).toEqual(['id', 'lat', 'lon', 'offer_type', 'price', 'slug'])
      expect((await t.app.inject('/api/search/markers?bbox=19.8,49.9,20.1,50.2')).json().data.map((m: { id: number }) => m.id)).toEqual([id.B])
    })
    it('422 for a malformed box', async () => {
      const res = await t.app.inject('/api/search/markers?bbox=a,b,c,d')
      expect(res.statusCode).toBe(422)
      expect(res.json().errors.bbox).toBeDefined()
    })
  })
})

// A parent category with a transaction is answered one subcategory at a time through the per-category sort indexes
// (IndexBranches in lib/search/sql.ts) and merged: the merged order, ties and pages must equal one global sort.
describe('GET /api/search — a parent category with a transaction (rows merged across subcategories)', () => {
  let t: T
  const id: Record<string, number> = {}
  const order = async (qs: string) => {
    const byId = new Map(Object.entries(id).map(([k, v]) => [v, k]))
    const res = await t.app.inject(`/api/search?kategoria=dom&typ=sprzedaz&${qs}`)
    expect(res.statusCode, res.body).toBe(200)
    return (res.json().data as { id: number }[]).map((r) => byId.get(r.id)).join(' ')
  }
  beforeAll(async () => {
    t = await createTestApp()
    const now = Date.now()
    const at = { lat: 52.2, lon: 21.0 }
    const rows: Record<string, Row> = {
      h1: row({ title: 'Dom 1', categoryId: 10, price: 30_000_000, area: 120, ...at, createdAt: new Date(now - 1 * DAY) }),
      h2: row({ title: 'Dom 2', categoryId: 12, price: 20_000_000, area: 200, ...at, createdAt: new Date(now - 2 * DAY) }),
      h3: row({ title: 'Dom 3', categoryId: 9, price: 50_000_000, area: 90, ...at, isPromoted: true, promotedUntil: new Date(now + DAY), createdAt: new Date(now - 3 * DAY) }),
      h4: row({ title: 'Dom 4', categoryId: 14, price: 25_000_000, area: 100, lat: 52.26, lon: 21.08, createdAt: new Date(now - 4 * DAY) }),
      h5: row({ title: 'Dom na wynajem', categoryId: 11, offerType: 'rent', price: 500_000, area: 80, ...at, createdAt: new Date(now - 5 * DAY) }),
      h6: row({ title: 'Mieszkanie', categoryId: 1, price: 10_000_000, area: 30, ...at, createdAt: new Date(now - 6 * DAY) }),
      h7: row({ title: 'Dom 7', categoryId: 16, price: 20_000_000, area: 150, ...at, createdAt: new Date(now - 7 * DAY) }),
      h8: row({ title: 'Szukam domu', categoryId: 9, adType: 'seek', price: 1_000_000, area: 10, ...at, createdAt: new Date(now - 8 * DAY) }),
    }
    const inserted = await insertListings(t.db, Object.values(rows))
    Object.keys(rows).forEach((k, i) => { id[k] = inserted[i]! })
  })
  afterAll(async () => { await t.close() })

  it('every sort gives one order over all subcategories, ties broken by id', async () => {
    expect(await order('sortuj=newest')).toBe('h3 h1 h2 h4 h7')
    expect(await order('sortuj=newest_plain')).toBe('h1 h2 h3 h4 h7')
    expect(await order('sortuj=price_asc')).toBe('h2 h7 h4 h1 h3')
    expect(await order('sortuj=price_desc')).toBe('h3 h1 h4 h7 h2')
    expect(await order('sortuj=price_m2_asc')).toBe('h2 h7 h1 h4 h3')
    expect(await order('sortuj=price_m2_desc')).toBe('h3 h4 h1 h7 h2')
    expect(await order('sortuj=area_asc')).toBe('h3 h4 h1 h7 h2')
    expect(await order('sortuj=area_desc')).toBe('h2 h7 h1 h4 h3')
  })
  it('pages cut the merged order', async () => {
    expect(await order('sortuj=price_asc&per_page=2&page=2')).toBe('h4 h1')
    expect(await order('sortuj=price_asc&per_page=2&page=3')).toBe('h3')
    // The default order: the promoted slot on top of page 1, then the true order, paged (decision 014).
    expect(await order('per_page=2&page=1')).toBe('h3 h1 h2')
    expect(await order('per_page=2&page=2')).toBe('h3 h4')
    const res = await t.app.inject('/api/search?kategoria=dom&typ=sprzedaz&per_page=2')
    expect(res.json()).toMatchObject({ total: 5, last_page: 3 })
  })
  it('a dense area is walked per subcategory and grid cell, in the same order', async () => {
    const byId = new Map(Object.entries(id).map(([k, v]) => [v, k]))
    const expected: Record<string, string> = {
      price_asc: 'h2 h7 h4 h1 h3', price_desc: 'h3 h1 h4 h7 h2', price_m2_asc: 'h2 h7 h1 h4 h3',
      price_m2_desc: 'h3 h4 h1 h7 h2', area_asc: 'h3 h4 h1 h7 h2', area_desc: 'h2 h7 h1 h4 h3', newest: 'h3 h1 h2 h4 h7',
      newest_plain: 'h1 h2 h3 h4 h7',
    }
    for (const [sort, want] of Object.entries(expected)) {
      const { query, errors } = parseSearchParams(new URLSearchParams(`kategoria=dom&typ=sprzedaz&lokalizacja[lat]=52.2&lokalizacja[lon]=21.0&sortuj=${sort}`))
      expect(errors).toEqual({})
      const { where, branches } = searchPlan(query, { isDense: () => true })
      expect(branches?.cells?.length, sort).toBeGreaterThan(1)
      expect((await searchPage(t.db.db, query, where, branches)).map((r) => byId.get(r.id)).join(' '), sort).toBe(want)
      const paged = { ...query, per_page: 2, page: 2 }
      expect((await searchPage(t.db.db, paged, where, branches)).map((r) => byId.get(r.id)).join(' '), sort).toBe(want.split(' ').slice(2, 4).join(' '))
    }
  })
  it('markers of a dense area are walked per subcategory and grid cell too, newest first', async () => {
    const { query } = parseSearchParams(new URLSearchParams('kategoria=dom&typ=sprzedaz&bbox=20.9,52.1,21.1,52.3'))
    const { where, branches } = searchPlan(query, { isDense: () => true })
    expect(branches?.cells?.length).toBeGreaterThan(1)
    expect((await searchMarkers(t.db.db, where, 2000, branches)).map((m) => m.id)).toEqual([id.h1, id.h2, id.h3, id.h4, id.h7])
    expect((await searchMarkers(t.db.db, where, 3, branches)).map((m) => m.id)).toEqual([id.h1, id.h2, id.h3])
  })
  it('markers cover every subcategory, newest first, with slugs', async () => {
    const res = await t.app.inject('/api/search/markers?kategoria=dom&typ=sprzedaz&bbox=20.9,52.1,21.1,52.3')
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ total: 5, truncated: false })
    expect(body.data.map((m: { id: number }) => m.id)).toEqual([id.h1, id.h2, id.h3, id.h4, id.h7])
    expect(body.data.every((m: { slug: string }) => /^ogloszenie-/.test(m.slug))).toBe(true)
  })
})

describe('GET /api/search/suggestions', () => {
  let t: T
  beforeAll(async () => { t = await createTestApp() })
  afterAll(async () => { await t.close() })
  const get = async (q: string) => (await t.app.inject(`/api/search/suggestions?q=${encodeURIComponent(q)}`)).json() as { label: string; url: string }[]

  it("'mieszk krak' → 'Mieszkania na sprzedaż Kraków'", async () => {
    const s = await get('mieszk krak')
    expect(s[0]).toEqual({ label: 'Mieszkania na sprzedaż Kraków', url: '/nieruchomosci/mieszkanie/sprzedaz/krakow' })
    expect(s.length).toBeLessThanOrEqual(5)
    expect(s.every((x) => x.label.includes('Kraków'))).toBe(true)
  })
  it('ignores diacritics and understands transaction and locative words', async () => {
    expect((await get('dzialki lodz'))[0]!.label).toBe('Działki na sprzedaż Łódź')
    expect((await get('domy wynajem we wrocławiu'))[0]).toEqual({ label: 'Domy na wynajem Wrocław', url: '/nieruchomosci/dom/wynajem/wroclaw' })
    expect((await get('mieszkania'))[0]!.label).toBe('Mieszkania na sprzedaż')
  })
  it('at most 5, none under 2 characters or for nonsense', async () => {
    expect(await get('m')).toEqual([])
    expect(await get('')).toEqual([])
    expect(await get('xyzzy')).toEqual([])
    expect((await get('na')).length).toBeLessThanOrEqual(5)
    expect((await get('mieszkania w')).length).toBe(5)
  })
})
