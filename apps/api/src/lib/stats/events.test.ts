import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDb } from '@portal/db/testing'
import type { DbHandle } from '@portal/db'
import { DailyCounter } from './events.ts'

const stored = async (db: DbHandle, key: string) =>
  Number((await db.query(`SELECT coalesce(sum(n), 0)::int AS n FROM daily_counters WHERE key = $1`, [key])).rows[0]!.n)
const settle = () => new Promise((r) => setTimeout(r, 200))

describe('DailyCounter', () => {
  let db: DbHandle
  beforeAll(async () => { db = await openTestDb() })
  afterAll(async () => { await db.close() })

  it('keeps counts in memory until the oldest is a minute old, then writes them with the next count (no timer)', async () => {
    const c = new DailyCounter(db)
    const t0 = Date.now()
    c.add('age-test', 1, t0)
    c.add('age-test', 1, t0 + 59_000)
    await settle()
    expect(await stored(db, 'age-test')).toBe(0)
    c.add('age-test', 1, t0 + 60_000)
    await expect.poll(() => stored(db, 'age-test'), { timeout: 15_000 }).toBe(3)
  })

  it('writes once a thousand are pending, and what is left on flush (shutdown)', async () => {
    const c = new DailyCounter(db)
    for (let i = 0; i < 1000; i++) c.add('burst-test')
    await expect.poll(() => stored(db, 'burst-test'), { timeout: 15_000 }).toBe(1000)
    c.add('burst-test', 5)
    await c.flush()
    expect(await stored(db, 'burst-test')).toBe(1005)
  })
})
