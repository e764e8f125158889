// A small grid clustering for the map (no plugin): markers whose screen positions fall into the same cell of
// `cell` px at the current zoom become one cluster. Pure, so it is unit-tested without a map.
export interface Point {
  x: number
  y: number
}

export interface Cluster<T> {
  items: T[]
  /** Mean position of the members (screen px at the zoom used). */
  x: number
  y: number
}

export function gridCluster<T>(items: readonly T[], project: (item: T) => Point, cell = 64): Cluster<T>[] {
  const cells = new Map<string, { items: T[]; sx: number; sy: number }>()
  for (const item of items) {
    const p = project(item)
    const key = `${Math.floor(p.x / cell)}:${Math.floor(p.y / cell)}`
    const c = cells.get(key)
    if (c) {
      c.items.push(item)
      c.sx += p.x
      c.sy += p.y
    } else cells.set(key, { items: [item], sx: p.x, sy: p.y })
  }
  return [...cells.values()].map((c) => ({ items: c.items, x: c.sx / c.items.length, y: c.sy / c.items.length }))
}

/** '1,2 mln', '850 tys.', '2 500' zł — short prices for the marker pins. */
export function shortPrice(grosze: number): string {
  const zl = Math.round(grosze / 100)
  if (zl >= 1_000_000) return `${(zl / 1_000_000).toLocaleString('pl-PL', { maximumFractionDigits: 1 })} mln`
  if (zl >= 10_000) return `${Math.round(zl / 1000).toLocaleString('pl-PL')} tys.`
  return zl.toLocaleString('pl-PL')
}

/**
 * Weighted groups drawn as circles must not overlap: the biggest takes every group within `radius` px of it, then the
 * next biggest of the rest, and so on (greedy; a few hundred groups at most).
 */
export function mergeNear<T extends { count: number }>(items: readonly T[], project: (item: T) => Point, radius = 56): { items: T[]; count: number; x: number; y: number }[] {
  const placed = items.map((item) => ({ item, p: project(item) })).sort((a, b) => b.item.count - a.item.count)
  const taken = new Array<boolean>(placed.length).fill(false)
  const out: { items: T[]; count: number; x: number; y: number }[] = []
  for (let i = 0; i < placed.length; i++) {
    if (taken[i]) continue
    const { p } = placed[i]!
    const group = { items: [] as T[], count: 0, sx: 0, sy: 0 }
    for (let j = i; j < placed.length; j++) {
      if (taken[j]) continue
      const q = placed[j]!
      if (Math.hypot(q.p.x - p.x, q.p.y - p.y) > radius) continue
      taken[j] = true
      group.items.push(q.item)
      group.count += q.item.count
      group.sx += q.p.x * q.item.count
      group.sy += q.p.y * q.item.count
    }
    out.push({ items: group.items, count: group.count, x: group.sx / group.count, y: group.sy / group.count })
  }
  return out
}
