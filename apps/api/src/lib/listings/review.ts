import { eq, sql } from 'drizzle-orm'
import { categories, categoryModeration, listingModeration, type DbHandle, type ModerationMode } from '@portal/db'

/**
 * The listing side of moderation (issue 13, docs/decisions/019-moderation-and-admin.md): which mode a category is in and the
 * queue entry a publish or a content edit leaves behind. The moderators' decisions live in lib/moderation.
 *
 *   publish ──pre──▶ pending (queued) ──approve──▶ active
 *      │                  └──reject(note)──▶ rejected ──owner edits──▶ pending (queued) …
 *      └──post──▶ active (queued, reviewed after) ──reject(note)──▶ rejected
 */

/** A category without its own setting takes its parent's; with neither, post-moderation. */
export const DEFAULT_MODE: ModerationMode = 'post'

export async function moderationModeFor(db: DbHandle, categoryId: number): Promise<ModerationMode> {
  const rows = await db.db.select({ id: categoryModeration.categoryId, mode: categoryModeration.mode }).from(categoryModeration)
    .where(sql`${categoryModeration.categoryId} IN (${categoryId}, (SELECT ${categories.parentId} FROM ${categories} WHERE ${categories.id} = ${categoryId}))`)
  return rows.find((r) => r.id === categoryId)?.mode ?? rows[0]?.mode ?? DEFAULT_MODE
}

/** Puts the listing (back) in the moderators' queue. */
export async function enqueueReview(db: DbHandle, listingId: number, mode: ModerationMode, reason: 'new' | 'edit'): Promise<void> {
  const set = { state: 'queued' as const, mode, reason, queuedAt: new Date(), decidedAt: null, decidedBy: null }
  await db.db.insert(listingModeration).values({ listingId, ...set, note: null })
    .onConflictDoUpdate({ target: listingModeration.listingId, set })
}

export async function moderationOf(db: DbHandle, listingId: number) {
  const [row] = await db.db.select().from(listingModeration).where(eq(listingModeration.listingId, listingId)).limit(1)
  return row ?? null
}
