import { bigint, bigserial, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { listings } from './listings.ts'

/**
 * Owner statistics (issue 13): per listing and Polish calendar day, the events no other table records. Views are in
 * `listing_views`, messages in `messages`, favourites in `favorites`.
 */
export const listingDailyStats = pgTable('listing_daily_stats', {
  listingId: bigint('listing_id', { mode: 'number' }).notNull().references(() => listings.id, { onDelete: 'cascade' }),
  day: date('day', { mode: 'string' }).notNull(),
  phoneReveals: integer('phone_reveals').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.listingId, t.day] })])

/**
 * Site-wide counts per day for the admin dashboard (e.g. 'searches'). Each instance adds up in memory and flushes
 * once a minute with one upsert per key, so the search path never waits on a hot row.
 */
export const dailyCounters = pgTable('daily_counters', {
  day: date('day', { mode: 'string' }).notNull(),
  key: text('key').notNull(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
}, (t) => [primaryKey({ columns: [t.day, t.key] })])

/**
 * One property, many ads (issue 13): ads whose photos have near-equal perceptual hashes, in the same category, close
 * together and of about the same area form a group. Kept after an ad ends, so the group's first sighting and price
 * history span every ad of the property.
 */
export const propertyGroups = pgTable('property_groups', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export const listingProperty = pgTable('listing_property', {
  listingId: bigint('listing_id', { mode: 'number' }).primaryKey().references(() => listings.id, { onDelete: 'cascade' }),
  groupId: bigint('group_id', { mode: 'number' }).notNull().references(() => propertyGroups.id, { onDelete: 'cascade' }),
  matchedAt: timestamp('matched_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('listing_property_group_idx').on(t.groupId)])
