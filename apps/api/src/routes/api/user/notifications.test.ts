import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { listings, notifications } from '@portal/db'
import { createTestApp, insertListings, startSession } from '../../../test/helpers.ts'
import { createUser, login, send, type Jar } from '../auth/test-support.ts'
import { notify } from '../../../lib/notifications/notifications.ts'
import { activateListing, expireListings } from '../../../lib/listings/lifecycle.ts'

type T = Awaited<ReturnType<typeof createTestApp>>

describe('/api/user/notifications', () => {
  let t: T
  let jar: Jar
  let other: Jar
  let userId: number
  let otherId: number
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'off' })
    const u = await createUser(t.db, { email: 'dzwonek@example.com' })
    const o = await createUser(t.db, { email: 'inny-dzwonek@example.com' })
    userId = u.id
    otherId = o.id
    jar = await login(t.app, u.email)
    other = await login(t.app, o.email)
  })
  afterAll(async () => { await t.close() })

  const get = (url: string, j?: Jar, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { ...(j ? { cookie: j.cookie } : {}), ...headers } })

  it('401 for guests; an empty list at first', async () => {
    expect((await get('/api/user/notifications')).statusCode).toBe(401)
    const guest = await startSession(t.app)
    expect((await send(t.app, guest, 'PATCH', '/api/user/notifications/deactivate')).statusCode).toBe(401)
    expect((await get('/api/user/notifications/deactivate/1', guest, { 'x-xsrf-token': guest.xsrf })).statusCode).toBe(401)
    const res = await get('/api/user/notifications', jar)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ data: [], total: 0, page: 1, per_page: 10, last_page: 1 })
  })

  it('lists unread ones newest first, 10 per page, only the user’s own', async () => {
    for (let i = 1; i <= 12; i++) await notify(t.db, userId, { message: `Powiadomienie ${i}`, link: `/ogloszenia/x-${i}` })
    await notify(t.db, otherId, { type: 'warning', message: 'Cudze', link: null })
    const first = (await get('/api/user/notifications', jar)).json()
    expect(first.total).toBe(12)
    expect(first.last_page).toBe(2)
    expect(first.data).toHaveLength(10)
    expect(first.data[0]).toMatchObject({ type: 'info', message: 'Powiadomienie 12', link: '/ogloszenia/x-12' })
    expect(typeof first.data[0].id).toBe('number')
    expect(new Date(first.data[0].created_at).getTime()).toBeGreaterThan(0)
    const second = (await get('/api/user/notifications?page=2', jar)).json()
    expect(second.data.map((n: { message: string }) => n.message)).toEqual(['Powiadomienie 2', 'Powiadomienie 1'])
    expect((await get('/api/user/notifications?page=0', jar)).statusCode).toBe(422)
    expect((await get('/api/user/notifications?page=abc', jar)).statusCode).toBe(422)
    expect((await get('/api/user/notifications', other)).json().data).toMatchObject([{ type: 'warning', message: 'Cudze', link: null }])
  })

  it('GET deactivate/{id}: marks one read and answers the remaining list; 419 without CSRF, 404 for another user’s, 422 bad id', async () => {
    const list = (await get('/api/user/notifications', jar)).json()
    const id = list.data[0].id as number
    expect((await get(`/api/user/notifications/deactivate/${id}`, jar)).statusCode).toBe(419)
    const res = await get(`/api/user/notifications/deactivate/${id}`, jar, { 'x-xsrf-token': jar.xsrf })
    expect(res.statusCode).toBe(200)
    expect(res.json().total).toBe(11)
    expect(res.json().data.map((n: { id: number }) => n.id)).not.toContain(id)
    const foreign = (await get('/api/user/notifications', other)).json().data[0].id as number
    const stolen = await get(`/api/user/notifications/deactivate/${foreign}`, jar, { 'x-xsrf-token': jar.xsrf })
    expect(stolen.statusCode).toBe(404)
    expect((await get('/api/user/notifications', other)).json().total).toBe(1)
    expect((await get('/api/user/notifications/deactivate/abc', jar, { 'x-xsrf-token': jar.xsrf })).statusCode).toBe(422)
    expect((await get('/api/user/notifications/deactivate/999999', jar, { 'x-xsrf-token': jar.xsrf })).statusCode).toBe(404)
  })

  it('PATCH deactivate: 419 without CSRF, else 204 and the list is empty (other users untouched)', async () => {
    const noCsrf = await t.app.inject({ method: 'PATCH', url: '/api/user/notifications/deactivate', headers: { cookie: jar.cookie } })
    expect(noCsrf.statusCode).toBe(419)
    const res = await send(t.app, jar, 'PATCH', '/api/user/notifications/deactivate')
    expect(res.statusCode).toBe(204)
    expect((await get('/api/user/notifications', jar)).json()).toMatchObject({ data: [], total: 0 })
    expect((await get('/api/user/notifications', other)).json().total).toBe(1)
  })

  it('events: a listing activated and a listing expired notify its owner', async () => {
    const [id] = await insertListings(t.db, [{ userId, status: 'draft', title: 'Dom z ogrodem' }])
    const [row] = await t.db.db.select().from(listings).where(eq(listings.id, id!))
    await activateListing(t.db, row!)
    let list = (await get('/api/user/notifications', jar)).json()
    expect(list.data[0]).toMatchObject({ type: 'info', message: 'Ogłoszenie „Dom z ogrodem” zostało aktywowane', link: `/ogloszenia/${row!.slug}` })
    await t.db.db.update(listings).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(listings.id, id!))
    expect(await expireListings(t.db)).toBeGreaterThanOrEqual(1)
    list = (await get('/api/user/notifications', jar)).json()
    expect(list.data[0]).toMatchObject({ type: 'warning', message: 'Ogłoszenie „Dom z ogrodem” wygasło', link: '/moje-ogloszenia' })
    const rows = await t.db.db.select().from(notifications).where(eq(notifications.userId, otherId))
    expect(rows).toHaveLength(1)
  })
})
