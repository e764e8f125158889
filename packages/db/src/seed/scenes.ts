import type { Rng } from './random.ts'
import type { Scene } from './pool.ts'
import { floorPlan } from './plan-scene.ts'

/**
 * Flat-illustration SVG scenes for the demo photo pool (1600×1200, no text). Each scene draws from a seeded
 * RNG, so the pool is the same on every machine.
 */
const W = 1600
const H = 1200

const pick = <T,>(rng: Rng, a: readonly T[]) => rng.pick(a)
const r1 = (v: number) => Math.round(v * 10) / 10

function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16)
  const ch = (v: number) => Math.max(0, Math.min(255, Math.round(amount < 0 ? v * (1 + amount) : v + (255 - v) * amount)))
  const r = ch(n >> 16), g = ch((n >> 8) & 255), b = ch(n & 255)
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`
}

const SKIES: [string, string, string][] = [
  ['#3f7fc4', '#8fc0ea', '#e3f1fb'], ['#5a8fd0', '#a9cff0', '#f3f8fc'], ['#6c8fc7', '#f2b48f', '#fde3c4'],
  ['#2f6db5', '#7fb6e6', '#d6ecf9'], ['#8aa4c0', '#c7d5e2', '#eef2f5'],
]

function defs(rng: Rng): { sky: [string, string, string]; svg: string } {
  const sky = pick(rng, SKIES)
  const svg = `<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset=".6" stop-color="${sky[1]}"/><stop offset="1" stop-color="${sky[2]}"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#dcecf7"/><stop offset=".45" stop-color="#8fb4d3"/><stop offset="1" stop-color="#4d7499"/></linearGradient>
<linearGradient id="warm" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe9b8"/><stop offset="1" stop-color="#f3b866"/></linearGradient>
<linearGradient id="grass" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fb35a"/><stop offset="1" stop-color="#4f8a3a"/></linearGradient>
<linearGradient id="asphalt" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8b8f94"/><stop offset="1" stop-color="#5d6166"/></linearGradient>
<linearGradient id="light" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fffbe8" stop-opacity=".75"/><stop offset="1" stop-color="#fffbe8" stop-opacity="0"/></linearGradient>
<radialGradient id="sun" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#fffbe6" stop-opacity=".95"/><stop offset=".25" stop-color="#fff3c4" stop-opacity=".55"/><stop offset="1" stop-color="#fff3c4" stop-opacity="0"/></radialGradient>
<radialGradient id="vignette" cx=".5" cy=".5" r=".75"><stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".28"/></radialGradient>
</defs>`
  return { sky, svg }
}

function skyLayer(rng: Rng, horizon: number): string {
  const sx = rng.int(150, 1450), sy = rng.int(80, Math.max(120, horizon - 300))
  let s = `<rect width="${W}" height="${horizon + 40}" fill="url(#sky)"/><circle cx="${sx}" cy="${sy}" r="260" fill="url(#sun)"/>`
  for (let i = rng.int(2, 5); i > 0; i--) {
    const cx = rng.int(0, W), cy = rng.int(60, Math.max(100, horizon * 0.55)), k = rng.between(0.6, 1.4)
    s += `<g fill="#fff" opacity="${r1(rng.between(0.55, 0.9))}"><ellipse cx="${cx}" cy="${cy}" rx="${r1(120 * k)}" ry="${r1(34 * k)}"/><ellipse cx="${r1(cx - 60 * k)}" cy="${r1(cy + 8)}" rx="${r1(80 * k)}" ry="${r1(26 * k)}"/><ellipse cx="${r1(cx + 50 * k)}" cy="${r1(cy - 18 * k)}" rx="${r1(70 * k)}" ry="${r1(40 * k)}"/></g>`
  }
  return s
}

function tree(rng: Rng, x: number, y: number, s: number): string {
  const green = pick(rng, ['#4e8a3e', '#5c9a47', '#3f7a3a', '#6aa84f', '#2f6b3a'])
  if (rng.chance(0.35)) {
    return `<g><rect x="${r1(x - 6 * s)}" y="${r1(y - 40 * s)}" width="${r1(12 * s)}" height="${r1(40 * s)}" fill="#6b4a2f"/>`
      + `<polygon points="${r1(x)},${r1(y - 260 * s)} ${r1(x - 70 * s)},${r1(y - 30 * s)} ${r1(x + 70 * s)},${r1(y - 30 * s)}" fill="${shade(green, -0.2)}"/>`
      + `<polygon points="${r1(x)},${r1(y - 300 * s)} ${r1(x - 50 * s)},${r1(y - 130 * s)} ${r1(x + 50 * s)},${r1(y - 130 * s)}" fill="${green}"/></g>`
  }
  return `<g><rect x="${r1(x - 9 * s)}" y="${r1(y - 90 * s)}" width="${r1(18 * s)}" height="${r1(90 * s)}" fill="#6b4a2f"/>`
    + `<circle cx="${r1(x)}" cy="${r1(y - 150 * s)}" r="${r1(75 * s)}" fill="${shade(green, -0.15)}"/>`
    + `<circle cx="${r1(x - 45 * s)}" cy="${r1(y - 120 * s)}" r="${r1(55 * s)}" fill="${green}"/>`
    + `<circle cx="${r1(x + 45 * s)}" cy="${r1(y - 125 * s)}" r="${r1(58 * s)}" fill="${shade(green, 0.1)}"/>`
    + `<circle cx="${r1(x + 5 * s)}" cy="${r1(y - 195 * s)}" r="${r1(50 * s)}" fill="${shade(green, 0.18)}"/></g>`
}

function win(x: number, y: number, w: number, h: number, frame = '#f5f3ee', lit = false): string {
  return `<rect x="${r1(x - 4)}" y="${r1(y - 4)}" width="${r1(w + 8)}" height="${r1(h + 8)}" fill="${frame}"/>`
    + `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" fill="${lit ? 'url(#warm)' : 'url(#glass)'}"/>`
    + `<rect x="${r1(x + w / 2 - 2)}" y="${r1(y)}" width="4" height="${r1(h)}" fill="${frame}"/>`
    + `<polygon points="${r1(x)},${r1(y)} ${r1(x + w * 0.35)},${r1(y)} ${r1(x)},${r1(y + h * 0.5)}" fill="#fff" opacity=".18"/>`
}

