import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import { listingMeta, listings } from '@portal/db'
import { createTestApp, insertListings } from '../../test/helpers.ts'
import { findListing } from './access.ts'
import { listingPhotoRows, priceHistory } from './read.ts'

/** The listing page's lookups run as prepared statements: the same rows, no query built again per view. */
describe('listing lookups', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let a: number, b: number
  beforeAll(async () => {
    t = await createTestApp()
    ;[a, b] = await insertListings(t.db, [{ slug: 'pierwsze-ogloszenie', photos: 2 }, { slug: 'drugie-ogloszenie' }]) as [number, number]
    await t.db.db.insert(listingMeta).values({ listingId: b, pendingActivation: true })
  })
  afterAll(async () => { await t.close() })

  it('finds a listing by id or slug with its meta, as the plain select does', async () => {
    const plain = async (id: number) => (await t.db.db.select({ listing: listings, meta: listingMeta }).from(listings)
      .leftJoin(listingMeta, eq(listingMeta.listingId, listings.id)).where(eq(listings.id, id)))[0]
    expect(await findListing(t.db, String(a))).toEqual(await plain(a))
    expect(await findListing(t.db, 'pierwsze-ogloszenie')).toEqual(await plain(a))
    const withMeta = await findListing(t.db, 'drugie-ogloszenie')
    expect(withMeta).toEqual(await plain(b))
    expect(withMeta!.meta?.pendingActivation).toBe(true)
    expect(withMeta!.listing.createdAt).toBeInstanceOf(Date)
    expect(await findListing(t.db, 'nie-ma-takiego')).toBeNull()
    expect(await findListing(t.db, '999999999')).toBeNull()
    expect((await listingPhotoRows(t.db, a)).map((p) => p.position)).toEqual([0, 1])
    expect(await priceHistory(t.db, a)).toEqual([])
  })

  it('builds no query per view once prepared', async () => {
    await findListing(t.db, String(a))
    await findListing(t.db, 'pierwsze-ogloszenie')
    await listingPhotoRows(t.db, a)
    await priceHistory(t.db, a)
    const select = vi.spyOn(t.db.db, 'select')
    try {
      expect((await findListing(t.db, String(b)))!.listing.id).toBe(b)
      expect((await findListing(t.db, 'pierwsze-ogloszenie'))!.listing.id).toBe(a)
      expect(await listingPhotoRows(t.db, a)).toHaveLength(2)
      await priceHistory(t.db, b)
      expect(select).not.toHaveBeenCalled()
    } finally {
      vi.restoreAllMocks()
    }
  })
})
