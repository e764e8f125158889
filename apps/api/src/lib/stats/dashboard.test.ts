import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { openTestDb } from '@portal/db/testing'
import type { DbHandle } from '@portal/db'
import { clearDashboardCache, dashboardSeries } from './dashboard.ts'

describe('dashboardSeries', () => {
  let db: DbHandle
  beforeAll(async () => { db = await openTestDb() })
  afterAll(async () => { await db.close() })
  afterEach(() => {
    vi.useRealTimers()
    clearDashboardCache()
  })

  // 23:30 in Warsaw (CET) on 24 November: 89 × 24 h earlier is 00:30 on 28 August in summer time, a day too late.
  it.each([[90, '2026-08-27'], [30, '2026-10-26']] as const)('%i days end today and start %s, late in a winter evening too', async (days, from) => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-24T22:30:00Z'))
    const res = await dashboardSeries(db, days)
    expect(res).toMatchObject({ from, to: '2026-11-24' })
    for (const s of res.series) {
      expect(s.points).toHaveLength(days)
      expect(s.points[0]!.day).toBe(from)
      expect(s.points.at(-1)!.day).toBe('2026-11-24')
    }
  })
})
