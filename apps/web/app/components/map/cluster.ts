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
