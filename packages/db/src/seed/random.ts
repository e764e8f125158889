/** A small seeded PRNG (mulberry32) with the helpers the generator needs; same seed → same sequence. */
export interface Rng {
  (): number
  int(min: number, max: number): number
  pick<T>(items: readonly T[]): T
  chance(p: number): boolean
  weighted<T>(items: readonly T[], weights: readonly number[]): T
  /** Up to `n` distinct items, in catalogue order. */
  some<T>(items: readonly T[], n: number): T[]
  between(min: number, max: number): number
}

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function createRng(seed: number): Rng {
  const next = mulberry32(seed)
  const rng = (() => next()) as Rng
  rng.int = (min, max) => min + Math.floor(next() * (max - min + 1))
  rng.between = (min, max) => min + next() * (max - min)
  rng.pick = (items) => items[Math.floor(next() * items.length)]!
  rng.chance = (p) => next() < p
  rng.weighted = (items, weights) => {
    let total = 0
    for (const w of weights) total += w
    let r = next() * total
    for (let i = 0; i < items.length; i++) {
      r -= weights[i]!
      if (r < 0) return items[i]!
    }
    return items[items.length - 1]!
  }
  rng.some = (items, n) => {
    if (n >= items.length) return [...items]
    const chosen = new Set<number>()
    while (chosen.size < n) chosen.add(Math.floor(next() * items.length))
    return [...chosen].sort((a, b) => a - b).map((i) => items[i]!)
  }
  return rng
}

/** Derives an independent stream for a sub-task (e.g. one listing) from a seed and an index. */
export function deriveSeed(seed: number, index: number): number {
  let h = (seed ^ 0x9e3779b9) >>> 0
  h = Math.imul(h ^ (index >>> 0), 0x85ebca6b) >>> 0
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35) >>> 0
  return (h ^ (h >>> 16)) >>> 0
}
