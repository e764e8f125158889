/**
 * JS a page loads at first paint, compressed: every /assets/*.js the server-rendered HTML names (the entry module
 * and its modulepreload links), gzip level 9 and brotli as served from the precompressed files.
 *   npx tsx bench/page-weight.ts --base http://127.0.0.1:3113 [/ /szukaj /ogloszenia/slug …]
 * Without paths: home, /szukaj and the newest listing's page.
 */
import { parseArgs } from 'node:util'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

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
  const js = [...new Set([...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map((m) => m[0]))]
  let raw = 0, gz = 0, br = 0
  const each: string[] = []
  for (const f of js) {
    const b = await asset(f)
    const g = gzipSync(b, { level: 9 }).length
    raw += b.length; gz += g
    br += brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length
    each.push(`${f.replace('/assets/', '')} ${kb(g)}`)
  }
  const htmlGz = gzipSync(Buffer.from(html), { level: 6 }).length
  rows.push({ page: p.length > 40 ? `${p.slice(0, 37)}…` : p, files: js.length, 'JS KB': kb(raw), 'JS KB gz': kb(gz), 'JS KB br': kb(br), 'HTML KB gz': kb(htmlGz) })
  if (process.env.VERBOSE) console.log(p, each.join(', '))
}
console.table(rows)
