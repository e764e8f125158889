import { randomBytes } from 'node:crypto'
import { and, desc, eq, ne, sql } from 'drizzle-orm'
import { blogPosts, type DbHandle } from '@portal/db'
import { CITY_BY_SLUG, categoryBySlug } from '@portal/contracts/catalogue'
import { CMS_MESSAGES, slugify, type AdminBlogPost } from '@portal/contracts/cms'
import { photoUrl } from '@portal/contracts/listing'
import { audit, type Actor } from '../admin/audit.ts'
import { fieldError, notFound } from '../http/errors.ts'
import { inTransaction } from '../http/transaction.ts'
import { renderListingPhoto } from '../listings/photos.ts'
import type { Storage } from '../media/storage.ts'

/**
 * Blog posts in the CMS. A post is public while `published` with `published_at` in the past (lib/content/read.ts),
 * so publishing shows it on /blog at once and a future date schedules it. Photos (the cover and pictures in the
 * body) go through the listing photo pipeline (re-encoded WebP 480/960/1600 px) into the normal storage under
 * `blog/…`; the Markdown sanitiser lets through images from there only.
 */
type Row = typeof blogPosts.$inferSelect
export interface PostFields {
  title: string; slug?: string | undefined; lead: string; body: string; status: 'published' | 'draft'
  published_at?: string | null | undefined; city_slug?: string | null | undefined; category_slug?: string | null | undefined
  author_name?: string | undefined; cover_alt?: string | undefined
}

const iso = (d: Date | string) => new Date(d).toISOString()
export const toAdminPost = (r: Row): AdminBlogPost => ({
  id: r.id, slug: r.slug, title: r.title, lead: r.lead, body: r.body, status: r.status,
  published_at: iso(r.publishedAt), updated_at: iso(r.updatedAt), city_slug: r.citySlug, category_slug: r.categorySlug,
  author_name: r.authorName, cover_url: r.coverKey ? photoUrl(r.coverKey, 'md') : null, cover_alt: r.coverAlt,
})
const snapshot = (r: Row) => ({
  slug: r.slug, title: r.title, lead: r.lead, body: r.body, status: r.status, published_at: iso(r.publishedAt),
  city_slug: r.citySlug, category_slug: r.categorySlug, author_name: r.authorName, cover_key: r.coverKey, cover_alt: r.coverAlt,
})

export async function listAdminPosts(db: DbHandle): Promise<Array<Omit<AdminBlogPost, 'body'>>> {
  const rows = await db.db.select().from(blogPosts).orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
  return rows.map((r) => { const { body: _body, ...rest } = toAdminPost(r); return rest })
}

export async function adminPost(db: DbHandle, id: number): Promise<AdminBlogPost> {
  const [row] = await db.db.select().from(blogPosts).where(eq(blogPosts.id, id))
  if (!row) throw notFound('Nie ma takiego wpisu.')
  return toAdminPost(row)
}

/** Checks what zod cannot (catalogue names, a free address) and maps the fields to columns. */
async function columns(tx: DbHandle, f: PostFields, before: Row | undefined) {
  const city = f.city_slug?.trim() || null
  if (city && !CITY_BY_SLUG.has(city)) throw fieldError('city_slug', CMS_MESSAGES.cityUnknown)
  const category = f.category_slug?.trim() || null
  if (category && !categoryBySlug(category)) throw fieldError('category_slug', CMS_MESSAGES.categoryUnknown)
  const slug = f.slug || before?.slug || slugify(f.title) || `wpis-${Date.now().toString(36)}`
  const [taken] = await tx.db.select({ id: blogPosts.id }).from(blogPosts)
    .where(before ? and(eq(blogPosts.slug, slug), ne(blogPosts.id, before.id)) : eq(blogPosts.slug, slug)).limit(1)
  if (taken) throw fieldError('slug', CMS_MESSAGES.slugTaken)
  // Publishing a draft without a date makes it public now; an explicit date is kept (a future one schedules).
  const publishedAt = f.published_at ? new Date(f.published_at)
    : before && !(before.status === 'draft' && f.status === 'published') ? before.publishedAt : new Date()
  return {
    slug, title: f.title, lead: f.lead, body: f.body, status: f.status, publishedAt, citySlug: city, categorySlug: category,
    authorName: f.author_name?.trim() || before?.authorName || 'Redakcja', coverAlt: f.cover_alt ?? before?.coverAlt ?? '',
  }
}

