import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { filtersResponseSchema, type FilterCategory, type FiltersResponse } from '@portal/contracts/filters'
import { createTestApp } from '../../../test/helpers.ts'

describe('GET /api/search/filters', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let body: FiltersResponse
  let etag: string
  beforeAll(async () => {
    t = await createTestApp()
    const res = await t.app.inject('/api/search/filters')
    expect(res.statusCode).toBe(200)
    body = res.json()
    etag = res.headers.etag as string
  })
  afterAll(async () => { await t.close() })

  it('has exactly the top-level keys of spec §3 and matches the contract schema', () => {
    expect(Object.keys(body).sort()).toEqual(['attributes', 'attributes2', 'categories', 'location', 'price'])
    expect(filtersResponseSchema.safeParse(body).success).toBe(true)
  })

  it('price lists are exactly spec §9', () => {
    expect(body.price.min).toEqual([500, 1000, 1500, 2000, 2500, 3000, 3500, 4000, 4500, 5000])
    expect(body.price.max).toEqual([1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000, 15000, 20000])
    expect(body.attributes.metraz.min.length).toBeGreaterThan(0)
    expect(body.attributes.metraz.max.length).toBeGreaterThan(0)
  })

  it('categories carry label = name, id = slug, children and offer types; kamienica-1 is under dom', () => {
    const dom = body.categories.find((c) => c.id === 'dom')!
    expect(dom).toMatchObject({ label: 'Dom', offer_types: expect.arrayContaining(['sell', 'rent']) })
    const kamienica = dom.children.find((c: FilterCategory) => c.id === 'kamienica-1')!
    expect(kamienica).toMatchObject({ label: 'Kamienica', url_slug: 'kamienica-dom', children: [] })
    expect(kamienica.offer_types).toEqual(dom.offer_types)
    for (const slug of ['mieszkanie', 'dom', 'dom-modulowy', 'lokal-uzytkowy', 'dzialka']) {
      expect(body.categories.map((c) => c.id)).toContain(slug)
    }
  })

  it('every node also carries name and slug (spec §3 Category), so a client building the tree from §3 sees it', () => {
    const walk = (nodes: FilterCategory[]): void => {
      for (const n of nodes) {
        expect(n).toMatchObject({ name: n.label, slug: n.id })
        walk(n.children)
      }
    }
    walk(body.categories)
    expect(body.categories.find((c) => c.slug === 'dom')!.children.map((c) => c.slug)).toContain('kamienica-1')
  })

  it('attributes2 have slug and {name, slug} options; location lists the 30 cities in spec order', () => {
    const stan = body.attributes2.find((a) => a.slug === 'stan')!
    expect(stan.options.map((o) => o.slug)).toEqual(['surowy', 'do-remontu', 'do-odswiezenia', 'wyremontowane', 'do-wprowadzenia'])
    expect(body.attributes2.find((a) => a.slug === 'dodatkowe')!.options).toHaveLength(20)
    expect(body.attributes2.find((a) => a.slug === 'blisko')!.options).toHaveLength(14)
    expect(body.location).toHaveLength(30)
    expect(body.location.slice(0, 6).map((c) => c.name)).toEqual(['Warszawa', 'Kraków', 'Łódź', 'Wrocław', 'Poznań', 'Gdańsk'])
  })

  it('is cacheable: strong ETag, Cache-Control, 304 on If-None-Match', async () => {
    expect(etag).toMatch(/^"[^"]+"$/)
    const res = await t.app.inject('/api/search/filters')
    expect(res.headers.etag).toBe(etag)
    expect(res.headers['cache-control']).toBe('public, max-age=300')
    const cached = await t.app.inject({ url: '/api/search/filters', headers: { 'if-none-match': etag } })
    expect(cached.statusCode).toBe(304)
    expect(cached.body).toBe('')
    expect(cached.headers.etag).toBe(etag)
    const list = await t.app.inject({ url: '/api/search/filters', headers: { 'if-none-match': `"other", W/${etag}` } })
    expect(list.statusCode).toBe(304)
    const stale = await t.app.inject({ url: '/api/search/filters', headers: { 'if-none-match': '"stale"' } })
    expect(stale.statusCode).toBe(200)
  })
})
