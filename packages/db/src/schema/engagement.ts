import { sql } from 'drizzle-orm'
import {
  bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core'
import { citext, users } from './users.ts'
import { listings } from './listings.ts'

/**
 * Bell notifications (spec §3 Notification: id, type info|warning, message, link, created_at). `read_at` null =
 * unread; the bell lists unread ones only. `link` is a site path (/ogloszenia/…) or an absolute URL.
 */
export const notifications = pgTable('notifications', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  type: text('type').$type<'info' | 'warning'>().notNull().default('info'),
  message: text('message').notNull(),
  link: text('link'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  readAt: timestamp('read_at', { withTimezone: true }),
}, (t) => [index('notifications_user_unread_idx').on(t.userId, t.id.desc()).where(sql`read_at is null`)])

/**
 * Saved searches (`/api/favorite-filters`, spec §3/§4/§9): the search's query string as key/value pairs, the alert
 * period in days (0 = at once), the e-mail switch. A wanted ad (ad-type seek-property) gets one too, owned by its
 * author and tied to it by `source_listing_id` (not shown in the user's list). Alerts mail the new matches
 * published after `checked_until`, when `next_alert_at` is due; `saved_search_hits` keeps what was sent.
 */
export const savedSearches = pgTable('saved_searches', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  filters: jsonb('filters').$type<Record<string, string>>().notNull(),
  period: smallint('period').notNull().default(0),
  notification: boolean('notification').notNull().default(false),
  sourceListingId: bigint('source_listing_id', { mode: 'number' }).references(() => listings.id, { onDelete: 'cascade' }),
  /** One-click unsubscribe (mail link and List-Unsubscribe-Post). */
  unsubscribeToken: text('unsubscribe_token').notNull(),
  /** Listings published up to here were already considered for the alert. */
  checkedUntil: timestamp('checked_until', { withTimezone: true }).notNull().defaultNow(),
  nextAlertAt: timestamp('next_alert_at', { withTimezone: true }),
  lastAlertAt: timestamp('last_alert_at', { withTimezone: true }),
  /** When the user last opened its results ('new since your last visit'). */
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('saved_searches_user_idx').on(t.userId, t.id.desc()),
  index('saved_searches_due_idx').on(t.nextAlertAt).where(sql`notification`),
  uniqueIndex('saved_searches_token_idx').on(t.unsubscribeToken),
  uniqueIndex('saved_searches_source_idx').on(t.sourceListingId),
])

/** Listings already mailed for a saved search: an alert never sends one twice. */
export const savedSearchHits = pgTable('saved_search_hits', {
  savedSearchId: integer('saved_search_id').notNull().references(() => savedSearches.id, { onDelete: 'cascade' }),
  listingId: bigint('listing_id', { mode: 'number' }).notNull().references(() => listings.id, { onDelete: 'cascade' }),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.savedSearchId, t.listingId] }), index('saved_search_hits_listing_idx').on(t.listingId)])

/** Newsletter sign-ups (double opt-in): pending until the mailed link is opened. */
export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  id: serial('id').primaryKey(),
  email: citext('email').notNull().unique(),
  status: text('status').$type<'pending' | 'active' | 'unsubscribed'>().notNull().default('pending'),
  /** SHA-256 of the confirmation token (the mail holds the token). */
  confirmTokenHash: text('confirm_token_hash'),
  unsubscribeToken: text('unsubscribe_token').notNull().unique(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
}, (t) => [index('newsletter_confirm_idx').on(t.confirmTokenHash)])

/** Favourite users (advertisers a user follows; `POST /api/favorite-users/{id}` toggles). */
export const favoriteUsers = pgTable('favorite_users', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  favoriteUserId: integer('favorite_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.userId, t.favoriteUserId] }), index('favorite_users_target_idx').on(t.favoriteUserId)])

/** The expiry a reminder was sent for: one reminder per listing per expiry date (a renewal makes a new one due). */
export const listingExpiryReminders = pgTable('listing_expiry_reminders', {
  listingId: bigint('listing_id', { mode: 'number' }).primaryKey().references(() => listings.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
})
