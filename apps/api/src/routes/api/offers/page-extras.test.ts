import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { favorites, listingPhotos, listingProperty, propertyGroups, rowsOf, viewingOpenDays, viewingSettings } from '@portal/db'
import { createTestApp, insertListings } from '../../../test/helpers.ts'
import { createUser, login, send } from '../auth/test-support.ts'
import { validInvestment, validUnit } from '../investments/test-support.ts'
import { takesViewings } from '../../../lib/viewings/settings.ts'
import { investmentOfListing } from '../../../lib/investments/of-listing.ts'
import { favouritesCount, listingPhotoRows, priceHistory } from '../../../lib/listings/read.ts'
import { pageExtras } from '../../../lib/listings/page-extras.ts'

/** pageExtras (one statement, decision 097) answers what the five reads it replaced answer, listing by listing. */
describe('pageExtras', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  const ids: number[] = []
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'off' })
    // A bare listing, one with photos and plans (positions out of order), history with sub-millisecond times,
    // favourites, viewing hours; one with only a past open day; one with a future open day.
    ids.push(...await insertListings(t.db, [{}, { photos: 3 }, {}, {}]))
    const [bare, rich, pastDay, futureDay] = ids as [number, number, number, number]
    void bare
    await t.db.db.insert(listingPhotos).values([
      { listingId: rich, kind: 'plan', position: 0, storageKey: 'plan/a', width: 800, height: 600, placeholder: null },
      { listingId: rich, kind: 'photo', position: 0, storageKey: 'photo/z', width: 10, height: 20, placeholder: 'data:x' },
    ])
    await t.db.db.execute(sql`insert into listing_price_history (listing_id, price, changed_at) values
      (${rich}, 50000000, '2026-01-02 10:00:00.123456+00'), (${rich}, 49900000, '2026-01-02 10:00:00.123999+00'),
      (${rich}, 48000000, '2026-03-01 00:00:00+01')`)
    const fans = await Promise.all([0, 1, 2].map(() => createUser(t.db)))
    await t.db.db.insert(favorites).values(fans.map((u) => ({ userId: u.id, listingId: rich })))
    await t.db.db.insert(viewingSettings).values({ listingId: rich })
    const day = 86_400_000
    await t.db.db.insert(viewingOpenDays).values([
      { listingId: pastDay, startsAt: new Date(Date.now() - 2 * day), endsAt: new Date(Date.now() - day), capacity: 5 },
      { listingId: futureDay, startsAt: new Date(Date.now() + day), endsAt: new Date(Date.now() + day + 3_600_000), capacity: 5 },
    ])
    // Two ads of one property (issue 13).
    const [group] = await t.db.db.insert(propertyGroups).values({}).returning({ id: propertyGroups.id })
    await t.db.db.insert(listingProperty).values([rich, futureDay].map((listingId) => ({ listingId, groupId: group!.id })))
    // Units of an investment, one of them sold.
    const dev = await login(t.app, (await createUser(t.db, { email: 'extras@example.com', type: 'developer', companyName: 'Extras S.A.', roles: ['user', 'company'] })).email)
    const inv = (await send(t.app, dev, 'POST', '/api/investments', validInvestment({ name: 'Osiedle Zgodne', status: 'gotowe', completion_date: '2026-06-30' }))).json() as { id: number; slug: string }
    for (const [n, status] of [['1', 'dostepne'], ['2', 'sprzedane'], ['3', 'dostepne']] as const) {
      const res = await send(t.app, dev, 'POST', `/api/investments/${inv.id}/units`, validUnit({ unit_number: n, status }))
      expect(res.statusCode, res.body).toBe(201)
    }
    // Every unit's listing, the sold one's (ended) among them.
    const units = rowsOf<{ id: number }>(await t.db.db.execute(sql`select listing_id as id from investment_units where investment_id = ${inv.id} order by id`))
    ids.push(...units.map((u) => Number(u.id)))
  }, 60_000)
  afterAll(async () => { await t?.close() })

  it('equals the separate reads for every listing', async () => {
    let checked = 0
    for (const id of ids) {
      const got = await pageExtras(t.db, id)
      const photos = (await listingPhotoRows(t.db, id)).map(({ id: pid, kind, position, storageKey, width, height, placeholder }) =>
        ({ id: pid, kind, position, storageKey, width, height, placeholder }))
      expect(got, String(id)).toEqual({
        photos, history: await priceHistory(t.db, id), favourites: await favouritesCount(t.db, id),
        viewings: await takesViewings(t.db, id), investment: await investmentOfListing(t.db, id),
        propertyGroup: (await t.db.db.select().from(listingProperty).where(eq(listingProperty.listingId, id))).length > 0,
      })
      checked++
    }
    expect(checked).toBe(7)
    // Not vacuous: each part has a listing where it is not empty.
    const all = await Promise.all(ids.map((id) => pageExtras(t.db, id)))
    expect(all.filter((e) => e.photos.length > 1 && e.history.length === 3 && e.favourites === 3 && e.viewings)).toHaveLength(1)
    expect(all.filter((e) => e.viewings)).toHaveLength(2)
    expect(all.filter((e) => e.investment?.card.units_available === 2)).toHaveLength(3)
    expect(all.filter((e) => e.propertyGroup)).toHaveLength(2)
  })
})
