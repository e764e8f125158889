import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asc, eq, sql } from 'drizzle-orm'
import { ATTRIBUTE_BY_ID, CATEGORIES, CATEGORY_BY_ID, CITIES, CITY_BY_SLUG } from '@portal/contracts/catalogue'
import { openTestDb } from '../testing.ts'
import type { DbHandle } from '../client.ts'
import { listingMeta, listingPhotos, listingPriceHistory, listings, pages, users } from '../schema/index.ts'
import { districtLevel, ensureDemoUsers, generateListing, POOL, priceFactor, searchNormalize, seedContent, seedDemo, slugify, type UserPool } from './index.ts'

const topSlug = (id: number): string => { let c = CATEGORY_BY_ID.get(id); while (c?.parentId) c = CATEGORY_BY_ID.get(c.parentId); return c?.slug ?? '' }

const COUNT = 600
const HISTORY = 300
const SEED = 7
let handle: DbHandle
let dataDir: string
let rows: (typeof listings.$inferSelect)[]

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'seed-test-'))
  handle = await openTestDb()
  const summary = await seedDemo(handle, { dataDir, listings: COUNT, history: HISTORY, seed: SEED, log: false })
  expect(summary.skipped).toBe(false)
  rows = await handle.db.select().from(listings).where(eq(listings.status, 'active')).orderBy(asc(listings.id))
})

