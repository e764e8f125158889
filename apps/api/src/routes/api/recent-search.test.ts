import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, startSession } from '../../test/helpers.ts'
import { createUser, login, send, type Jar } from './auth/test-support.ts'

type T = Awaited<ReturnType<typeof createTestApp>>

describe('/api/recent-search', () => {
  let t: T
  let jar: Jar
  let other: Jar
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'off' })
    jar = await login(t.app, (await createUser(t.db, { email: 'szuka@example.com' })).email)
    other = await login(t.app, (await createUser(t.db, { email: 'inny@example.com' })).email)
  })
  afterAll(async () => { await t.close() })
  const list = async (j: Jar) => (await t.app.inject({ url: '/api/recent-search', headers: { cookie: j.cookie } })).json() as { id: number; display_name: string }[]

  it('401 for guests; 419 without the CSRF header', async () => {
    expect((await t.app.inject('/api/recent-search')).statusCode).toBe(401)
    const guest = await startSession(t.app)
    expect((await send(t.app, guest, 'POST', '/api/recent-search', { display_name: 'Kraków', lat: 50, lon: 19 })).statusCode).toBe(401)
    const noCsrf = await t.app.inject({ method: 'POST', url: '/api/recent-search', headers: { cookie: jar.cookie }, payload: { display_name: 'Kraków', lat: 50, lon: 19 } })
    expect(noCsrf.statusCode).toBe(419)
    expect((await t.app.inject({ method: 'DELETE', url: '/api/recent-search', headers: { cookie: jar.cookie } })).statusCode).toBe(419)
  })

  it('keeps the last 5, newest first, de-duplicated; each user their own', async () => {
    for (const [i, name] of ['Warszawa', 'Kraków', 'Łódź', 'Wrocław', 'Poznań', 'Gdańsk'].entries()) {
      const res = await send(t.app, jar, 'POST', '/api/recent-search', { display_name: name, lat: 50 + i, lon: 19 + i })
      expect(res.statusCode).toBe(201)
      expect(res.json()).toMatchObject({ display_name: name, lat: 50 + i, lon: 19 + i })
    }
    expect((await list(jar)).map((r) => r.display_name)).toEqual(['Gdańsk', 'Poznań', 'Wrocław', 'Łódź', 'Kraków'])
    // The same place again moves to the top instead of appearing twice (by name, or by the same point).
    await send(t.app, jar, 'POST', '/api/recent-search', { display_name: 'łódź', lat: 1, lon: 1 })
    await send(t.app, jar, 'POST', '/api/recent-search', { display_name: 'Kraków, małopolskie', lat: 51, lon: 20 })
    expect((await list(jar)).map((r) => r.display_name)).toEqual(['Kraków, małopolskie', 'łódź', 'Gdańsk', 'Poznań', 'Wrocław'])
    expect(Object.keys((await list(jar))[0]!).sort()).toEqual(['display_name', 'id', 'lat', 'lon'])
    expect(await list(other)).toEqual([])
  })

  it('422 for a bad body', async () => {
    const res = await send(t.app, jar, 'POST', '/api/recent-search', { display_name: ' ', lat: 100, lon: 19 })
    expect(res.statusCode).toBe(422)
    expect(Object.keys(res.json().errors).sort()).toEqual(['display_name', 'lat'])
  })

  it('DELETE one or all → 204', async () => {
    const [first] = await list(jar)
    expect((await send(t.app, jar, 'DELETE', `/api/recent-search/${first!.id}`)).statusCode).toBe(204)
    expect(await list(jar)).toHaveLength(4)
    // Someone else's id is not theirs to delete.
    const [theirs] = await list(jar)
    await send(t.app, other, 'DELETE', `/api/recent-search/${theirs!.id}`)
    expect(await list(jar)).toHaveLength(4)
    expect((await send(t.app, jar, 'DELETE', '/api/recent-search')).statusCode).toBe(204)
    expect(await list(jar)).toEqual([])
  })
})
