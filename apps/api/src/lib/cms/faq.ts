import { and, asc, count, eq, ne, sql } from 'drizzle-orm'
import { faqEntries, faqGroups, type DbHandle } from '@portal/db'
import { CMS_MESSAGES, slugify, type AdminFaqEntry, type AdminFaqGroup } from '@portal/contracts/cms'
import { audit, type Actor } from '../admin/audit.ts'
import { fieldError, HttpError, notFound } from '../http/errors.ts'
import { inTransaction } from '../http/transaction.ts'

/**
 * FAQ groups and entries in the CMS. /faq reads the same tables on every request (no cache beyond revalidation),
 * so a saved entry shows there at once. The older system's open FAQ write API (reference §9) does not exist here:
 * every write goes through /api/admin (staff only, CSRF, audited).
 */
type GroupRow = typeof faqGroups.$inferSelect
type EntryRow = typeof faqEntries.$inferSelect
export interface GroupFields { title: string; slug?: string | undefined; position?: number | undefined }
export interface EntryFields { group_id: number; question: string; answer: string; status: 'published' | 'draft'; position?: number | undefined }

const toEntry = (e: EntryRow): AdminFaqEntry => ({
  id: e.id, group_id: e.groupId, question: e.question, answer: e.answer, status: e.status, position: e.position,
  updated_at: new Date(e.updatedAt).toISOString(),
})
const groupSnap = (g: GroupRow) => ({ slug: g.slug, title: g.title, position: g.position })
const entrySnap = (e: EntryRow) => ({ group_id: e.groupId, question: e.question, answer: e.answer, status: e.status, position: e.position })

/** Every group in order with all its entries, drafts included. */
export async function adminFaq(db: DbHandle): Promise<AdminFaqGroup[]> {
  const groups = await db.db.select().from(faqGroups).orderBy(asc(faqGroups.position), asc(faqGroups.id))
  const entries = await db.db.select().from(faqEntries).orderBy(asc(faqEntries.position), asc(faqEntries.id))
  return groups.map((g) => ({
    id: g.id, slug: g.slug, title: g.title, position: g.position,
    entries: entries.filter((e) => e.groupId === g.id).map(toEntry),
  }))
}

async function freeSlug(db: DbHandle, wanted: string, exceptId?: number): Promise<boolean> {
  const [row] = await db.db.select({ id: faqGroups.id }).from(faqGroups)
    .where(exceptId ? and(eq(faqGroups.slug, wanted), ne(faqGroups.id, exceptId)) : eq(faqGroups.slug, wanted)).limit(1)
  return !row
}

export async function saveGroup(db: DbHandle, actor: Actor, id: number | null, f: GroupFields): Promise<AdminFaqGroup> {
  return inTransaction(db, async (tx) => {
    const [before] = id ? await tx.db.select().from(faqGroups).where(eq(faqGroups.id, id)).for('update') : [undefined]
    if (id && !before) throw notFound('Nie ma takiej grupy pytań.')
    const slug = f.slug ?? before?.slug ?? (slugify(f.title) || 'grupa')
    if (!(await freeSlug(tx, slug, id ?? undefined))) throw fieldError('slug', CMS_MESSAGES.slugTaken)
    let row: GroupRow
    if (before) {
      [row] = await tx.db.update(faqGroups).set({ title: f.title, slug, position: f.position ?? before.position })
        .where(eq(faqGroups.id, before.id)).returning() as [GroupRow]
    } else {
      const [{ last }] = await tx.db.select({ last: sql<number>`coalesce(max(${faqGroups.position}), -1)`.mapWith(Number) }).from(faqGroups)
      ;[row] = await tx.db.insert(faqGroups).values({ title: f.title, slug, position: f.position ?? Math.min(999, last + 1) }).returning() as [GroupRow]
    }
    await audit(tx, actor, {
      action: before ? 'content.update' : 'content.create', targetType: 'faq_group', targetId: row.id,
      before: before ? groupSnap(before) : null, after: groupSnap(row),
    })
    const entries = await tx.db.select().from(faqEntries).where(eq(faqEntries.groupId, row.id)).orderBy(asc(faqEntries.position))
    return { id: row.id, slug: row.slug, title: row.title, position: row.position, entries: entries.map(toEntry) }
  })
}

/** Only an empty group can go: deleting a group would silently take its answers with it (the FK cascades). */
export async function deleteGroup(db: DbHandle, actor: Actor, id: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [before] = await tx.db.select().from(faqGroups).where(eq(faqGroups.id, id)).for('update')
    if (!before) throw notFound('Nie ma takiej grupy pytań.')
    const [{ n }] = await tx.db.select({ n: count() }).from(faqEntries).where(eq(faqEntries.groupId, id))
    if (n > 0) throw new HttpError(409, 'group_not_empty', CMS_MESSAGES.groupNotEmpty)
    await tx.db.delete(faqGroups).where(eq(faqGroups.id, id))
    await audit(tx, actor, { action: 'content.delete', targetType: 'faq_group', targetId: id, before: groupSnap(before), after: null })
  })
}

