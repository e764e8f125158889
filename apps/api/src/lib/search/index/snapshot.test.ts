import os from 'node:os'
import path from 'node:path'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { listings } from '@portal/db'
import { CATEGORIES, CITIES } from '@portal/contracts/catalogue'
import { SEARCH_OPTIONS, SORTS, foldPolish, type SearchQuery } from '@portal/contracts/search'
import { createTestApp, insertListings } from '../../../test/helpers.ts'
import { SearchIndex } from './index.ts'
import { readSnapshot, snapshotFile, snapshotHead, withSnapshotHead, writeSnapshot } from './snapshot.ts'

/** Decision 028: a restart builds the index from the snapshot file, then catches up through the change log. */
function rng(seed: number) {
  let s = seed >>> 0
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 2 ** 32 }
}
const DAY = 86_400_000

function randomListings(n: number, r: () => number) {
  const pick = <T>(a: readonly T[]) => a[Math.floor(r() * a.length)]!
  const some = <T>(a: readonly T[]) => a.filter(() => r() < 0.3)
  const maybe = <T>(v: T) => (r() < 0.8 ? v : null)
  const now = Date.now()
  return Array.from({ length: n }, (_, i) => {
    const city = pick(CITIES.slice(0, 4))
    const district = city.districts.length && r() < 0.7 ? pick(city.districts).name : null
    const area = maybe(Math.round(20 + r() * 180))
    const price = Math.round(50_000 + r() * 1_500_000) * 100
    const title = `${pick(['Mieszkanie', 'Dom', 'Lokal'])} ${some(['z balkonem', 'z ogrodem', 'widok', 'garaż']).join(' ')} ${i}`
    return {
      categoryId: pick(CATEGORIES).id, offerType: pick(['sell', 'rent', 'exchange'] as const),
      adType: r() < 0.1 ? 'seek' as const : 'offer' as const,
      status: r() < 0.9 ? 'active' as const : pick(['ended', 'draft'] as const),
      price, area, pricePerM2: area ? Math.round(price / area) : null,
      rooms: maybe(1 + Math.floor(r() * 5)), floor: maybe(pick(SEARCH_OPTIONS.floor)), market: maybe(pick(SEARCH_OPTIONS.market)),
      extras: some(SEARCH_OPTIONS.extras), nearby: some(SEARCH_OPTIONS.nearby), rentalPeriods: some(SEARCH_OPTIONS.rentalPeriod),
      negotiable: r() < 0.4, isPromoted: r() < 0.15,
      promotedUntil: r() < 0.5 ? null : new Date(now + (r() < 0.5 ? -1 : 1) * DAY),
      visibleFrom: r() < 0.9 ? null : new Date(now + (r() < 0.5 ? -1 : 1) * DAY),
      lat: city.lat + (r() - 0.5) * 0.4, lon: city.lon + (r() - 0.5) * 0.6,
      city: city.name, citySlug: city.slug, district, locationName: district ? `${city.name}, ${district}` : city.name,
      createdAt: new Date(Date.UTC(2025, 0, 1) + Math.floor(r() * 300) * 3_600_000),
      title, searchText: foldPolish(`${title} ${city.name} ${district ?? ''}`),
    }
  })
}

function queries(): SearchQuery[] {
  const r = rng(28)
  const pick = <T>(a: readonly T[]) => a[Math.floor(r() * a.length)]!
  const out: SearchQuery[] = [{}, { type: 'sell' }, { phrase: 'balkon' }, { extras: [SEARCH_OPTIONS.extras[0]!] }, { sort: 'price_asc', per_page: 60 }]
  for (let i = 0; i < 60; i++) {
    const q: SearchQuery = { sort: pick(SORTS), per_page: pick([5, 24, 60]) }
    if (r() < 0.6) q.type = pick(['sell', 'rent', 'exchange'] as const)
    if (r() < 0.5) q.categories = [pick(CATEGORIES).slug]
    if (r() < 0.3) q.price = { min: Math.round(r() * 800_000), max: Math.round(400_000 + r() * 1_200_000) }
    if (r() < 0.3) { const c = pick(CITIES.slice(0, 4)); q.location = { lat: c.lat, lon: c.lon }; q.radius = pick([5, 15, 40]) }
    if (r() < 0.2) q.rooms = [1 + Math.floor(r() * 4)]
    if (r() < 0.2) q.phrase = pick(['balkon', 'ogrodem', 'Kraków', 'widok'])
    if (r() < 0.2) q.negotiable = true
    out.push(q)
  }
  return out
}

