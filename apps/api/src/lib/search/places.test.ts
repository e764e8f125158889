import { describe, expect, it } from 'vitest'
import { inArea } from './facets.ts'
import { inRegions, placeFilter } from './places.ts'

describe('regions through their cell grid', () => {
  it('answer exactly as the plain even-odd test, near borders too', () => {
    for (const id of ['mazowieckie', 'pomorskie', '1418', '1465011', '2264011']) {
      const f = placeFilter({ places: [id] })!
      const [a, b, c, d] = f.box!
      let inside = 0
      // A lattice over the box, and points a hair off every vertex (the border itself).
      for (let i = 0; i <= 300; i++) for (let j = 0; j <= 300; j++) {
        const lat = a + ((c - a) * i) / 300, lon = b + ((d - b) * j) / 300
        const got = inRegions(f, lat, lon)
        expect(got, `${id} ${lat} ${lon}`).toBe(inArea(f.regions[0]!, lat, lon))
        if (got) inside++
      }
      const e = f.regions[0]!
      for (let k = 0; k < e.length; k += 5) for (const dy of [-1e-6, 0, 1e-6]) for (const dx of [-1e-6, 0, 1e-6]) {
        expect(inRegions(f, e[k]! + dy, e[k + 2]! + dx)).toBe(inArea(e, e[k]! + dy, e[k + 2]! + dx))
      }
      expect(inside).toBeGreaterThan(1000)
    }
  })
})