function ground(horizon: number, kind: 'grass' | 'street'): string {
  if (kind === 'grass') return `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#grass)"/>`
  return `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="#b9b4aa"/><rect y="${horizon + 90}" width="${W}" height="${H - horizon - 90}" fill="url(#asphalt)"/>`
    + `<rect y="${horizon + 84}" width="${W}" height="10" fill="#d8d4cc"/>`
}

const FACADES = ['#efe3cf', '#e8d5c4', '#d9e2e7', '#f1e6b8', '#e6cfc7', '#dfe8d8', '#f4efe6', '#cfd8e3', '#f0d9b5']

function block(rng: Rng): string {
  const horizon = 980
  let s = skyLayer(rng, horizon)
  // A neighbouring block in the distance for depth.
  s += `<rect x="${rng.int(-100, 100)}" y="320" width="420" height="680" fill="${shade(pick(rng, FACADES), -0.18)}" opacity=".8"/>`
  const color = pick(rng, FACADES)
  const floors = rng.int(5, 8), cols = rng.int(5, 7)
  const x0 = 260, x1 = 1420, top = 1000 - floors * 105 - 40
  s += `<rect x="${x0}" y="${top}" width="${x1 - x0}" height="${1000 - top}" fill="${color}"/>`
  s += `<rect x="${x1}" y="${top + 20}" width="120" height="${1000 - top - 20}" fill="${shade(color, -0.2)}"/>`
  s += `<rect x="${x0 - 10}" y="${top - 22}" width="${x1 - x0 + 20}" height="26" fill="${shade(color, -0.35)}"/>`
  const accent = pick(rng, ['#c96b4b', '#5f8fb0', '#7b9e5a', '#d9a441', '#8a6fb0', '#4d8c84'])
  const cw = (x1 - x0) / cols
  for (let f = 0; f < floors; f++) {
    const y = top + 40 + f * 105
    for (let c = 0; c < cols; c++) {
      const x = x0 + c * cw + cw * 0.2
      s += win(x, y, cw * 0.6, 62, '#ffffff', rng.chance(0.08))
      if (c % 2 === 1 && f < floors - 1 && f > 0) {
        s += `<rect x="${r1(x - 14)}" y="${y + 70}" width="${r1(cw * 0.6 + 28)}" height="26" fill="${accent}" opacity=".85"/>`
        s += `<rect x="${r1(x - 14)}" y="${y + 66}" width="${r1(cw * 0.6 + 28)}" height="6" fill="${shade(accent, -0.3)}"/>`
      }
    }
  }
  s += `<rect x="${(x0 + x1) / 2 - 60}" y="905" width="120" height="95" fill="${shade(accent, -0.35)}"/><rect x="${(x0 + x1) / 2 - 80}" y="890" width="160" height="16" fill="#6d6a65"/>`
  s += ground(horizon + 20, 'street')
  for (let i = 0; i < 4; i++) s += tree(rng, rng.int(40, 1560), 1000 + rng.int(0, 80), rng.between(0.8, 1.3))
  return s
}