export async function savePost(db: DbHandle, actor: Actor, id: number | null, f: PostFields): Promise<AdminBlogPost> {
  return inTransaction(db, async (tx) => {
    const [before] = id ? await tx.db.select().from(blogPosts).where(eq(blogPosts.id, id)).for('update') : [undefined]
    if (id && !before) throw notFound('Nie ma takiego wpisu.')
    const values = await columns(tx, f, before)
    const [row] = before
      ? await tx.db.update(blogPosts).set({ ...values, updatedAt: sql`now()` }).where(eq(blogPosts.id, before.id)).returning()
      : await tx.db.insert(blogPosts).values(values).returning()
    await audit(tx, actor, {
      action: before ? 'content.update' : 'content.create', targetType: 'blog_post', targetId: row!.id,
      before: before ? snapshot(before) : null, after: snapshot(row!),
    })
    return toAdminPost(row!)
  })
}

export async function deletePost(db: DbHandle, storage: Storage, actor: Actor, id: number): Promise<void> {
  const removed = await inTransaction(db, async (tx) => {
    const [before] = await tx.db.delete(blogPosts).where(eq(blogPosts.id, id)).returning()
    if (!before) throw notFound('Nie ma takiego wpisu.')
    await audit(tx, actor, { action: 'content.delete', targetType: 'blog_post', targetId: id, before: snapshot(before), after: null })
    return before
  })
  if (removed.coverKey) await storage.remove(removed.coverKey).catch(() => {})
}

const blogKey = () => `blog/${randomBytes(9).toString('base64url')}`

/** A photo for a post's body: stored, and the Markdown that shows it (the large size; the page scales it down). */
export async function storeBodyPhoto(storage: Storage, file: Buffer, alt: string) {
  const rendered = await renderListingPhoto(file)
  const key = blogKey()
  await storage.put(key, rendered.files)
  const url = photoUrl(key, 'lg')
  return { url, markdown: `![${alt.replace(/[[\]\\]/g, '').slice(0, 200)}](${url})` }
}

/** Replaces a post's cover; the old files are removed once the new cover is saved. */
export async function setCover(db: DbHandle, storage: Storage, actor: Actor, id: number, file: Buffer, alt?: string): Promise<AdminBlogPost> {
  await adminPost(db, id)
  const rendered = await renderListingPhoto(file)
  const key = blogKey()
  await storage.put(key, rendered.files)
  try {
    const { before, row } = await inTransaction(db, async (tx) => {
      const [before] = await tx.db.select().from(blogPosts).where(eq(blogPosts.id, id)).for('update')
      if (!before) throw notFound('Nie ma takiego wpisu.')
      const [row] = await tx.db.update(blogPosts).set({
        coverKey: key, coverPlaceholder: rendered.placeholder, ...(alt !== undefined ? { coverAlt: alt.slice(0, 200) } : {}), updatedAt: sql`now()`,
      }).where(eq(blogPosts.id, id)).returning()
      await audit(tx, actor, { action: 'content.update', targetType: 'blog_post', targetId: id, before: { cover_key: before.coverKey }, after: { cover_key: key } })
      return { before, row: row! }
    })
    if (before.coverKey) await storage.remove(before.coverKey).catch(() => {})
    return toAdminPost(row)
  } catch (err) {
    await storage.remove(key).catch(() => {})
    throw err
  }
}
