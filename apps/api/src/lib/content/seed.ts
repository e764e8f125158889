import { randomBytes } from 'node:crypto'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { blogPosts, contentPages, faqEntries, faqGroups, type DbHandle } from '@portal/db'
import { createRng, renderScene } from '@portal/db/seed'
import type { Storage } from '../media/storage.ts'
import { renderListingPhoto } from '../listings/photos.ts'
import { ABOUT_PAGE, FAQ_GROUPS } from './seed-pages.ts'
import { BLOG_POSTS, type BlogSeed } from './seed-blog.ts'

const DAY_MS = 86_400_000

const isEmpty = async (db: DbHandle, table: typeof contentPages | typeof faqGroups | typeof blogPosts) => {
  const [row] = await db.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(table)
  return (row?.n ?? 0) === 0
}

/**
 * A cover for a seeded guide: one of the demo scene illustrations, drawn through the listing photo pipeline
 * (WebP 480/960/1600 px plus a blurred placeholder) into the normal storage.
 */
async function renderCover(storage: Storage, post: BlogSeed, index: number) {
  const svg = renderScene(post.scene, createRng(7_001 + index * 131))
  // 1200 px is plenty for a cover and keeps the one-off drawing short.
  const png = await sharp(Buffer.from(svg)).resize(1200, 900).png({ compressionLevel: 1 }).toBuffer()
  const photo = await renderListingPhoto(png)
  const key = `blog/${randomBytes(9).toString('base64url')}`
  await storage.put(key, photo.files)
  return { key, placeholder: photo.placeholder }
}

/**
 * Copies the first version of the about page, the FAQ and the blog guides into the database: each table only
 * while it is empty, so the moderators' later edits (and deletions of single entries) are never overwritten.
 * Returns how many rows were added.
 */
export async function seedSiteContent(db: DbHandle, now = new Date()): Promise<number> {
  let added = 0
  if (await isEmpty(db, contentPages)) {
    await db.db.insert(contentPages).values({ ...ABOUT_PAGE }).onConflictDoNothing()
    added++
  }
  if (await isEmpty(db, faqGroups)) {
    for (const [gi, g] of FAQ_GROUPS.entries()) {
      const [group] = await db.db.insert(faqGroups).values({ slug: g.slug, title: g.title, position: gi })
        .onConflictDoNothing().returning({ id: faqGroups.id })
      if (!group) continue
      await db.db.insert(faqEntries).values(g.entries.map((e, position) => ({ groupId: group.id, ...e, position })))
      added += g.entries.length
    }
  }
  if (await isEmpty(db, blogPosts)) {
    for (const p of BLOG_POSTS) {
      const publishedAt = new Date(now.getTime() - p.daysAgo * DAY_MS)
      await db.db.insert(blogPosts).values({
        slug: p.slug, title: p.title, lead: p.lead, body: p.body, coverAlt: p.coverAlt,
        citySlug: p.city ?? null, categorySlug: p.category ?? null,
        publishedAt, createdAt: publishedAt, updatedAt: publishedAt,
      }).onConflictDoNothing()
      added++
    }
  }
  return added
}

/**
 * Draws the covers of seeded guides that have none yet (a few seconds of image work, so start-up runs it in the
 * background after the texts are in; a post shows without a cover until then). Returns how many were drawn.
 */
export async function renderSeedCovers(db: DbHandle, storage: Storage): Promise<number> {
  const missing = await db.db.select({ id: blogPosts.id, slug: blogPosts.slug }).from(blogPosts)
    .where(and(isNull(blogPosts.coverKey), inArray(blogPosts.slug, BLOG_POSTS.map((p) => p.slug))))
  let n = 0
  for (const row of missing) {
    const i = BLOG_POSTS.findIndex((p) => p.slug === row.slug)
    const cover = await renderCover(storage, BLOG_POSTS[i]!, i)
    const done = await db.db.update(blogPosts).set({ coverKey: cover.key, coverPlaceholder: cover.placeholder })
      .where(and(eq(blogPosts.id, row.id), isNull(blogPosts.coverKey))).returning({ id: blogPosts.id })
    if (done.length) n++
    else await storage.remove(cover.key)
  }
  return n
}
