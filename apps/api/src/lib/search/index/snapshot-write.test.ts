import os from 'node:os'
import path from 'node:path'
import { mkdtempSync, rmSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import type { Db } from '@portal/db'
import { FLAG, Store, type IndexRow, type StoreImage } from './store.ts'
import { readSnapshot, writeSnapshot } from './snapshot.ts'

/**
 * Writing the snapshot while the store keeps changing (issue 30, decision 104): the write yields to the event loop
 * between small pieces, listing changes are applied in between, and the file still holds the store as it was at the cut.
 * No database: the file's identity is then empty on both sides.
 */
const noDb = { execute: async () => { throw new Error('no database') } } as unknown as Db
const dir = mkdtempSync(path.join(os.tmpdir(), 'snapshot-write-test-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function rng(seed: number) {
  let s = seed >>> 0
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 2 ** 32 }
}
const CITIES = [['warszawa', 52.23, 21.01], ['krakow', 50.06, 19.94], ['lodz', 51.76, 19.46], ['gdansk', 54.35, 18.65]] as const
const WORDS = ['mieszkanie', 'dom', 'balkon', 'ogrod', 'garaz', 'widok', 'centrum', 'metro', 'park', 'cisza']

function row(r: () => number, id: number, extra = ''): IndexRow {
  const pick = <T>(a: readonly T[]) => a[Math.floor(r() * a.length)]!
  const [city, lat, lon] = pick(CITIES)
  const area = r() < 0.8 ? Math.round(20 + r() * 150) : null
  const price = Math.round(100_000 + r() * 1_000_000)
  return {
    id, slug: `ogloszenie-${city}-${id}`, user_id: 1 + Math.floor(r() * 40), category_id: 1 + Math.floor(r() * 6), offer_type: pick(['sell', 'rent']),
    seek: r() < 0.1, price, area, price_per_m2: area ? Math.round(price / area) : null, rooms: r() < 0.8 ? 1 + Math.floor(r() * 5) : null,
    bathrooms: null, floor: r() < 0.5 ? pick(['parter', '1', '2', '3']) : null, building_type: null, market: pick(['primary', 'secondary']),
    condition: null, ownership: null, rental_periods: [], extras: WORDS.slice(0, 3).filter(() => r() < 0.3), nearby: [],
    flags: r() < 0.15 ? FLAG.promoted : 0, promoted_until: null, visible_from: null, expires_at: null,
    created_at: Date.UTC(2026, 0, 1) + Math.floor(r() * 300) * 3_600_000, lat: lat + (r() - 0.5) * 0.4, lon: lon + (r() - 0.5) * 0.6,
    city_slug: city, district: r() < 0.5 ? pick(['centrum', 'polnoc', 'poludnie']) : null, lease_years: null,
    search_text: `${WORDS.filter(() => r() < 0.3).join(' ')} ${city} ${extra}`, year_built: r() < 0.5 ? 1950 + Math.floor(r() * 75) : null, media: 0,
  }
}

/** A store as a full load leaves it (clustered, every list in its sort orders), then dead slots and unsorted tails. */
function store(n: number, seed: number): Store {
  const r = rng(seed)
  const st = new Store()
  for (let i = 1; i <= n; i++) st.put(row(r, i))
  const out = st.clustered()
  for (let i = 1; i <= n; i += 97) out.remove(i)
  for (let i = 0; i < 20; i++) out.put(row(r, n + 1 + i, 'doklejone'))
  return out
}

/** An image with its arrays as base64 (toEqual walks typed arrays element by element: slow at tens of thousands). */
const flat = (img: StoreImage): unknown => JSON.parse(JSON.stringify(img, (_k, v: unknown) =>
  ArrayBuffer.isView(v) ? `${v.constructor.name}:${Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64')}` : v))

const position = () => ({ lastSeq: 5, floor: 4, floorAt: Date.now() })

describe('writing the snapshot while the store changes', () => {
  it('restores the store exactly as it was at the cut, whatever was applied between the pieces', async () => {
    const st = store(3000, 104)
    // Slugs beyond ASCII, one longer than the staging buffer holds encoded.
    st.put({ ...row(rng(1), 50_001), slug: 'zażółć-gęślą-jaźń' })
    st.put({ ...row(rng(2), 50_002), slug: 'ż'.repeat(400_000) })
    const at = st.image(), countAt = st.count
    const r = rng(7)
    let steps = 0, next = 100_000, stop = false
    const alive = () => { for (;;) { const id = 1 + Math.floor(r() * 3000); if (st.slotById.has(id)) return id } }
    const ending = () => { if (steps % 4 === 0 && st.count > 2000) st.remove(alive()) }
    // Between every two pieces: listings end, change (remove + put), join existing lists and new ones (a new city and
    // cell, a new word), and enough of them that the columns outgrow their capacity and are reallocated.
    let turns = 0
    const churn = () => {
      if (stop) return
      setImmediate(churn)
      if (++turns % 8) return // the write yields after every piece (sliceMs 0): a change every 8th of them is plenty
      steps++
      ending()
      st.put({ ...row(r, alive()), price: 1 })
      for (let i = 0; i < 5; i++) st.put(row(r, next++, `nowe${steps % 500}`))
      if (steps % 20 === 0) st.put({ ...row(r, next++), city_slug: `miasto-${steps}`, lat: 10 + steps / 20, lon: 10 })
    }
    setImmediate(churn)
    const file = path.join(dir, 'interleaved.bin')
    const res = await writeSnapshot(noDb, file, () => ({ position: position(), store: st.frozen() }), { sliceMs: 0 })
    stop = true
    expect(steps).toBeGreaterThan(100)
    expect(st.capacity).toBeGreaterThan(at.size * 1.5) // the columns were reallocated while the file was written
    expect(res.yields).toBeGreaterThan(100)
    const back = await readSnapshot(noDb, file)
    if ('reason' in back) throw new Error(back.reason)
    expect(flat(back.store.image())).toEqual(flat(at))
    expect(back.store.count).toBe(countAt)
    expect(back.store.slotById.has(next - 1)).toBe(false)
  }, 60_000)

  it('gives the event loop back between small pieces: slugs and words in runs of a few hundred at most', async () => {
    const st = store(5000, 28)
    let turns = 0, stop = false
    const observe = () => { if (stop) return; turns++; setImmediate(observe) }
    setImmediate(observe)
    const file = path.join(dir, 'yields.bin')
    const res = await writeSnapshot(noDb, file, () => ({ position: position(), store: st.frozen() }), { sliceMs: 0 })
    stop = true
    // With no time allowed per slice, it yields at least once per 256 slugs and per 256 candidate lists.
    const lists = st.buckets.size + st.cells.size + st.cities.size + st.districts.size + st.users.size
      + [...st.bucketCells.values()].reduce((n, m) => n + m.size, 0)
    expect(res.yields).toBeGreaterThanOrEqual(Math.floor(st.size / 256) + Math.floor(lists / 256))
    expect(turns).toBeGreaterThanOrEqual(res.yields - 1)
    const back = await readSnapshot(noDb, file)
    if ('reason' in back) throw new Error(back.reason)
    expect(flat(back.store.image())).toEqual(flat(st.image()))
  }, 60_000)

  it('at its usual slices, a larger store is written in many turns of the event loop', async () => {
    const st = store(30_000, 12)
    let turns = 0, stop = false
    const observe = () => { if (stop) return; turns++; setImmediate(observe) }
    setImmediate(observe)
    const file = path.join(dir, 'large.bin')
    const res = await writeSnapshot(noDb, file, () => ({ position: position(), store: st.frozen() }))
    stop = true
    expect(res.yields).toBeGreaterThanOrEqual(8)
    expect(turns).toBeGreaterThanOrEqual(8)
    const back = await readSnapshot(noDb, file)
    if ('reason' in back) throw new Error(back.reason)
    expect(flat(back.store.image())).toEqual(flat(st.image()))
  }, 60_000)
})
