import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { eq, sql } from 'drizzle-orm'
import { listingPhotos, listings, users } from '@portal/db'
import { CATEGORIES, CITIES } from '@portal/contracts/catalogue'
import { ADVERTISERS, parseSearchParams, toSearchParams, type SearchQuery } from '@portal/contracts/search'
import { createTestApp, insertListings } from '../../../test/helpers.ts'
import { linkInvestment, queryArb, seedFilterListings } from './filters-fixture.ts'
import { withInvestment } from '../investment.ts'
import { rowsOf } from '../sql.ts'
import { SearchIndex } from './index.ts'
import { viaIndex, viaSql } from './parity-support.ts'

/**
 * Issue 25's filters (advertiser, date added, price per m², year built, floor range, video, virtual tour, floor plan)
 * answer the same pages and totals on both engines, over random listings and random queries (fast-check, seeded).
 */
let t: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  t = await createTestApp()
  await seedFilterListings(t.db)
}, 120_000)
afterAll(async () => { await t?.close() })

describe("issue 25's filters on both engines", () => {
  it('answer random queries with the same pages and totals (index vs SQL)', async () => {
    const ix = new SearchIndex(t.db.db)
    await ix.load()
    let nonEmpty = 0
    await fc.assert(fc.asyncProperty(queryArb, async (q) => {
      const got = await viaIndex(ix, q)
      expect(got, JSON.stringify(q)).not.toBeNull()
      expect(got, JSON.stringify(q)).toEqual(await viaSql(t.db.db, q))
      if (got!.total) nonEmpty++
    }), { numRuns: 150, seed: 25 })
    expect(nonEmpty).toBeGreaterThan(40)
  }, 120_000)

  it('each filter alone narrows the result, the same on both engines', async () => {
    const ix = new SearchIndex(t.db.db)
    await ix.load()
    const all = (await viaSql(t.db.db, {})).total
    const cases: SearchQuery[] = [
      { advertiser: ['private'] }, { advertiser: ['agency'] }, { advertiser: ['developer'] }, { advertiser: ['private', 'developer'] },
      { addedDays: 1 }, { addedDays: 30 }, { pricePerM2: { min: 5000 } }, { yearBuilt: { min: 2000, max: 2010 } },
      { floorRange: { min: 0, max: 2 } }, { floorRange: { min: 11 } }, { withVideo: true }, { withTour: true }, { withPlan: true },
    ]
    for (const q of cases) {
      const sqlHit = await viaSql(t.db.db, q)
      expect(await viaIndex(ix, q), JSON.stringify(q)).toEqual(sqlHit)
      expect(sqlHit.total, JSON.stringify(q)).toBeGreaterThan(0)
      expect(sqlHit.total, JSON.stringify(q)).toBeLessThan(all)
    }
    // The advertiser kinds split every listing between them; an agent counts as its agency.
    const kinds = await Promise.all(ADVERTISERS.map((a) => viaSql(t.db.db, { advertiser: [a] })))
    expect(kinds.reduce((n, k) => n + k.total, 0)).toBe(all)
    expect(kinds[1]!.total).toBe(210) // agency, its agent, the hotel: 3 × 70
  }, 60_000)

  it("the index hears of a changed video link, floor plan and account type", async () => {
    const ix = new SearchIndex(t.db.db)
    await ix.load()
    // The cheapest listing of all: first in price order whenever it matches.
    const [id] = await insertListings(t.db, [{ categoryId: CATEGORIES[0]!.id, links: {}, price: 1 }])
    const has = async (q: SearchQuery) => { const hit = (await ix.search({ ...q, sort: 'price_asc' }, 5, 0))!; return hit.store.id[hit.slots[0]!] === id }
    expect(await has({ withVideo: true })).toBe(false)
    await t.db.db.update(listings).set({ links: { video: 'https://youtu.be/abcdefghijk' } }).where(eq(listings.id, id!))
    expect(await has({ withVideo: true })).toBe(true)
    await t.db.db.insert(listingPhotos).values({ listingId: id!, kind: 'plan', position: 0, storageKey: 'p', width: 1, height: 1 })
    expect(await has({ withPlan: true })).toBe(true)
    expect(await has({ advertiser: ['private'] })).toBe(true)
    const [{ userId }] = await t.db.db.select({ userId: listings.userId }).from(listings).where(eq(listings.id, id!))
    await t.db.db.update(users).set({ type: 'developer' }).where(eq(users.id, userId))
    expect(await has({ advertiser: ['private'] })).toBe(false)
    expect(await has({ advertiser: ['developer'] })).toBe(true)
    await t.db.db.delete(listings).where(sql`id = ${id}`)
  })

  it("radius: '+0 km' is the place itself by its name; wider choices find more; both engines agree", async () => {
    const ix = new SearchIndex(t.db.db)
    await ix.load()
    const c = CITIES[0]!
    const at = { lat: c.lat, lon: c.lon, name: c.name }
    const totals: number[] = []
    for (const radius of [0, 5, 10, 25, 75]) {
      const q: SearchQuery = { location: at, radius, per_page: 60 }
      const sqlHit = await viaSql(t.db.db, q)
      expect(await viaIndex(ix, q), String(radius)).toEqual(sqlHit)
      totals.push(sqlHit.total)
    }
    const [own] = rowsOf(await t.db.db.execute(sql`select count(*)::int as n from listings where city_slug = ${c.slug} and ad_type = 'offer'`))
    expect(totals[0]).toBe(Number(own!.n))
    expect(totals[1]).toBeLessThanOrEqual(totals[2]!)
    expect(totals[4]).toBeGreaterThan(totals[1]!)
    const res = await t.app.inject(`/api/search?lokalizacja[lat]=${c.lat}&lokalizacja[lon]=${c.lon}&lokalizacja[nazwa]=${encodeURIComponent(c.name)}&promien=0`)
    expect(res.statusCode).toBe(200)
    expect(res.json().total).toBe(totals[0])
    expect((await t.app.inject('/api/search?lokalizacja[lat]=50&lokalizacja[lon]=20&promien=-1')).statusCode).toBe(422)
  })

  it('GET /api/search/count: the total of GET /api/search, exact from the index; 422 like the search', async () => {
    for (const qs of ['', 'ogloszeniodawca=prywatny', 'z_filmem=1&typ=sprzedaz', 'dodane=7&pietro_od=1', 'kategoria=mieszkanie&cena_m2[max]=9000']) {
      await t.app.inject(`/api/search?${qs}`) // loads the index on first use
      const [search, count] = await Promise.all([t.app.inject(`/api/search?${qs}`), t.app.inject(`/api/search/count?${qs}`)])
      expect(count.statusCode, qs).toBe(200)
      expect(count.headers['x-search-source']).toBe('index')
      expect(count.json(), qs).toEqual({ total: search.json().total, total_estimated: false })
    }
    const bad = await t.app.inject('/api/search/count?rok_budowy[max]=3000')
    expect(bad.statusCode).toBe(422)
    expect(Object.keys(bad.json().errors)).toEqual(['rok_budowy[max]'])
  })

  it('reads the Polish parameters and their English aliases, writes the Polish ones, and names a bad one', () => {
    const pl = new URLSearchParams('ogloszeniodawca=prywatny,deweloper&dodane=7&cena_m2[min]=5000&cena_m2[max]=12000'
      + '&rok_budowy[min]=1990&rok_budowy[max]=2020&pietro_od=0&pietro_do=3&z_filmem=1&z_wirtualnym_spacerem=1&z_rzutem=1')
    const { query, errors } = parseSearchParams(pl)
    expect(errors).toEqual({})
    expect(query).toEqual({ advertiser: ['private', 'developer'], addedDays: 7, pricePerM2: { min: 5000, max: 12000 },
      yearBuilt: { min: 1990, max: 2020 }, floorRange: { min: 0, max: 3 }, withVideo: true, withTour: true, withPlan: true })
    expect(toSearchParams(query).toString()).toBe(new URLSearchParams('z_filmem=1&z_wirtualnym_spacerem=1&z_rzutem=1'
      + '&ogloszeniodawca=prywatny,deweloper&dodane=7&cena_m2[min]=5000&cena_m2[max]=12000&rok_budowy[min]=1990'
      + '&rok_budowy[max]=2020&pietro_od=0&pietro_do=3').toString())
    const en = parseSearchParams(new URLSearchParams('advertiser=agency&added_days=3&price_per_m2[min]=100&year_built[max]=1950'
      + '&floor_from=parter&floor_to=2&with_video=1&with_virtual_tour=1&with_floor_plan=1'))
    expect(en).toEqual({ errors: {}, query: { advertiser: ['agency'], addedDays: 3, pricePerM2: { min: 100 }, yearBuilt: { max: 1950 },
      floorRange: { min: 0, max: 2 }, withVideo: true, withTour: true, withPlan: true } })
  })

  it('an investment (`inwestycja`, decision 077): random queries over its units agree on both engines and the API', async () => {
    const all = rowsOf<{ id: number }>(await t.db.db.execute(sql`select id from listings order by id`)).map((x) => Number(x.id))
    const a = all.filter((_, i) => i % 5 === 0), b = all.filter((_, i) => i % 5 === 1)
    const invA = await linkInvestment(t.db, 'Osiedle Parzyste', a)
    const invB = await linkInvestment(t.db, 'Osiedle Inne', b)
    try {
      const ix = new SearchIndex(t.db.db)
      await ix.load()
      let nonEmpty = 0
      await fc.assert(fc.asyncProperty(queryArb, fc.boolean(), async (base, bySlug) => {
        const r = await withInvestment(t.db.db, { ...base, investment: bySlug ? invA.slug : String(invA.id) })
        if (r.errors) throw new Error(JSON.stringify(r.errors))
        const got = await viaIndex(ix, r.query)
        expect(got, JSON.stringify(base)).toEqual(await viaSql(t.db.db, r.query))
        for (const id of got!.ids) expect(a).toContain(Number(id.replace('*', '')))
        if (got!.total) nonEmpty++
      }), { numRuns: 60, seed: 77 })
      expect(nonEmpty).toBeGreaterThan(10)
      // Through the API: the slug or the id, Polish or English name; count and markers the same; only A's units.
      const units = (await viaSql(t.db.db, { investment: String(invA.id), investmentUnits: a, per_page: 60 })).total
      expect(units).toBe(a.length)
      for (const qs of [`inwestycja=${invA.slug}`, `investment=${invA.id}`]) {
        const res = await t.app.inject(`/api/search?${qs}&per_page=60`)
        expect(res.statusCode, qs).toBe(200)
        expect(res.json().total, qs).toBe(units)
        expect(res.json().investment).toEqual({ id: invA.id, slug: invA.slug, name: 'Osiedle Parzyste' })
        for (const l of res.json().data as { id: number }[]) expect(a).toContain(l.id)
        expect((await t.app.inject(`/api/search/count?${qs}`)).json().total, qs).toBe(units)
      }
      const other = await t.app.inject(`/api/search?inwestycja=${invB.id}&per_page=60`)
      expect(other.json().total).toBe(b.length)
      for (const l of other.json().data as { id: number }[]) expect(b).toContain(l.id)
      for (const [qs, key, msg] of [['inwestycja=999999', 'inwestycja', 'Nieznana inwestycja: 999999.'],
        ['investment=nie-ma-takiej', 'investment', 'Nieznana inwestycja: nie-ma-takiej.'],
        ['inwestycja=%21%21', 'inwestycja', 'Podaj identyfikator lub adres inwestycji.']] as const) {
        for (const path of ['/api/search', '/api/search/count', '/api/search/markers']) {
          const res = await t.app.inject(`${path}?${qs}`)
          expect(res.statusCode, `${path}?${qs}`).toBe(422)
          expect(res.json().errors, `${path}?${qs}`).toEqual({ [key]: [msg] })
        }
      }
    } finally {
      await t.db.db.execute(sql`delete from investments`)
    }
  }, 120_000)

  it('GET /api/search answers 422 in Polish naming a bad new parameter', async () => {
    for (const [qs, key] of [['ogloszeniodawca=firma', 'ogloszeniodawca'], ['dodane=2', 'dodane'], ['cena_m2[min]=abc', 'cena_m2[min]'],
      ['rok_budowy[min]=1500', 'rok_budowy[min]'], ['pietro_od=5&pietro_do=2', 'pietro_od'], ['pietro_do=40', 'pietro_do'],
      ['z_rzutem=tak', 'z_rzutem'], ['with_video=2', 'with_video']] as const) {
      const res = await t.app.inject(`/api/search?${qs}`)
      expect(res.statusCode, qs).toBe(422)
      expect(Object.keys(res.json().errors), qs).toEqual([key])
    }
    const ok = await t.app.inject('/api/search?ogloszeniodawca=prywatny&z_filmem=1')
    expect(ok.statusCode).toBe(200)
  })
})
