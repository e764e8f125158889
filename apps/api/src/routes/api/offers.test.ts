import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listingSummarySchema } from '@portal/contracts/listing'
import { createTestApp, insertListings } from '../../test/helpers.ts'

describe('GET /api/offers', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let ids: number[]
  beforeAll(async () => {
    t = await createTestApp()
    ids = await insertListings(t.db, [
      { photos: 3 },
      { isPromoted: true, photos: 1 },
      { isPromoted: true, promotedUntil: new Date('2020-01-01') },
      { status: 'draft' },
      { expiresAt: new Date('2020-01-01') },
      { visibleFrom: new Date('2999-01-01') },
      { categoryId: 10, title: 'Kamienica w centrum', area: null, pricePerM2: null, rooms: null },
    ])
  })
  afterAll(async () => { await t.close() })

  it('lists active listings newest first as ListingSummary with paging fields', async () => {
    const res = await t.app.inject('/api/offers')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ total: 4, page: 1, per_page: 12, last_page: 1 })
    expect(body.data.map((l: { id: number }) => l.id)).toEqual([ids[6], ids[2], ids[1], ids[0]])
    for (const l of body.data) expect(listingSummarySchema.safeParse(l).success).toBe(true)
    const kamienica = body.data[0]
    expect(kamienica).toMatchObject({ category: { id: 10, slug: 'kamienica-1', name: 'Kamienica' }, area: null, photo: null, photos_count: 0 })
    const withPhotos = body.data[3]
    expect(withPhotos).toMatchObject({
      price: 50_000_000, price_per_m2: 1_000_000, area: 50, rooms: 2, city: 'Warszawa', district: 'Mokotów',
      offer_type: 'sell', ad_type: 'offer', is_promoted: false, photos_count: 3,
      photo: { url: `/uploads/l${ids[0]}/p0/md.webp`, width: 1600, height: 1067, placeholder: 'data:image/webp;base64,AAAA' },
    })
    expect(withPhotos.photo.srcset).toContain(`/uploads/l${ids[0]}/p0/lg.webp 1600w`)
  })

  it('promoted=1 lists only currently promoted listings', async () => {
    const res = await t.app.inject('/api/offers?promoted=1')
    expect(res.json()).toMatchObject({ total: 1, data: [{ id: ids[1], is_promoted: true }] })
    expect((await t.app.inject('/api/offers?promoted=0')).json().total).toBe(4)
  })

  it('pages with limit and page', async () => {
    const p1 = (await t.app.inject('/api/offers?limit=3')).json()
    expect(p1).toMatchObject({ total: 4, per_page: 3, last_page: 2 })
    expect(p1.data).toHaveLength(3)
    const p2 = (await t.app.inject('/api/offers?limit=3&page=2')).json()
    expect(p2.data.map((l: { id: number }) => l.id)).toEqual([ids[0]])
    const beyond = (await t.app.inject('/api/offers?limit=3&page=50')).json()
    expect(beyond).toMatchObject({ data: [], total: 4, page: 50 })
  })

  it.each([
    ['limit=0', 'limit'], ['limit=49', 'limit'], ['limit=abc', 'limit'], ['limit=1e308', 'limit'],
    ['limit=99999999999999999999999', 'limit'], ['page=0', 'page'], ['page=-1', 'page'], ['page=1.5', 'page'],
    ['limit=1&limit=2', 'limit'], ['limit=', 'limit'], ['promoted=2', 'promoted'], ['promoted=tak', 'promoted'],
    ['page=%F0%9F%8F%A0', 'page'],
  ])('rejects %s with a 422 naming the field', async (query, field) => {
    const res = await t.app.inject(`/api/offers?${query}`)
    expect(res.statusCode).toBe(422)
    const body = res.json()
    expect(Object.keys(body.errors)).toContain(field)
    expect(body.message).toBe(body.errors[Object.keys(body.errors)[0]!][0])
  })
})