async function answers(ix: SearchIndex) {
  const out: string[] = []
  for (const q of queries()) {
    const per = q.per_page ?? 24
    const hit = await ix.search(q, per, 0)
    expect(hit).not.toBeNull()
    out.push(`${hit!.total}${hit!.estimated ? '~' : ''}: ${hit!.slots.map((x, i) => `${hit!.store.id[x]}${hit!.promoted[i] ? '*' : ''}`).join(',')}`)
  }
  // Markers and clusters, the home page's lists and the listing page's lists read the other candidate lists.
  for (const c of CITIES.slice(0, 4)) {
    const bbox: [number, number, number, number] = [c.lon - 0.3, c.lat - 0.2, c.lon + 0.3, c.lat + 0.2]
    for (const max of [3, 400]) {
      const m = await ix.markers({ bbox }, max, 24)
      out.push(`markers ${m!.total}: ${m!.slots.map((x) => m!.store.id[x]).join(',')} ${JSON.stringify(m!.clusters)}`)
    }
  }
  for (const promoted of [false, true]) {
    const l = await ix.latest(promoted, 24, 0)
    out.push(`latest ${l!.total}: ${l!.slots.map((x) => l!.store.id[x]).join(',')}`)
  }
  const rows = await t.db.db.select().from(listings).where(eq(listings.status, 'active')).orderBy(listings.id).limit(20)
  for (const r of rows) {
    const p = await ix.listingPage({ id: r.id, userId: r.userId, categoryId: r.categoryId, citySlug: r.citySlug, offerType: r.offerType,
      price: Number(r.price) }, 8)
    out.push(`page ${r.id}: ${p!.sellerCount} ${p!.slots.map((x) => p!.store.id[x]).join(',')}`)
  }
  return out
}

let t: Awaited<ReturnType<typeof createTestApp>>
let dir: string
let file: string
const quiet = { info: (_m: string) => {}, warn: (_m: string) => {} }
const open = (log = quiet) => new SearchIndex(t.db.db, { snapshotFile: file, log })
/** A full load and its snapshot on disk. */
async function fresh() {
  rmSync(file, { force: true })
  const ix = open()
  await ix.load()
  await ix.saveSnapshot()
  expect(ix.loads).toEqual({ full: 1, snapshot: 0 })
  return ix
}

beforeAll(async () => {
  t = await createTestApp({ SEARCH_INDEX_SNAPSHOT: 'off' })
  dir = mkdtempSync(path.join(os.tmpdir(), 'snapshot-test-'))
  file = snapshotFile(dir)
  const r = rng(2028)
  for (let k = 0; k < 3; k++) await insertListings(t.db, randomListings(80, r))
}, 120_000)
afterAll(async () => { await t?.close(); rmSync(dir, { recursive: true, force: true }) })

