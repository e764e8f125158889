import { asc, eq, sql } from 'drizzle-orm'
import { contentPages, pages, type DbHandle } from '@portal/db'
import { slugify, type AdminContentPage, type AdminStaticPage } from '@portal/contracts/cms'
import { audit, type Actor } from '../admin/audit.ts'
import { notFound } from '../http/errors.ts'
import { inTransaction } from '../http/transaction.ts'

/**
 * Static footer pages (/strony/{id}) in the CMS. Pages are hidden (status in_active), never deleted: the seeded
 * ones (ids 17–21, packages/db/src/seed/pages.ts) are re-inserted at start when missing, and /strony/17 is linked
 * from the spec. New pages get ids from 100 up, clear of the seeded ones.
 */
export const FIRST_CMS_PAGE_ID = 100
type Row = typeof pages.$inferSelect
export interface PageFields { title: string; content: string; status: 'active' | 'in_active'; position?: number | undefined }

export const toAdminPage = (r: Row): AdminStaticPage => ({
  id: r.id, title: r.title, name: r.name, content: r.content, status: r.status, position: r.position,
})
const snapshot = (r: Row) => ({ title: r.title, content: r.content, status: r.status, position: r.position })

export async function listPages(db: DbHandle): Promise<AdminStaticPage[]> {
  return (await db.db.select().from(pages).orderBy(asc(pages.position), asc(pages.id))).map(toAdminPage)
}

export async function createPage(db: DbHandle, actor: Actor, f: PageFields): Promise<AdminStaticPage> {
  return inTransaction(db, async (tx) => {
    // Serialises concurrent creations (ids are not a sequence); released at commit.
    await tx.db.execute(sql`select pg_advisory_xact_lock(hashtext('cms-pages'))`)
    const [{ next }] = await tx.db.select({ next: sql<number>`greatest(coalesce(max(${pages.id}), 0) + 1, ${FIRST_CMS_PAGE_ID})`.mapWith(Number) }).from(pages)
    const base = slugify(f.title) || 'strona'
    const [row] = await tx.db.insert(pages).values({
      id: next, title: f.title, name: `${base}-${next}`, content: f.content, status: f.status, position: f.position ?? next,
    }).returning()
    await audit(tx, actor, { action: 'content.create', targetType: 'page', targetId: row!.id, before: null, after: snapshot(row!) })
    return toAdminPage(row!)
  })
}

export async function updatePage(db: DbHandle, actor: Actor, id: number, f: PageFields): Promise<AdminStaticPage> {
  return inTransaction(db, async (tx) => {
    const [before] = await tx.db.select().from(pages).where(eq(pages.id, id)).for('update')
    if (!before) throw notFound('Nie ma takiej strony.')
    const [row] = await tx.db.update(pages)
      .set({ title: f.title, content: f.content, status: f.status, position: f.position ?? before.position })
      .where(eq(pages.id, id)).returning()
    await audit(tx, actor, { action: 'content.update', targetType: 'page', targetId: id, before: snapshot(before), after: snapshot(row!) })
    return toAdminPage(row!)
  })
}

/** Editorial pages addressed by key (`o-nas` → /o-nas): edited, never created or deleted here (the site links them). */
type ContentRow = typeof contentPages.$inferSelect
const toContentPage = (r: ContentRow): AdminContentPage => ({ id: r.id, slug: r.slug, title: r.title, lead: r.lead, body: r.body, updated_at: new Date(r.updatedAt).toISOString() })

export async function listContentPages(db: DbHandle): Promise<AdminContentPage[]> {
  return (await db.db.select().from(contentPages).orderBy(asc(contentPages.slug))).map(toContentPage)
}

export async function updateContentPage(db: DbHandle, actor: Actor, id: number, f: { title: string; lead: string; body: string }): Promise<AdminContentPage> {
  return inTransaction(db, async (tx) => {
    const [before] = await tx.db.select().from(contentPages).where(eq(contentPages.id, id)).for('update')
    if (!before) throw notFound('Nie ma takiej strony.')
    const [row] = await tx.db.update(contentPages).set({ ...f, updatedAt: sql`now()` }).where(eq(contentPages.id, id)).returning()
    await audit(tx, actor, {
      action: 'content.update', targetType: 'content_page', targetId: id,
      before: { title: before.title, lead: before.lead, body: before.body }, after: { title: row!.title, lead: row!.lead, body: row!.body },
    })
    return toContentPage(row!)
  })
}
