import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { count, eq } from 'drizzle-orm'
import { favorites, listingMeta, listings, users } from '@portal/db'
import { createTestApp, insertListings } from '../../test/helpers.ts'
import { findListing } from './access.ts'
import { addresseeOf, advertiserOf, advertiserPerson, favouritesCount, listingPhotoRows, priceHistory } from './read.ts'

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

  it('the advertiser card (owner, agent, agency) and the favourites count', async () => {
    const user = async (o: Partial<typeof users.$inferInsert>) =>
      (await t.db.db.insert(users).values({ email: `${o.name}@example.com`, name: 'x', passwordHash: 'x', ...o }).returning())[0]!
    const agency = await user({ name: 'Biuro', type: 'agency', companyName: 'Biuro Sp. z o.o.' })
    const agent = await user({ name: 'Agent Jan' })
    await t.db.db.update(users).set({ agencyId: agency.id }).where(eq(users.id, agent.id))
    const [row] = await t.db.db.select().from(listings).where(eq(listings.id, a))
    const own = await advertiserOf(t.db, row!, 3)
    expect((await advertiserPerson(t.db, row!)).id).toBe(row!.userId)
    expect(own).toMatchObject({ id: row!.userId, agency: null, active_offers_count: 3 })
    const viaAgent = await advertiserOf(t.db, { ...row!, userId: agency.id, agentId: agent.id }, 1)
    expect(viaAgent).toMatchObject({ id: agent.id, name: 'Agent Jan', agency: { id: agency.id, name: 'Biuro Sp. z o.o.' } })
    // The card's reads never carry the password hash or the address; a message's addressee is the whole row.
    const viaAgentRow = { ...row!, userId: agency.id, agentId: agent.id }
    const person = await advertiserPerson(t.db, viaAgentRow)
    expect(person.id).toBe(agent.id)
    expect(Object.keys(person)).not.toContain('passwordHash')
    expect(Object.keys(person)).not.toContain('email')
    expect(await addresseeOf(t.db, viaAgentRow)).toMatchObject({ id: agent.id, email: 'Agent Jan@example.com', passwordHash: 'x' })
    expect(await favouritesCount(t.db, a)).toBe(0)
    await t.db.db.insert(favorites).values([{ userId: agency.id, listingId: a }, { userId: agent.id, listingId: a }])
    expect(await favouritesCount(t.db, a)).toBe(2)
    const [plain] = await t.db.db.select({ n: count() }).from(favorites).where(eq(favorites.listingId, a))
    expect(await favouritesCount(t.db, a)).toBe(plain!.n)
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
      await favouritesCount(t.db, b)
      const [row] = await t.db.db.select().from(listings).where(eq(listings.id, a))
      select.mockClear()
      await advertiserOf(t.db, row!, 1)
      expect(select).not.toHaveBeenCalled()
    } finally {
      vi.restoreAllMocks()
    }
  })
})
