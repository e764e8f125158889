import { bigint, bigserial, doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './users.ts'

/**
 * A logged-in user's recently searched places (guests keep `recent_search` in localStorage, spec §3).
 * The API keeps the newest 5 per user, one row per place (display name + coordinates).
 */
export const recentSearches = pgTable('recent_searches', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  displayName: text('display_name').notNull(),
  lat: doublePrecision('lat').notNull(),
  lon: doublePrecision('lon').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('recent_searches_user_idx').on(t.userId, t.createdAt.desc())])

/**
 * Which listings changed, in commit-ish order: a trigger on `listings` (migration search_index_changes) adds a row
 * for every insert, delete and update of a column search reads. Each API instance keeps an in-memory search index
 * (apps/api/src/lib/search/index) and catches up by reading the rows after the last one it applied. Old rows are
 * pruned by the hourly listing sweep.
 */
export const listingChanges = pgTable('listing_changes', {
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  listingId: bigint('listing_id', { mode: 'number' }).notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('listing_changes_at_idx').on(t.at)])
