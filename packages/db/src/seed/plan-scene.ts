import type { Rng } from './random.ts'

/**
 * A floor plan ('rzut') for the demo pool: a flat split into rooms (binary partition), outer walls with windows and
 * the entrance, inner walls with door gaps and their swing arcs, a few furniture outlines. No text: the pool's images
 * are drawn by sharp without fonts. Seeded, so every machine draws the same plans.
 */
const W = 1600
const H = 1200
const OUTER = 20
const INNER = 9
const DOOR = 86
const INK = '#3b3f46'

interface Box { x: number; y: number; w: number; h: number }
interface Wall { x1: number; y1: number; x2: number; y2: number; door: number }

const r = (v: number) => Math.round(v)

function split(rng: Rng, rooms: Box[], walls: Wall[]): void {
  const i = rooms.reduce((best, b, k) => (b.w * b.h > rooms[best]!.w * rooms[best]!.h ? k : best), 0)
  const b = rooms[i]!
  const t = rng.between(0.38, 0.62)
  if (b.w >= b.h) {
    const x = r(b.x + b.w * t)
    rooms.splice(i, 1, { x: b.x, y: b.y, w: x - b.x, h: b.h }, { x, y: b.y, w: b.x + b.w - x, h: b.h })
    walls.push({ x1: x, y1: b.y, x2: x, y2: b.y + b.h, door: r(rng.between(0.2, 0.8 - DOOR / b.h) * b.h) })
  } else {
    const y = r(b.y + b.h * t)
    rooms.splice(i, 1, { x: b.x, y: b.y, w: b.w, h: y - b.y }, { x: b.x, y, w: b.w, h: b.y + b.h - y })
    walls.push({ x1: b.x, y1: y, x2: b.x + b.w, y2: y, door: r(rng.between(0.2, 0.8 - DOOR / b.w) * b.w) })
  }
}

/** An inner wall with its door gap and the door leaf's quarter circle. */
function innerWall(w: Wall): string {
  const vertical = w.x1 === w.x2
  const line = (x1: number, y1: number, x2: number, y2: number) =>
    `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${INK}" stroke-width="${INNER}" stroke-linecap="square"/>`
  if (vertical) {
    const a = w.y1 + w.door, b = a + DOOR
    return line(w.x1, w.y1, w.x1, a) + line(w.x1, b, w.x1, w.y2)
      + `<path d="M${w.x1} ${a} L${w.x1 + DOOR} ${a} A${DOOR} ${DOOR} 0 0 1 ${w.x1} ${b}" fill="none" stroke="${INK}" stroke-width="2.5"/>`
  }
  const a = w.x1 + w.door, b = a + DOOR
  return line(w.x1, w.y1, a, w.y1) + line(b, w.y1, w.x2, w.y1)
    + `<path d="M${a} ${w.y1} L${a} ${w.y1 + DOOR} A${DOOR} ${DOOR} 0 0 0 ${b} ${w.y1}" fill="none" stroke="${INK}" stroke-width="2.5"/>`
}

/** Windows along the outer walls of rooms that touch them (a light break in the wall with the glass line). */
function windows(rng: Rng, rooms: Box[], o: Box, entrance: Box): string {
  let s = ''
  const pane = (x: number, y: number, w: number, h: number) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#ffffff" stroke="${INK}" stroke-width="2.5"/>`
    + (w > h ? `<line x1="${x}" y1="${y + h / 2}" x2="${x + w}" y2="${y + h / 2}" stroke="#5b8fc9" stroke-width="3"/>`
      : `<line x1="${x + w / 2}" y1="${y}" x2="${x + w / 2}" y2="${y + h}" stroke="#5b8fc9" stroke-width="3"/>`)
  for (const b of rooms) {
    const len = (n: number) => Math.min(170, r(n * 0.45))
    if (b.y === o.y && rng.chance(0.85)) { const l = len(b.w); s += pane(r(b.x + (b.w - l) / 2), o.y - OUTER / 2, l, OUTER) }
    if (b.y + b.h === o.y + o.h && b !== entrance && rng.chance(0.6)) { const l = len(b.w); s += pane(r(b.x + (b.w - l) / 2), o.y + o.h - OUTER / 2, l, OUTER) }
    if (b.x === o.x && rng.chance(0.5)) { const l = len(b.h); s += pane(o.x - OUTER / 2, r(b.y + (b.h - l) / 2), OUTER, l) }
    if (b.x + b.w === o.x + o.w && rng.chance(0.7)) { const l = len(b.h); s += pane(o.x + o.w - OUTER / 2, r(b.y + (b.h - l) / 2), OUTER, l) }
  }
  return s
}

