import { sql } from 'drizzle-orm'
import type { DbHandle } from '@portal/db'

/**
 * Fixed-window counters in the `throttles` table, so limits hold across instances without Redis.
 * One upsert per hit: a window that has run out starts again at 1.
 */
export interface ThrottleState { count: number; resetAt: Date }

type Rows<T> = { rows: T[] }
const rowsOf = <T>(r: unknown) => (r as Rows<T>).rows

let hits = 0

export async function hit(db: DbHandle, key: string, windowMs: number): Promise<ThrottleState> {
  const reset = new Date(Date.now() + windowMs)
  const res = await db.db.execute(sql`
    INSERT INTO throttles (key, count, reset_at) VALUES (${key}, 1, ${reset.toISOString()}::timestamptz)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN throttles.reset_at <= now() THEN 1 ELSE throttles.count + 1 END,
      reset_at = CASE WHEN throttles.reset_at <= now() THEN excluded.reset_at ELSE throttles.reset_at END
    RETURNING count, reset_at`)
  // Old windows are swept now and then (their rows would be reset on the next hit anyway).
  if (++hits % 200 === 0) await db.db.execute(sql`DELETE FROM throttles WHERE reset_at < now() - interval '1 hour'`)
  const row = rowsOf<{ count: number; reset_at: string | Date }>(res)[0]!
  return { count: Number(row.count), resetAt: new Date(row.reset_at) }
}

/** Seconds until the key may be used again, or 0 when it is under `limit`. */
export async function blockedFor(db: DbHandle, key: string, limit: number): Promise<number> {
  const res = await db.db.execute(sql`SELECT count, reset_at FROM throttles WHERE key = ${key} AND reset_at > now()`)
  const row = rowsOf<{ count: number; reset_at: string | Date }>(res)[0]
  if (!row || Number(row.count) < limit) return 0
  return Math.max(1, Math.ceil((new Date(row.reset_at).getTime() - Date.now()) / 1000))
}

/** Locks `key` until `until` (read back with `blockedFor(db, key, 1)`). */
export async function lockUntil(db: DbHandle, key: string, until: Date): Promise<void> {
  await db.db.execute(sql`
    INSERT INTO throttles (key, count, reset_at) VALUES (${key}, 1, ${until.toISOString()}::timestamptz)
    ON CONFLICT (key) DO UPDATE SET count = 1, reset_at = greatest(throttles.reset_at, excluded.reset_at)`)
}

/**
 * One failure of `key` with exponential backoff: from the `limit`-th failure within `windowMs` the key is locked
 * (`${key}:lock`) for baseLockMs·2^(failures−limit), at most maxLockMs. Returns the lock in seconds (0: none).
 */
export async function failWithBackoff(db: DbHandle, key: string, o: {
  limit: number; windowMs: number; baseLockMs: number; maxLockMs: number
}): Promise<number> {
  const { count } = await hit(db, key, o.windowMs)
  if (count < o.limit) return 0
  const ms = Math.min(o.maxLockMs, o.baseLockMs * 2 ** Math.min(30, count - o.limit))
  await lockUntil(db, `${key}:lock`, new Date(Date.now() + ms))
  return Math.ceil(ms / 1000)
}

/** Forgets the keys (one statement for all of them). */
export async function clear(db: DbHandle, ...keys: string[]): Promise<void> {
  await db.db.execute(sql`DELETE FROM throttles WHERE key IN (${sql.join(keys.map((k) => sql`${k}`), sql`, `)})`)
}

/** Records `key` once until `expiresAt`; false when it was already there (a replayed one-time value). */
export async function claimOnce(db: DbHandle, key: string, expiresAt: Date): Promise<boolean> {
  const res = await db.db.execute(sql`
    INSERT INTO throttles (key, count, reset_at) VALUES (${key}, 1, ${expiresAt.toISOString()}::timestamptz)
    ON CONFLICT (key) DO UPDATE SET count = 1, reset_at = excluded.reset_at WHERE throttles.reset_at <= now()
    RETURNING key`)
  return rowsOf(res).length === 1
}
