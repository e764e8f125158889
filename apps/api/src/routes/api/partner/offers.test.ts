import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { apiTokens, feedListings, listingPhotos, listings } from '@portal/db'
import { createTestApp } from '../../../test/helpers.ts'
import { createUser, login, send, type Jar } from '../auth/test-support.ts'

type T = Awaited<ReturnType<typeof createTestApp>>

const body = (over: Record<string, unknown> = {}) => ({
  category: 'mieszkanie', offer_type: 'sell', title: 'Dwa pokoje na Ochocie', description: 'Jasne mieszkanie z balkonem.',
  price: 72_000_000, location: { name: 'Warszawa, Ochota', lat: 52.2125, lon: 20.9734 },
  attributes: { metraz: 48.5, 'ilosc-pokoi': '2', dodatkowe: ['balkon', 'winda'], 'do-negocjacji': true }, ...over,
})

describe('partner JSON API /api/partner/offers (per-company tokens)', () => {
  let t: T
  let jarA: Jar
  let tokenA: string
  let tokenB: string
  let companyA: number
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'off' })
    const a = await createUser(t.db, { email: 'a@example.com', companyName: 'Biuro A', type: 'agency', roles: ['company'] })
    const b = await createUser(t.db, { email: 'b@example.com', companyName: 'Biuro B', type: 'agency', roles: ['company'] })
    companyA = a.id
    jarA = await login(t.app, a.email)
    const jarB = await login(t.app, b.email)
    const res = await send(t.app, jarA, 'POST', '/api/feeds/tokens', { name: 'ASARI' })
    expect(res.statusCode).toBe(201)
    tokenA = res.json().token
    tokenB = (await send(t.app, jarB, 'POST', '/api/feeds/tokens', { name: 'CRM' })).json().token
  }, 60_000)
  afterAll(async () => { await t.close() })

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, token: string | null, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as never, headers: token ? { authorization: `Bearer ${token}` } : {} })

  it('tokens: shown once, only a hash stored, listed by prefix; no or a wrong token is 401; any logged-in user makes them (decision 052)', async () => {
    expect(tokenA).toMatch(/^ptk_[\w-]{43}$/)
    const [row] = await t.db.db.select().from(apiTokens).where(eq(apiTokens.userId, companyA))
    expect(JSON.stringify(row)).not.toContain(tokenA)
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/)
    const list = (await t.app.inject({ url: '/api/feeds', headers: { cookie: jarA.cookie } })).json().tokens
    expect(list).toEqual([expect.objectContaining({ name: 'ASARI', prefix: tokenA.slice(0, 10), revoked_at: null })])
    expect(JSON.stringify(list)).not.toContain(tokenA)
    expect((await call('GET', '/api/partner/offers/X-1', null)).statusCode).toBe(401)
    // The token is checked before the body: a caller without one learns nothing from validation (issue 29).
    expect((await call('PUT', '/api/partner/offers/X-1', null, { nonsense: true })).statusCode).toBe(401)
    expect((await call('PUT', '/api/partner/offers/X-1', `ptk_${'a'.repeat(43)}`, { nonsense: true })).statusCode).toBe(401)
    expect((await call('PUT', '/api/partner/offers/%20bad%20id', null)).statusCode).toBe(401)
    expect((await call('PUT', '/api/partner/offers/X-1', `ptk_${'a'.repeat(43)}`, body())).json()).toEqual({ error: 'Brak lub nieprawidłowy klucz API', message: 'Brak lub nieprawidłowy klucz API', code: 'unauthenticated' })
    const user = await login(t.app, (await createUser(t.db, { email: 'osoba@example.com' })).email)
    // Integracje is every logged-in user's (spec §2, decision 052): a private user's key imports their own listings.
    const own = await send(t.app, user, 'POST', '/api/feeds/tokens', { name: 'x' })
    expect(own.statusCode, own.body).toBe(201)
    expect(own.json().token).toMatch(/^ptk_[\w-]{43}$/)
  })

  it('create, the same call again (unchanged), a change (updated): idempotent by external id', async () => {
    const created = await call('PUT', '/api/partner/offers/OCH-1', tokenA, body())
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json()).toMatchObject({ external_id: 'OCH-1', status: 'active', result: 'created' })
    const id = created.json().listing_id
    const [l] = await t.db.db.select().from(listings).where(eq(listings.id, id))
    expect(l).toMatchObject({ userId: companyA, price: 72_000_000, area: 48.5, rooms: 2, negotiable: true, extras: ['balkon', 'winda'], city: 'Warszawa' })
    const again = await call('PUT', '/api/partner/offers/OCH-1', tokenA, body())
    expect(again.statusCode).toBe(200)
    expect(again.json()).toMatchObject({ listing_id: id, result: 'unchanged' })
    const [same] = await t.db.db.select().from(listings).where(eq(listings.id, id))
    expect(same!.updatedAt).toEqual(l!.updatedAt)
    const changed = await call('PUT', '/api/partner/offers/OCH-1', tokenA, body({ price: 69_900_000 }))
    expect(changed.json()).toMatchObject({ listing_id: id, result: 'updated' })
    expect((await call('GET', '/api/partner/offers/OCH-1', tokenA)).json()).toEqual({ external_id: 'OCH-1', listing_id: id, slug: l!.slug, status: 'active' })
    expect((await t.db.db.select().from(listings).where(eq(listings.userId, companyA))).length).toBe(1)
  })

  it('what has no counterpart in the catalogue is refused with its reason (422), nothing is created', async () => {
    const bad = await call('PUT', '/api/partner/offers/OCH-2', tokenA, body({ category: 'jacht' }))
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors.offer).toEqual(['Nieznana kategoria „jacht”'])
    const attr = await call('PUT', '/api/partner/offers/OCH-2', tokenA, body({ attributes: { stan: 'do rozbiórki' } }))
    expect(attr.statusCode).toBe(422)
    expect(attr.json().errors.offer[0]).toMatch(/^Stan: /)
    expect((await call('GET', '/api/partner/offers/OCH-2', tokenA)).statusCode).toBe(404)
  })

  it("another company neither sees nor ends A's offer; the same external id is its own listing", async () => {
    expect((await call('GET', '/api/partner/offers/OCH-1', tokenB)).statusCode).toBe(404)
    expect((await call('POST', '/api/partner/offers/OCH-1/end', tokenB)).statusCode).toBe(404)
    const own = await call('PUT', '/api/partner/offers/OCH-1', tokenB, body({ title: 'Oferta biura B' }))
    expect(own.json()).toMatchObject({ result: 'created' })
    const a = (await call('GET', '/api/partner/offers/OCH-1', tokenA)).json()
    expect(own.json().listing_id).not.toBe(a.listing_id)
    const [la] = await t.db.db.select().from(listings).where(eq(listings.id, a.listing_id))
    expect(la).toMatchObject({ title: 'Dwa pokoje na Ochocie', status: 'active' })
  })

  it('end: ended (never deleted), again unchanged; a revoked token stops working', async () => {
    const ended = await call('POST', '/api/partner/offers/OCH-1/end', tokenA)
    expect(ended.json()).toMatchObject({ result: 'ended', status: 'ended' })
    expect((await call('POST', '/api/partner/offers/OCH-1/end', tokenA)).json()).toMatchObject({ result: 'unchanged' })
    expect((await call('GET', '/api/partner/offers/OCH-1', tokenA)).json().status).toBe('ended')
    const [tok] = await t.db.db.select().from(apiTokens).where(eq(apiTokens.userId, companyA))
    expect((await send(t.app, jarA, 'DELETE', `/api/feeds/tokens/${tok!.id}`)).statusCode).toBe(204)
    expect((await call('GET', '/api/partner/offers/OCH-1', tokenA)).statusCode).toBe(401)
  })

  it('is documented in OpenAPI at /api/docs with the bearer scheme', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json()
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/partner/offers/{externalId}', '/api/partner/offers/{externalId}/end']))
    expect(doc.paths['/api/partner/offers/{externalId}'].put.security).toEqual([{ partnerToken: [] }])
    expect(doc.components.securitySchemes.partnerToken).toMatchObject({ type: 'http', scheme: 'bearer' })
  })

  it('SSRF: photo URLs on 127.0.0.1 or 10.x are refused and never requested', async () => {
    let hits = 0
    const server = http.createServer((_req, res) => { hits++; res.end('x') })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    try {
      const port = (server.address() as AddressInfo).port
      const res = await call('PUT', '/api/partner/offers/SSRF-1', tokenB, body({ photos: [`http://127.0.0.1:${port}/a.jpg`, 'http://10.0.0.7/b.jpg'] }))
      expect(res.statusCode).toBe(201)
      const listingId = res.json().listing_id
      // The photos job runs the offer again with its photos; wait until it has.
      for (let i = 0; i < 150; i++) {
        const [f] = await t.db.db.select({ hash: feedListings.contentHash }).from(feedListings).where(and(eq(feedListings.listingId, listingId)))
        if (!f!.hash.startsWith('pending:')) break
        await new Promise((r) => setTimeout(r, 200))
      }
      const [f] = await t.db.db.select({ hash: feedListings.contentHash }).from(feedListings).where(eq(feedListings.listingId, listingId))
      expect(f!.hash).toMatch(/^[0-9a-f]{64}$/)
      expect(await t.db.db.select().from(listingPhotos).where(eq(listingPhotos.listingId, listingId))).toEqual([])
      expect(hits).toBe(0)
    } finally {
      await new Promise<void>((r) => server.close(() => r()))
    }
  })
})