/** Outlines in the rooms: a sofa and table in the largest, a bath in the smallest, beds in the rest. */
function furniture(rooms: Box[]): string {
  const byArea = [...rooms].sort((a, b) => b.w * b.h - a.w * a.h)
  const stroke = `fill="none" stroke="#8a8f98" stroke-width="3"`
  let s = ''
  byArea.forEach((b, k) => {
    const cx = b.x + b.w / 2, cy = b.y + b.h / 2
    if (k === 0) {
      s += `<rect x="${r(b.x + 40)}" y="${r(cy - 110)}" width="90" height="220" rx="18" ${stroke}/>`
      s += `<circle cx="${r(cx + 30)}" cy="${r(cy)}" r="${r(Math.min(b.w, b.h) * 0.12)}" ${stroke}/>`
    } else if (k === byArea.length - 1 && rooms.length > 2) {
      const w = Math.min(b.w - 60, 170), h = Math.min(b.h - 60, 80)
      if (w > 40 && h > 40) s += `<rect x="${r(b.x + 30)}" y="${r(b.y + 30)}" width="${r(w)}" height="${r(h)}" rx="30" ${stroke}/>`
    } else {
      const w = Math.min(b.w - 80, 180), h = Math.min(b.h - 80, 230)
      if (w > 90 && h > 120) {
        s += `<rect x="${r(cx - w / 2)}" y="${r(cy - h / 2)}" width="${r(w)}" height="${r(h)}" rx="8" ${stroke}/>`
        s += `<rect x="${r(cx - w / 2 + 14)}" y="${r(cy - h / 2 + 14)}" width="${r(w - 28)}" height="40" rx="8" ${stroke}/>`
      }
    }
  })
  return s
}

export function floorPlan(rng: Rng): string {
  const count = rng.int(2, 5)
  const ow = rng.int(1060, 1240), oh = rng.int(760, 880)
  const o: Box = { x: r((W - ow) / 2), y: r((H - oh) / 2), w: ow, h: oh }
  const rooms: Box[] = [o]
  const walls: Wall[] = []
  for (let k = 1; k < count; k++) split(rng, rooms, walls)
  const floors = ['#f4ead9', '#eef2f6', '#f1ede6', '#eaf1ea', '#f6efe2']
  const tiles = `<pattern id="tiles" width="36" height="36" patternUnits="userSpaceOnUse"><rect width="36" height="36" fill="#e9eff4"/><path d="M36 0H0V36" fill="none" stroke="#cfd8e1" stroke-width="2"/></pattern>`
  const smallest = rooms.reduce((m, b) => (b.w * b.h < m.w * m.h ? b : m), rooms[0]!)
  let s = `<defs>${tiles}</defs><rect width="${W}" height="${H}" fill="#fbfaf7"/>`
  rooms.forEach((b, k) => {
    const fill = rooms.length > 2 && b === smallest ? 'url(#tiles)' : floors[k % floors.length]
    s += `<rect x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" fill="${fill}"/>`
  })
  s += furniture(rooms)
  for (const w of walls) s += innerWall(w)
  s += `<rect x="${o.x}" y="${o.y}" width="${o.w}" height="${o.h}" fill="none" stroke="${INK}" stroke-width="${OUTER}"/>`
  // The entrance: a gap in the bottom wall of the largest room along it, right of its sofa, where it has no window.
  const entrance = rooms.filter((b) => b.y + b.h === o.y + o.h).reduce((m, b) => (b.w * b.h > m.w * m.h ? b : m))
  s += windows(rng, rooms, o, entrance)
  const ex = r(entrance.x + entrance.w - DOOR - rng.between(30, Math.max(30, entrance.w * 0.3))), ey = o.y + o.h
  s += `<rect x="${ex}" y="${ey - OUTER / 2 - 1}" width="${DOOR + 6}" height="${OUTER + 2}" fill="#fbfaf7"/>`
  s += `<path d="M${ex} ${ey} L${ex} ${ey - DOOR} A${DOOR} ${DOOR} 0 0 1 ${ex + DOOR} ${ey}" fill="none" stroke="${INK}" stroke-width="3"/>`
  // A scale bar and a north arrow, as printed plans have.
  const bx = o.x, by = o.y + o.h + 70
  s += `<path d="M${bx} ${by}h200M${bx} ${by - 10}v20M${bx + 100} ${by - 8}v16M${bx + 200} ${by - 10}v20" stroke="${INK}" stroke-width="3" fill="none"/>`
  const nx = o.x + o.w - 30, ny = o.y - 95
  s += `<path d="M${nx} ${ny - 40}L${nx + 18} ${ny + 20}L${nx} ${ny + 8}L${nx - 18} ${ny + 20}Z" fill="${INK}"/>`
  return s
}
