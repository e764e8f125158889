import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { eq, sql } from 'drizzle-orm'
import { listingChanges, rowsOf } from '@portal/db'
import { createTestApp, form, upload } from '../../../test/helpers.ts'
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

  it('any other listing has no investment', async () => {
    const owner = await login(t.app, (await createUser(t.db, { email: 'zwykly@example.com' })).email)
    const offer = await createOffer(t.app, owner)
    const res = (await t.app.inject(`/api/offers/${offer.slug}`)).json()
    expect(res.investment).toBeNull()
  })
})
