import { sql } from 'drizzle-orm'
import { dailyCounters, listingDailyStats, type DbHandle } from '@portal/db'

// One formatter for every count: building one costs more than formatting.
const WARSAW_DAY = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' })
// Formatting is still ~1 % of a search's CPU at a thousand searches a second: the day is read again each second.
let day = { at: 0, value: '' }
const warsawToday = (now = Date.now()) => {
  if (now - day.at >= 1000 || now < day.at) day = { at: now, value: WARSAW_DAY.format(now) }
  return day.value
}

/** One phone reveal of a listing today (owner statistics). */
export async function recordPhoneReveal(db: DbHandle, listingId: number): Promise<void> {
  await db.db.insert(listingDailyStats).values({ listingId, day: warsawToday(), phoneReveals: 1 })
    .onConflictDoUpdate({ target: [listingDailyStats.listingId, listingDailyStats.day], set: { phoneReveals: sql`${listingDailyStats.phoneReveals} + 1` } })
}

/**
 * Site-wide daily counts (searches for the admin dashboard) add up in memory and are written as one upsert per day
 * and key, so a search never waits on a shared row. The write happens on the next count once the oldest pending one
 * is a minute old or a thousand are pending, and on shutdown: no timer of its own (a crash loses at most that).
 */
export class DailyCounter {
  private pending = new Map<string, number>()
  private total = 0
  private since = 0
  private writing: Promise<void> | null = null
  constructor(private readonly db: DbHandle, private readonly opts: {
    maxAgeMs?: number; maxPending?: number; onError?: (err: Error) => void
  } = {}) {}

  add(key: string, n = 1, now = Date.now()): void {
    const k = `${warsawToday()}|${key}`
    if (!this.pending.size) this.since = now
    this.pending.set(k, (this.pending.get(k) ?? 0) + n)
    this.total += n
    const due = now - this.since >= (this.opts.maxAgeMs ?? 60_000) || this.total >= (this.opts.maxPending ?? 1000)
    if (due && !this.writing) {
      this.writing = this.flush()
        .catch((err: Error) => this.opts.onError?.(err))
        .finally(() => { this.writing = null })
    }
  }

  async flush(): Promise<void> {
    const batch = this.pending
    if (!batch.size) return
    this.pending = new Map()
    this.total = 0
    for (const [k, n] of batch) {
      const [day, key] = k.split('|') as [string, string]
      await this.db.db.insert(dailyCounters).values({ day, key, n })
        .onConflictDoUpdate({ target: [dailyCounters.day, dailyCounters.key], set: { n: sql`${dailyCounters.n} + ${n}` } })
    }
  }
}