function townhouse(rng: Rng): string {
  const horizon = 1000
  let s = skyLayer(rng, horizon)
  let x = -40
  while (x < W) {
    const w = rng.int(300, 460), floors = rng.int(3, 5), color = pick(rng, FACADES)
    const top = 1000 - floors * 170 - 60
    s += `<rect x="${x}" y="${top}" width="${w}" height="${1000 - top}" fill="${color}"/>`
    s += `<polygon points="${x - 6},${top} ${x + w + 6},${top} ${x + w - 30},${top - 70} ${x + 30},${top - 70}" fill="${pick(rng, ['#5b4a42', '#3f4a55', '#7a3f2f'])}"/>`
    for (let f = 0; f <= floors; f++) s += `<rect x="${x}" y="${top + 40 + f * 170 - 14}" width="${w}" height="10" fill="${shade(color, -0.15)}"/>`
    const cols = Math.max(2, Math.floor(w / 120))
    const cw = w / cols
    for (let f = 0; f < floors; f++) {
      const y = 1000 - (f + 1) * 170 - 40
      for (let c = 0; c < cols; c++) {
        const wx = x + c * cw + cw * 0.25, ww = cw * 0.5
        if (f === 0) { s += `<rect x="${r1(x + c * cw + 12)}" y="${y + 30}" width="${r1(cw - 24)}" height="140" fill="url(#glass)"/><rect x="${r1(x + c * cw + 8)}" y="${y + 20}" width="${r1(cw - 16)}" height="14" fill="${shade(color, -0.4)}"/>`; continue }
        s += `<path d="M${r1(wx)} ${y + 120} V${y + 40} A${r1(ww / 2)} ${r1(ww / 2)} 0 0 1 ${r1(wx + ww)} ${y + 40} V${y + 120} Z" fill="url(#glass)" stroke="#fbfaf7" stroke-width="7"/>`
        s += `<rect x="${r1(wx - 10)}" y="${y + 122}" width="${r1(ww + 20)}" height="8" fill="${shade(color, -0.25)}"/>`
      }
    }
    x += w
  }
  s += `<rect y="1000" width="${W}" height="200" fill="#a59f95"/>`
  for (let i = 0; i < 40; i++) s += `<rect x="${i * 42}" y="1000" width="2" height="200" fill="#8f897f" opacity=".6"/>`
  for (let i = 0; i < 5; i++) s += `<rect y="${1000 + i * 40}" width="${W}" height="2" fill="#8f897f" opacity=".6"/>`
  if (rng.chance(0.6)) s += tree(rng, rng.int(100, 1500), 1150, 1.2)
  return s
}

function house(rng: Rng): string {
  const horizon = 820
  let s = skyLayer(rng, horizon)
  s += `<path d="M0 ${horizon} Q400 ${horizon - 90} 800 ${horizon - 30} T1600 ${horizon - 40} V${horizon + 60} H0 Z" fill="#7aa36a" opacity=".8"/>`
  s += ground(horizon, 'grass')
  for (let i = 0; i < 5; i++) s += tree(rng, rng.int(0, 1600), horizon + rng.int(10, 40), rng.between(0.5, 0.8))
  const wall = pick(rng, ['#f4f1ea', '#efe6d8', '#e9e2d4', '#dcdcd6', '#f3eadf', '#d8c3a5'])
  const roof = pick(rng, ['#3b3f45', '#8c3b2e', '#5a3d2b', '#2e3338', '#6b4a3a'])
  const modern = rng.chance(0.4)
  const x0 = rng.int(330, 470), x1 = x0 + rng.int(720, 860), top = 560, base = 960
  s += `<rect x="${x0}" y="${top}" width="${x1 - x0}" height="${base - top}" fill="${wall}"/>`
  if (modern) {
    s += `<rect x="${x0 - 30}" y="${top - 36}" width="${x1 - x0 + 60}" height="40" fill="${roof}"/>`
    s += `<rect x="${x0}" y="${top + 4}" width="${(x1 - x0) * 0.35}" height="${base - top - 4}" fill="${pick(rng, ['#a47551', '#8b6b4a', '#6f6f6f'])}"/>`
    s += win(x0 + (x1 - x0) * 0.42, top + 60, (x1 - x0) * 0.5, 150, '#3a3a3a')
    s += win(x0 + (x1 - x0) * 0.42, top + 250, (x1 - x0) * 0.5, 150, '#3a3a3a')
  } else {
    s += `<polygon points="${x0 - 50},${top + 6} ${(x0 + x1) / 2},${top - 250} ${x1 + 50},${top + 6}" fill="${roof}"/>`
    s += `<polygon points="${x0 - 50},${top + 6} ${(x0 + x1) / 2},${top - 250} ${(x0 + x1) / 2},${top - 222} ${x0 - 12},${top + 6}" fill="#000" opacity=".12"/>`
    s += `<rect x="${x1 - 190}" y="${top - 220}" width="54" height="120" fill="${shade(roof, 0.2)}"/>`
    s += win((x0 + x1) / 2 - 55, top - 120, 110, 90)
    const n = rng.int(3, 4), step = (x1 - x0) / n
    for (let i = 0; i < n; i++) s += win(x0 + i * step + step * 0.25, top + 70, step * 0.5, 130, '#ffffff', rng.chance(0.15))
  }
  s += `<rect x="${(x0 + x1) / 2 - 50}" y="${base - 190}" width="100" height="190" fill="${pick(rng, ['#5a3d2b', '#2f3b46', '#7b2e2e'])}"/>`
  if (rng.chance(0.6)) {
    s += `<rect x="${x1}" y="${top + 150}" width="260" height="${base - top - 150}" fill="${shade(wall, -0.08)}"/><rect x="${x1 + 30}" y="${top + 210}" width="200" height="${base - top - 210}" fill="#c9c9c4"/>`
    for (let i = 0; i < 8; i++) s += `<rect x="${x1 + 30}" y="${top + 214 + i * 24}" width="200" height="3" fill="#a5a5a0"/>`
  }
  s += `<polygon points="${(x0 + x1) / 2 - 50},${base} ${(x0 + x1) / 2 + 50},${base} ${(x0 + x1) / 2 + 160},1200 ${(x0 + x1) / 2 - 160},1200" fill="#cfc6b6"/>`
  for (let x = 0; x < W; x += 60) s += `<rect x="${x}" y="1040" width="12" height="90" fill="#f2efe8"/>`
  s += `<rect y="1060" width="${W}" height="10" fill="#f2efe8"/><rect y="1100" width="${W}" height="10" fill="#f2efe8"/>`
  for (let i = 0; i < 3; i++) s += tree(rng, pick(rng, [rng.int(20, x0 - 120), rng.int(x1 + 300, 1580)]), 1000 + rng.int(0, 40), rng.between(1, 1.5))
  return s
}