afterAll(async () => {
  await handle?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

describe('seedDemo', () => {
  it('creates the requested number of active listings and skips a non-empty database', async () => {
    expect(rows).toHaveLength(COUNT)
    expect(rows.every((r) => r.status === 'active')).toBe(true)
    const again = await seedDemo(handle, { dataDir, listings: COUNT, seed: SEED, log: false })
    expect(again.skipped).toBe(true)
    const [{ n }] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(listings) as { n: number }[]
    expect(Number(n)).toBe(COUNT + HISTORY)
  })

  it('is deterministic: the same seed gives the same titles and prices', async () => {
    // The demo users already exist, so this only looks them up: the same pool the seeder used.
    const pool: UserPool = await ensureDemoUsers(handle, SEED)
    const ctx = { seed: SEED, users: pool, now: Date.now() }
    const firstId = rows[0]!.id
    const again = rows.map((_, i) => generateListing(ctx, i, firstId + i))
    expect(again.map((l) => [l.title, l.price, l.area, l.categoryId, l.offerType, l.userId, l.description])).toEqual(
      rows.map((r) => [r.title, r.price, r.area, r.categoryId, r.offerType, r.userId, r.description]))
    const other = generateListing({ ...ctx, seed: SEED + 1 }, 500, 1)
    expect(other.title === again[500]!.title && other.price === again[500]!.price).toBe(false)
  })

  it('covers every category with every offer type it allows, wanted ads and every city', () => {
    const seen = new Set(rows.filter((r) => r.adType === 'offer').map((r) => `${r.categoryId}:${r.offerType}`))
    for (const c of CATEGORIES) for (const o of c.offerTypes) expect(seen.has(`${c.id}:${o}`), `${c.slug} ${o}`).toBe(true)
    const seek = rows.filter((r) => r.adType === 'seek')
    expect(seek.length).toBeGreaterThan(COUNT * 0.03)
    expect(seek.some((r) => r.title.startsWith('Szukam'))).toBe(true)
    const cities = new Set(rows.map((r) => r.citySlug))
    for (const c of CITIES) expect(cities.has(c.slug), c.name).toBe(true)
    const warsaw = rows.filter((r) => r.citySlug === 'warszawa').length
    for (const c of CITIES.slice(1)) expect(rows.filter((r) => r.citySlug === c.slug).length).toBeLessThan(warsaw)
  })

  it('keeps places consistent: district of the city, coordinates near it, search text normalised', () => {
    for (const r of rows) {
      const city = CITY_BY_SLUG.get(r.citySlug)!
      const d = city.districts.find((x) => x.name === r.district)
      expect(d, `${r.city} ${r.district}`).toBeDefined()
      expect(Math.abs(r.lat - d!.lat)).toBeLessThan(0.03)
      expect(Math.abs(r.lon - d!.lon)).toBeLessThan(0.04)
      expect(r.locationName).toBe(`${city.name}, ${r.district}`)
      expect(r.voivodeship).toBe(city.voivodeship)
      expect(r.searchText).toBe(searchNormalize(`${r.title} ${r.city} ${r.district} ${r.locationName}`))
      expect(r.searchText).toMatch(/^[a-z0-9 ,.²–\-:/()]+$/)
      expect(r.slug.startsWith(slugify(r.title).slice(0, 20))).toBe(true)
      expect(r.expiresAt!.getTime()).toBeGreaterThan(Date.now())
      expect(r.createdAt.getTime()).toBeGreaterThan(Date.now() - 61 * 86_400_000)
      expect(r.description.split('\n\n').length).toBeGreaterThanOrEqual(2)
    }
    expect(new Set(rows.map((r) => r.slug)).size).toBe(rows.length)
    expect(searchNormalize('Łódź Żoliborz Śródmieście')).toBe('lodz zoliborz srodmiescie')
  })

  it('fills attributes that are valid against the catalogue and match the typed columns', () => {
    for (const r of rows) {
      const cat = CATEGORY_BY_ID.get(r.categoryId)!
      expect(cat.offerTypes).toContain(r.offerType)
      const ids = r.attributes.map((a) => a.id)
      expect(new Set(ids).size).toBe(ids.length)
      for (const { id, value } of r.attributes) {
        const def = ATTRIBUTE_BY_ID.get(id)!
        expect(cat.attributes, `${cat.slug} attr ${id}`).toContain(id)
        if (def.offerTypes) expect(def.offerTypes).toContain(r.offerType)
        if ([15, 16, 17].includes(id)) {
          expect(Array.isArray(value)).toBe(true)
          for (const v of value as string[]) expect(def.options!.map((o) => o.slug)).toContain(v)
        } else {
          expect(typeof value).toBe('string')
          if (def.type === 'boolean') expect(value).toBe('true')
          if (def.type === 'choice') expect(def.options!.map((o) => o.slug), `attr ${id}`).toContain(value)
          if (def.type === 'integer' || def.type === 'numeric') {
            const n = Number(value)
            expect(Number.isFinite(n)).toBe(true)
            if (def.min !== undefined) expect(n).toBeGreaterThanOrEqual(def.min)
            if (def.max !== undefined) expect(n).toBeLessThanOrEqual(def.max)
          }
          if (def.type === 'date') expect(value).toMatch(/^\d{4}-\d{2}-\d{2}$/)
        }
      }
      const attr = (id: number) => r.attributes.find((a) => a.id === id)?.value
      expect(attr(16) ?? []).toEqual(r.extras)
      expect(attr(17) ?? []).toEqual(r.nearby)
      expect(attr(15) ?? []).toEqual(r.rentalPeriods)
      expect(attr(9) ?? null).toBe(r.floor)
      expect(attr(19) ?? null).toBe(r.market)
      expect(attr(12) ?? null).toBe(r.condition)
      expect(attr(31) ?? null).toBe(r.ownership)
      expect(attr(6) === 'true').toBe(r.negotiable)
      expect(attr(7) === 'true').toBe(r.billsIncluded)
      if (r.rooms) expect(attr(11)).toBe(String(Math.min(r.rooms, 5)))
      if (r.area && cat.attributes.includes(4)) expect(Number(attr(4))).toBe(r.area)
    }
    // Flags and facets show up in a realistic share.
    expect(rows.filter((r) => r.negotiable).length).toBeGreaterThan(COUNT * 0.1)
    expect(rows.filter((r) => r.isPromoted).length).toBeGreaterThan(COUNT * 0.02)
    expect(rows.filter((r) => r.extras.includes('balkon')).length).toBeGreaterThan(10)
    // Monthly costs (decision 072): most flats state a czynsz, many rented ones media; bills included, neither.
    const attrOf = (r: (typeof rows)[number], id: number) => r.attributes.find((a) => a.id === id)?.value
    const flats = rows.filter((r) => r.categoryId === 1 && r.adType === 'offer' && (r.offerType === 'sell' || r.offerType === 'rent') && !r.billsIncluded)
    expect(flats.filter((r) => attrOf(r, 37)).length).toBeGreaterThan(flats.length * 0.6)
    const rentFlats = flats.filter((r) => r.offerType === 'rent')
    expect(rentFlats.filter((r) => attrOf(r, 38)).length).toBeGreaterThan(rentFlats.length * 0.4)
    for (const r of rows.filter((x) => x.billsIncluded)) expect([attrOf(r, 37), attrOf(r, 38)]).toEqual([undefined, undefined])
    for (const r of flats.filter((x) => attrOf(x, 37))) expect(Number(attrOf(r, 37))).toBeGreaterThanOrEqual(250)
  })

  it('two years of ended flat offers with price histories, and the first price of every active listing (issue 26)', async () => {
    const ended = await handle.db.select().from(listings).where(eq(listings.status, 'ended'))
    expect(ended).toHaveLength(HISTORY)
    const now = Date.now()
    const meta = new Map((await handle.db.select().from(listingMeta)).map((m) => [m.listingId, m]))
    const hist = await handle.db.select().from(listingPriceHistory).orderBy(asc(listingPriceHistory.changedAt), asc(listingPriceHistory.id))
    const byListing = new Map<number, typeof hist>()
    for (const h of hist) byListing.set(h.listingId, [...(byListing.get(h.listingId) ?? []), h])
    for (const l of ended) {
      expect(l.categoryId).toBe(1)
      expect(['sell', 'rent']).toContain(l.offerType)
      expect(now - l.createdAt.getTime()).toBeLessThan(731 * 86_400_000)
      const m = meta.get(l.id)!
      expect(m.endedAt!.getTime()).toBeGreaterThan(l.createdAt.getTime())
      expect(m.endedAt!.getTime()).toBeLessThan(now)
      const h = byListing.get(l.id)!
      expect(h[0]!.changedAt.getTime()).toBe(l.createdAt.getTime())
      expect(h.at(-1)!.price).toBe(l.price)
    }
    // Sale prices two years ago were lower: the older half's price per m² relative to its district level.
    const rel = (r: (typeof ended)[number]) => {
      const c = CITY_BY_SLUG.get(r.citySlug)!
      return r.pricePerM2! / (c.priceLevel * districtLevel(c, c.districts.find((d) => d.name === r.district)!))
    }
    const sales = ended.filter((r) => r.offerType === 'sell').sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    const mean = (a: typeof sales) => a.reduce((s, r) => s + rel(r), 0) / a.length
    expect(mean(sales.slice(0, sales.length / 3))).toBeLessThan(mean(sales.slice(-sales.length / 3)))
    for (const r of rows) expect(byListing.get(r.id)?.at(-1)?.price, r.title).toBe(r.price)
    expect(rows.filter((r) => (byListing.get(r.id)?.length ?? 0) > 1).length).toBeGreaterThan(COUNT * 0.1)
  })

  // The factor the generator gives a row's own attributes, read back from the stored row.
  const attributeFactor = (r: (typeof rows)[number]) => {
    const city = CITY_BY_SLUG.get(r.citySlug)!
    const [amin, amax] = CATEGORY_BY_ID.get(r.categoryId)!.demo.area
    const attr = (id: number) => r.attributes.find((a) => a.id === id)?.value as string | undefined
    const floors = attr(10) ? Number(attr(10)) : null
    const floorNo = r.floor === null ? null : r.floor === 'parter' || r.floor === 'suterena' ? 0 : r.floor === 'powyzej-10' ? 11
      : r.floor === 'poddasze' ? floors : Number(r.floor)
    return priceFactor({
      area: r.area ? Number(r.area) : null, typicalArea: amin + (amax - amin) * 0.5 ** 1.7, condition: r.condition, market: r.market,
      yearBuilt: attr(18) ? Number(attr(18)) : null, floor: r.floor, floorNo, floors, lift: r.extras.includes('winda'),
      central: city.districts.findIndex((d) => d.name === r.district) < city.districts.length / 3,
    })
  }

  it('prices are plausible per city and category', () => {
    const sells = rows.filter((r) => r.offerType === 'sell' && r.adType === 'offer' && r.area && CATEGORY_BY_ID.get(r.categoryId)!.demo.pricePerM2 > 0)
    expect(sells.length).toBeGreaterThan(200)
    for (const r of sells) {
      const city = CITY_BY_SLUG.get(r.citySlug)!
      const district = city.districts.find((d) => d.name === r.district)!
      const base = city.priceLevel * districtLevel(city, district) * CATEGORY_BY_ID.get(r.categoryId)!.demo.pricePerM2 * 100
      // City level × district level × category × the attributes' factor, within the ±10 % noise (+ rounding).
      const ratio = r.pricePerM2! / (base * attributeFactor(r))
      expect(ratio, `${r.title} ${r.pricePerM2}`).toBeGreaterThan(0.885)
      expect(ratio, `${r.title} ${r.pricePerM2}`).toBeLessThan(1.115)
      expect(attributeFactor(r)).toBeGreaterThan(0.5)
      expect(attributeFactor(r)).toBeLessThan(1.6)
    }
    const flatsWaw = sells.filter((r) => r.categoryId === 1 && r.citySlug === 'warszawa')
    for (const r of flatsWaw) expect(r.pricePerM2! / 100).toBeGreaterThan(10_000)
    // Central districts are dearer than outlying ones (issue 26).
    const waw = CITY_BY_SLUG.get('warszawa')!
    expect(districtLevel(waw, waw.districts[0]!)).toBeGreaterThan(districtLevel(waw, waw.districts.at(-1)!) + 0.3)
    const rents = rows.filter((r) => r.offerType === 'rent' && r.categoryId === 1 && r.adType === 'offer')
    for (const r of rents) expect(r.price / 100).toBeGreaterThan(600)
    for (const r of rows.filter((x) => x.offerType === 'for_free')) expect(r.price).toBe(0)
    for (const r of rows.filter((x) => x.offerType === 'exchange')) expect(r.price).toBeGreaterThan(0)
  })

  it('prices per m² follow condition, market, year, floor and area (issue 26)', () => {
    const flats = rows.filter((r) => r.categoryId === 1 && r.offerType === 'sell' && r.adType === 'offer' && r.pricePerM2)
    // Relative to the place's level, so the city and district mix does not blur the attributes' effect.
    const rel = (r: (typeof flats)[number]) => {
      const c = CITY_BY_SLUG.get(r.citySlug)!
      return r.pricePerM2! / (c.priceLevel * districtLevel(c, c.districts.find((d) => d.name === r.district)!))
    }
    const median = (a: typeof flats) => { const s = a.map(rel).sort((x, y) => x - y); return s[s.length >> 1]! }
    const year = (r: (typeof flats)[number]) => Number(r.attributes.find((a) => a.id === 18)?.value ?? 0)
    const secondary = flats.filter((r) => r.market === 'wtorny')
    expect(median(secondary.filter((r) => r.condition === 'do-remontu'))).toBeLessThan(median(secondary.filter((r) => r.condition === 'wyremontowane')) * 0.95)
    expect(median(flats.filter((r) => r.market === 'pierwotny'))).toBeGreaterThan(median(secondary))
    expect(median(secondary.filter((r) => year(r) >= 1950 && year(r) <= 1990))).toBeLessThan(median(secondary.filter((r) => year(r) >= 2005)))
    expect(median(flats.filter((r) => r.floor === 'parter'))).toBeLessThan(median(flats.filter((r) => r.floor === '2')))
    expect(median(flats.filter((r) => Number(r.area) >= 90))).toBeLessThan(median(flats.filter((r) => Number(r.area) <= 35)))
    // The factor alone: what a buyer would expect of two otherwise equal flats.
    const flat = { area: 50, typicalArea: 50, condition: 'do-odswiezenia', market: 'wtorny', yearBuilt: 1975, floor: '2', floorNo: 2, floors: 4, lift: false, central: false }
    expect(priceFactor({ ...flat, condition: 'do-remontu' }) / priceFactor(flat)).toBeCloseTo(0.85 / 0.95, 5)
    expect(priceFactor({ ...flat, floor: 'parter', floorNo: 0 })).toBeLessThan(priceFactor(flat))
    expect(priceFactor({ ...flat, floor: '4', floorNo: 4 })).toBeLessThan(priceFactor({ ...flat, floor: '4', floorNo: 4, lift: true }))
    expect(priceFactor({ ...flat, yearBuilt: 1900, central: true })).toBeGreaterThan(priceFactor({ ...flat, yearBuilt: 1900 }))
    expect(priceFactor({ ...flat, area: 100 })).toBeLessThan(priceFactor(flat))
  })

  it('gives every listing 3–10 photos from the pool and a share of homes floor plans, with files and placeholders', async () => {
    const all = await handle.db.select().from(listingPhotos).orderBy(asc(listingPhotos.listingId), asc(listingPhotos.kind), asc(listingPhotos.position))
    const photos = all.filter((p) => p.kind === 'photo')
    const plans = all.filter((p) => p.kind === 'plan')
    const by = new Map<number, typeof photos>()
    for (const p of photos) by.set(p.listingId, [...(by.get(p.listingId) ?? []), p])
    const planKeys = new Set(POOL.filter((p) => p.scene === 'plan').map((p) => p.key))
    for (const r of rows) {
      const ps = by.get(r.id) ?? []
      expect(ps.length).toBeGreaterThanOrEqual(3)
      expect(ps.length).toBeLessThanOrEqual(10)
      expect(ps.map((p) => p.position)).toEqual(ps.map((_, i) => i))
      expect(new Set(ps.map((p) => p.storageKey)).size).toBe(ps.length)
      expect(ps.some((p) => planKeys.has(p.storageKey)), 'no plan among the gallery photos').toBe(false)
      const own = plans.filter((p) => p.listingId === r.id)
      expect(own.map((p) => p.position)).toEqual(own.map((_, i) => i))
      expect(own.every((p) => planKeys.has(p.storageKey))).toBe(true)
      if (own.length) expect(r.adType === 'offer' && ['mieszkanie', 'dom', 'dom-modulowy', 'domek-letniskowy', 'lokal-uzytkowy'].includes(topSlug(r.categoryId))).toBe(true)
    }
    // Flats: about a third come with a plan ('z rzutem' finds them in the demo).
    const flats = rows.filter((r) => r.adType === 'offer' && topSlug(r.categoryId) === 'mieszkanie')
    const withPlan = flats.filter((r) => plans.some((p) => p.listingId === r.id)).length
    expect(withPlan / flats.length).toBeGreaterThan(0.2)
    expect(withPlan / flats.length).toBeLessThan(0.5)
    const keys = new Set(all.map((p) => p.storageKey))
    expect(keys.size).toBeGreaterThan(30)
    for (const key of keys) {
      expect(key).toMatch(/^demo\/p\d\d$/)
      for (const size of ['sm', 'md', 'lg']) expect(existsSync(path.join(dataDir, 'uploads', key, `${size}.webp`))).toBe(true)
    }
    expect(all.every((p) => p.width === 1600 && p.height === 1200 && p.placeholder?.startsWith('data:image/webp;base64,'))).toBe(true)
  })

  it('creates private users, agencies with agents, developers and a hotel', async () => {
    const all = await handle.db.select().from(users)
    const agencies = all.filter((u) => u.type === 'agency')
    expect(agencies).toHaveLength(8)
    for (const a of agencies) {
      const agents = all.filter((u) => u.agencyId === a.id)
      expect(agents.length).toBeGreaterThanOrEqual(2)
      expect(agents.length).toBeLessThanOrEqual(4)
      expect(agents.every((g) => g.roles.includes('agent'))).toBe(true)
      expect(a.roles).toEqual(['company'])
      expect(a.description).toBeTruthy()
    }
    expect(all.filter((u) => u.type === 'developer')).toHaveLength(5)
    expect(all.filter((u) => u.type === 'hotel')).toHaveLength(1)
    expect(all.filter((u) => u.type === 'user' && !u.agencyId).length).toBeGreaterThanOrEqual(40)
    expect(all.every((u) => /@example\.(pl|com)$/.test(u.email) && u.emailVerifiedAt && u.passwordHash === null && u.phone)).toBe(true)
    const agentListings = rows.filter((r) => r.agentId)
    expect(agentListings.length).toBeGreaterThan(0)
    for (const r of agentListings) expect(all.find((u) => u.id === r.agentId)!.agencyId).toBe(r.userId)
    const devIds = new Set(all.filter((u) => u.type === 'developer').map((u) => u.id))
    const devListings = rows.filter((r) => devIds.has(r.userId))
    expect(devListings.length).toBeGreaterThan(0)
    expect(devListings.every((r) => r.market === 'pierwotny' || r.market === null)).toBe(true)
  })

  it('seeds the static pages once, including the terms at id 17', async () => {
    const list = await handle.db.select().from(pages).orderBy(asc(pages.position))
    expect(list.find((p) => p.id === 17)?.title).toBe('Regulamin i polityka prywatności')
    expect(list.length).toBeGreaterThanOrEqual(4)
    for (const p of list) {
      expect(p.content.split('\n\n').length).toBeGreaterThanOrEqual(3)
      expect(p.content).not.toMatch(/<[a-z]/i)
    }
    expect(await seedContent(handle.db)).toBe(0)
  })
})
