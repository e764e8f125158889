import { describe, expect, it } from 'vitest'
import { legendLines, NEUTRAL_SHADE, SHADES, shadeOf, shadeScale } from './prices'

const zl = (n: number) => n * 100

describe('the price map shading (decision 079)', () => {
  it('five classes with limits on round figures at the quantiles, darker for dearer', () => {
    const v = [11_800, 12_400, 13_100, 13_900, 14_300, 15_200, 15_800, 16_400, 17_100, 18_900, 19_600, 21_000].map(zl)
    const s = shadeScale(v)
    expect(s.colours).toEqual([...SHADES])
    expect(s.breaks).toHaveLength(4)
    for (const b of s.breaks) expect(b % zl(100)).toBe(0)
    expect(s.breaks).toEqual([...s.breaks].sort((a, b) => a - b))
    expect(shadeOf(s, v[0])).toBe(SHADES[0])
    expect(shadeOf(s, v.at(-1))).toBe(SHADES[4])
    expect(shadeOf(s, null)).toBe(NEUTRAL_SHADE)
    const lines = legendLines(s).map((l) => l.label)
    expect(lines[0]).toMatch(/^poniżej \d[\d\s]* zł\/m²$/)
    expect(lines[1]).toMatch(/^\d[\d\s]*–\d[\d\s]* zł\/m²$/)
    expect(lines[4]).toMatch(/^\d[\d\s]* zł\/m² i więcej$/)
  })

  it('rents: limits of at least 1 zł; few or equal values', () => {
    const s = shadeScale([6_150, 6_480, 7_020, 7_990].map((x) => x))
    for (const b of s.breaks) expect(b % 100).toBe(0)
    expect(new Set(legendLines(s).map((l) => l.label)).size).toBe(s.colours.length)
    expect(shadeScale([5000, 5000]).breaks).toEqual([])
    expect(shadeScale([]).colours).toEqual([])
    expect(shadeOf(shadeScale([]), 5000)).toBe(NEUTRAL_SHADE)
  })
})
