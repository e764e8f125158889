import { describe, expect, it } from 'vitest'
import { mulberry32 } from '@portal/db/seed/random'
import { andGroups, type BitGroup } from './facet-bits.ts'

/** What andGroups must give: word by word, each group's OR (a missing or short set reads as 0), ANDed or AND-NOTed. */
function reference(groups: BitGroup[], lo: number, hi: number): number[] {
  const out: number[] = []
  for (let w = lo; w <= hi; w++) {
    let v = 0xffffffff
    for (const g of groups) {
      let or = 0
      for (const s of g.sets) if (s && w < s.length) or |= s[w]!
      v &= g.not ? ~or : or
    }
    out.push(v >>> 0)
  }
  return out
}

describe('andGroups', () => {
  it('matches the word-by-word AND of ORs: sets of every density and length, several per group, not, missing sets', () => {
    const random = mulberry32(7)
    const set = (words: number, density: number) => {
      const s = new Uint32Array(words)
      for (let w = 0; w < words; w++) if (random() < density) s[w] = (random() * 0x100000000) >>> 0
      return s
    }
    let sparseRuns = 0
    for (let run = 0; run < 400; run++) {
      const words = 1 + Math.floor(random() * 700)
      const groups: BitGroup[] = Array.from({ length: 1 + Math.floor(random() * 5) }, () => {
        const sets = Array.from({ length: 1 + Math.floor(random() * 4) }, () => {
          if (random() < 0.08) return undefined
          // Some sets end before the range (a set made before the store grew), some are nearly empty, some full.
          const len = random() < 0.2 ? Math.floor(random() * words) : words
          return set(len, [0.005, 0.05, 0.5, 1][Math.floor(random() * 4)]!)
        })
        return random() < 0.3 ? { sets, not: true } : { sets }
      })
      if (groups.some((g) => g.sets.length > 1 && !g.not)) sparseRuns++
      const lo = Math.floor(random() * words), hi = lo + Math.floor(random() * (words - lo))
      const out = new Uint32Array(words + 3).fill(0x12345678)
      andGroups(groups, lo, hi, out)
      expect(Array.from(out.subarray(0, hi - lo + 1)), `run ${run}`).toEqual(reference(groups, lo, hi))
    }
    expect(sparseRuns).toBeGreaterThan(100)
  })

  it('reads only the words still nonzero once a group of several sets leaves few: the same answer as the full passes', () => {
    const words = 4000
    const sparse = [new Uint32Array(words), new Uint32Array(words)]
    sparse[0]![10] = 0b1011
    sparse[1]![3999] = 0x80000000
    sparse[1]![2000] = 0xff
    const alive = new Uint32Array(words).fill(0xffffffff)
    alive[2000] = 0x0f
    const wanted = new Uint32Array(words)
    wanted[10] = 0b1
    const groups: BitGroup[] = [{ sets: [alive] }, { sets: [wanted], not: true }, { sets: sparse }, { sets: [new Uint32Array(3000).fill(0xffffffff)] }]
    const out = new Uint32Array(words)
    andGroups(groups, 0, words - 1, out)
    expect(Array.from(out)).toEqual(reference(groups, 0, words - 1))
    expect(out[10]).toBe(0b1010)
    expect(out[2000]).toBe(0x0f)
    // Word 3999 is past the last group's set (3,000 words): read as 0.
    expect(out[3999]).toBe(0)
  })
})
