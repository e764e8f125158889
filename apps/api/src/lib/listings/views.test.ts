import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { eq, inArray, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { listings, listingViews } from '@portal/db'
import { createTestApp, insertListings } from '../../test/helpers.ts'
import { countView, countViews, oneViewQuery, ViewBatch } from './views.ts'

/** Views of a listing: once per visitor and Polish day, the visitor row and the counter written in one statement. */
describe('counting listing views', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let a: number, b: number
  beforeAll(async () => {
    t = await createTestApp()
    ;[a, b] = await insertListings(t.db, [{}, {}]) as [number, number]
  })
  afterAll(async () => { await t.close() })

  const views = async (id: number) => (await t.db.db.select({ v: listings.views }).from(listings).where(eq(listings.id, id)))[0]!.v

  it('counts a visitor once a day and raises the listing\'s counter by the new visitors only', async () => {
    expect(await countView(t.db, 'key', a, 'visitor-1')).toBe(true)
    expect(await countView(t.db, 'key', a, 'visitor-1')).toBe(false)
    expect(await countView(t.db, 'key', a, 'visitor-2')).toBe(true)
    expect(await views(a)).toBe(2)
    // A batch: repeats within it and of earlier views count once; two listings at once.
    const n = await countViews(t.db, [
      { listingId: a, visitor: 'x' }, { listingId: a, visitor: 'x' }, { listingId: b, visitor: 'x' }, { listingId: b, visitor: 'y' },
    ])
    expect(n).toBe(3)
    expect(await views(a)).toBe(3)
    expect(await views(b)).toBe(2)
    expect(await countViews(t.db, [{ listingId: a, visitor: 'x' }, { listingId: b, visitor: 'y' }])).toBe(0)
    expect(await views(a)).toBe(3)
    expect(await views(b)).toBe(2)
    const rows = await t.db.db.select().from(listingViews).where(inArray(listingViews.listingId, [a, b]))
    expect(rows).toHaveLength(5)
    expect(await countViews(t.db, [])).toBe(0)
  })

  it('writes a view in one prepared statement (one round trip and one commit per uncached listing page), a batch in one statement', async () => {
    const execute = vi.spyOn(t.db.db, 'execute')
    const insert = vi.spyOn(t.db.db, 'insert')
    const update = vi.spyOn(t.db.db, 'update')
    try {
      expect(await countView(t.db, 'key', b, 'visitor-3')).toBe(true)
      expect(execute).not.toHaveBeenCalled()
      // Decision 110: the statement itself asks not to wait for the disk at its commit.
      const one = oneViewQuery(t.db.db).toSQL().sql
      expect(one).toMatch(/^with "commit_mode" as \(select set_config\('synchronous_commit', 'off', true\) as mode\), "inserted" as \(insert into listing_views/)
      expect(one).toMatch(/from "commit_mode"$/)
      expect(await countViews(t.db, [{ listingId: a, visitor: 'visitor-3' }, { listingId: b, visitor: 'visitor-4' }])).toBe(2)
      expect(execute).toHaveBeenCalledTimes(1)
      const batch = new PgDialect().sqlToQuery(execute.mock.calls[0]![0] as SQL).sql
      expect(batch).toMatch(/^with commit_mode as \(select set_config\('synchronous_commit', 'off', true\)\)/)
      expect(batch).toMatch(/from commit_mode$/)
      expect(insert).not.toHaveBeenCalled()
      expect(update).not.toHaveBeenCalled()
    } finally {
      vi.restoreAllMocks()
    }
    expect(await views(b)).toBe(4)
  })

  it('a batch\'s flush ends after a write already running (the flush on close, then the database closes)', async () => {
    const errors: Error[] = []
    const batch = new ViewBatch(t.db, 'key', (e) => errors.push(e))
    const before = await views(a)
    // The timer's write is held at the database while the app closes and flushes with nothing pending.
    let letGo!: () => void
    const held = new Promise<void>((r) => { letGo = r })
    const execute = t.db.db.execute.bind(t.db.db)
    const spy = vi.spyOn(t.db.db, 'execute').mockImplementationOnce((async (q: never) => { await held; return execute(q) }) as never)
    try {
      // Two views: a batch's statement (one alone goes as the prepared one).
      batch.add(a, 'batch-1')
      batch.add(b, 'batch-1')
      const running = batch.flush()
      let closed = false
      const onClose = batch.flush().then(() => { closed = true })
      await new Promise((r) => setTimeout(r, 100))
      expect(closed, 'the flush on close returned while a write was running').toBe(false)
      letGo()
      await onClose
      expect(await views(a)).toBe(before + 1)
      await running
    } finally {
      spy.mockRestore()
    }
    batch.add(a, 'batch-1')
    batch.add(a, 'batch-2')
    batch.add(b, 'batch-2')
    await batch.flush()
    expect(await views(a)).toBe(before + 2)
    expect(errors).toEqual([])
  })
})
