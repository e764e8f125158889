import { describe, expect, it } from 'vitest'
import { CITIES } from '@portal/contracts/catalogue'
import { cityRings } from '../geo/regions.ts'
import { cityDistrictCells, clipHalfPlane, ringArea, voronoiInRings } from './district-map.ts'

const area = (rings: [number, number][][]) => rings.reduce((s, r) => s + Math.abs(ringArea(r)), 0)
/** Even-odd ray cast over all rings ([lat, lon]). */
function inside(rings: [number, number][][], [la, lo]: [number, number]): boolean {
  let odd = false
  for (const r of rings) {
    for (let i = 0, j = r.length - 1; i < r.length; j = i++) {
      const [ai, bi] = r[i]!, [aj, bj] = r[j]!
      if ((ai > la) !== (aj > la) && lo < ((bj - bi) * (la - ai)) / (aj - ai) + bi) odd = !odd
    }
  }
  return odd
}

describe('district cells of the price map (decision 079)', () => {
  it('clips a ring to a half-plane', () => {
    const square: [number, number][] = [[0, 0], [2, 0], [2, 2], [0, 2]]
    // x ≤ 1
    const left = clipHalfPlane(square, 1, 0, 1)
    expect(Math.abs(ringArea(left))).toBeCloseTo(2)
    expect(clipHalfPlane(square, 1, 0, -1)).toEqual([])
  })

  it('splits a square between two sites along the bisector', () => {
    const cells = voronoiInRings([[0.5, 0.25], [0.5, 0.75]], [[[0, 0], [1, 0], [1, 1], [0, 1]]])
    expect(area(cells[0]!)).toBeCloseTo(0.5)
    expect(area(cells[1]!)).toBeCloseTo(0.5)
    expect(cells[0]!.flat().every(([, lon]) => lon <= 0.5 + 1e-9)).toBe(true)
  })

  it('covers every catalogue city exactly: the cells add up to the boundary and hold their own centre', () => {
    for (const city of CITIES) {
      const c = cityDistrictCells(city.slug)!
      expect(c.districts.map((d) => d.name)).toEqual(city.districts.map((d) => d.name))
      const whole = area(cityRings(city.name)!)
      const parts = c.districts.reduce((s, d) => s + area(d.rings), 0)
      // Rounding to 4 decimals moves the borders by metres.
      expect(Math.abs(parts / whole - 1), city.slug).toBeLessThan(0.01)
      for (const d of city.districts) {
        const own = c.districts.find((x) => x.name === d.name)!
        if (inside(cityRings(city.name)!, [d.lat, d.lon])) expect(inside(own.rings, [d.lat, d.lon]), `${city.slug} ${d.name}`).toBe(true)
      }
      const [[s, w], [n, e]] = c.bounds
      expect(s < city.lat && city.lat < n && w < city.lon && city.lon < e).toBe(true)
    }
  })

  it('knows no other city', () => {
    expect(cityDistrictCells('atlantyda')).toBeNull()
  })
})