function field(rng: Rng): string {
  const horizon = rng.int(560, 700)
  let s = skyLayer(rng, horizon)
  s += `<path d="M0 ${horizon} Q300 ${horizon - 70} 700 ${horizon - 20} T1600 ${horizon - 50} V${horizon + 10} H0 Z" fill="#6d8f63"/>`
  for (let x = -20; x < W; x += rng.int(30, 70)) s += `<ellipse cx="${x}" cy="${horizon - rng.int(0, 25)}" rx="${rng.int(35, 60)}" ry="${rng.int(30, 55)}" fill="${pick(rng, ['#3f6b3a', '#4a7a42', '#355e33'])}"/>`
  const colors = ['#d9c36a', '#a7c465', '#c9b458', '#8fb25a', '#e2cf85', '#7da052']
  const vp = rng.int(500, 1100)
  const n = 9
  for (let i = 0; i < n; i++) {
    const a = -1400 + (i * 4400) / n, b = -1400 + ((i + 1) * 4400) / n
    s += `<polygon points="${vp},${horizon} ${r1(a)},${H} ${r1(b)},${H}" fill="${colors[(i + rng.int(0, 1)) % colors.length]}"/>`
  }
  s += `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#light)" opacity=".25"/>`
  s += tree(rng, rng.int(150, 1450), horizon + rng.int(60, 160), rng.between(1.1, 1.6))
  for (let i = 0; i < 12; i++) { const x = 60 + i * 130; s += `<rect x="${x}" y="${H - 150 + (i % 2) * 6}" width="10" height="110" fill="#7a5a3c"/>` }
  s += `<rect y="${H - 120}" width="${W}" height="6" fill="#7a5a3c"/>`
  return s
}

