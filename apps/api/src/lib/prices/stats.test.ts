import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { eq } from 'drizzle-orm'
import { listingMeta, listingPriceHistory, listingProperty, priceStats, priceStatsRuns, propertyGroups, type DbHandle } from '@portal/db'
import { openTestDb } from '@portal/db/testing'
import { insertListings } from '../../test/helpers.ts'
import {
  computeStats, MIN_SAMPLE, priceAt, quantile, roomBucket, runPriceStats, summarize, trimOutliers, warsawMonths, type StatListing,
} from './stats.ts'

const NOW = new Date('2026-11-15T12:00:00Z')
const months = warsawMonths(NOW)
const nov = months.at(-1)!, oct = months.at(-2)!

let seq = 0
/** A Mokotów 2-room flat for sale, 50 m², on the market since January 2026, priced per m² (zł). */
function flat(perM2Zl: number, o: Partial<StatListing> = {}): StatListing {
  const id = ++seq
  return {
    id, property: `l${id}`, categoryId: 1, offerType: 'sell', citySlug: 'warszawa', district: 'Mokotów', rooms: 2, area: 50,
    start: new Date('2026-01-10T00:00:00Z'), end: null, price: perM2Zl * 50 * 100, history: [], ...o,
  }
}
const row = (rows: ReturnType<typeof computeStats>, k: { month: string; district?: string; rooms?: number; offerType?: string }) =>
  rows.find((r) => r.month === k.month && r.district === (k.district ?? 'Mokotów') && r.rooms === (k.rooms ?? 2) && r.offerType === (k.offerType ?? 'sell'))

describe('price statistics: the pieces', () => {
  it('quartiles interpolate between order statistics', () => {
    const s = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100]
    expect(quantile(s, 0.5)).toBe(55)
    expect(quantile(s, 0.25)).toBe(32.5)
    expect(quantile(s, 0.75)).toBe(77.5)
    expect(quantile([7], 0.5)).toBe(7)
  })

  it('room buckets: 1, 2–3, 4 and more', () => {
    expect([null, 0, 1, 2, 3, 4, 7].map(roomBucket)).toEqual([null, null, 1, 2, 2, 4, 4])
  })

  it('trims values beyond 3 × IQR of the quartiles, keeps the rest', () => {
    const s = [100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 5, 10_000].sort((a, b) => a - b)
    expect(trimOutliers(s)).toEqual([100, 101, 102, 103, 104, 105, 106, 107, 108, 109])
  })

  it('the sample threshold: 9 values give nothing, 10 a summary with a 12-bin distribution', () => {
    const nine = Array.from({ length: MIN_SAMPLE - 1 }, (_, i) => 1000 + i)
    expect(summarize(nine)).toBeNull()
    const ten = [...nine, 1009]
    const s = summarize(ten)!
    expect(s).toMatchObject({ n: 10, median: 1005, p25: 1002, p75: 1007, binMin: 1000 })
    expect(s.bins.reduce((a, b) => a + b, 0)).toBe(10)
    expect(s.bins).toHaveLength(12)
    // Price / area is a fraction of a grosz: the stored figures are whole grosze (bigint columns).
    const fractions = summarize(ten.map((v) => v + 0.48))!
    expect(Number.isInteger(fractions.binMin) && Number.isInteger(fractions.binWidth)).toBe(true)
    expect(fractions.bins.reduce((a, b) => a + b, 0)).toBe(10)
    // An outlier trimmed away can drop a sample below the threshold.
    expect(summarize([...nine, 1_000_000])).toBeNull()
  })

  it('the price in a month is the last change before its end', () => {
    const l = { price: 300, history: [{ price: 100, at: new Date('2026-03-05') }, { price: 200, at: new Date('2026-05-20') }] }
    expect(priceAt(l, new Date('2026-03-01'))).toBe(100) // before the first record: the first price
    expect(priceAt(l, new Date('2026-05-01'))).toBe(100)
    expect(priceAt(l, new Date('2026-06-01'))).toBe(200)
    expect(priceAt({ price: 300, history: [] }, new Date('2026-06-01'))).toBe(300)
  })
})

