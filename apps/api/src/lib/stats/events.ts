import { sql } from 'drizzle-orm'
import { dailyCounters, listingDailyStats, type DbHandle } from '@portal/db'

const warsawToday = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' }).format(new Date())

/** One phone reveal of a listing today (owner statistics). */
export async function recordPhoneReveal(db: DbHandle, listingId: number): Promise<void> {
  await db.db.insert(listingDailyStats).values({ listingId, day: warsawToday(), phoneReveals: 1 })
    .onConflictDoUpdate({ target: [listingDailyStats.listingId, listingDailyStats.day], set: { phoneReveals: sql`${listingDailyStats.phoneReveals} + 1` } })
}

/**
 * Site-wide daily counts (searches for the admin dashboard) add up in memory and are written by `flush` — once a
 * minute from the app and on shutdown — as one upsert per day and key, so a search never waits on a shared row.
 */
export class DailyCounter {
  private pending = new Map<string, number>()
  constructor(private readonly db: DbHandle) {}

  add(key: string, n = 1): void {
    const k = `${warsawToday()}|${key}`
    this.pending.set(k, (this.pending.get(k) ?? 0) + n)
  }

  async flush(): Promise<void> {
    const batch = this.pending
    if (!batch.size) return
    this.pending = new Map()
    for (const [k, n] of batch) {
      const [day, key] = k.split('|') as [string, string]
      await this.db.db.insert(dailyCounters).values({ day, key, n })
        .onConflictDoUpdate({ target: [dailyCounters.day, dailyCounters.key], set: { n: sql`${dailyCounters.n} + ${n}` } })
    }
  }
}