function cabin(rng: Rng): string {
  const horizon = 760
  let s = skyLayer(rng, horizon)
  for (let x = -40; x < W + 40; x += rng.int(40, 70)) {
    const h = rng.int(200, 340), c = pick(rng, ['#2f5b3a', '#3b6b45', '#24492f'])
    s += `<polygon points="${x},${horizon - h} ${x - 55},${horizon + 10} ${x + 55},${horizon + 10}" fill="${c}"/>`
  }
  s += `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="#6f9a58"/>`
  s += `<path d="M0 ${horizon + 230} Q800 ${horizon + 170} 1600 ${horizon + 240} V${H} H0 Z" fill="#4f86b5"/>`
  for (let i = 0; i < 14; i++) s += `<rect x="${rng.int(0, 1500)}" y="${rng.int(horizon + 250, H - 20)}" width="${rng.int(60, 180)}" height="4" fill="#fff" opacity=".35"/>`
  const wood = pick(rng, ['#8b5a2b', '#9c6b3c', '#6e4a2e', '#a8763e'])
  const x0 = rng.int(420, 640), x1 = x0 + 520, top = 640, base = horizon + 150
  s += `<rect x="${x0}" y="${top}" width="${x1 - x0}" height="${base - top}" fill="${wood}"/>`
  for (let y = top + 18; y < base; y += 22) s += `<rect x="${x0}" y="${y}" width="${x1 - x0}" height="3" fill="${shade(wood, -0.25)}"/>`
  s += `<polygon points="${x0 - 60},${top + 10} ${(x0 + x1) / 2},${top - 210} ${x1 + 60},${top + 10}" fill="${pick(rng, ['#3b3f45', '#4a3a2e', '#2d4a3a'])}"/>`
  s += win(x0 + 60, top + 50, 120, 100, '#f1e6d0', true) + win(x1 - 180, top + 50, 120, 100, '#f1e6d0', rng.chance(0.5))
  s += `<rect x="${(x0 + x1) / 2 - 45}" y="${base - 160}" width="90" height="160" fill="${shade(wood, -0.4)}"/>`
  s += `<rect x="${x0 - 80}" y="${base}" width="${x1 - x0 + 160}" height="26" fill="${shade(wood, 0.15)}"/>`
  for (let i = 0; i < 4; i++) s += tree(rng, pick(rng, [rng.int(40, x0 - 80), rng.int(x1 + 80, 1560)]), horizon + rng.int(100, 180), rng.between(1, 1.4))
  return s
}

function garage(rng: Rng): string {
  const horizon = 880
  let s = skyLayer(rng, horizon)
  s += tree(rng, rng.int(100, 1500), 420, 1.4)
  const wall = pick(rng, ['#cfc8bd', '#bfb6a8', '#d9d3c7', '#b8bcc0'])
  s += `<rect x="0" y="360" width="${W}" height="540" fill="${wall}"/><rect x="0" y="340" width="${W}" height="28" fill="${shade(wall, -0.35)}"/>`
  const n = rng.int(4, 5), gw = W / n
  const doors = ['#8a9499', '#6d7f8c', '#9b8a6e', '#7b8f7a', '#a3a3a3', '#6f6a87']
  for (let i = 0; i < n; i++) {
    const x = i * gw + 40, c = pick(rng, doors)
    s += `<rect x="${x}" y="480" width="${gw - 80}" height="420" fill="${c}"/>`
    for (let y = 490; y < 900; y += 26) s += `<rect x="${x}" y="${y}" width="${gw - 80}" height="4" fill="${shade(c, -0.25)}"/>`
    s += `<rect x="${x - 8}" y="470" width="${gw - 64}" height="12" fill="${shade(wall, -0.25)}"/>`
  }
  s += `<rect y="900" width="${W}" height="300" fill="url(#asphalt)"/>`
  for (let i = 0; i <= n; i++) s += `<polygon points="${i * gw - 4},900 ${i * gw + 4},900 ${i * gw + 30 * (i - n / 2)},1200 ${i * gw + 30 * (i - n / 2) - 14},1200" fill="#eeeeea" opacity=".85"/>`
  return s
}

function shop(rng: Rng): string {
  const horizon = 1000
  let s = skyLayer(rng, horizon)
  const color = pick(rng, FACADES)
  s += `<rect x="0" y="150" width="${W}" height="850" fill="${color}"/>`
  for (let c = 0; c < 5; c++) s += win(90 + c * 300, 220, 170, 150) + win(90 + c * 300, 430, 170, 150)
  s += `<rect x="0" y="640" width="${W}" height="20" fill="${shade(color, -0.3)}"/>`
  const stripe = pick(rng, ['#c0392b', '#2e6f8e', '#2f7d4f', '#b5651d', '#6c4f8c'])
  for (let i = 0; i < 20; i++) s += `<polygon points="${120 + i * 68},660 ${188 + i * 68},660 ${200 + i * 68},740 ${132 + i * 68},740" fill="${i % 2 ? '#f7f3ea' : stripe}"/>`
  s += `<rect x="100" y="740" width="1400" height="260" fill="url(#glass)"/>`
  for (let i = 0; i < 6; i++) s += `<rect x="${150 + i * 220}" y="${800 + (i % 2) * 40}" width="150" height="${150 - (i % 2) * 40}" fill="${pick(rng, ['#e8c07a', '#d98c6a', '#8fb8a8', '#c9a3c7', '#f0e0b0'])}" opacity=".55"/>`
  for (let i = 0; i <= 4; i++) s += `<rect x="${96 + i * 350}" y="740" width="10" height="260" fill="#3a3a3a"/>`
  s += `<rect y="1000" width="${W}" height="200" fill="#b8b1a6"/>`
  for (const x of [60, 1540]) s += `<rect x="${x - 40}" y="930" width="80" height="70" fill="#8a6f55"/><circle cx="${x}" cy="900" r="55" fill="#4f8a3e"/>`
  return s
}

