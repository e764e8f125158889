import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { favorites, listings } from '@portal/db'
import { createTestApp, insertListings, startSession } from '../../../test/helpers.ts'
import { createUser, login, send, type Jar } from '../auth/test-support.ts'

type T = Awaited<ReturnType<typeof createTestApp>>

describe('/api/favorites', () => {
  let t: T
  let jar: Jar
  let other: Jar
  let owner: Jar
  let ids: number[]
  let hidden: number
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'off' })
    jar = await login(t.app, (await createUser(t.db, { email: 'lubi@example.com' })).email)
    other = await login(t.app, (await createUser(t.db, { email: 'inny-lubi@example.com' })).email)
    const ownerRow = await createUser(t.db, { email: 'wlasciciel@example.com' })
    owner = await login(t.app, ownerRow.email)
    ids = await insertListings(t.db, [
      { userId: ownerRow.id, photos: 1 }, { userId: ownerRow.id }, { userId: ownerRow.id }, { userId: ownerRow.id },
    ])
    ;[hidden] = await insertListings(t.db, [{ status: 'draft' }])
  })
  afterAll(async () => { await t.close() })

  const get = (url: string, j?: Jar) => t.app.inject({ url, headers: j ? { cookie: j.cookie } : {} })
  const idsOf = async (j: Jar) => ((await get('/api/favorites/ids', j)).json() as { ids: number[] }).ids

  it('401 for guests (reads and changes); 419 without the CSRF header', async () => {
    expect((await get('/api/favorites')).statusCode).toBe(401)
    expect((await get('/api/favorites/ids')).json()).toMatchObject({ code: 'unauthenticated' })
    const guest = await startSession(t.app)
    expect((await send(t.app, guest, 'POST', '/api/favorites', { offer_id: ids[0] })).statusCode).toBe(401)
    expect((await send(t.app, guest, 'DELETE', `/api/favorites/${ids[0]}`)).statusCode).toBe(401)
    const noCsrf = await t.app.inject({ method: 'POST', url: '/api/favorites', headers: { cookie: jar.cookie }, payload: { offer_id: ids[0] } })
    expect(noCsrf.statusCode).toBe(419)
    const noCsrfDelete = await t.app.inject({ method: 'DELETE', url: `/api/favorites/${ids[0]}`, headers: { cookie: jar.cookie } })
    expect(noCsrfDelete.statusCode).toBe(419)
    expect(await idsOf(jar)).toEqual([])
  })

  it('POST adds (201), is idempotent (200) and accepts a string of digits', async () => {
    const first = await send(t.app, jar, 'POST', '/api/favorites', { offer_id: ids[0] })
    expect(first.statusCode).toBe(201)
    expect(first.json()).toEqual({ offer_id: ids[0], is_favorite: true, created: true })
    const again = await send(t.app, jar, 'POST', '/api/favorites', { offer_id: ids[0] })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toMatchObject({ created: false })
    expect((await send(t.app, jar, 'POST', '/api/favorites', { offer_id: String(ids[1]) })).statusCode).toBe(201)
    const [row] = await t.db.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(favorites).where(eq(favorites.listingId, ids[0]!))
    expect(row!.n).toBe(1)
  })

  it('404 for an unknown or hidden listing; 422 for a bad id', async () => {
    const unknown = await send(t.app, jar, 'POST', '/api/favorites', { offer_id: 987654321 })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ code: 'not_found' })
    expect((await send(t.app, jar, 'POST', '/api/favorites', { offer_id: hidden })).statusCode).toBe(404)
    for (const bad of [{ offer_id: 'abc' }, { offer_id: -1 }, { offer_id: 1.5 }, {}, { offer_id: null }]) {
      const res = await send(t.app, jar, 'POST', '/api/favorites', bad)
      expect(res.statusCode, JSON.stringify(bad)).toBe(422)
      expect(Object.keys(res.json().errors)).toEqual(['offer_id'])
    }
    expect((await send(t.app, jar, 'DELETE', '/api/favorites/abc')).statusCode).toBe(422)
    expect((await get('/api/favorites?per_page=100', jar)).statusCode).toBe(422)
  })

  it('GET lists public favourites as cards, newest favourite first, paginated; ids match; each user their own', async () => {
    await send(t.app, jar, 'POST', '/api/favorites', { offer_id: ids[3] })
    // Make the order of adding explicit (same-millisecond inserts would otherwise tie).
    for (const [i, id] of [ids[0], ids[1], ids[3]].entries()) {
      await t.db.db.update(favorites).set({ createdAt: new Date(Date.UTC(2026, 0, 1 + i)) }).where(eq(favorites.listingId, id!))
    }
    const page1 = await get('/api/favorites?per_page=2', jar)
    expect(page1.statusCode).toBe(200)
    expect(page1.headers['cache-control']).toBe('no-store')
    const body = page1.json()
    expect(body).toMatchObject({ total: 3, page: 1, per_page: 2, last_page: 2 })
    expect(body.data.map((d: { id: number }) => d.id)).toEqual([ids[3], ids[1]])
    expect(Object.keys(body.data[0]).sort()).toContain('photos_count')
    const page2 = (await get('/api/favorites?page=2&per_page=2', jar)).json()
    expect(page2.data.map((d: { id: number }) => d.id)).toEqual([ids[0]])
    expect(page2.data[0]).toMatchObject({ slug: expect.any(String), photos_count: 1, photo: { url: expect.stringContaining('/uploads/') } })
    expect(await idsOf(jar)).toEqual([ids[3], ids[1], ids[0]])
    expect(await idsOf(other)).toEqual([])
    expect((await get('/api/favorites', other)).json()).toMatchObject({ data: [], total: 0, last_page: 1 })

    // An ended listing drops out of the list and the ids (the row stays for when it is renewed).
    await t.db.db.update(listings).set({ status: 'ended' }).where(eq(listings.id, ids[3]!))
    expect(await idsOf(jar)).toEqual([ids[1], ids[0]])
    expect((await get('/api/favorites', jar)).json()).toMatchObject({ total: 2 })
    await t.db.db.update(listings).set({ status: 'active' }).where(eq(listings.id, ids[3]!))
  })

  it('the public offer read says is_favorite for the viewer and counts favourites', async () => {
    await send(t.app, other, 'POST', '/api/favorites', { offer_id: ids[0] })
    const mine = (await get(`/api/offers/${ids[0]}`, jar)).json()
    expect(mine).toMatchObject({ is_favorite: true, favourites_count: 2 })
    expect((await get(`/api/offers/${ids[2]}`, jar)).json()).toMatchObject({ is_favorite: false, favourites_count: 0 })
    expect((await get(`/api/offers/${ids[0]}`)).json()).toMatchObject({ is_favorite: false, favourites_count: 2 })
  })

  it('/api/user/offers counts real favourites per listing', async () => {
    const res = await get('/api/user/offers?per_page=48', owner)
    expect(res.statusCode).toBe(200)
    const counts = Object.fromEntries(res.json().data.map((d: { id: number; favourites_count: number }) => [d.id, d.favourites_count]))
    expect(counts).toEqual({ [ids[0]!]: 2, [ids[1]!]: 1, [ids[2]!]: 0, [ids[3]!]: 1 })
  })

  it('DELETE → 204, also when it was not a favourite; other users keep theirs', async () => {
    expect((await send(t.app, jar, 'DELETE', `/api/favorites/${ids[0]}`)).statusCode).toBe(204)
    expect((await send(t.app, jar, 'DELETE', `/api/favorites/${ids[0]}`)).statusCode).toBe(204)
    expect((await send(t.app, jar, 'DELETE', '/api/favorites/987654321')).statusCode).toBe(204)
    expect(await idsOf(jar)).toEqual([ids[3], ids[1]])
    expect(await idsOf(other)).toEqual([ids[0]])
    expect((await get(`/api/offers/${ids[0]}`, jar)).json()).toMatchObject({ is_favorite: false, favourites_count: 1 })
  })

  it('is described in OpenAPI (tag favorites)', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json()
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/favorites', '/api/favorites/ids', '/api/favorites/{offerId}']))
    expect(Object.keys(doc.paths['/api/favorites'])).toEqual(expect.arrayContaining(['get', 'post']))
    expect(doc.paths['/api/favorites'].post.tags).toEqual(['favorites'])
    expect(doc.paths['/api/favorites'].get.parameters.map((p: { name: string }) => p.name)).toEqual(['page', 'per_page'])
  })

  it('deleting a listing removes it from favourites (cascade)', async () => {
    await t.db.db.delete(listings).where(eq(listings.id, ids[1]!))
    expect(await idsOf(jar)).toEqual([ids[3]])
  })
})