export async function saveEntry(db: DbHandle, actor: Actor, id: number | null, f: EntryFields): Promise<AdminFaqEntry> {
  return inTransaction(db, async (tx) => {
    const [group] = await tx.db.select({ id: faqGroups.id }).from(faqGroups).where(eq(faqGroups.id, f.group_id))
    if (!group) throw fieldError('group_id', CMS_MESSAGES.groupUnknown)
    const [before] = id ? await tx.db.select().from(faqEntries).where(eq(faqEntries.id, id)).for('update') : [undefined]
    if (id && !before) throw notFound('Nie ma takiego pytania.')
    const fields = { groupId: f.group_id, question: f.question, answer: f.answer, status: f.status }
    let row: EntryRow
    if (before) {
      [row] = await tx.db.update(faqEntries).set({ ...fields, position: f.position ?? before.position, updatedAt: sql`now()` })
        .where(eq(faqEntries.id, before.id)).returning() as [EntryRow]
    } else {
      const [{ last }] = await tx.db.select({ last: sql<number>`coalesce(max(${faqEntries.position}), -1)`.mapWith(Number) })
        .from(faqEntries).where(eq(faqEntries.groupId, f.group_id))
      ;[row] = await tx.db.insert(faqEntries).values({ ...fields, position: f.position ?? Math.min(999, last + 1) }).returning() as [EntryRow]
    }
    await audit(tx, actor, {
      action: before ? 'content.update' : 'content.create', targetType: 'faq_entry', targetId: row.id,
      before: before ? entrySnap(before) : null, after: entrySnap(row),
    })
    return toEntry(row)
  })
}

export async function deleteEntry(db: DbHandle, actor: Actor, id: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [before] = await tx.db.delete(faqEntries).where(eq(faqEntries.id, id)).returning()
    if (!before) throw notFound('Nie ma takiego pytania.')
    await audit(tx, actor, { action: 'content.delete', targetType: 'faq_entry', targetId: id, before: entrySnap(before), after: null })
  })
}

/** Same ids, each once: a reorder must not lose or repeat anything another tab added or removed meanwhile. */
const sameSet = (wanted: number[], existing: number[]) =>
  wanted.length === existing.length && new Set(wanted).size === wanted.length && existing.every((id) => wanted.includes(id))

/** Puts the groups in the given order (positions 0, 1, 2…); 422 unless it names every group exactly once. */
export async function orderGroups(db: DbHandle, actor: Actor, groupIds: number[]): Promise<AdminFaqGroup[]> {
  await inTransaction(db, async (tx) => {
    // Locked so that two reorders do not interleave; a group added since the page was loaded makes the order
    // incomplete: 422, nothing changed.
    const rows = await tx.db.select({ id: faqGroups.id }).from(faqGroups).orderBy(asc(faqGroups.position), asc(faqGroups.id)).for('update')
    const before = rows.map((r) => r.id)
    if (!sameSet(groupIds, before)) throw fieldError('group_ids', CMS_MESSAGES.groupOrderMismatch)
    for (const [position, id] of groupIds.entries()) await tx.db.update(faqGroups).set({ position }).where(eq(faqGroups.id, id))
    await audit(tx, actor, { action: 'content.update', targetType: 'faq_group', targetId: null, before: { order: before }, after: { order: groupIds } })
  })
  return adminFaq(db)
}

/** Puts a group's entries in the given order; 404 for an unknown group, 422 unless it names each of its entries once. */
export async function orderEntries(db: DbHandle, actor: Actor, groupId: number, entryIds: number[]): Promise<AdminFaqGroup> {
  await inTransaction(db, async (tx) => {
    const [group] = await tx.db.select({ id: faqGroups.id }).from(faqGroups).where(eq(faqGroups.id, groupId)).for('update')
    if (!group) throw notFound('Nie ma takiej grupy pytań.')
    const rows = await tx.db.select({ id: faqEntries.id }).from(faqEntries).where(eq(faqEntries.groupId, groupId))
      .orderBy(asc(faqEntries.position), asc(faqEntries.id)).for('update')
    const before = rows.map((r) => r.id)
    if (!sameSet(entryIds, before)) throw fieldError('entry_ids', CMS_MESSAGES.entryOrderMismatch)
    for (const [position, id] of entryIds.entries()) await tx.db.update(faqEntries).set({ position }).where(eq(faqEntries.id, id))
    await audit(tx, actor, { action: 'content.update', targetType: 'faq_group', targetId: groupId, before: { entries: before }, after: { entries: entryIds } })
  })
  return (await adminFaq(db)).find((g) => g.id === groupId)!
}
