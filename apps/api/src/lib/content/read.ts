import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm'
import { blogPosts, contentPages, faqEntries, faqGroups, listings, type DbHandle } from '@portal/db'
import { CITY_BY_SLUG, categoryBySlug, categoryWithDescendants } from '@portal/contracts/catalogue'
import {
  BLOG_PAGE_SIZE, readingMinutes, type BlogList, type BlogPost, type BlogPostSummary, type ContentPage, type FaqResponse,
} from '@portal/contracts/content'
import { photoSrcSet, photoUrl } from '@portal/contracts/listing'
import { listSummaries, publicListingCondition } from '../listings/summary.ts'
import { markdownText, renderMarkdown } from './markdown.ts'

/** Published rows only; a post scheduled for later (published_at in the future) is not public yet. */
const publishedPost = () => and(eq(blogPosts.status, 'published'), lte(blogPosts.publishedAt, sql`now()`))!

export async function readContentPage(db: DbHandle, slug: string): Promise<ContentPage | null> {
  const [p] = await db.db.select().from(contentPages)
    .where(and(eq(contentPages.slug, slug), eq(contentPages.status, 'published'))).limit(1)
  if (!p) return null
  return { slug: p.slug, title: p.title, lead: p.lead, body: p.body, body_html: renderMarkdown(p.body), updated_at: new Date(p.updatedAt).toISOString() }
}

/** Groups in their order with their published entries; a group without any is left out. */
export async function readFaq(db: DbHandle): Promise<FaqResponse> {
  const rows = await db.db.select({
    groupId: faqGroups.id, slug: faqGroups.slug, title: faqGroups.title,
    id: faqEntries.id, question: faqEntries.question, answer: faqEntries.answer,
  }).from(faqEntries).innerJoin(faqGroups, eq(faqGroups.id, faqEntries.groupId))
    .where(eq(faqEntries.status, 'published'))
    .orderBy(asc(faqGroups.position), asc(faqGroups.id), asc(faqEntries.position), asc(faqEntries.id))
  const groups: FaqResponse['groups'] = []
  for (const r of rows) {
    let g = groups.at(-1)
    if (!g || g.slug !== r.slug) groups.push(g = { slug: r.slug, title: r.title, entries: [] })
    g.entries.push({ id: r.id, question: r.question, answer: r.answer, answer_html: renderMarkdown(r.answer, { topHeading: 3 }), answer_text: markdownText(r.answer) })
  }
  return { groups }
}

type PostRow = typeof blogPosts.$inferSelect

function summary(p: PostRow): BlogPostSummary {
  return {
    id: p.id,
    slug: p.slug,
    title: p.title,
    lead: p.lead,
    cover: p.coverKey
      ? { url: photoUrl(p.coverKey, 'md'), srcset: photoSrcSet(p.coverKey), placeholder: p.coverPlaceholder, alt: p.coverAlt }
      : null,
    published_at: new Date(p.publishedAt).toISOString(),
    reading_minutes: readingMinutes(p.body),
  }
}

export async function listBlogPosts(db: DbHandle, page: number, perPage = BLOG_PAGE_SIZE): Promise<BlogList> {
  const [{ n }] = await db.db.select({ n: count() }).from(blogPosts).where(publishedPost())
  const rows = await db.db.select().from(blogPosts).where(publishedPost())
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id)).limit(perPage).offset((page - 1) * perPage)
  return { data: rows.map(summary), total: n, page, per_page: perPage, last_page: Math.max(1, Math.ceil(n / perPage)) }
}

/** How many related listings an article shows. */
export const RELATED_LIMIT = 4

/**
 * The article with its related listings: newest public listings of the city and/or category it names
 * (city and category together when it names both). Neither → no related listings.
 */
export async function readBlogPost(db: DbHandle, slug: string): Promise<BlogPost | null> {
  const [p] = await db.db.select().from(blogPosts).where(and(eq(blogPosts.slug, slug), publishedPost())).limit(1)
  if (!p) return null
  const city = p.citySlug ? CITY_BY_SLUG.get(p.citySlug) : undefined
  const category = categoryBySlug(p.categorySlug)
  const conds = [publicListingCondition()]
  if (city) conds.push(eq(listings.citySlug, city.slug))
  if (category) conds.push(inArray(listings.categoryId, categoryWithDescendants(category.id)))
  const related = city || category ? await listSummaries(db.db, and(...conds)!, RELATED_LIMIT, 0) : []
  const label = [category?.name, city?.name].filter(Boolean).join(', ') || null
  const params = new URLSearchParams()
  if (category) params.set('kategoria', category.urlSlug ?? category.slug)
  if (city) params.set('phrase', city.name)
  return {
    ...summary(p),
    body: p.body,
    body_html: renderMarkdown(p.body),
    author: p.authorName,
    updated_at: new Date(p.updatedAt).toISOString(),
    related_label: label,
    related_url: label ? `/szukaj?${params.toString()}` : null,
    related,
  }
}
