import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, insertListings } from '../../../test/helpers.ts'

/**
 * Promoted listings used to fill whole pages under the default order (24 of 24 cards on page 1 while 36 of 640 were
 * promoted). Now a page has at most PROMOTED_SLOTS (3) promoted cards at the top, marked, and the rest in true
 * newest-first order; page n shows the next promoted ones. Both the index and the SQL path.
 */
const DAY = 86_400_000
type Card = { id: number; is_promoted: boolean }

describe.each([['index', {}], ['sql', { SEARCH_INDEX: 'off' }]] as const)('promoted slots per page (%s)', (source, env) => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let promoted: number[] = []
  let newestFirst: number[] = []
  beforeAll(async () => {
    t = await createTestApp(env)
    const now = Date.now()
    // 40 listings, the 12 newest of them promoted (so a promoted-first order would fill page 1 with them).
    const rows = Array.from({ length: 40 }, (_, i) => ({
      title: `Mieszkanie ${i}`, createdAt: new Date(now - (i + 1) * 3_600_000),
      isPromoted: i < 12, promotedUntil: i < 12 ? new Date(now + DAY) : null,
    }))
    const ids = await insertListings(t.db, rows)
    newestFirst = ids
    promoted = ids.slice(0, 12)
  }, 60_000)
  afterAll(async () => { await t?.close() })

  it('page 1: three promoted cards on top, marked; then the rest newest first, none repeated', async () => {
    const res = await t.app.inject('/api/search?per_page=10')
    expect(res.headers['x-search-source']).toBe(source)
    const body = res.json() as { data: Card[]; total: number }
    expect(body.total).toBe(40)
    const marked = body.data.filter((c) => c.is_promoted)
    expect(marked.map((c) => c.id)).toEqual(promoted.slice(0, 3))
    expect(body.data.slice(0, 3).every((c) => c.is_promoted)).toBe(true)
    const rest = body.data.slice(3).map((c) => c.id)
    // True order with the three on top taken out: listings 4..10 of the newest-first order.
    expect(rest).toEqual(newestFirst.slice(0, 10).filter((id) => !promoted.slice(0, 3).includes(id)))
    expect(new Set(body.data.map((c) => c.id)).size).toBe(body.data.length)
  })

  it('page 2 shows the next promoted ones on top; past the last promoted, no slots', async () => {
    const p2 = (await t.app.inject('/api/search?per_page=10&page=2')).json() as { data: Card[] }
    expect(p2.data.filter((c) => c.is_promoted).map((c) => c.id)).toEqual(promoted.slice(3, 6))
    expect(p2.data.slice(3).map((c) => c.id)).toEqual(newestFirst.slice(10, 20))
    const p4 = (await t.app.inject('/api/search?per_page=10&page=4')).json() as { data: Card[] }
    expect(p4.data.filter((c) => c.is_promoted).map((c) => c.id)).toEqual(promoted.slice(9, 12))
    const p5 = (await t.app.inject('/api/search?per_page=10&page=5')).json() as { data: Card[] }
    expect(p5.data.filter((c) => c.is_promoted)).toEqual([])
  })

  it('other orders carry no promoted slots', async () => {
    const res = (await t.app.inject('/api/search?per_page=10&sortuj=price_asc')).json() as { data: Card[] }
    expect(res.data).toHaveLength(10)
    const plain = (await t.app.inject('/api/search?per_page=10&sortuj=newest_plain')).json() as { data: Card[] }
    expect(plain.data.map((c) => c.id)).toEqual(newestFirst.slice(0, 10))
  })
})