describe('price statistics on a crafted data set', () => {
  it('medians and quartiles per district, city and room bucket', () => {
    const perM2 = [10_000, 11_000, 12_000, 13_000, 14_000, 15_000, 16_000, 17_000, 18_000, 19_000, 20_000]
    const data = [
      ...perM2.map((v) => flat(v)),
      // 4 rooms in Mokotów: too few on their own, but they count for the district and the city.
      ...[30_000, 31_000].map((v) => flat(v, { rooms: 4 })),
      // A rent and another district.
      ...Array.from({ length: 10 }, (_, i) => flat(80 + i, { offerType: 'rent', district: 'Wola' })),
    ]
    const rows = computeStats(data, months)
    const mok = row(rows, { month: nov.month })!
    expect(mok).toMatchObject({ n: 11, median: 1_500_000, p25: 1_250_000, p75: 1_750_000, citySlug: 'warszawa', categoryId: 1 })
    expect(row(rows, { month: nov.month, rooms: 4 })).toBeUndefined()
    expect(row(rows, { month: nov.month, rooms: 0 })).toMatchObject({ n: 13, median: 1_600_000 })
    expect(row(rows, { month: nov.month, district: '', rooms: 0 })).toMatchObject({ n: 13 })
    expect(row(rows, { month: nov.month, district: 'Wola', offerType: 'rent' })).toMatchObject({ n: 10, median: 8450 })
    // Not yet on the market before January 2026.
    expect(rows.some((r) => r.month < '2026-01-01')).toBe(false)
    expect(rows.filter((r) => r.district === 'Mokotów' && r.rooms === 2 && r.offerType === 'sell').map((r) => r.month))
      .toEqual(months.filter((m) => m.month >= '2026-01-01').map((m) => m.month))
  })

  it('a property advertised several times counts once (its newest ad)', () => {
    const data = Array.from({ length: 8 }, (_, i) => flat(10_000 + i * 1000))
    // Three ads of one property: without the grouping they would make 11 listings, once they make 9.
    data.push(flat(17_000, { property: 'g1' }), flat(18_000, { property: 'g1' }), flat(19_500, { property: 'g1' }))
    expect(row(computeStats(data, months), { month: nov.month })).toBeUndefined()
    data.push(flat(12_000))
    const r = row(computeStats(data, months), { month: nov.month })!
    expect(r.n).toBe(10)
    expect(r.binMin + r.binWidth * 12).toBeGreaterThan(1_950_000) // the newest ad's price is the one counted
    expect(r.bins.at(-1)).toBe(1)
  })

  it('month boundaries in Europe/Warsaw', () => {
    // November starts at 2026-10-31T23:00Z (CET); October at 2026-09-30T22:00Z (CEST).
    expect(nov.start.toISOString()).toBe('2026-10-31T23:00:00.000Z')
    expect(oct.start.toISOString()).toBe('2026-09-30T22:00:00.000Z')
    expect(months).toHaveLength(24)
    expect(months[0]!.month).toBe('2024-12-01')
    // Ads that ended at 23:30Z on 31 October (00:30 on 1 November in Warsaw) are on the market in November;
    // ads ended at 22:30Z (23:30 in Warsaw) are not.
    const late = Array.from({ length: 10 }, (_, i) => flat(10_000 + i, { district: 'Wola', end: new Date('2026-10-31T23:30:00Z') }))
    const early = Array.from({ length: 10 }, (_, i) => flat(10_000 + i, { district: 'Ochota', end: new Date('2026-10-31T22:30:00Z') }))
    // A price cut at 23:10Z on 31 October is November's (in Warsaw), so October ends at the old price.
    const cut = Array.from({ length: 10 }, (_, i) => flat(10_000, { district: 'Bemowo', history: [
      { price: (10_000 + i) * 5000, at: new Date('2026-01-10T00:00:00Z') }, { price: 8000 * 5000, at: new Date('2026-10-31T23:10:00Z') },
    ] }))
    const rows = computeStats([...late, ...early, ...cut], months)
    expect(row(rows, { month: nov.month, district: 'Wola' })).toBeDefined()
    expect(row(rows, { month: nov.month, district: 'Ochota' })).toBeUndefined()
    expect(row(rows, { month: oct.month, district: 'Ochota' })).toBeDefined()
    expect(row(rows, { month: oct.month, district: 'Bemowo' })!.median).toBe(1_000_450)
    expect(row(rows, { month: nov.month, district: 'Bemowo' })!.median).toBe(800_000)
  })
})

