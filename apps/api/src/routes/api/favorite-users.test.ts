import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, insertListings, startSession } from '../../test/helpers.ts'
import { createUser, login, send, type Jar } from './auth/test-support.ts'

type T = Awaited<ReturnType<typeof createTestApp>>

describe('/api/favorite-users', () => {
  let t: T
  let jar: Jar
  let other: Jar
  let me: number
  let agency: number
  let person: number
  let deleted: number
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'off' })
    const u = await createUser(t.db, { email: 'obserwuje@example.com' })
    me = u.id
    jar = await login(t.app, u.email)
    other = await login(t.app, (await createUser(t.db, { email: 'ktos@example.com' })).email)
    agency = (await createUser(t.db, { email: 'agencja@example.com', name: 'Agencja Dom', type: 'agency', companyName: 'Dom sp. z o.o.' })).id
    person = (await createUser(t.db, { email: 'osoba@example.com', name: 'Jan Prywatny' })).id
    deleted = (await createUser(t.db, { email: 'usuniety@example.com', deletedAt: new Date() })).id
    await insertListings(t.db, [{ userId: agency }, { userId: agency }, { userId: agency, status: 'draft' }])
  })
  afterAll(async () => { await t.close() })

  const get = (url: string, j?: Jar) => t.app.inject({ url, headers: j ? { cookie: j.cookie } : {} })

  it('401 for guests, 419 without CSRF', async () => {
    expect((await get('/api/favorite-users')).statusCode).toBe(401)
    expect((await get('/api/favorite-users/ids')).statusCode).toBe(401)
    const g = await startSession(t.app)
    expect((await send(t.app, g, 'POST', `/api/favorite-users/${agency}`)).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'POST', url: `/api/favorite-users/${agency}`, headers: { cookie: jar.cookie } })).statusCode).toBe(419)
  })

  it('POST toggles → {status}; the list is paged, newest first, filtered by type; each user their own', async () => {
    expect((await send(t.app, jar, 'POST', `/api/favorite-users/${agency}`)).json()).toEqual({ status: true })
    expect((await send(t.app, jar, 'POST', `/api/favorite-users/${person}`)).json()).toEqual({ status: true })
    const all = (await get('/api/favorite-users', jar)).json()
    expect(all).toMatchObject({ total: 2, page: 1, last_page: 1 })
    expect(all.data.map((u: { id: number }) => u.id).sort()).toEqual([agency, person].sort())
    const agencies = (await get('/api/favorite-users?type=agency', jar)).json()
    expect(agencies.data).toMatchObject([{ id: agency, name: 'Agencja Dom', type: 'agency', company_name: 'Dom sp. z o.o.', offers_count: 2, is_favorite_user: true }])
    // Each links to the canonical address of its public profile (the one the profile itself names: no redirect).
    expect(agencies.data[0].profile_url).toBe(`/profil/${agency}-dom-sp-z-o-o`)
    for (const u of all.data as Array<{ id: number; profile_url: string }>) {
      expect(u.profile_url).toBe((await get(`/api/profile/${u.id}`)).json().user.profile_url)
    }
    expect((await get('/api/favorite-users/ids', jar)).json().ids.sort()).toEqual([agency, person].sort())
    expect((await get('/api/favorite-users', other)).json().total).toBe(0)
    expect((await send(t.app, jar, 'POST', `/api/favorite-users/${person}`)).json()).toEqual({ status: false })
    expect((await get('/api/favorite-users/ids', jar)).json().ids).toEqual([agency])
  })

  it('404 unknown or deleted user; 422 yourself, a bad id or type', async () => {
    expect((await send(t.app, jar, 'POST', '/api/favorite-users/999999')).statusCode).toBe(404)
    expect((await send(t.app, jar, 'POST', `/api/favorite-users/${deleted}`)).statusCode).toBe(404)
    const self = await send(t.app, jar, 'POST', `/api/favorite-users/${me}`)
    expect(self.statusCode).toBe(422)
    expect(self.json().errors.id).toEqual(['Nie możesz obserwować samego siebie.'])
    expect((await send(t.app, jar, 'POST', '/api/favorite-users/abc')).statusCode).toBe(422)
    expect((await get('/api/favorite-users?type=alien', jar)).statusCode).toBe(422)
    expect((await get('/api/favorite-users?page=0', jar)).statusCode).toBe(422)
  })
})
