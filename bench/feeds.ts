/**
 * Listing feeds at scale (issue 12, decision 025): import a generated Oferty.net file of --offers offers (ISO-8859-2,
 * one photo URL each, served by a local HTTP server on 127.0.0.1) through the real engine (lib/feeds/engine.ts: two
 * streamed passes, mapping, listing writes, photo download → sharp → storage, duplicate hashes), then the same offers
 * again in a newer file (nothing changed: no photo fetched). Reports time, offers/s and the peak RSS.
 *
 *   npx tsx bench/feeds.ts [--offers 10000] [--photo-every 1] [--database-url postgres://…/<throw-away db>]
 *
 * --photo-every K gives every K-th offer its photo (the others none), for a loaded machine where rendering every
 * photo would take hours; the report says how many were fetched.
 *
 * Without --database-url it runs on embedded PGlite in a temporary folder.
 */
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pino from 'pino'
import sharp from 'sharp'
import { feedRuns, feedSources, migrate, openDb, syncCatalogue, users } from '@portal/db'
import { runImport } from '../apps/api/src/lib/feeds/engine.ts'
import { storeUpload } from '../apps/api/src/lib/feeds/feed-file.ts'
import { LocalStorage } from '../apps/api/src/lib/media/storage.ts'

const { values } = parseArgs({ options: { offers: { type: 'string', default: '10000' }, 'photo-every': { type: 'string', default: '1' }, 'database-url': { type: 'string' } } })
const N = Number(values.offers)
const EVERY = Math.max(1, Number(values['photo-every']))
const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-feeds-'))
const db = await openDb(values['database-url'] ? { url: values['database-url'] } : { dataDir: path.join(dir, 'pglite') })
await migrate(db)
await syncCatalogue(db.db)

// Photos: a realistic 1600×1067 JPEG (~200 KB), a different URL per offer so every one is really fetched.
const jpeg = await sharp({ create: { width: 1600, height: 1067, channels: 3, background: { r: 180, g: 120, b: 90 } } })
  .composite([{ input: Buffer.from(`<svg width="1600" height="1067"><rect x="200" y="200" width="900" height="500" fill="#2a6"/><circle cx="1200" cy="700" r="250" fill="#fc3"/></svg>`) }])
  .jpeg({ quality: 85 }).toBuffer()
let photoRequests = 0
const server = http.createServer((_req, res) => { photoRequests++; res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': jpeg.length }).end(jpeg) })
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

const CITIES = ['Kraków', 'Warszawa', 'Wrocław', 'Poznań', 'Gdańsk', 'Łódź']
const latin2 = (s: string) => Buffer.from([...s].map((ch) => ({ ą: 0xb1, ę: 0xea, ł: 0xb3, ó: 0xf3, ś: 0xb6, ż: 0xbf, ź: 0xbc, ć: 0xe6, ń: 0xf1, Ł: 0xa3, Ś: 0xa6, Ż: 0xaf })[ch] ?? ch.charCodeAt(0)))
async function writeFeed(file: string, date: string) {
  const out = createWriteStream(file)
  const w = (s: string) => (out.write(latin2(s)) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r())))
  await w(`<?xml version="1.0" encoding="ISO-8859-2"?>\n<plik><header><data>${date}</data><zawartosc_pliku>calosc</zawartosc_pliku></header><lista_ofert>\n<dzial tab="mieszkania" typ="sprzedaz">\n`)
  for (let i = 0; i < N; i++) {
    await w(`<oferta><id>B-${i}</id><cena waluta="PLN">${300_000 + (i % 500) * 1000}</cena>
  <param nazwa="tytul">Mieszkanie ${2 + (i % 3)}-pokojowe, oferta ${i}</param>
  <param nazwa="opis">Słoneczne mieszkanie w spokojnej okolicy, łazienka z oknem, źródło ciepła: sieć miejska. Oferta numer ${i}.</param>
  <param nazwa="miasto">${CITIES[i % CITIES.length]}</param><param nazwa="powierzchnia">${30 + (i % 70)}</param>
  <param nazwa="liczba_pokoi">${2 + (i % 3)}</param><param nazwa="pietro">${i % 8}</param><param nazwa="rynek">wtórny</param>
  ${i % EVERY === 0 ? `<zdjecia><zdjecie>${base}/p/${i}.jpg</zdjecie></zdjecia>` : ''}</oferta>\n`)
  }
  await w('</dzial></lista_ofert></plik>\n')
  await new Promise<void>((r) => out.end(() => r()))
}

const [company] = await db.db.insert(users).values({ email: `bench.feeds.${Date.now()}@example.com`, name: 'Bench', type: 'agency', roles: ['company'] }).returning()
const [source] = await db.db.insert(feedSources).values({ userId: company!.id, kind: 'upload' }).returning()
const deps = { db, storage: new LocalStorage(path.join(dir, 'uploads')), log: pino({ level: 'error' }), privateHosts: ['127.0.0.1'] }

async function run(label: string, date: string) {
  const file = path.join(dir, `${label}.xml`)
  await writeFeed(file, date)
  const [r] = await db.db.insert(feedRuns).values({ sourceId: source!.id, userId: company!.id, fileName: `${label}.xml` }).returning()
  const t0 = performance.now()
  await storeUpload(db, r!.id, createReadStream(file), 2 * 1024 ** 3)
  const stored = performance.now() - t0
  const before = photoRequests
  const t1 = performance.now()
  const done = await runImport(deps, r!.id)
  const secs = (performance.now() - t1) / 1000
  if (done === 'busy') throw new Error('busy')
  console.log(`${label}: ${(statSync(file).size / 1024 ** 2).toFixed(1)} MB, stored in ${(stored / 1000).toFixed(1)} s; import ${secs.toFixed(1)} s `
    + `(${Math.round(N / secs)} offers/s), ${photoRequests - before} photos fetched; ${done.status} created ${done.created} updated ${done.updated} `
    + `unchanged ${done.unchanged} ended ${done.ended} rejected ${done.rejected}${done.error ? ` (${done.error})` : ''}`)
}

console.log(`${N.toLocaleString('en')} offers (a photo on every ${EVERY === 1 ? '' : `${EVERY}th `}offer, ${jpeg.length} B JPEG 1600×1067), ${values['database-url'] ? 'PostgreSQL' : 'PGlite'}, ${os.cpus().length} CPUs, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`)
await run('full-1', '2026-11-20 10:00:00')
await run('full-2-same-offers', '2026-11-21 10:00:00')
console.log(`peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`)
server.close()
await db.close()
rmSync(dir, { recursive: true, force: true })