function warehouse(rng: Rng): string {
  const horizon = 860
  let s = skyLayer(rng, horizon)
  const c = pick(rng, ['#c9ced3', '#b7c2cc', '#d5d0c4', '#9fb0bf'])
  s += `<polygon points="80,360 1520,360 1560,420 40,420" fill="${shade(c, -0.3)}"/><rect x="60" y="420" width="1480" height="480" fill="${c}"/>`
  for (let x = 60; x < 1540; x += 22) s += `<rect x="${x}" y="420" width="6" height="480" fill="${shade(c, -0.12)}"/>`
  s += `<rect x="60" y="440" width="1480" height="60" fill="url(#glass)" opacity=".8"/>`
  for (let i = 0; i < 4; i++) {
    const x = 180 + i * 330
    s += `<rect x="${x}" y="620" width="240" height="280" fill="#6f7780"/>`
    for (let y = 630; y < 900; y += 24) s += `<rect x="${x}" y="${y}" width="240" height="4" fill="#59616a"/>`
    s += `<rect x="${x - 20}" y="880" width="280" height="30" fill="#3a3f45"/>`
  }
  s += `<rect y="900" width="${W}" height="300" fill="url(#asphalt)"/>`
  for (let i = 0; i < 8; i++) s += `<rect x="${i * 220 + 40}" y="1040" width="120" height="12" fill="#f0e6a0" opacity=".8"/>`
  return s
}

// Interiors: a one-point-perspective room with a window, floor planks converging and furniture for its purpose.
const WALLS = ['#f3ede4', '#e9e4da', '#dfe7e2', '#efe6da', '#e6e9ef', '#f1e4dc', '#e4ddd0']
const FABRIC = ['#3d5a80', '#8a9a5b', '#c08457', '#6d6875', '#2a9d8f', '#b5838d', '#52616b', '#d4a373']
const WOOD = ['#c19a6b', '#a47551', '#d2b48c', '#8b6b4a', '#b98b5e']

function room(rng: Rng, floorKind: 'wood' | 'tile'): { s: string; wall: string } {
  const wall = pick(rng, WALLS)
  const bx0 = 260, bx1 = 1340, by0 = 140, by1 = 800
  let s = `<rect width="${W}" height="${H}" fill="${shade(wall, -0.1)}"/>`
  s += `<polygon points="0,0 ${bx0},${by0} ${bx0},${by1} 0,${H}" fill="${shade(wall, -0.12)}"/>`
  s += `<polygon points="${W},0 ${bx1},${by0} ${bx1},${by1} ${W},${H}" fill="${shade(wall, -0.06)}"/>`
  s += `<polygon points="0,0 ${W},0 ${bx1},${by0} ${bx0},${by0}" fill="${shade(wall, 0.35)}"/>`
  s += `<rect x="${bx0}" y="${by0}" width="${bx1 - bx0}" height="${by1 - by0}" fill="${wall}"/>`
  const floor = floorKind === 'wood' ? pick(rng, WOOD) : pick(rng, ['#d9d6cf', '#c9c5bd', '#e4e0d8', '#9aa3a8'])
  s += `<polygon points="${bx0},${by1} ${bx1},${by1} ${W},${H} 0,${H}" fill="${floor}"/>`
  const vx = 800, vy = 470
  if (floorKind === 'wood') {
    for (let i = -8; i <= 8; i++) {
      const xb = 800 + i * 130, t = (by1 - vy) / (H - vy)
      s += `<line x1="${r1(vx + (xb - vx) * t)}" y1="${by1}" x2="${xb}" y2="${H}" stroke="${shade(floor, -0.2)}" stroke-width="3"/>`
    }
  } else {
    for (let i = -8; i <= 8; i++) {
      const xb = 800 + i * 160, t = (by1 - vy) / (H - vy)
      s += `<line x1="${r1(vx + (xb - vx) * t)}" y1="${by1}" x2="${xb}" y2="${H}" stroke="${shade(floor, -0.15)}" stroke-width="2"/>`
    }
    for (const y of [840, 900, 980, 1080]) s += `<line x1="0" y1="${y}" x2="${W}" y2="${y}" stroke="${shade(floor, -0.15)}" stroke-width="2"/>`
  }
  s += `<rect x="${bx0}" y="${by1 - 14}" width="${bx1 - bx0}" height="14" fill="${shade(wall, 0.4)}"/>`
  // A window on the left wall with the light it throws on the floor.
  s += `<polygon points="60,200 210,250 210,640 60,700" fill="url(#glass)" stroke="#fbfaf7" stroke-width="12"/>`
  s += `<polygon points="60,200 210,250 210,640 60,700" fill="#fffbe8" opacity=".35"/>`
  s += `<polygon points="210,640 60,700 520,1200 900,1200" fill="url(#light)" opacity=".55"/>`
  return { s, wall }
}

