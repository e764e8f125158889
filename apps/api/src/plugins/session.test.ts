import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import { sessions, users } from '@portal/db'
import { createTestApp, startSession } from '../test/helpers.ts'
import { createSession, destroySession, rotateSession } from './session.ts'
import { currentUser } from '../lib/accounts/guard.ts'

/** The helpers the accounts work builds log-in/log-out on, exercised through throw-away routes. */
describe('session helpers', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let userId: number
  beforeAll(async () => {
    t = await createTestApp({}, {})
    const [u] = await t.db.db.insert(users).values({ email: 'anna@example.com', name: 'Anna' }).returning({ id: users.id })
    userId = u!.id
  })
  afterAll(async () => { await t.close() })

  it('rotateSession issues a new id and token bound to the user; destroySession removes it', async () => {
    const app = (await import('../app.ts')).buildApp
    const { parseEnv } = await import('../env.ts')
    const a = await app({ db: t.db, env: parseEnv({ NODE_ENV: 'test', DATA_DIR: t.dataDir }), logger: false })
    a.register(async (scope) => {
      scope.post('/api/login-test', async (req, reply) => {
        const s = await rotateSession(req, reply, { userId })
        return { userId: s.userId }
      })
      scope.get('/api/me-test', async (req) => ({ session: req.session && { userId: req.session.userId } }))
      scope.post('/api/logout-test', async (req, reply) => { await destroySession(req, reply); return reply.code(204).send() })
      scope.get('/api/new-test', async (req, reply) => { await createSession(req, reply); return reply.code(204).send() })
    })
    await a.ready()
    const guest = await startSession(a)
    const login = await a.inject({ method: 'POST', url: '/api/login-test', headers: { cookie: guest.cookie, 'x-xsrf-token': guest.xsrf } })
    expect(login.statusCode).toBe(200)
    expect(login.json()).toEqual({ userId })
    const jar = Object.fromEntries(login.cookies.map((c) => [c.name, c.value]))
    expect(jar['XSRF-TOKEN']).not.toBe(guest.xsrf)
    // The guest session is gone (no fixation), the new one is the user's.
    expect((await a.inject({ url: '/api/me-test', headers: { cookie: guest.cookie } })).json()).toEqual({ session: null })
    const cookie = `portal_session=${jar.portal_session}; XSRF-TOKEN=${jar['XSRF-TOKEN']}`
    expect((await a.inject({ url: '/api/me-test', headers: { cookie } })).json()).toEqual({ session: { userId } })
    const [{ n }] = await t.db.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId))
    expect(n).toBe(1)
    const out = await a.inject({ method: 'POST', url: '/api/logout-test', headers: { cookie, 'x-xsrf-token': jar['XSRF-TOKEN']! } })
    expect(out.statusCode).toBe(204)
    expect(out.cookies.find((c) => c.name === 'portal_session')!.value).toBe('')
    expect((await a.inject({ url: '/api/me-test', headers: { cookie } })).json()).toEqual({ session: null })
    await a.close()
  })

  it("a GET reads the signed-in user with its session (one statement, decision 112); a write reads it fresh", async () => {
    const app = (await import('../app.ts')).buildApp
    const { parseEnv } = await import('../env.ts')
    const a = await app({ db: t.db, env: parseEnv({ NODE_ENV: 'test', DATA_DIR: t.dataDir }), logger: false })
    // The handler renames the user after the session was read, then asks for the user: a GET gets the row read with
    // the session (no second read), a POST reads it now.
    const renameThenAsk = async (req: import('fastify').FastifyRequest) => {
      await t.db.db.update(users).set({ name: `Anna ${req.method}` }).where(eq(users.id, userId))
      return { name: (await currentUser(req))?.name ?? null, carried: req.session?.user === undefined ? 'absent' : (req.session?.user?.name ?? null) }
    }
    a.register(async (scope) => {
      scope.post('/api/login-test', async (req, reply) => ({ userId: (await rotateSession(req, reply, { userId })).userId }))
      scope.get('/api/whoami-test', renameThenAsk)
      scope.post('/api/whoami-test', renameThenAsk)
    })
    await a.ready()
    try {
      const guest = await startSession(a)
      const login = await a.inject({ method: 'POST', url: '/api/login-test', headers: { cookie: guest.cookie, 'x-xsrf-token': guest.xsrf } })
      const jar = Object.fromEntries(login.cookies.map((c) => [c.name, c.value]))
      const headers = { cookie: `portal_session=${jar.portal_session}; XSRF-TOKEN=${jar['XSRF-TOKEN']}`, 'x-xsrf-token': jar['XSRF-TOKEN']! }
      await t.db.db.update(users).set({ name: 'Anna' }).where(eq(users.id, userId))
      expect((await a.inject({ url: '/api/whoami-test', headers })).json()).toEqual({ name: 'Anna', carried: 'Anna' })
      expect((await a.inject({ method: 'POST', url: '/api/whoami-test', headers })).json()).toEqual({ name: 'Anna POST', carried: 'absent' })
      // A blocked account's session reads as no user, as currentUser's own read does.
      await t.db.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, userId))
      expect((await a.inject({ url: '/api/whoami-test', headers })).json()).toEqual({ name: null, carried: null })
      expect((await a.inject({ method: 'POST', url: '/api/whoami-test', headers })).json()).toEqual({ name: null, carried: 'absent' })
    } finally {
      await t.db.db.update(users).set({ blockedAt: null, name: 'Anna' }).where(eq(users.id, userId))
      await a.close()
    }
  })
})
