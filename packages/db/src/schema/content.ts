import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './users.ts'

/**
 * Editorial content (issue 12), edited later by the moderators' CMS. Bodies are plain text in a tiny block format
 * (blank-line paragraphs, `## ` headings, `- ` list items) that the web renders as escaped React elements: no HTML
 * is ever stored or injected. `status` lets the CMS keep drafts; only `published` rows are public.
 */
export type ContentStatus = 'published' | 'draft'

/** Pages addressed by a fixed key (`o-nas`), unlike the numbered footer pages of `pages`. */
export const contentPages = pgTable('content_pages', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  lead: text('lead').notNull().default(''),
  body: text('body').notNull(),
  status: text('status').$type<ContentStatus>().notNull().default('published'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** FAQ sections ("Ogłoszenia", "Płatności i promowanie" …) in their display order. */
export const faqGroups = pgTable('faq_groups', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  position: smallint('position').notNull().default(0),
})

export const faqEntries = pgTable('faq_entries', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id').notNull().references(() => faqGroups.id, { onDelete: 'cascade' }),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  position: smallint('position').notNull().default(0),
  status: text('status').$type<ContentStatus>().notNull().default('published'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('faq_entries_group_idx').on(t.groupId, t.position)])

/**
 * Blog guides. `city_slug` / `category_slug` name the city (catalogue CITIES slug) or category (catalogue slug) the
 * article is about, which picks its related listings; both empty → no related listings. The cover is a photo in
 * the usual storage layout (`/uploads/{cover_key}/{sm|md|lg}.webp`).
 */
export const blogPosts = pgTable('blog_posts', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull(),
  title: text('title').notNull(),
  lead: text('lead').notNull(),
  body: text('body').notNull(),
  coverKey: text('cover_key'),
  coverAlt: text('cover_alt').notNull().default(''),
  coverPlaceholder: text('cover_placeholder'),
  citySlug: text('city_slug'),
  categorySlug: text('category_slug'),
  authorName: text('author_name').notNull().default('Redakcja'),
  status: text('status').$type<ContentStatus>().notNull().default('published'),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('blog_posts_slug_idx').on(t.slug),
  index('blog_posts_published_idx').on(t.status, t.publishedAt),
])

/** Messages of the /kontakt form, kept whether or not the mail to the portal goes out. */
export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  topic: text('topic').notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('contact_messages_created_idx').on(t.createdAt)])
