import { createHash, randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { listingViews, perHandle, rowsOf, type Db, type DbHandle } from '@portal/db'
import { warsawDate } from './write.ts'
import { isPubliclyVisible, type ListingRow } from './access.ts'

/**
 * The user agent of the start's warm-up (web/warm-up.ts): the page's in-process API calls forward the user agent, so
 * this is what tells their views apart. Random per process, so no visitor can send it.
 */
export const WARM_UP_AGENT = `portal-warm-up/${randomBytes(16).toString('hex')}`

/**
 * Who a view is counted for: the session when there is one, else the address and user agent; null for the start's
 * warm-up, whose views are not counted.
 */
export function viewerKey(request: { session?: { id: string } | null; ip: string; headers: Record<string, unknown> }): string | null {
  const agent = String(request.headers['user-agent'] ?? '')
  if (agent === WARM_UP_AGENT) return null
  return request.session?.id ?? `${request.ip}|${agent}`
}

/** The stored visitor of a view: hashed with the app key, never the address or session itself. */
export function viewVisitor(appKey: string, visitorKey: string): string {
  return createHash('sha256').update(`${appKey}:${visitorKey}`).digest('base64url').slice(0, 32)
}

/** Once per visitor per listing per Polish day: true when this view was the first (and `listings.views` went up). */
export async function countView(db: DbHandle, appKey: string, listingId: number, visitorKey: string): Promise<boolean> {
  return (await countViews(db, [{ listingId, visitor: viewVisitor(appKey, visitorKey) }])) > 0
}

/**
 * The listing page's view, as its reads count it (GET /api/offers/:slug, and GET /api/offers/:id/viewer after a page
 * from the shared cache, decision 102): a live listing's, not its owner's. Returns the views the page shows then.
 */
export async function countPageView(db: DbHandle, appKey: string, listing: ListingRow, owner: boolean, visitorKey: string | null): Promise<number> {
  if (owner || visitorKey === null || !isPubliclyVisible(listing)) return listing.views
  return listing.views + (await countView(db, appKey, listing.id, visitorKey) ? 1 : 0)
}

/**
 * The view's statement commits without waiting for its WAL to reach the disk (decision 110): set for its own
 * transaction only (set_config's `true`), which is this one statement, and read by its select so that it runs.
 */
const COMMIT_MODE_SQL = `select set_config('synchronous_commit', 'off', true)`
const VIEWS_COMMIT = sql.raw(`commit_mode as (${COMMIT_MODE_SQL})`)

/**
 * Several views in one statement (one round trip and one commit, as the listing page's API runs it per uncached view):
 * the new visitor rows, then each listing's counter raised by its new rows; returns how many were new.
 */
export async function countViews(db: DbHandle, views: { listingId: number; visitor: string }[]): Promise<number> {
  if (!views.length) return 0
  const day = warsawDate(new Date())!
  // One view (the listing page's, on every render the page cache does not serve): the same statement, planned once.
  if (views.length === 1) {
    const [row] = await oneView(db.db).execute({ listingId: views[0]!.listingId, visitor: views[0]!.visitor, day })
    return Number(row?.inserted ?? 0)
  }
  const values = sql.join(views.map((v) => sql`(${v.listingId}::bigint, ${v.visitor}::text, ${day}::date)`), sql`, `)
  const result = await db.db.execute(sql`with ${VIEWS_COMMIT}, inserted as (
      insert into listing_views (listing_id, visitor, day) select * from (values ${values}) as v(listing_id, visitor, day)
      on conflict do nothing returning listing_id
    ), ${RAISED}
    -- A data-modifying CTE runs to completion whether or not the query reads it: 'raised' needs no count.
    select (select count(*) from inserted)::int as inserted from commit_mode`)
  const [row] = rowsOf<{ inserted: number }>(result)
  return Number(row?.inserted ?? 0)
}

/** Each listing's counter raised by its new visitor rows (the CTE 'inserted'). */
const RAISED_SQL = `update listings l set views = l.views + n.n from (select listing_id, count(*)::int as n from inserted group by listing_id) n
      where l.id = n.listing_id`
const RAISED = sql.raw(`raised as (${RAISED_SQL})`)

/** One view's statement, as countViews writes a batch's (prepared once per handle as count_listing_view). */
export function oneViewQuery(db: Db) {
  const commitMode = db.$with('commit_mode', { mode: sql`mode` }).as(sql.raw(`${COMMIT_MODE_SQL} as mode`))
  const inserted = db.$with('inserted', { listingId: sql`listing_id` }).as(sql`insert into listing_views (listing_id, visitor, day)
    values (${sql.placeholder('listingId')}::bigint, ${sql.placeholder('visitor')}::text, ${sql.placeholder('day')}::date)
    on conflict do nothing returning listing_id`)
  const raised = db.$with('raised', { id: sql`id` }).as(sql.raw(RAISED_SQL))
  return db.with(commitMode, inserted, raised).select({ inserted: sql<number>`(select count(*) from inserted)::int` }).from(commitMode)
}

const oneView = perHandle((db) => oneViewQuery(db).prepare('count_listing_view'))

/**
 * Views of pages answered without running the listing's API (the page cache, decision 029), written in batches a
 * second apart: counted as the API counts them, without two statements per cached page.
 */
export class ViewBatch {
  private pending = new Map<string, { listingId: number; visitor: string }>()
  private timer?: NodeJS.Timeout
  private writing: Promise<void> = Promise.resolve()

  constructor(private readonly db: DbHandle, private readonly appKey: string, private readonly onError: (err: Error) => void) {}

  add(listingId: number, visitorKey: string | null) {
    if (visitorKey === null) return
    const visitor = viewVisitor(this.appKey, visitorKey)
    this.pending.set(`${listingId}:${visitor}`, { listingId, visitor })
    this.timer ??= setTimeout(() => { void this.flush() }, 1000).unref()
  }

  /**
   * Writes what is pending; resolves once this and every earlier write ended, so the flush on close does not return
   * (and the database close) while the timer's write is still running.
   */
  flush(): Promise<void> {
    clearTimeout(this.timer)
    this.timer = undefined
    const views = [...this.pending.values()]
    this.pending.clear()
    this.writing = this.writing.then(async () => {
      for (let i = 0; i < views.length; i += 1000) await countViews(this.db, views.slice(i, i + 1000)).catch(this.onError)
    })
    return this.writing
  }
}
