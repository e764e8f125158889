import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { eq, sql } from 'drizzle-orm'
import { listingChanges, rowsOf } from '@portal/db'
import { investmentPhotoId } from '@portal/contracts/plain/investments'
import { buildApp } from '../../../app.ts'
import { createTestApp, form, insertListings, upload } from '../../../test/helpers.ts'
import { createUser, login, send, type Jar } from '../auth/test-support.ts'
import { validInvestment, validUnit } from '../investments/test-support.ts'
import { createOffer } from './test-support.ts'

type T = Awaited<ReturnType<typeof createTestApp>>

describe("a unit's listing page names its investment and shows its gallery when the unit has no photos (issue 27)", () => {
  let t: T, dev: Jar
  let inv: { id: number; slug: string }
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'off' })
    dev = await login(t.app, (await createUser(t.db, { email: 'lokale@example.com', type: 'developer', companyName: 'Lokale S.A.', roles: ['user', 'company'] })).email)
    inv = (await send(t.app, dev, 'POST', '/api/investments', validInvestment({ name: 'Park Nadrzeczny', status: 'gotowe', completion_date: '2026-06-30' }))).json()
    for (const [n, status] of [['1', 'dostepne'], ['2', 'dostepne'], ['3', 'zarezerwowane'], ['4', 'sprzedane']] as const) {
      const res = await send(t.app, dev, 'POST', `/api/investments/${inv.id}/units`, validUnit({ unit_number: n, status }))
      expect(res.statusCode, res.body).toBe(201)
    }
  })
  afterAll(async () => { await t.close() })

  it('the investment with its available units; the gallery stands in for missing photos; a gallery change drops the cached page', async () => {
    const page = (await t.app.inject(`/api/investments/${inv.slug}`)).json() as { units: { unit_number: string; listing_slug: string }[] }
    const slug = page.units.find((u) => u.unit_number === '1')!.listing_slug
    const before = (await t.app.inject(`/api/offers/${slug}`)).json()
    expect(before.investment).toEqual({ slug: inv.slug, name: 'Park Nadrzeczny', status: 'gotowe', completion_date: '2026-06-30', units_available: 2 })
    expect(before.photos).toEqual([])

    const [{ n: changesBefore }] = rowsOf<{ n: number }>(await t.db.db.execute(sql`select count(*)::int as n from listing_changes`))
    const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a6' } }).jpeg().toBuffer()
    const up = await upload(t.app, dev, `/api/investments/${inv.id}/photos`, form({}, { name: 'budynek.jpg', type: 'image/jpeg', data: jpeg }))
    expect(up.statusCode, up.body).toBe(201)
    const key = up.json().photos[0].key as string
    // Every unit's page is named in the change log, so guests' cached copies are dropped.
    const [{ n: changesAfter }] = rowsOf<{ n: number }>(await t.db.db.execute(sql`select count(*)::int as n from listing_changes`))
    expect(changesAfter - changesBefore).toBeGreaterThanOrEqual(4)
    expect(await t.db.db.select().from(listingChanges).where(eq(listingChanges.listingId, before.id))).not.toHaveLength(0)

    const after = (await t.app.inject(`/api/offers/${slug}`)).json()
    expect(after.photos).toHaveLength(1)
    expect(after.photos[0]).toMatchObject({ id: -1, url: `/uploads/${key}/md.webp`, width: expect.any(Number), position: 0 })
  })

  it("the unit's cards (search on both paths, home, favourites) show the gallery's first photo while the unit has none", async () => {
    // The same database searched through SQL (as while the index loads): both paths must give the same cards.
    const sqlApp = await buildApp({ db: t.db, env: { ...t.app.env, SEARCH_INDEX: false }, logger: false, jobs: false })
    try {
      await sqlApp.ready()
      const page = (await t.app.inject(`/api/investments/${inv.slug}`)).json() as { units: { id: number; unit_number: string }[]; photos: { key: string }[] }
      const unitId = page.units.find((u) => u.unit_number === '1')!.id
      // A listing with photos of its own (outside any investment) keeps them.
      const [own] = await insertListings(t.db, [{ photos: 2, createdAt: new Date() }])
      type Card = { id: number; photo: { url: string } | null; photos_count: number }
      const cardsOf = async (app: typeof t.app, url: string, jar?: Jar) => {
        const res = await app.inject({ url, headers: jar ? { cookie: jar.cookie } : {} })
        expect(res.statusCode, res.body).toBe(200)
        if (url.startsWith('/api/search')) expect(res.headers['x-search-source']).toBe(app === sqlApp ? 'sql' : 'index')
        return new Map((res.json().data as Card[]).map((c) => [c.id, { url: c.photo?.url ?? null, n: c.photos_count }]))
      }
      const buyer = await login(t.app, (await createUser(t.db, { email: 'kupujacy-lokal@example.com' })).email)
      expect((await send(t.app, buyer, 'POST', '/api/favorites', { offer_id: unitId })).statusCode).toBe(201)
      const everyCard = () => Promise.all([
        ...[t.app, sqlApp].flatMap((app) => [`/api/search?inwestycja=${inv.id}`, '/api/search?sort=newest', '/api/offers?limit=48']
          .map(async (u) => [u, await cardsOf(app, u)] as const)),
        cardsOf(t.app, '/api/favorites', buyer).then((c) => ['/api/favorites', c] as const),
      ])
      const gallery = { url: `/uploads/${page.photos[0]!.key}/md.webp`, n: 1 }
      for (const [url, cards] of await everyCard()) {
        expect(cards.get(unitId), url).toEqual(gallery)
        if (url.includes('inwestycja') || url.includes('favorites')) continue
        expect(cards.get(own!), url).toEqual({ url: `/uploads/l${own}/p0/md.webp`, n: 2 })
      }
      // Without a gallery the card has no photo again, on both paths (the index's cached card is dropped).
      expect((await send(t.app, dev, 'DELETE', `/api/investments/${inv.id}/photos/${investmentPhotoId(page.photos[0]!.key)}`)).statusCode).toBe(204)
      for (const [url, cards] of await everyCard()) expect(cards.get(unitId), url).toEqual({ url: null, n: 0 })
    } finally {
      await sqlApp.close()
    }
  })

  it('any other listing has no investment', async () => {
    const owner = await login(t.app, (await createUser(t.db, { email: 'zwykly@example.com' })).email)
    const offer = await createOffer(t.app, owner)
    const res = (await t.app.inject(`/api/offers/${offer.slug}`)).json()
    expect(res.investment).toBeNull()
  })
})
