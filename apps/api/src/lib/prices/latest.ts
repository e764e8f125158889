import { sql } from 'drizzle-orm'
import { arrayOf, rowsOf, type DbHandle } from '@portal/db'

/**
 * The latest month of `price_stats` in memory, for the listing pages' comparison (issue 26: it may add ≤ 2 ms p95).
 * It is a cache of what PostgreSQL holds (about a thousand rows at 1M listings): an instance reloads it when the
 * newest run changed, looking at most every REFRESH_MS; the instance that ran the job drops its copy at once.
 */
export const REFRESH_MS = 60_000

export interface LatestStat {
  district: string; rooms: number; n: number; p25: number; median: number; p75: number
  binMin: number; binWidth: number; bins: number[]
}
interface Cache { runId: number; checkedAt: number; rows: Map<string, LatestStat>; loading?: Promise<void> }

const caches = new WeakMap<DbHandle, Cache>()
export const statKey = (categoryId: number, offerType: string, citySlug: string, district: string, rooms: number) =>
  `${categoryId}|${offerType}|${citySlug}|${district}|${rooms}`

async function load(db: DbHandle, cache: Cache): Promise<void> {
  const [run] = rowsOf(await db.db.execute(sql`select id, last_month from price_stats_runs order by id desc limit 1`))
  const runId = run ? Number(run.id) : 0
  if (runId !== cache.runId) {
    const rows = new Map<string, LatestStat>()
    if (run) {
      const r = await db.db.execute(sql`select category_id, offer_type, city_slug, district, rooms, n, p25, median, p75, bin_min, bin_width, bins
        from price_stats where month = ${run.last_month}`)
      for (const x of rowsOf(r)) {
        rows.set(statKey(Number(x.category_id), String(x.offer_type), String(x.city_slug), String(x.district), Number(x.rooms)), {
          district: String(x.district), rooms: Number(x.rooms), n: Number(x.n), p25: Number(x.p25), median: Number(x.median),
          p75: Number(x.p75), binMin: Number(x.bin_min), binWidth: Number(x.bin_width),
          bins: arrayOf(x.bins, Number),
        })
      }
    }
    cache.rows = rows
    cache.runId = runId
  }
  cache.checkedAt = Date.now()
}

/** The latest month's figures, keyed by statKey. */
export async function latestStats(db: DbHandle): Promise<Map<string, LatestStat>> {
  let cache = caches.get(db)
  if (!cache) { cache = { runId: -1, checkedAt: 0, rows: new Map() }; caches.set(db, cache) }
  if (Date.now() - cache.checkedAt >= REFRESH_MS) {
    // One reload at a time; callers meanwhile wait for it (the first) or read the previous copy.
    cache.loading ??= load(db, cache).finally(() => { cache.loading = undefined })
    if (cache.runId < 0) await cache.loading
    else await cache.loading.catch(() => {})
  }
  return cache.rows
}

/** After a run in this instance: the next read reloads. */
export function dropLatestStats(db: DbHandle): void { caches.delete(db) }
