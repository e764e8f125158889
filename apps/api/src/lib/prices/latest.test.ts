import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { priceStats, priceStatsRuns, type DbHandle } from '@portal/db'
import { openTestDb } from '@portal/db/testing'
import { latestStats, REFRESH_MS, statKey } from './latest.ts'

const figure = { n: 10, p25: 900_000, p75: 1_100_000, binMin: 800_000, binWidth: 50_000, bins: Array(12).fill(1) }

describe('the latest month in memory', () => {
  let db: DbHandle
  beforeAll(async () => { db = await openTestDb() })
  afterAll(async () => { await db.close(); vi.restoreAllMocks() })

  it("another instance's run is read within REFRESH_MS, not per request", async () => {
    const key = statKey(1, 'sell', 'warszawa', 'Mokotów', 2)
    expect((await latestStats(db)).get(key)).toBeUndefined()
    // Another instance's job writes a run.
    await db.db.insert(priceStats).values({ categoryId: 1, offerType: 'sell', citySlug: 'warszawa', district: 'Mokotów', rooms: 2, month: '2026-11-01', median: 1_000_000, ...figure })
    await db.db.insert(priceStatsRuns).values({ lastMonth: '2026-11-01', groups: 1, listings: 10, ms: 1 })
    expect((await latestStats(db)).get(key)).toBeUndefined()
    const now = Date.now()
    vi.spyOn(Date, 'now').mockReturnValue(now + REFRESH_MS + 1)
    expect((await latestStats(db)).get(key)).toMatchObject({ median: 1_000_000, rooms: 2, district: 'Mokotów', bins: figure.bins })
    // Only the latest run's month is kept.
    await db.db.insert(priceStats).values({ categoryId: 1, offerType: 'sell', citySlug: 'warszawa', district: 'Mokotów', rooms: 2, month: '2026-12-01', median: 1_200_000, ...figure })
    await db.db.insert(priceStatsRuns).values({ lastMonth: '2026-12-01', groups: 1, listings: 10, ms: 1 })
    vi.spyOn(Date, 'now').mockReturnValue(now + 2 * REFRESH_MS + 2)
    expect((await latestStats(db)).get(key)).toMatchObject({ median: 1_200_000 })
  })
})
