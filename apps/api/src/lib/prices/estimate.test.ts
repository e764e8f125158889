import { describe, expect, it } from 'vitest'
import { distance, estimate, MIN_COMPARABLES, monthlyIndex, roundValue, weightedQuantile, type Adjust, type Comparable, type Subject } from './estimate.ts'

const NOW = new Date('2026-11-15T12:00:00Z')
const MOKOTOW = { lat: 52.1935, lon: 21.0346 }
const URSYNOW = { lat: 52.1408, lon: 21.0327 }
const subject: Subject = { area: 50, rooms: 2, floor: 3, yearBuilt: 2000, condition: 'wyremontowane', market: 'wtorny', district: 'Mokotów', ...MOKOTOW }
const flat = (id: number, perM2: number, over: Partial<Comparable> = {}): Comparable => ({
  id, price: perM2 * 50, area: 50, rooms: 2, floor: 3, yearBuilt: 2000, condition: 'wyremontowane', market: 'wtorny',
  district: 'Mokotów', ...MOKOTOW, at: NOW, ...over,
})
const flat2 = (id: number, perM2: number, over: Partial<Comparable> = {}) => { const c = flat(id, perM2, over); return { ...c, price: perM2 * c.area } }
const none: Adjust = { index: () => 1, place: () => 1 }

describe('valuation estimator', () => {
  it('the same flats: the estimate is their price, the range at least ±5 %', () => {
    const e = estimate(subject, Array.from({ length: 8 }, (_, i) => flat(i + 1, 1_000_000)), none, NOW)!
    expect(e.perM2).toBe(1_000_000)
    expect(e.value).toBe(50_000_000)
    expect(e.low).toBeCloseTo(47_500_000)
    expect(e.high).toBeCloseTo(52_500_000)
  })

  it('no estimate below the minimum of comparables', () => {
    expect(estimate(subject, Array.from({ length: MIN_COMPARABLES - 1 }, (_, i) => flat(i + 1, 1_000_000)), none, NOW)).toBeNull()
  })

  it('the nearest weigh most: a like flat next door beats a different one far away', () => {
    const like = flat(1, 1_000_000)
    expect(distance(subject, like, true, NOW)).toBe(0)
    const others: [string, Partial<Comparable>][] = [
      ['other district', { district: 'Ursynów', ...URSYNOW }], ['bigger', { area: 80 }], ['more rooms', { rooms: 4 }],
      ['ground floor', { floor: 0 }], ['older', { yearBuilt: 1960 }], ['to renovate', { condition: 'do-remontu' }],
      ['primary market', { market: 'pierwotny' }], ['a year old', { at: new Date('2025-11-15T12:00:00Z') }],
    ]
    for (const [what, over] of others) expect(distance(subject, flat2(2, 1, over), true, NOW), what).toBeGreaterThan(0.1)
    // Far worse on every count is further than one difference.
    const far = flat2(3, 1, { district: 'Ursynów', ...URSYNOW, area: 80, rooms: 4, yearBuilt: 1960, market: 'pierwotny' })
    expect(distance(subject, far, true, NOW)).toBeGreaterThan(distance(subject, flat2(4, 1, { area: 80 }), true, NOW))
    // Unknown attributes cost nothing; an unknown district level costs more than a known one.
    expect(distance({ ...subject, floor: null, yearBuilt: null, condition: null, market: null }, flat2(5, 1, { floor: 0, yearBuilt: 1900 }), true, NOW)).toBe(0)
    const ursynow = flat2(6, 1, { district: 'Ursynów', ...URSYNOW })
    expect(distance(subject, ursynow, false, NOW)).toBeCloseTo(distance(subject, ursynow, true, NOW) + 0.5)
  })

  it('the K nearest only, by weighted median: five like flats at 10 000 zł/m² outvote twenty unlike ones at 20 000', () => {
    const like = Array.from({ length: 5 }, (_, i) => flat(i + 1, 1_000_000))
    const unlike = Array.from({ length: 20 }, (_, i) => flat2(100 + i, 2_000_000, { area: 90, rooms: 4, district: 'Ursynów', ...URSYNOW, market: 'pierwotny' }))
    const e = estimate(subject, [...unlike, ...like], none, NOW, 10)!
    expect(e.used).toHaveLength(10)
    expect(e.used.slice(0, 5).map((x) => x.c.id).sort()).toEqual([1, 2, 3, 4, 5])
    expect(e.perM2).toBe(1_000_000)
    // Their weights: exp(−distance), 1 for the like ones.
    expect(e.used[0]!.weight).toBe(1)
    expect(e.used[9]!.weight).toBeLessThan(0.05)
  })

  it('prices of the past are brought to today with the index, other districts to this one with their levels', () => {
    const old = new Date('2025-11-15T12:00:00Z')
    const adjust: Adjust = {
      index: (at) => (at < new Date('2026-01-01') ? 1.07 : 1),
      place: (d) => (d === 'Ursynów' ? 1.25 : d === 'Wola' ? null : 1),
    }
    const e = estimate(subject, Array.from({ length: 6 }, (_, i) => flat(i + 1, 1_000_000, { at: old })), adjust, NOW)!
    expect(e.perM2).toBeCloseTo(1_070_000)
    const u = estimate(subject, Array.from({ length: 6 }, (_, i) => flat2(i + 1, 800_000, { district: 'Ursynów', ...URSYNOW })), adjust, NOW)!
    expect(u.perM2).toBeCloseTo(1_000_000)
    // No level for Wola: its price as it is, weighted less.
    const w = estimate(subject, Array.from({ length: 6 }, (_, i) => flat2(i + 1, 900_000, { district: 'Wola', lat: 52.2362, lon: 20.9598 })), adjust, NOW)!
    expect(w.perM2).toBe(900_000)
  })

  it('the range is the weighted quartiles when they are wider than ±5 %', () => {
    const comps = [800_000, 900_000, 1_000_000, 1_100_000, 1_200_000].map((p, i) => flat(i + 1, p))
    const e = estimate(subject, comps, none, NOW)!
    expect(e.perM2).toBe(1_000_000)
    expect(e.low).toBe(900_000 * 50)
    expect(e.high).toBe(1_100_000 * 50)
  })

  it('weighted quantiles', () => {
    expect(weightedQuantile([{ v: 1, w: 1 }, { v: 2, w: 1 }, { v: 3, w: 1 }], 0.5)).toBe(2)
    expect(weightedQuantile([{ v: 1, w: 1 }, { v: 2, w: 1 }, { v: 3, w: 10 }], 0.5)).toBe(3)
    expect(weightedQuantile([{ v: 3, w: 1 }, { v: 1, w: 3 }], 0.25)).toBe(1)
  })

  it('the monthly index: smoothed, today over the month, gaps take the nearest month, nothing known is 1', () => {
    const idx = monthlyIndex([100, 100, 100, 110, 120, 120, 120])
    expect(idx.at(-1)).toBe(1)
    expect(idx[0]).toBeCloseTo(1.2)
    expect(idx[3]).toBeCloseTo(120 / 110)
    const gaps = monthlyIndex([null, 100, null, 120])
    expect(gaps[0]).toBeCloseTo(gaps[1]!)
    expect(gaps[3]).toBe(1)
    expect(monthlyIndex([null, null])).toEqual([1, 1])
  })

  it('values are rounded to 1 000 zł (sale) and 10 zł (rent)', () => {
    expect(roundValue(61_234_567, 'sell')).toBe(61_200_000)
    expect(roundValue(323_456, 'rent')).toBe(323_000)
  })
})
