import { sql } from 'drizzle-orm'
import type { Db } from '@portal/db'
import type { SearchQuery } from '@portal/contracts/search'
import type { SearchIndex } from '../search/index/index.ts'
import { rowsOf, searchPlan } from '../search/sql.ts'
import { investmentResolver } from '../search/investment.ts'

/**
 * Which new listings a saved search finds — with the search engine of GET /api/search (one engine, no second filter
 * implementation): the in-memory index's per-listing test when it is loaded and can answer the query, else the SQL
 * path's WHERE (searchPlan) restricted to the candidate ids.
 */
export interface NewListing { id: number; userId: number; liveAt: number }

/**
 * Active listings that went live in (since, until]: published then (listing_meta.published_at, or created_at when
 * there is no such row) and visible from then (visible_from), whichever is later — a listing scheduled for later
 * counts when it appears. Three index range scans (migration engagement adds the two indexes it needs).
 */
export async function listingsLiveBetween(db: Db, since: Date, until: Date): Promise<NewListing[]> {
  const s = since.toISOString(), u = until.toISOString()
  const rows = rowsOf<{ id: number; user_id: number; live_at: string | Date }>(await db.execute(sql`
    with ids as (
      select listing_id as id from listing_meta where published_at > ${s}::timestamptz and published_at <= ${u}::timestamptz
      union select id from listings where visible_from > ${s}::timestamptz and visible_from <= ${u}::timestamptz
      union select id from listings where status = 'active' and created_at > ${s}::timestamptz and created_at <= ${u}::timestamptz
    )
    select l.id, l.user_id,
      greatest(coalesce(m.published_at, l.created_at), coalesce(l.visible_from, m.published_at, l.created_at)) as live_at
    from ids join listings l on l.id = ids.id left join listing_meta m on m.listing_id = l.id
    where l.status = 'active' and (l.expires_at is null or l.expires_at > now())`))
  return rows
    .map((r) => ({ id: Number(r.id), userId: Number(r.user_id), liveAt: new Date(r.live_at).getTime() }))
    .filter((r) => r.liveAt > since.getTime() && r.liveAt <= until.getTime())
}

export type Matcher = (q: SearchQuery, ids: number[]) => Promise<number[]>

/** A matcher for one run over many searches: the index (caught up once) where it can, SQL for the rest. */
export async function createMatcher(db: Db, index: SearchIndex | undefined, now = Date.now()): Promise<Matcher> {
  const inMemory = index ? await index.matcher(now) : undefined
  // A search following an investment (decision 077) gets its units as they are now: a unit added since it was saved counts.
  const resolve = investmentResolver(db)
  return async (query, ids) => {
    if (!ids.length) return []
    const q = await resolve(query)
    const hit = inMemory?.(q, ids)
    if (hit) return hit
    return sqlMatch(db, q, ids)
  }
}

/** The SQL path: /api/search's WHERE, only over these listings. */
export async function sqlMatch(db: Db, query: SearchQuery, ids: number[]): Promise<number[]> {
  const q = await investmentResolver(db)(query)
  const { where } = searchPlan(q)
  const out: number[] = []
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000)
    const rows = rowsOf<{ id: number }>(await db.execute(sql`select l.id from listings l
      where ${where} and l.id in (${sql.join(chunk.map((id) => sql`${id}`), sql`, `)})`))
    out.push(...rows.map((r) => Number(r.id)))
  }
  return out
}
