/**
 * JS a page loads at first paint, compressed: the modules the server-rendered HTML loads (its modulepreload links and
 * the inline module script's imports), gzip level 9 and brotli as served from the precompressed files. `named KB gz`
 * is the older, larger count of every /assets/*.js the HTML names: React Router's inline route manifest also names
 * the files of routes that are not on the page (the home route's under every path, as `/` is a prefix of it) and
 * the full manifest's file, none of which a browser fetches (decision 034).
 *   npx tsx bench/page-weight.ts --base http://127.0.0.1:3113 [/ /szukaj /ogloszenia/slug …]
 * Without paths: home, /szukaj and the newest listing's page.
 */
import { parseArgs } from 'node:util'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { loadedScripts } from './page-weight-scripts.ts'

const { values, positionals } = parseArgs({ options: { base: { type: 'string', default: 'http://127.0.0.1:3000' } }, allowPositionals: true })
const base = values.base!.replace(/\/$/, '')

async function pages(): Promise<string[]> {
  if (positionals.length) return positionals
  const offers = await (await fetch(`${base}/api/offers?limit=1`)).json() as { data: { slug: string }[] }
  return ['/', '/szukaj', `/ogloszenia/${offers.data[0]!.slug}`]
}

const cache = new Map<string, Buffer>()
async function asset(p: string): Promise<Buffer> {
  let b = cache.get(p)
  if (!b) cache.set(p, b = Buffer.from(await (await fetch(`${base}${p}`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer()))
  return b
}

const kb = (n: number) => Math.round(n / 102.4) / 10
const rows: Record<string, unknown>[] = []
for (const p of await pages()) {
  const html = await (await fetch(`${base}${p}`, { headers: { 'accept-encoding': 'identity' } })).text()
  const js = loadedScripts(html)
  const named = [...new Set([...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map((m) => m[0]))]
  let raw = 0, gz = 0, br = 0, namedGz = 0
  const each: string[] = []
  for (const f of named) {
    const b = await asset(f)
    const g = gzipSync(b, { level: 9 }).length
    namedGz += g
    if (!js.includes(f)) continue
    raw += b.length; gz += g
    br += brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length
    each.push(`${f.replace('/assets/', '')} ${kb(g)}`)
  }
  const htmlGz = gzipSync(Buffer.from(html), { level: 6 }).length
  rows.push({ page: p.length > 40 ? `${p.slice(0, 37)}…` : p, files: js.length, 'JS KB': kb(raw), 'JS KB gz': kb(gz), 'JS KB br': kb(br), 'named KB gz': kb(namedGz), 'HTML KB gz': kb(htmlGz) })
  if (process.env.VERBOSE) console.log(p, each.join(', '))
}
console.table(rows)
