import { and, desc, eq, isNull, lte, or, sql } from 'drizzle-orm'
import { feedRuns, feedSources, users, type DbHandle } from '@portal/db'
import type { FeedRun, Integrations } from '@portal/contracts/feeds'
import { listTokens } from './tokens.ts'
import type { RunRow } from './engine.ts'

/** Sources and runs as the /integracje page sees them; creating runs; which URL sources are due. */
export const IMPORT_JOB = 'feeds-import'
export const POLL_JOB = 'feeds-poll'
export const MAX_URL_SOURCES = 10

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null)

export function toRunView(r: RunRow): FeedRun {
  return {
    id: r.id, source_id: r.sourceId, status: r.status, file_name: r.fileName, total: r.total, processed: r.processed,
    created: r.created, updated: r.updated, ended: r.ended, rejected: r.rejected, unchanged: r.unchanged,
    format: r.report.format ?? null, mode: r.report.mode ?? null, rejections: r.report.rejected, warnings: r.report.warnings,
    error: r.error, created_at: iso(r.createdAt)!, finished_at: iso(r.finishedAt),
  }
}

export async function integrations(db: DbHandle, userId: number): Promise<Integrations> {
  const sources = await db.db.select().from(feedSources).where(eq(feedSources.userId, userId)).orderBy(feedSources.id)
  const runs = await db.db.select().from(feedRuns).where(eq(feedRuns.userId, userId)).orderBy(desc(feedRuns.id)).limit(20)
  return {
    sources: sources.filter((s) => s.kind === 'url').map((s) => ({
      id: s.id, kind: s.kind, url: s.url, interval_minutes: s.intervalMinutes, last_polled_at: iso(s.lastPolledAt), last_file_at: iso(s.lastFileAt),
    })),
    runs: runs.map(toRunView),
    tokens: await listTokens(db, userId),
  }
}

/** The company's upload slot (one source of kind 'upload', made on first use). */
export async function uploadSource(db: DbHandle, userId: number): Promise<number> {
  const [found] = await db.db.select({ id: feedSources.id }).from(feedSources)
    .where(and(eq(feedSources.userId, userId), eq(feedSources.kind, 'upload'))).limit(1)
  if (found) return found.id
  const [row] = await db.db.insert(feedSources).values({ userId, kind: 'upload' }).returning({ id: feedSources.id })
  return row!.id
}

export async function createRun(db: DbHandle, sourceId: number, userId: number, fileName: string | null): Promise<RunRow> {
  const [row] = await db.db.insert(feedRuns).values({ sourceId, userId, fileName: fileName?.slice(0, 200) ?? null }).returning()
  return row!
}

/**
 * URL sources whose interval has passed and that have no run waiting or running: each gets a run (returned), and
 * its last_polled_at moves to now in the same statement, so two instances never poll one source twice.
 */
export async function claimDueSources(db: DbHandle): Promise<RunRow[]> {
  const due = await db.db.update(feedSources).set({ lastPolledAt: sql`now()` })
    .where(and(eq(feedSources.kind, 'url'),
      or(isNull(feedSources.lastPolledAt), lte(sql`${feedSources.lastPolledAt} + make_interval(mins => ${feedSources.intervalMinutes})`, sql`now()`)),
      sql`NOT EXISTS (SELECT 1 FROM feed_runs r WHERE r.source_id = ${feedSources.id} AND r.status IN ('queued', 'running'))`))
    .returning({ id: feedSources.id, userId: feedSources.userId, url: feedSources.url })
  const runs: RunRow[] = []
  for (const s of due) runs.push(await createRun(db, s.id, s.userId, s.url))
  return runs
}

export async function ownerOf(db: DbHandle, userId: number) {
  const [u] = await db.db.select({ email: users.email, name: users.name, companyName: users.companyName }).from(users)
    .where(eq(users.id, userId)).limit(1)
  return u ?? null
}

export async function runOf(db: DbHandle, userId: number, id: number): Promise<RunRow | null> {
  const [r] = await db.db.select().from(feedRuns).where(and(eq(feedRuns.id, id), eq(feedRuns.userId, userId))).limit(1)
  return r ?? null
}
