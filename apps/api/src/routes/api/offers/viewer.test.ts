import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { listings } from '@portal/db'
import { offerViewerSchema } from '@portal/contracts/offer'
import { createTestApp } from '../../../test/helpers.ts'
import { createUser, login, send, type Jar } from '../auth/test-support.ts'
import { createOffer } from './test-support.ts'

/**
 * GET /api/offers/:id/viewer (decision 102): the per-visitor part of a listing page that a signed-in browser given the
 * shared page patches in. Each answer is what GET /api/offers/:slug says of the same fields to the same visitor, and
 * the view is counted as that read counts it.
 */
describe('GET /api/offers/:id/viewer', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let owner: Jar
  let other: Jar
  let offer: { id: number; slug: string }
  const views = async () => (await t.db.db.select({ v: listings.views }).from(listings).where(eq(listings.id, offer.id)))[0]!.v
  const viewer = (jar: Jar | null, id: number | string = offer.id, remoteAddress = '198.51.100.7') =>
    t.app.inject({ url: `/api/offers/${id}/viewer`, headers: jar ? { cookie: jar.cookie } : { 'user-agent': 'gosc' }, remoteAddress })

  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'off' })
    owner = await login(t.app, (await createUser(t.db, { email: 'viewer-owner@example.com', name: 'Ola Właścicielka' })).email)
    other = await login(t.app, (await createUser(t.db, { email: 'viewer-other@example.com', name: 'Piotr Kupujący' })).email)
    offer = await createOffer(t.app, owner)
    await t.db.db.update(listings).set({ status: 'active' }).where(eq(listings.id, offer.id))
  })
  afterAll(async () => { await t.close() })

  it("the owner: is_owner, the views as they are (an owner's visit is not counted), as the listing's read says", async () => {
    const before = await views()
    const res = await viewer(owner)
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    const body = offerViewerSchema.strict().parse(res.json())
    expect(body).toEqual({ id: offer.id, is_owner: true, is_favorite: false, views: before })
    expect(await views()).toBe(before)
    const full = (await t.app.inject({ url: `/api/offers/${offer.slug}`, headers: { cookie: owner.cookie } })).json()
    expect({ id: full.id, is_owner: full.is_owner, is_favorite: full.is_favorite, views: full.views }).toEqual(body)
  })

  it('another signed-in visitor: not the owner, their favourite, the view counted once a day as the full read counts it', async () => {
    const before = await views()
    expect((await viewer(other)).json()).toEqual({ id: offer.id, is_owner: false, is_favorite: false, views: before + 1 })
    expect(await views()).toBe(before + 1)
    // The same visitor again, by either call: not counted again.
    expect((await viewer(other)).json().views).toBe(before + 1)
    expect((await t.app.inject({ url: `/api/offers/${offer.slug}`, headers: { cookie: other.cookie } })).json().views).toBe(before + 1)
    expect(await views()).toBe(before + 1)
    expect((await send(t.app, other, 'POST', '/api/favorites', { offer_id: offer.id })).statusCode).toBeLessThan(300)
    expect((await viewer(other)).json()).toMatchObject({ is_owner: false, is_favorite: true })
  })

  it("by the page's address (its slug) the same answer", async () => {
    expect((await viewer(owner, offer.slug)).json()).toEqual((await viewer(owner)).json())
  })

  it('a guest: nobody in particular, the view counted by address and browser', async () => {
    const before = await views()
    expect((await viewer(null)).json()).toEqual({ id: offer.id, is_owner: false, is_favorite: false, views: before + 1 })
    expect((await viewer(null)).json().views).toBe(before + 1)
  })

  it('404 for an unknown listing and, but to its owner, for one not shown; 422 for an id that is not one', async () => {
    expect((await viewer(other, 987_654_321)).statusCode).toBe(404)
    expect((await viewer(other, 'nie-ma-takiego')).statusCode).toBe(404)
    expect((await viewer(other, 'Zly_Klucz')).statusCode).toBe(422)
    expect((await viewer(other, 'a'.repeat(201))).statusCode).toBe(422)
    await t.db.db.update(listings).set({ status: 'ended' }).where(eq(listings.id, offer.id))
    try {
      const before = await views()
      expect((await viewer(other)).statusCode).toBe(404)
      expect((await viewer(null)).statusCode).toBe(404)
      expect((await viewer(owner)).json()).toEqual({ id: offer.id, is_owner: true, is_favorite: false, views: before })
      expect(await views()).toBe(before)
    } finally {
      await t.db.db.update(listings).set({ status: 'active' }).where(eq(listings.id, offer.id))
    }
  })
})