describe('search index snapshot', () => {
  it('a new index starts from the snapshot, sees the changes made since, and answers as a full load does', async () => {
    await fresh()
    // Changes after the snapshot, before the "restart": a new listing, a new price, an ended listing.
    const [added] = await insertListings(t.db, randomListings(1, rng(1)).map((l) => ({ ...l, status: 'active' as const, price: 1 })))
    const [some] = await t.db.db.select({ id: listings.id }).from(listings).where(eq(listings.status, 'active')).limit(2)
    await t.db.db.update(listings).set({ price: 7_777_700 }).where(eq(listings.id, some!.id))
    const ended = (await t.db.db.select({ id: listings.id }).from(listings).where(eq(listings.status, 'active')).orderBy(listings.id).limit(1).offset(5))[0]!
    await t.db.db.update(listings).set({ status: 'ended' }).where(eq(listings.id, ended.id))

    const ix = open()
    await ix.load()
    expect(ix.loads).toEqual({ full: 0, snapshot: 1 })
    const cheapest = await ix.search({ sort: 'price_asc', per_page: 5 }, 5, 0)
    expect(cheapest!.slots.map((x) => cheapest!.store.id[x])).toContain(added)
    const byPrice = await ix.search({ price: { min: 77_777, max: 77_777 } }, 24, 0)
    expect(byPrice!.slots.map((x) => byPrice!.store.id[x])).toEqual([some!.id])
    expect(ix.ready && (await ix.current())!.slotById.has(ended.id)).toBe(false)

    // And changes after the start from the snapshot, through the normal catch-up.
    await t.db.db.update(listings).set({ status: 'active' }).where(eq(listings.id, ended.id))
    const [later] = await insertListings(t.db, randomListings(1, rng(2)).map((l) => ({ ...l, status: 'active' as const })))
    const full = new SearchIndex(t.db.db)
    await full.load()
    expect(await answers(ix)).toEqual(await answers(full))
    expect((await ix.current())!.slotById.has(later!)).toBe(true)
    expect(ix.size).toBe(full.size)
  })

  it('writes the snapshot again at close when something changed', async () => {
    const ix = await fresh()
    const before = readFileSync(file)
    await ix.close()
    expect(readFileSync(file).equals(before)).toBe(true) // nothing changed: not written
    await t.db.db.update(listings).set({ price: 1_234_500 }).where(sql`id = (select min(id) from listings where status = 'active')`)
    await ix.current()
    await ix.close()
    expect(readFileSync(file).equals(before)).toBe(false)
    const next = open()
    await next.load()
    expect(next.loads.snapshot).toBe(1)
    expect((await next.search({ price: { min: 12_345, max: 12_345 } }, 24, 0))!.total).toBe(1)
    // Restored as it was at close (a dead slot, a listing in the unsorted tail), it answers as a full load does.
    const full = new SearchIndex(t.db.db)
    await full.load()
    expect(await answers(next)).toEqual(await answers(full))
  })

  it('the file holds the store as it was at the cut, however the store changes while it is written (issue 30)', async () => {
    rmSync(file, { force: true })
    const ix = open()
    await ix.load()
    await ix.saveSnapshot() // the one after the full load, so only ours writes below
    const store = (await ix.current())!
    const at = store.image()
    const { lastSeq } = ix.syncState()
    const writing = writeSnapshot(t.db.db, file, () => ({ position: { lastSeq, floor: lastSeq, floorAt: Date.now() }, store: store.frozen() }))
    // After the cut: slots die in place, a new one joins existing lists and brings a new word.
    const ids = [0, 3, 7].map((s) => store.id[s]!)
    for (const id of ids) store.remove(id)
    const s = 10
    store.put({ id: 999_999, slug: 'nowe-999999', user_id: store.user[s]!, category_id: store.category[s]!, offer_type: store.dicts.offer.name(store.offer[s]!),
      seek: false, price: 100, area: 50, price_per_m2: 2, rooms: 2, bathrooms: 1, floor: null, building_type: null, market: null, condition: null,
      ownership: null, rental_periods: [], extras: [], nearby: [], flags: 0, promoted_until: null, visible_from: null, expires_at: null,
      created_at: Date.now(), lat: store.lat[s]!, lon: store.lon[s]!, city_slug: store.dicts.city.name(store.city[s]!), district: null,
      lease_years: null, search_text: 'zupelnienowesłowo', year_built: null, media: 0 })
    await writing
    const back = await readSnapshot(t.db.db, file)
    if ('reason' in back) throw new Error(back.reason)
    expect(back.store.image()).toEqual(at)
    expect(back.store.slotById.has(ids[0]!)).toBe(true)
    expect(back.store.slotById.has(999_999)).toBe(false)
  })

  const falls = async (why: string) => {
    const logged: string[] = []
    const ix = open({ info: (m: string) => { logged.push(m) }, warn: (m: string) => { logged.push(m) } })
    await ix.load()
    expect(ix.loads).toEqual({ full: 1, snapshot: 0 })
    expect(logged.join('\n')).toContain(why)
    const full = new SearchIndex(t.db.db)
    await full.load()
    expect(await answers(ix)).toEqual(await answers(full))
    // A full load writes a snapshot in the background: finished here, so it cannot overwrite the file the next test
    // has just doctored (a clean-clone CI read a good snapshot where it had written another format).
    await ix.close()
  }

  it('a corrupt file means the full load', async () => {
    await fresh()
    const data = readFileSync(file)
    writeFileSync(file, data.subarray(0, data.length >> 1))
    await falls('unreadable')
  })

  it('another format or set of columns means the full load', async () => {
    await fresh()
    const snap = snapshotHead(readFileSync(file))
    writeFileSync(file, withSnapshotHead(readFileSync(file), { ...snap, format: snap.format + 1 }))
    await falls('another format or columns')
    await fresh()
    writeFileSync(file, withSnapshotHead(readFileSync(file), { ...snapshotHead(readFileSync(file)), fingerprint: 'x' }))
    await falls('another format or columns')
  })

  it('a change log pruned past the snapshot, or too old a snapshot, means the full load', async () => {
    await fresh()
    // As the daily prune would, after the snapshot: the row the snapshot anchors on is gone.
    await t.db.db.execute(sql`delete from listing_changes`)
    await insertListings(t.db, randomListings(2, rng(3)).map((l) => ({ ...l, status: 'active' as const })))
    await falls('no longer holds its position')
    await fresh()
    const snap = snapshotHead(readFileSync(file))
    writeFileSync(file, withSnapshotHead(readFileSync(file), { ...snap, position: { ...snap.position, floorAt: Date.now() - 2 * DAY } }))
    await falls('older than the change log')
  })

  it('a snapshot of another database means the full load', async () => {
    await fresh()
    const snap = snapshotHead(readFileSync(file))
    writeFileSync(file, withSnapshotHead(readFileSync(file), { ...snap, identity: { ...snap.identity, database: 'elsewhere' } }))
    await falls('another database')
  })

  it('a bulk write without triggers (listing 0 in the log) means the full load, at start and while running', async () => {
    const running = await fresh()
    await t.db.db.execute(sql`insert into listing_changes (listing_id) values (0)`)
    await falls('full load')
    // The running index answers with SQL (null) while it reloads, then from a full copy again.
    expect(await running.search({}, 24, 0)).toBeNull()
    await running.load()
    expect(running.loads.full).toBe(2)
    expect(await running.search({}, 24, 0)).not.toBeNull()
  })
})
