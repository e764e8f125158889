import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import { listingProperty, listings, propertyGroups } from '@portal/db'
import { OFFER_MESSAGES } from '@portal/contracts/offer'
import { createTestApp, insertListings } from '../../../test/helpers.ts'
import { createUser, login, send, type Jar } from '../auth/test-support.ts'
import { createOffer, form, upload } from './test-support.ts'
import { copiesOf, photo } from '../../../test/photo-fixtures.ts'

type T = Awaited<ReturnType<typeof createTestApp>>

// One property, many ads, through the real upload pipeline with real photos and real copies of them.
describe('one property, many ads: grouping on upload, the listing page block, ukryj duplikaty', () => {
  let t: T
  let owner: Jar
  let agency: Jar
  const at = { lat: 52.2297, lon: 21.0122, name: 'Śródmieście, Warszawa' }
  const flat = (title: string, price: number, area = '54', location = at) => ({
    title, price, location, attributes: [{ id: 4, value: area }, { id: 11, value: '2' }],
  })
  const photoOf = (jar: Jar, id: number, data: Buffer, name: string) =>
    upload(t.app, jar, `/api/offers/${id}/photos`, form({ kind: 'photo' }, { name, type: 'image/jpeg', data }))

  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'off' })
    owner = await login(t.app, (await createUser(t.db, { email: 'wlasciciel.dup@example.com', name: 'Anna Właścicielka' })).email)
    agency = await login(t.app, (await createUser(t.db, { email: 'biuro.dup@example.com', name: 'Biuro Nieruchomości', type: 'agency', companyName: 'Domy Sp. z o.o.' })).email)
  })
  afterAll(async () => { await t.close() })

  it('groups the owner ad with an agency copy (cropped, re-encoded, resized photos); other flats stay apart', async () => {
    const a = await createOffer(t.app, owner, flat('Mieszkanie od właściciela', 80_000_000))
    expect((await photoOf(owner, a.id, photo('coffee'), 'kuchnia.jpg')).statusCode).toBe(201)
    expect((await photoOf(owner, a.id, photo('chelsea'), 'kot.jpg')).statusCode).toBe(201)

    // The agency: same flat 40 m away, area typed as 55, its copies of the photos.
    const coffee = await copiesOf(photo('coffee'))
    const chelsea = await copiesOf(photo('chelsea'))
    const b = await createOffer(t.app, agency, flat('Mieszkanie 2 pokoje Śródmieście', 84_000_000, '55', { lat: 52.2300, lon: 21.0125, name: 'Warszawa' }))
    expect((await photoOf(agency, b.id, chelsea.reencoded!, 'a.jpg')).statusCode).toBe(201)
    expect((await photoOf(agency, b.id, coffee.cropped8!, 'b.jpg')).statusCode).toBe(201)
    // A different flat in the same building with the same area: different photos.
    const c = await createOffer(t.app, agency, flat('Inne mieszkanie w tym budynku', 79_000_000))
    await photoOf(agency, c.id, photo('astronaut'), 'c.jpg')
    await photoOf(agency, c.id, photo('rocket'), 'd.jpg')
    // The same photo far away (another city) and with a very different area: not the same property.
    const far = await createOffer(t.app, agency, flat('Daleko', 50_000_000, '54', { lat: 50.0614, lon: 19.9366, name: 'Kraków' }))
    await photoOf(agency, far.id, coffee.resized!, 'e.png')
    const bigger = await createOffer(t.app, agency, flat('Większe', 90_000_000, '80'))
    await photoOf(agency, bigger.id, chelsea.pipeline!, 'f.webp')

    const groups = await t.db.db.select().from(listingProperty)
    const byListing = new Map(groups.map((g) => [g.listingId, g.groupId]))
    expect(byListing.get(a.id)).toBeDefined()
    expect(byListing.get(b.id)).toBe(byListing.get(a.id))
    for (const other of [c.id, far.id, bigger.id]) expect(byListing.has(other)).toBe(false)

    // The listing page block: both ads, prices, the date the property was first seen, one price history.
    const res = await t.app.inject(`/api/offers/${b.slug}/property`)
    expect(res.statusCode).toBe(200)
    const p = res.json()
    expect(p.count).toBe(2)
    expect(p.listings.map((l: { id: number; current: boolean }) => [l.id, l.current])).toEqual([[a.id, false], [b.id, true]])
    expect(p.listings[1]).toMatchObject({ price: 84_000_000, advertiser: 'Domy Sp. z o.o.' })
    const [rowA] = await t.db.db.select().from(listings).where(eq(listings.id, a.id))
    expect(p.first_seen_at).toBe(new Date(rowA!.createdAt).toISOString())
    expect(p.price_history.map((h: { listing_id: number }) => h.listing_id).sort()).toEqual([a.id, b.id].sort())
    expect((await t.app.inject(`/api/offers/${c.id}/property`)).statusCode).toBe(404)

    // A price change of the group is one history; the cheaper ad represents the group in 'ukryj duplikaty'.
    const search = async (extra = '') => (await t.app.inject(`/api/search?phrase=warszawa&per_page=48${extra}`)).json().data.map((d: { id: number }) => d.id)
    const all = await search()
    expect(all).toEqual(expect.arrayContaining([a.id, b.id, c.id]))
    const hidden = await search('&bez_duplikatow=1')
    expect(hidden).toContain(a.id)
    expect(hidden).not.toContain(b.id)
    expect(hidden).toContain(c.id)
    void send
  }, 120_000)

  it('answers 404 for unknown, hidden and ungrouped listings (by id or slug) and 200 for a live group, an ungrouped one from one prepared read', async () => {
    const DAY = 86_400_000
    const [alone, ended, later, g1, g2, g3] = await insertListings(t.db, [
      { slug: 'samotne-1' }, { status: 'ended' }, { visibleFrom: new Date(Date.now() + DAY) }, { slug: 'grupa-1', price: 50_000_000 }, { price: 51_000_000 }, { status: 'ended' },
    ]) as number[]
    const [group] = await t.db.db.insert(propertyGroups).values({}).returning()
    await t.db.db.insert(listingProperty).values([g1!, g2!, g3!].map((listingId) => ({ listingId, groupId: group!.id })))
    const get = (id: string | number) => t.app.inject(`/api/offers/${id}/property`)
    const noGroup = 'To ogłoszenie nie ma innych ogłoszeń tej samej nieruchomości.'
    for (const id of [alone!, 'samotne-1']) {
      const res = await get(id)
      expect(res.statusCode).toBe(404)
      expect(res.json().message).toBe(noGroup)
    }
    for (const id of [ended!, later!, 999_999_999, 'nie-ma-takiego']) {
      const res = await get(id)
      expect(res.statusCode).toBe(404)
      expect(res.json().message).toBe(OFFER_MESSAGES.notFound)
    }
    for (const id of [g1!, 'grupa-1']) {
      const res = await get(id)
      expect(res.statusCode).toBe(200)
      expect(res.json().listings.map((l: { id: number; current: boolean }) => [l.id, l.current])).toEqual([[g1, true], [g2, false]])
    }
    expect((await get(g3!)).json().message).toBe(OFFER_MESSAGES.notFound)
    // The listing's own answer says whether to ask (the listing page skips the call for the rest).
    expect((await t.app.inject(`/api/offers/${alone}`)).json().property_group).toBe(false)
    expect((await t.app.inject(`/api/offers/${g1}`)).json().property_group).toBe(true)
    await t.db.db.update(listings).set({ status: 'ended' }).where(eq(listings.id, g2!))
    expect((await get(g1!)).json().message).toBe(noGroup)
    // Every uncached listing page asks this; an ungrouped listing costs one prepared read (no query built per request).
    const select = vi.spyOn(t.db.db, 'select')
    try {
      expect((await get(alone!)).statusCode).toBe(404)
      expect((await get('samotne-1')).statusCode).toBe(404)
      expect(select).not.toHaveBeenCalled()
    } finally {
      vi.restoreAllMocks()
    }
  })

  it('the hourly representative refresh is a scheduled queue job (one instance runs it), not a timer', async () => {
    const { PROPERTY_REFRESH_JOB } = await import('./property.ts')
    const id = await t.app.jobs.enqueue(PROPERTY_REFRESH_JOB, {})
    await t.app.jobs.drain([PROPERTY_REFRESH_JOB])
    const { rows } = await t.db.query(`SELECT state FROM pgboss.job WHERE id = $1`, [id])
    expect(rows[0]!.state).toBe('completed')
  })
})
