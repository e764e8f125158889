import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { listingViews, type DbHandle } from '@portal/db'
import { warsawDate } from './write.ts'

/** Who a view is counted for: the session when there is one, else the address and user agent. */
export function viewerKey(request: { session?: { id: string } | null; ip: string; headers: Record<string, unknown> }): string {
  return request.session?.id ?? `${request.ip}|${String(request.headers['user-agent'] ?? '')}`
}

/** The stored visitor of a view: hashed with the app key, never the address or session itself. */
export function viewVisitor(appKey: string, visitorKey: string): string {
  return createHash('sha256').update(`${appKey}:${visitorKey}`).digest('base64url').slice(0, 32)
}

/** Once per visitor per listing per Polish day: true when this view was the first (and `listings.views` went up). */
export async function countView(db: DbHandle, appKey: string, listingId: number, visitorKey: string): Promise<boolean> {
  return (await countViews(db, [{ listingId, visitor: viewVisitor(appKey, visitorKey) }])) > 0
}

/** Several views in two statements; returns how many were new. */
export async function countViews(db: DbHandle, views: { listingId: number; visitor: string }[]): Promise<number> {
  if (!views.length) return 0
  const day = warsawDate(new Date())!
  const inserted = await db.db.insert(listingViews).values(views.map((v) => ({ ...v, day })))
    .onConflictDoNothing().returning({ id: listingViews.listingId })
  const per = new Map<number, number>()
  for (const { id } of inserted) per.set(id, (per.get(id) ?? 0) + 1)
  if (!per.size) return 0
  // One statement for every listing of the batch.
  const rows = sql.join([...per].map(([id, n]) => sql`(${id}::bigint, ${n}::int)`), sql`, `)
  await db.db.execute(sql`update listings l set views = l.views + v.n from (values ${rows}) as v(id, n) where l.id = v.id`)
  return inserted.length
}

/**
 * Views of pages answered without running the listing's API (the page cache, decision 029), written in batches a
 * second apart: counted as the API counts them, without two statements per cached page.
 */
export class ViewBatch {
  private pending = new Map<string, { listingId: number; visitor: string }>()
  private timer?: NodeJS.Timeout

  constructor(private readonly db: DbHandle, private readonly appKey: string, private readonly onError: (err: Error) => void) {}

  add(listingId: number, visitorKey: string) {
    const visitor = viewVisitor(this.appKey, visitorKey)
    this.pending.set(`${listingId}:${visitor}`, { listingId, visitor })
    this.timer ??= setTimeout(() => { void this.flush() }, 1000).unref()
  }

  async flush() {
    clearTimeout(this.timer)
    this.timer = undefined
    const views = [...this.pending.values()]
    this.pending.clear()
    for (let i = 0; i < views.length; i += 1000) await countViews(this.db, views.slice(i, i + 1000)).catch(this.onError)
  }
}