describe('the job on the database', () => {
  let db: DbHandle
  beforeAll(async () => { db = await openTestDb() })
  afterAll(async () => { await db.close() })

  it('reads active and ended listings with their price histories and duplicate groups, and replaces the table', async () => {
    const ids = await insertListings(db, [
      ...Array.from({ length: 12 }, (_, i) => ({ price: (10_000 + i * 100) * 50 * 100, createdAt: new Date('2026-06-01T00:00:00Z') })),
      // Ended in August: on the market in the summer only.
      ...Array.from({ length: 10 }, () => ({ status: 'ended' as const, price: 9000 * 50 * 100, createdAt: new Date('2026-06-01T00:00:00Z'), district: 'Wola' })),
      // Never counted: a draft, a wanted ad.
      { status: 'draft' as const }, { adType: 'seek' as const },
    ])
    for (const id of ids.slice(12, 22)) await db.db.insert(listingMeta).values({ listingId: id, endedAt: new Date('2026-08-20T10:00:00Z') })
    // The first listing was 20 000 zł/m² until September.
    await db.db.insert(listingPriceHistory).values([
      { listingId: ids[0]!, price: 20_000 * 50 * 100, changedAt: new Date('2026-06-01T00:00:00Z') },
      { listingId: ids[0]!, price: 10_000 * 50 * 100, changedAt: new Date('2026-09-10T00:00:00Z') },
    ])
    // Listings 11 and 12 are one property.
    const [g] = await db.db.insert(propertyGroups).values({}).returning({ id: propertyGroups.id })
    await db.db.insert(listingProperty).values([{ listingId: ids[10]!, groupId: g!.id }, { listingId: ids[11]!, groupId: g!.id }])

    const res = await runPriceStats(db, NOW)
    expect(res.listings).toBe(22)
    const rows = await db.db.select().from(priceStats).where(eq(priceStats.district, 'Mokotów'))
    const at = (m: string) => rows.find((r) => r.month === m && r.rooms === 2 && r.offerType === 'sell')
    expect(at('2026-11-01')).toMatchObject({ n: 11 })
    expect(at('2026-11-01')!.median).toBe(1_050_000)
    // In August the first listing asked 20 000 zł/m²: an outlier there, trimmed.
    expect(at('2026-08-01')).toMatchObject({ n: 10 })
    expect(at('2026-05-01')).toBeUndefined()
    const wola = await db.db.select().from(priceStats).where(eq(priceStats.district, 'Wola'))
    expect(wola.map((r) => r.month).filter((m, i, a) => a.indexOf(m) === i).sort()).toEqual(['2026-06-01', '2026-07-01', '2026-08-01'])
    // Run again: replaced, not added.
    const before = (await db.db.select().from(priceStats)).length
    await runPriceStats(db, NOW)
    expect((await db.db.select().from(priceStats)).length).toBe(before)
    expect((await db.db.select().from(priceStatsRuns)).length).toBe(2)
  })
})

