import { sql } from 'drizzle-orm'
import { bigint, bigserial, boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './users.ts'
import { listings } from './listings.ts'
import { investments } from './investments.ts'

/**
 * Watching prices (issue 26 item 6, issue 27 item 5; decision 067). The `price-watch` job compares what changed
 * (listing_price_history, ended listings, the units and status of followed investments) and writes each change once
 * as an event (`key` is unique, so a run repeated after a crash adds nothing), then one notice per watcher.
 */
export type WatchEventKind = 'price-down' | 'price-up' | 'ended' | 'unit-new' | 'unit-status' | 'investment-status'

export const watchEvents = pgTable('watch_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** 'p:{history id}', 'e:{listing}:{ended ms}', 'n:{listing}', 'us:{listing}:{ms}:{status}', 'is:{investment}:{ms}:{status}'. */
  key: text('key').notNull().unique(),
  kind: text('kind').$type<WatchEventKind>().notNull(),
  listingId: bigint('listing_id', { mode: 'number' }).references(() => listings.id, { onDelete: 'cascade' }),
  investmentId: integer('investment_id').references(() => investments.id, { onDelete: 'cascade' }),
  /** Grosze, for price events. */
  oldPrice: bigint('old_price', { mode: 'number' }),
  newPrice: bigint('new_price', { mode: 'number' }),
  /** The new status for status events. */
  status: text('status'),
  at: timestamp('at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('watch_events_listing_idx').on(t.listingId)])

/** One watcher told of one event (the bell went out with it); `mailed_at` once the daily digest carried it. */
export const watchNotices = pgTable('watch_notices', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  eventId: bigint('event_id', { mode: 'number' }).notNull().references(() => watchEvents.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  mailedAt: timestamp('mailed_at', { withTimezone: true }),
}, (t) => [primaryKey({ columns: [t.userId, t.eventId] }), index('watch_notices_unmailed_idx').on(t.createdAt).where(sql`mailed_at is null`)])

/** A user's choice: a daily e-mail digest of the changes (default off: no row). */
export const watchSettings = pgTable('watch_settings', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  emailDigest: boolean('email_digest').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** A user follows an investment: new units, price and status changes. */
export const investmentFollows = pgTable('investment_follows', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  investmentId: integer('investment_id').notNull().references(() => investments.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.userId, t.investmentId] }), index('investment_follows_investment_idx').on(t.investmentId)])

/** What the job last saw of a followed investment's units and of the investment: the base a change is found against. */
export const watchUnitsSeen = pgTable('watch_units_seen', {
  listingId: bigint('listing_id', { mode: 'number' }).primaryKey().references(() => listings.id, { onDelete: 'cascade' }),
  status: text('status').notNull(),
})
export const watchInvestmentsSeen = pgTable('watch_investments_seen', {
  investmentId: integer('investment_id').primaryKey().references(() => investments.id, { onDelete: 'cascade' }),
  status: text('status').notNull(),
})
