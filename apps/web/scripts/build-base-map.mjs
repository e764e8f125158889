#!/usr/bin/env node
// Writes apps/web/app/components/map/poland-base.json: the offline base map drawn under (or instead of) the tiles.
//   node apps/web/scripts/build-base-map.mjs
// - Poland's outline: Natural Earth 1:50m (public domain) from the world-atlas package (TopoJSON, decoded here).
// - Voivodeship borders: approximate, from data in the repo: every cell of a 0.03° grid inside the outline takes the
//   voivodeship of the nearest of the 2,910 places of apps/api/src/lib/geo/gazetteer-pl.json, and the borders are the
//   edges between cells of different voivodeships (chained, smoothed and simplified). Good to a few kilometres: a
//   landmark layer, not a survey.
// - Voivodeship names at the centre of their cells. City names come from the catalogue at run time.
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
const require = createRequire(import.meta.url)
const topo = require('world-atlas/countries-50m.json')
const places = JSON.parse(readFileSync(path.join(here, '../../api/src/lib/geo/gazetteer-pl.json'), 'utf8'))

// --- TopoJSON → Poland's rings as [lon, lat]
const [sx, sy] = topo.transform.scale
const [tx, ty] = topo.transform.translate
const arcs = topo.arcs.map((arc) => {
  let x = 0, y = 0
  return arc.map(([dx, dy]) => { x += dx; y += dy; return [x * sx + tx, y * sy + ty] })
})
const arcPoints = (i) => (i >= 0 ? arcs[i] : arcs[~i].slice().reverse())
const ring = (ids) => ids.flatMap((id, k) => (k ? arcPoints(id).slice(1) : arcPoints(id)))
const poland = topo.objects.countries.geometries.find((g) => g.properties.name === 'Poland')
const polygons = poland.type === 'Polygon' ? [poland.arcs] : poland.arcs
const rings = polygons.map((p) => ring(p[0]))

function inside([x, y], r) {
  let c = false
  for (let i = 0, j = r.length - 1; i < r.length; j = i++) {
    const [xi, yi] = r[i], [xj, yj] = r[j]
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) c = !c
  }
  return c
}
const inPoland = (p) => rings.some((r) => inside(p, r))

// --- Grid of voivodeships by nearest place
const STEP = 0.03
const LON0 = 14.0, LAT0 = 48.9, NX = Math.ceil((24.3 - LON0) / STEP), NY = Math.ceil((55.0 - LAT0) / STEP)
const names = [...new Set(places.map((p) => p.state))].sort()
const code = new Int8Array(NX * NY).fill(-1)
const cos = Math.cos((52 * Math.PI) / 180)
const sums = names.map(() => ({ x: 0, y: 0, n: 0 }))
for (let j = 0; j < NY; j++) {
  for (let i = 0; i < NX; i++) {
    const lon = LON0 + (i + 0.5) * STEP, lat = LAT0 + (j + 0.5) * STEP
    if (!inPoland([lon, lat])) continue
    let best = -1, bd = Infinity
    for (const p of places) {
      const dx = (p.lon - lon) * cos, dy = p.lat - lat, d = dx * dx + dy * dy
      if (d < bd) { bd = d; best = names.indexOf(p.state) }
    }
    code[j * NX + i] = best
    const s = sums[best]; s.x += lon; s.y += lat; s.n++
  }
}