/** The first version of computeStats (one object per listing, string keys per month): the columns must agree with it. */
function referenceStats(listings: StatListing[], ms: typeof months) {
  const out: ReturnType<typeof computeStats> = []
  for (const m of ms) {
    const chosen = new Map<string, StatListing>()
    for (const l of listings) {
      if (!(l.start < m.end && (l.end === null || l.end >= m.start))) continue
      if (!(l.area > 0)) continue
      const key = `${l.categoryId}|${l.offerType}|${l.property}`
      const prev = chosen.get(key)
      if (!prev || prev.id < l.id) chosen.set(key, l)
    }
    const groups = new Map<string, number[]>()
    const add = (key: string, v: number) => { const g = groups.get(key); if (g) g.push(v); else groups.set(key, [v]) }
    for (const l of chosen.values()) {
      const price = priceAt(l, l.end && l.end < m.end ? l.end : m.end)
      if (!(price > 0)) continue
      const base = `${l.categoryId}|${l.offerType}|${l.citySlug}`
      const b = roomBucket(l.rooms)
      for (const d of l.district ? ['', l.district] : ['']) {
        add(`${base}|${d}|0`, price / l.area)
        if (b) add(`${base}|${d}|${b}`, price / l.area)
      }
    }
    for (const [key, values] of groups) {
      const s = summarize(values)
      if (!s) continue
      const [cat, offerType, citySlug, district, rooms] = key.split('|')
      out.push({ categoryId: Number(cat), offerType: offerType as 'sell' | 'rent', citySlug: citySlug!, district: district!, rooms: Number(rooms) as 0, month: m.month, ...s })
    }
  }
  return out
}

describe('price statistics: the columns agree with the first, simple version', () => {
  it('on random listings with histories, duplicates, ends, missing areas and prices', () => {
    let withFigures = 0
    fc.assert(fc.property(fc.array(fc.record({
      cat: fc.constantFrom(1, 1, 1, 1, 2), offer: fc.constantFrom('sell', 'sell', 'sell', 'rent'), city: fc.constantFrom('warszawa', 'warszawa', 'warszawa', 'krakow'),
      district: fc.constantFrom(null, 'Mokotów', 'Wola'), rooms: fc.constantFrom(null, 1, 2, 3, 5),
      area: fc.constantFrom(0, 25, 48.5, 70), perM2: fc.integer({ min: 0, max: 40_000 }), group: fc.constantFrom(null, 1, 2, 3),
      start: fc.integer({ min: 0, max: 700 }), days: fc.option(fc.integer({ min: 0, max: 400 }), { freq: 2 }),
      history: fc.array(fc.record({ at: fc.integer({ min: 0, max: 800 }), perM2: fc.integer({ min: 1, max: 40_000 }) }), { maxLength: 3 }),
    }), { minLength: 100, maxLength: 250 }), (raw) => {
      const day = (d: number) => new Date(Date.UTC(2024, 10, 1) + d * 86_400_000 + 3_600_000 * (d % 24))
      const listings: StatListing[] = raw.map((r, i) => ({
        id: i + 1, property: r.group ? `g${r.group}` : `l${i + 1}`, categoryId: r.cat, offerType: r.offer as 'sell' | 'rent',
        citySlug: r.city, district: r.district, rooms: r.rooms, area: r.area, start: day(r.start),
        end: r.days === null ? null : day(r.start + r.days), price: r.perM2 * Math.max(r.area, 1) * 100,
        history: [...r.history].sort((a, b) => a.at - b.at).map((h) => ({ price: h.perM2 * 50 * 100, at: day(h.at) })),
      }))
      const key = (x: { month: string; categoryId: number; offerType: string; citySlug: string; district: string; rooms: number }) =>
        `${x.month}|${x.categoryId}|${x.offerType}|${x.citySlug}|${x.district}|${x.rooms}`
      const sort = (rows: ReturnType<typeof computeStats>) => [...rows].sort((a, b) => key(a).localeCompare(key(b)))
      const expected = sort(referenceStats(listings, months))
      if (expected.length) withFigures++
      expect(sort(computeStats(listings, months))).toEqual(expected)
    }), { numRuns: 150 })
    // Most runs must have figures to compare, or the property says little.
    expect(withFigures).toBeGreaterThan(50)
  })
})
