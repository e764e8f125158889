import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asc, eq } from 'drizzle-orm'
import { listingPhotos } from '@portal/db'
import { createTestApp, insertListings } from '../../test/helpers.ts'
import { PHOTOS, photo } from '../../test/photo-fixtures.ts'
import { storageFor } from '../media/storage.ts'
import { FETCH_AHEAD, syncPhotos, type PhotoSource } from './photos.ts'

describe("a feed listing's photos", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => { t = await createTestApp() })
  afterAll(async () => { await t.close() })

  it('are fetched several at a time but stored in the feed\'s order; one that fails is a warning, the rest stay', async () => {
    const [listingId] = await insertListings(t.db, [{}]) as [number]
    await t.db.db.delete(listingPhotos).where(eq(listingPhotos.listingId, listingId))
    let inFlight = 0
    let most = 0
    const asked: string[] = []
    // Each fetch takes a while; the later ones answer sooner, so an order taken from arrival would be wrong.
    const source: PhotoSource = {
      key: (src) => src,
      read: async (src) => {
        asked.push(src)
        most = Math.max(most, ++inFlight)
        const n = Number(src.slice(-1))
        await new Promise((r) => setTimeout(r, 300 - n * 30))
        inFlight--
        if (src.endsWith('4')) throw new Error('HTTP 404')
        return photo(PHOTOS[n % PHOTOS.length]!)
      },
    }
    const srcs = [0, 1, 2, 3, 4, 5, 6, 7].map((n) => `https://biuro.example/zdjecie-${n}`)
    const log = { warn: () => {} } as never
    const { refs, warnings } = await syncPhotos({ db: t.db, storage: storageFor(t.app), log }, listingId, [], srcs, source)

    expect(asked).toEqual(srcs)
    expect(most).toBeGreaterThan(1)
    expect(most).toBeLessThanOrEqual(FETCH_AHEAD + 1)
    expect(warnings).toEqual(['Zdjęcie „https://biuro.example/zdjecie-4”: HTTP 404'])
    expect(refs.map((r) => r.src)).toEqual(srcs.filter((s) => !s.endsWith('4')))
    const stored = await t.db.db.select({ id: listingPhotos.id, position: listingPhotos.position }).from(listingPhotos)
      .where(eq(listingPhotos.listingId, listingId)).orderBy(asc(listingPhotos.position))
    expect(stored.map((r) => Number(r.id))).toEqual(refs.map((r) => r.photoId))
    expect(stored.map((r) => r.position)).toEqual([0, 1, 2, 3, 4, 5, 6])

    // Unchanged sources: nothing is fetched again.
    asked.length = 0
    const again = await syncPhotos({ db: t.db, storage: storageFor(t.app), log }, listingId, refs, srcs.filter((s) => !s.endsWith('4')), source)
    expect(asked).toEqual([])
    expect(again.refs).toEqual(refs)
  })
})
