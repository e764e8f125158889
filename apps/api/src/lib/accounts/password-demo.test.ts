import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { listings, users } from '@portal/db'
import { openTestDb } from '@portal/db/testing'
import type { DbHandle } from '@portal/db'
import { insertListings } from '../../test/helpers.ts'
import { DEMO_USER_EMAIL, DEMO_USER_LISTINGS, ensureDemoLogins } from './password-demo.ts'

describe('demo logins', () => {
  let db: DbHandle
  beforeAll(async () => { db = await openTestDb() })
  afterAll(async () => { await db.close() })

  it('the demo user, created after the demo data, takes over a few live Warsaw listings of private sellers, once', async () => {
    // An agency's flat, the oldest of all, stays where it is.
    const [agencyListing] = await insertListings(db, [{ categoryId: 1, photos: 1 }]) as [number]
    const [agencyOwner] = await db.db.select({ id: listings.userId }).from(listings).where(eq(listings.id, agencyListing))
    await db.db.update(users).set({ type: 'agency' }).where(eq(users.id, agencyOwner!.id))
    // A private seller's listings (two flats, a house, another house, a plot without photos, an ended garage, a plot in Kraków):
    const [a, , b, c] = await insertListings(db, [
      { categoryId: 1, photos: 1 }, { categoryId: 1, photos: 1 }, { categoryId: 10, photos: 2 }, { categoryId: 12, photos: 1 },
      { categoryId: 33 }, { categoryId: 44, photos: 1, status: 'ended' }, { categoryId: 33, photos: 1, citySlug: 'krakow', city: 'Kraków' },
    ]) as number[]
    const logins = await ensureDemoLogins(db)
    expect(logins[0]).toEqual({ email: DEMO_USER_EMAIL, type: 'user' })
    const [jan] = await db.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_USER_EMAIL))
    const owned = async () => (await db.db.select({ id: listings.id }).from(listings).where(eq(listings.userId, jan!.id))).map((r) => r.id).sort((x, y) => x - y)
    // One per category, live, in Warsaw, with photos: the first flat, then the two houses (categories 10 and 12).
    expect(await owned()).toEqual([a, b, c].sort((x, y) => x! - y!))
    expect(await owned()).toHaveLength(DEMO_USER_LISTINGS)

    // A later start keeps what the person did with them and takes nothing more.
    await db.db.delete(listings).where(eq(listings.id, a!))
    await ensureDemoLogins(db)
    expect(await owned()).toEqual([b, c].sort((x, y) => x! - y!))
  })
})
