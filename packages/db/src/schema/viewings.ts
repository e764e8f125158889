import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './users.ts'
import { listings } from './listings.ts'
import { messageThreads } from './offers.ts'
import { investments } from './investments.ts'

/** A weekly opening of a listing for visits (ISO weekday 1 = Monday … 7 = Sunday), local Europe/Warsaw wall time. */
export interface ViewingHours { day: number; from: string; to: string }
/** One date that differs from the week: other hours, or none (a day off). */
export interface ViewingException { date: string; ranges: Array<{ from: string; to: string }> }

/**
 * When a listing or an investment (decision 078) can be visited (issue 28). No row: no 'Umów oglądanie' on its page.
 * One row per place: a unique index on each of the two columns, exactly one of them set.
 */
export const viewingSettings = pgTable('viewing_settings', {
  listingId: bigint('listing_id', { mode: 'number' }).references(() => listings.id, { onDelete: 'cascade' }),
  investmentId: integer('investment_id').references(() => investments.id, { onDelete: 'cascade' }),
  weekly: jsonb('weekly').$type<ViewingHours[]>().notNull().default(sql`'[]'::jsonb`),
  exceptions: jsonb('exceptions').$type<ViewingException[]>().notNull().default(sql`'[]'::jsonb`),
  visitMinutes: smallint('visit_minutes').notNull().default(30),
  autoConfirm: boolean('auto_confirm').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('viewing_settings_listing_uq').on(t.listingId),
  uniqueIndex('viewing_settings_investment_uq').on(t.investmentId),
  check('viewing_settings_one_place', sql`num_nonnulls(listing_id, investment_id) = 1`),
])

/** An open day (dzień otwarty) of a listing or of an investment (decision 070): a window anyone may come in, with a number of places. */
export const viewingOpenDays = pgTable('viewing_open_days', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  listingId: bigint('listing_id', { mode: 'number' }).references(() => listings.id, { onDelete: 'cascade' }),
  investmentId: integer('investment_id').references(() => investments.id, { onDelete: 'cascade' }),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  capacity: smallint('capacity').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('viewing_open_days_listing_idx').on(t.listingId, t.startsAt),
  index('viewing_open_days_investment_idx').on(t.investmentId, t.startsAt),
  check('viewing_open_days_one_place', sql`num_nonnulls(listing_id, investment_id) = 1`),
])

export type ViewingStatus = 'pending' | 'confirmed' | 'cancelled'

/**
 * A booked visit. Double booking is impossible in the database: one active booking per listing (or investment) and start
 * (visits), one per open day and seat number below its capacity (open days); see decision 054.
 */
export const viewingBookings = pgTable('viewing_bookings', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  /** The listing visited, or (an investment's open day) the investment. */
  listingId: bigint('listing_id', { mode: 'number' }).references(() => listings.id, { onDelete: 'cascade' }),
  investmentId: integer('investment_id').references(() => investments.id, { onDelete: 'cascade' }),
  /** The advertiser whose calendar holds it (the listing's agent, else its owner). */
  ownerId: integer('owner_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  openDayId: bigint('open_day_id', { mode: 'number' }).references(() => viewingOpenDays.id, { onDelete: 'cascade' }),
  seat: smallint('seat'),
  status: text('status').$type<ViewingStatus>().notNull().default('pending'),
  /** Who has to confirm a pending booking: the advertiser (a new request) or the visitor (another time proposed). */
  awaiting: text('awaiting').$type<'owner' | 'visitor'>().notNull().default('owner'),
  /** RFC 5545 SEQUENCE: raised by every change sent in an .ics. */
  sequence: integer('sequence').notNull().default(0),
  /** Set when the address is confirmed (at once for an account; a guest's link, signed with APP_KEY, for a guest). */
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  reason: text('reason'),
  cancelledBy: text('cancelled_by').$type<'owner' | 'visitor' | 'system'>(),
  threadId: bigint('thread_id', { mode: 'number' }).references(() => messageThreads.id, { onDelete: 'set null' }),
  reminded24At: timestamp('reminded_24_at', { withTimezone: true }),
  reminded2At: timestamp('reminded_2_at', { withTimezone: true }),
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('viewing_bookings_slot_uq').on(t.listingId, t.startsAt).where(sql`status <> 'cancelled' and open_day_id is null`),
  // An investment's visits on its weekly hours (decision 078): the same guard as a listing's.
  uniqueIndex('viewing_bookings_investment_slot_uq').on(t.investmentId, t.startsAt).where(sql`status <> 'cancelled' and open_day_id is null`),
  uniqueIndex('viewing_bookings_seat_uq').on(t.openDayId, t.seat).where(sql`status <> 'cancelled' and open_day_id is not null`),
  index('viewing_bookings_owner_idx').on(t.ownerId, t.startsAt),
  index('viewing_bookings_user_idx').on(t.userId, t.startsAt),
  index('viewing_bookings_email_idx').on(t.email, t.createdAt),
  index('viewing_bookings_listing_idx').on(t.listingId, t.startsAt),
  index('viewing_bookings_investment_idx').on(t.investmentId, t.startsAt),
  check('viewing_bookings_one_place', sql`num_nonnulls(listing_id, investment_id) = 1`),
])

/** The secret address of a person's calendar feed (.ics), reset by replacing the token. */
export const viewingFeeds = pgTable('viewing_feeds', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
