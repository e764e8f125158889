import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { favorites, listingMeta, listings, listingViews, messages } from '@portal/db'
import { comparisonText } from '@portal/contracts/stats'
import { createTestApp, startSession } from '../../../test/helpers.ts'
import { createUser, login, send, type Jar } from '../auth/test-support.ts'
import { createOffer } from './test-support.ts'

type T = Awaited<ReturnType<typeof createTestApp>>
const DAY = 86_400_000
const warsaw = (d: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' }).format(d)

describe('owner statistics: GET /api/offers/:id/stats', () => {
  let t: T
  let jar: Jar
  let other: Jar
  let offer: { id: number; slug: string }
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'off' })
    const owner = await createUser(t.db, { email: 'statystyki@example.com', phone: '+48 600 000 111' })
    jar = await login(t.app, owner.email)
    other = await login(t.app, (await createUser(t.db, { email: 'obcy@example.com' })).email)
    offer = await createOffer(t.app, jar, { category_id: 9, title: 'Dom ze statystykami', attributes: [{ id: 4, value: '100' }] })
  })
  afterAll(async () => { await t.close() })

  const get = (url: string, j?: Jar) => t.app.inject({ url, headers: j ? { cookie: j.cookie } : {} })

  it('only the owner: guests 401, others 403 (the listing is public)', async () => {
    expect((await get(`/api/offers/${offer.id}/stats`)).statusCode).toBe(401)
    expect((await get(`/api/offers/${offer.id}/stats`, other)).statusCode).toBe(403)
    expect((await get('/api/offers/99999999/stats', jar)).statusCode).toBe(404)
  })

  it('per day: views, phone reveals, messages, favourites; totals; position; comparison with similar listings', async () => {
    // Published three days ago (Polish days), with views on two of them.
    const published = new Date(Date.now() - 3 * DAY)
    await t.db.db.update(listings).set({ createdAt: published }).where(eq(listings.id, offer.id))
    await t.db.db.update(listingMeta).set({ publishedAt: published }).where(eq(listingMeta.listingId, offer.id))
    const d0 = warsaw(published)
    const d2 = warsaw(new Date(Date.now() - DAY))
    await t.db.db.insert(listingViews).values([
      { listingId: offer.id, visitor: 'a', day: d0 }, { listingId: offer.id, visitor: 'b', day: d0 }, { listingId: offer.id, visitor: 'a', day: d2 },
    ])
    // Two real visits today through the listing page (two sessions), a phone reveal and a message through the API.
    for (let i = 0; i < 2; i++) {
      const s = await startSession(t.app)
      expect((await get(`/api/offers/${offer.slug}`, s)).statusCode).toBe(200)
    }
    const s = await startSession(t.app)
    expect((await send(t.app, s, 'POST', `/api/offers/${offer.id}/phone`, {})).json().phone).toBe('+48 600 000 111')
    await t.db.db.insert(messages).values({ listingId: offer.id, toUserId: (await t.db.db.select().from(listings).where(eq(listings.id, offer.id)))[0]!.userId, fromName: 'A', fromEmail: 'a@example.com', body: 'Dzień dobry' })
    const fan = await createUser(t.db, { email: 'fan@example.com' })
    await t.db.db.insert(favorites).values({ userId: fan.id, listingId: offer.id })

    const res = await get(`/api/offers/${offer.id}/stats`, jar)
    expect(res.statusCode, res.body).toBe(200)
    const st = res.json()
    expect(st.days[0].day).toBe(d0)
    expect(st.days.at(-1).day).toBe(warsaw(new Date()))
    expect(st.days).toHaveLength(4)
    const by = Object.fromEntries(st.days.map((d: { day: string }) => [d.day, d]))
    expect(by[d0]).toMatchObject({ views: 2, phone: 0 })
    expect(by[d2]).toMatchObject({ views: 1 })
    expect(st.days.at(-1)).toMatchObject({ views: 2, phone: 1, contacts: 1, favourites: 1 })
    expect(st.totals).toEqual({ views: 5, phone: 1, contacts: 1, favourites: 1 })
    expect(st.position).toEqual({ current: 1, of: 1 })
    expect(st.comparison).toBeNull()

    // Two newer similar listings push it down and give a comparison; their views are 2 and 0 over their days.
    const newer = await createOffer(t.app, jar, { category_id: 9, title: 'Dom nowszy', attributes: [{ id: 4, value: '90' }] })
    const other2 = await createOffer(t.app, other, { category_id: 9, title: 'Dom sąsiada', attributes: [{ id: 4, value: '95' }] })
    await t.db.db.update(listings).set({ views: 2 }).where(eq(listings.id, newer.id))
    void other2
    const again = (await get(`/api/offers/${offer.id}/stats`, jar)).json()
    expect(again.position).toEqual({ current: 3, of: 3 })
    expect(again.days.at(-1).position).toBe(3)
    expect(again.days[0].position).toBe(1)
    expect(again.comparison.similar).toBe(2)
    // Own: 5 views over 3 days; similar: (2/1 + 0/1) / 2 = 1 per day → about 1.7×.
    expect(again.comparison.ratio).toBeGreaterThan(1.5)
    expect(again.comparison.ratio).toBeLessThan(1.8)
  })

  it('comparison text in Polish', () => {
    expect(comparisonText(1.8)).toBe('średnio 1,8× więcej wyświetleń')
    expect(comparisonText(0.5)).toBe('średnio 2,0× mniej wyświetleń')
    expect(comparisonText(1)).toBe('średnio tyle samo wyświetleń')
  })
})
