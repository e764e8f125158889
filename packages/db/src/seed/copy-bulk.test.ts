import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { openTestDb } from '../testing.ts'
import type { DbHandle } from '../client.ts'
import { rowsOf } from '../client.ts'
import { ensurePhotoPool } from './images.ts'
import { copyBulk, ensureDemoUsers } from './write.ts'

/** Every index of the two tables a bulk load may rebuild, as the catalogue defines it. */
async function indexDefs(h: DbHandle): Promise<string[]> {
  return rowsOf<{ def: string }>(await h.db.execute(sql`select pg_get_indexdef(indexrelid) as def from pg_index
    where indrelid in ('listings'::regclass, 'listing_photos'::regclass) order by 1`)).map((r) => r.def)
}

// COPY is PostgreSQL's bulk path (PGlite seeds with batched INSERTs).
describe.runIf(process.env.TEST_DATABASE_URL)('copyBulk on PostgreSQL', () => {
  let handle: DbHandle
  let dataDir: string
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'copy-bulk-test-'))
    handle = await openTestDb()
  })
  afterAll(async () => {
    await handle?.close()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  it('drops the secondary indexes for a large load and builds the same ones again', async () => {
    const before = await indexDefs(handle)
    expect(before.some((d) => d.includes('USING gist'))).toBe(true)
    const [pool, users] = await Promise.all([ensurePhotoPool(dataDir), ensureDemoUsers(handle, 3)])
    const ctx = { seed: 3, users, now: Date.now() }
    // rebuildIndexesFrom 1: this small load takes the large loads' path.
    const photos = await copyBulk(handle, { ctx, pool, startIndex: 0, count: 300, chunk: 120, rebuildIndexesFrom: 1 })
    expect(await indexDefs(handle)).toEqual(before)
    const [r] = rowsOf<{ n: number; p: number; plans: number }>(await handle.db.execute(sql`select
      (select count(*)::int from listings where status = 'active') as n, (select count(*)::int from listing_photos) as p,
      (select count(*)::int from listing_photos where kind = 'plan') as plans`))
    expect(Number(r!.n)).toBe(300)
    // The COPY path writes the floor plans too, as their own kind ('z rzutem').
    expect(Number(r!.plans)).toBeGreaterThan(10)
    expect(Number(r!.p)).toBe(photos)
    expect(photos).toBeGreaterThan(300)
    // With the row triggers off, COPY writes who advertises itself, by the triggers' rule (migration 0037), every kind.
    const kinds = rowsOf<{ advertiser: string; ok: boolean }>(await handle.db.execute(sql`select advertiser,
      bool_and(advertiser = listing_advertiser(user_id)) as ok from listings group by 1 order by 1`))
    expect(kinds.map((k) => [k.advertiser, k.ok])).toEqual([['agency', true], ['developer', true], ['private', true]])
    // The rebuilt indexes answer: a trigram and an earth-distance lookup find rows.
    const [t] = rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from listings
      where status = 'active' and search_text like '%mieszkanie%'`))
    expect(Number(t!.n)).toBeGreaterThan(0)
  })
})
