import { integer, pgTable, smallint, text } from 'drizzle-orm/pg-core'

/** Mirror of the declarative catalogue (packages/contracts), synced at start so listings can reference it. */
export const categories = pgTable('categories', {
  id: integer('id').primaryKey(),
  parentId: integer('parent_id'),
  slug: text('slug').notNull().unique(),
  urlSlug: text('url_slug').notNull().unique(),
  name: text('name').notNull(),
  offerTypes: text('offer_types').array().notNull(),
  position: smallint('position').notNull().default(0),
})

/** Static footer pages (spec: GET /api/footers, /strony/{id}). */
export const pages = pgTable('pages', {
  id: integer('id').primaryKey(),
  title: text('title').notNull(),
  name: text('name').notNull().unique(),
  content: text('content').notNull(),
  status: text('status').$type<'active' | 'in_active'>().notNull().default('active'),
  position: smallint('position').notNull().default(0),
})