function plant(rng: Rng, x: number, y: number, k = 1): string {
  let s = `<path d="M${x - 40 * k} ${y - 90 * k} H${x + 40 * k} L${x + 30 * k} ${y} H${x - 30 * k} Z" fill="${pick(rng, ['#c8b8a6', '#e6e1d8', '#6b5e53'])}"/>`
  for (let i = 0; i < 7; i++) {
    const a = -Math.PI / 2 + (i - 3) * 0.35
    s += `<ellipse cx="${r1(x + Math.cos(a) * 80 * k)}" cy="${r1(y - 90 * k + Math.sin(a) * 110 * k)}" rx="${r1(22 * k)}" ry="${r1(70 * k)}" transform="rotate(${r1((a * 180) / Math.PI + 90)} ${r1(x + Math.cos(a) * 80 * k)} ${r1(y - 90 * k + Math.sin(a) * 110 * k)})" fill="${i % 2 ? '#4f8a3e' : '#3f7a3a'}"/>`
  }
  return s
}

function art(rng: Rng, x: number, y: number, w: number, h: number): string {
  const c = () => pick(rng, ['#e76f51', '#f4a261', '#2a9d8f', '#264653', '#e9c46a', '#b5838d', '#6d6875', '#a8dadc'])
  return `<rect x="${x - 10}" y="${y - 10}" width="${w + 20}" height="${h + 20}" fill="#2b2b2b"/><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#faf7f0"/>`
    + `<circle cx="${r1(x + w * 0.35)}" cy="${r1(y + h * 0.4)}" r="${r1(Math.min(w, h) * 0.25)}" fill="${c()}"/>`
    + `<rect x="${r1(x + w * 0.45)}" y="${r1(y + h * 0.45)}" width="${r1(w * 0.4)}" height="${r1(h * 0.35)}" fill="${c()}" opacity=".85"/>`
}

function living(rng: Rng): string {
  const { s: base } = room(rng, 'wood')
  let s = base
  const sofa = pick(rng, FABRIC)
  s += art(rng, 640, 280, 320, 220)
  if (rng.chance(0.5)) s += art(rng, 1020, 320, 160, 200)
  s += `<ellipse cx="800" cy="1010" rx="560" ry="120" fill="${pick(rng, ['#e9dcc9', '#d8cfc0', '#c7b9a5', '#b9c4c9'])}"/>`
  s += `<rect x="430" y="600" width="740" height="150" rx="40" fill="${shade(sofa, -0.1)}"/>`
  s += `<rect x="400" y="700" width="800" height="150" rx="36" fill="${sofa}"/>`
  s += `<rect x="370" y="650" width="110" height="220" rx="40" fill="${shade(sofa, -0.05)}"/><rect x="1120" y="650" width="110" height="220" rx="40" fill="${shade(sofa, -0.05)}"/>`
  s += `<rect x="520" y="640" width="140" height="110" rx="24" fill="${pick(rng, ['#f4a261', '#e9c46a', '#f1faee', '#e76f51'])}"/>`
  s += `<rect x="940" y="640" width="140" height="110" rx="24" fill="${pick(rng, ['#a8dadc', '#f1faee', '#e9c46a'])}"/>`
  s += `<rect x="620" y="930" width="360" height="40" rx="8" fill="${pick(rng, WOOD)}"/><rect x="650" y="970" width="16" height="70" fill="#3a3a3a"/><rect x="934" y="970" width="16" height="70" fill="#3a3a3a"/>`
  s += `<rect x="1330" y="420" width="6" height="520" fill="#3a3a3a"/><path d="M1270 420 L1400 420 L1370 340 L1300 340 Z" fill="#f6e7c1"/><circle cx="1333" cy="400" r="120" fill="url(#sun)" opacity=".5"/>`
  s += plant(rng, 300, 900, 1.2)
  return s
}

function bedroom(rng: Rng): string {
  const { s: base } = room(rng, 'wood')
  let s = base
  const fabric = pick(rng, FABRIC)
  s += art(rng, 660, 240, 280, 180)
  s += `<rect x="480" y="470" width="640" height="260" rx="20" fill="${shade(fabric, -0.25)}"/>`
  s += `<rect x="440" y="690" width="720" height="300" rx="24" fill="#f7f5f0"/>`
  s += `<rect x="440" y="800" width="720" height="200" rx="20" fill="${fabric}"/>`
  s += `<rect x="520" y="640" width="240" height="110" rx="30" fill="#ffffff"/><rect x="840" y="640" width="240" height="110" rx="30" fill="#ffffff"/>`
  s += `<rect x="440" y="990" width="720" height="30" fill="${shade(fabric, -0.4)}"/>`
  for (const x of [300, 1180]) {
    s += `<rect x="${x}" y="760" width="130" height="130" fill="${pick(rng, WOOD)}"/><rect x="${x + 50}" y="690" width="30" height="70" fill="#d9d1c3"/><path d="M${x + 25} 690 L${x + 105} 690 L${x + 90} 630 L${x + 40} 630 Z" fill="#f6e7c1"/>`
  }
  s += plant(rng, 1440, 1080, 1.1)
  return s
}