// --- Edges between different voivodeships → chained polylines
const key = (x, y) => `${x},${y}`
const adj = new Map()
const addEdge = (a, b) => {
  for (const [p, q] of [[a, b], [b, a]]) { const k = key(...p); if (!adj.has(k)) adj.set(k, []); adj.get(k).push(q) }
}
for (let j = 0; j < NY; j++) {
  for (let i = 0; i < NX; i++) {
    const c = code[j * NX + i]
    if (c < 0) continue
    if (i + 1 < NX) { const d = code[j * NX + i + 1]; if (d >= 0 && d !== c) addEdge([i + 1, j], [i + 1, j + 1]) }
    if (j + 1 < NY) { const d = code[(j + 1) * NX + i]; if (d >= 0 && d !== c) addEdge([i, j + 1], [i + 1, j + 1]) }
  }
}
const used = new Set()
const edgeKey = (a, b) => (key(...a) < key(...b) ? `${key(...a)}|${key(...b)}` : `${key(...b)}|${key(...a)}`)
const lines = []
// Start at ends and junctions first (degree ≠ 2), then whatever loops remain.
const starts = [...adj.keys()].sort((a, b) => (adj.get(a).length === 2) - (adj.get(b).length === 2))
for (const s of starts) {
  for (const first of adj.get(s)) {
    let a = s.split(',').map(Number), b = first
    if (used.has(edgeKey(a, b))) continue
    const line = [a]
    for (;;) {
      used.add(edgeKey(a, b))
      line.push(b)
      const next = adj.get(key(...b))
      if (next.length !== 2) break
      const c = next.find((n) => !used.has(edgeKey(b, n)))
      if (!c) break
      a = b; b = c
    }
    lines.push(line)
  }
}

// --- Smooth (Chaikin ×2) and simplify (Douglas–Peucker), to [lat, lon] with 3 decimals
const chaikin = (pts) => {
  if (pts.length < 3) return pts
  const out = [pts[0]]
  for (let k = 0; k < pts.length - 1; k++) {
    const [x0, y0] = pts[k], [x1, y1] = pts[k + 1]
    out.push([0.75 * x0 + 0.25 * x1, 0.75 * y0 + 0.25 * y1], [0.25 * x0 + 0.75 * x1, 0.25 * y0 + 0.75 * y1])
  }
  out.push(pts[pts.length - 1])
  return out
}
function simplify(pts, tol) {
  if (pts.length < 3) return pts
  const keep = new Uint8Array(pts.length); keep[0] = keep[pts.length - 1] = 1
  const stack = [[0, pts.length - 1]]
  while (stack.length) {
    const [s, e] = stack.pop()
    const [x0, y0] = pts[s], [x1, y1] = pts[e]
    let best = -1, bd = tol
    for (let k = s + 1; k < e; k++) {
      const [x, y] = pts[k]
      const num = Math.abs((y1 - y0) * x - (x1 - x0) * y + x1 * y0 - y1 * x0)
      const den = Math.hypot(x1 - x0, y1 - y0) || 1
      const d = num / den
      if (d > bd) { bd = d; best = k }
    }
    if (best > 0) { keep[best] = 1; stack.push([s, best], [best, e]) }
  }
  return pts.filter((_, k) => keep[k])
}
const r3 = (v) => Math.round(v * 1000) / 1000
const toLatLon = (pts) => pts.map(([lon, lat]) => [r3(lat), r3(lon)])
const grid = (line) => line.map(([i, j]) => [LON0 + i * STEP, LAT0 + j * STEP])
const borders = lines.filter((l) => l.length > 2).map((l) => toLatLon(simplify(chaikin(chaikin(grid(l))), 0.01)))
// A closed ring: simplified as two halves (the ends of one line must differ).
const simplifyRing = (r, tol) => { const h = r.length >> 1; return [...simplify(r.slice(0, h + 1), tol).slice(0, -1), ...simplify(r.slice(h), tol)] }
const outline = rings.map((r) => toLatLon(simplifyRing(r, 0.005)))
const voivodeships = names.map((name, k) => ({ name, lat: r3(sums[k].y / sums[k].n), lon: r3(sums[k].x / sums[k].n) }))

const out = path.join(here, '../app/components/map/poland-base.json')
writeFileSync(out, JSON.stringify({
  source: 'Outline: Natural Earth 1:50m (public domain, world-atlas). Voivodeships: nearest of the gazetteer places (approximate). apps/web/scripts/build-base-map.mjs',
  outline, borders, voivodeships,
}))
console.log(`${out}: outline ${outline.map((r) => r.length).join('+')} points, ${borders.length} border lines (${borders.reduce((n, l) => n + l.length, 0)} points), ${voivodeships.length} voivodeships`)