function kitchen(rng: Rng): string {
  const { s: base } = room(rng, rng.chance(0.5) ? 'tile' : 'wood')
  let s = base
  const front = pick(rng, ['#f7f5f0', '#2f3e46', '#6b705c', '#dde5e8', '#354f52', '#e9dcc9'])
  const top = pick(rng, ['#e9e6e1', '#2b2b2b', '#c19a6b', '#d8d8d8'])
  s += `<rect x="260" y="470" width="1080" height="150" fill="#ffffff" opacity=".6"/>`
  for (let x = 260; x < 1340; x += 40) s += `<line x1="${x}" y1="470" x2="${x}" y2="620" stroke="#d6d2ca" stroke-width="2"/>`
  for (let y = 470; y < 620; y += 30) s += `<line x1="260" y1="${y}" x2="1340" y2="${y}" stroke="#d6d2ca" stroke-width="2"/>`
  for (let i = 0; i < 6; i++) s += `<rect x="${270 + i * 150}" y="220" width="140" height="220" fill="${front}" stroke="${shade(front, -0.15)}" stroke-width="3"/>`
  s += `<rect x="270" y="620" width="1060" height="30" fill="${top}"/>`
  for (let i = 0; i < 7; i++) s += `<rect x="${275 + i * 150}" y="650" width="140" height="150" fill="${front}" stroke="${shade(front, -0.15)}" stroke-width="3"/><rect x="${320 + i * 150}" y="665" width="50" height="6" fill="#9a9a9a"/>`
  s += `<rect x="1180" y="200" width="150" height="600" fill="#d9dcdf"/><rect x="1190" y="400" width="130" height="4" fill="#b0b4b8"/>`
  s += `<rect x="560" y="560" width="160" height="60" fill="#2b2b2b"/>`
  s += `<rect x="480" y="880" width="640" height="40" fill="${top}"/><rect x="500" y="920" width="600" height="190" fill="${shade(front, -0.05)}"/>`
  for (const x of [620, 800, 980]) s += `<line x1="${x}" y1="0" x2="${x}" y2="${740 - 320}" stroke="#2b2b2b" stroke-width="3"/><path d="M${x - 45} 420 Q${x} 360 ${x + 45} 420 Z" fill="${pick(rng, ['#2b2b2b', '#d4a373', '#e9c46a'])}"/><circle cx="${x}" cy="440" r="70" fill="url(#sun)" opacity=".35"/>`
  s += plant(rng, 380, 880, 0.6)
  return s
}

function bathroom(rng: Rng): string {
  const { s: base } = room(rng, 'tile')
  let s = base
  const tile = pick(rng, ['#e8ecef', '#dfe7e2', '#f0ebe3', '#c9d6df', '#e3ddd3'])
  s += `<rect x="260" y="140" width="1080" height="660" fill="${tile}"/>`
  for (let x = 260; x <= 1340; x += 90) s += `<line x1="${x}" y1="140" x2="${x}" y2="800" stroke="${shade(tile, -0.12)}" stroke-width="3"/>`
  for (let y = 140; y <= 800; y += 90) s += `<line x1="260" y1="${y}" x2="1340" y2="${y}" stroke="${shade(tile, -0.12)}" stroke-width="3"/>`
  s += `<rect x="300" y="640" width="560" height="200" rx="60" fill="#fbfbfb"/><rect x="330" y="650" width="500" height="40" rx="20" fill="#a8d0e6" opacity=".6"/>`
  s += `<rect x="960" y="600" width="300" height="40" fill="#fbfbfb"/><rect x="980" y="640" width="260" height="160" fill="${pick(rng, WOOD)}"/>`
  s += `<rect x="990" y="290" width="240" height="280" rx="120" fill="url(#glass)" stroke="#c9c9c9" stroke-width="8"/>`
  s += `<rect x="1300" y="420" width="20" height="260" fill="${pick(rng, FABRIC)}"/>`
  s += plant(rng, 1450, 1080, 0.9)
  return s
}

const SCENES: Record<Scene, (rng: Rng) => string> = {
  living, bedroom, kitchen, bathroom, block, townhouse, house, field, cabin, garage, shop, warehouse, plan: floorPlan,
}

export function renderScene(scene: Scene, rng: Rng): string {
  if (scene === 'plan') return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${floorPlan(rng)}</svg>`
  const d = defs(rng)
  const body = SCENES[scene](rng)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${d.svg}${body}<rect width="${W}" height="${H}" fill="url(#vignette)"/></svg>`
}
