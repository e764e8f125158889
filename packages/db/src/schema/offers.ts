import { bigint, bigserial, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './users.ts'
import { listings } from './listings.ts'

/**
 * Per-listing state of the listings API that search never reads (kept out of the wide `listings` row):
 * the guest flow's pending activation, the session that may still upload to it, and the energy certificate file.
 */
export interface EcertificateFile { key: string; file: string; type: 'pdf' | 'image'; name: string }
export const listingMeta = pgTable('listing_meta', {
  listingId: bigint('listing_id', { mode: 'number' }).primaryKey().references(() => listings.id, { onDelete: 'cascade' }),
  /** A guest published it while creating an account: goes live when the account is activated. */
  pendingActivation: boolean('pending_activation').notNull().default(false),
  /** SHA-256 id of the guest session that created it (may upload photos until the account is active). */
  creatorSessionId: text('creator_session_id'),
  ecertificate: jsonb('ecertificate').$type<EcertificateFile>(),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  endedAt: timestamp('ended_at', { withTimezone: true }),
})

/** Every price a listing had, the initial one included (shown as price history on the listing page). */
export const listingPriceHistory = pgTable('listing_price_history', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  listingId: bigint('listing_id', { mode: 'number' }).notNull().references(() => listings.id, { onDelete: 'cascade' }),
  /** Grosze. */
  price: bigint('price', { mode: 'number' }).notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('listing_price_history_listing_idx').on(t.listingId, t.changedAt)])

/** One row per visitor (session id or hashed IP + user agent) per listing per day: views are not per reload. */
export const listingViews = pgTable('listing_views', {
  listingId: bigint('listing_id', { mode: 'number' }).notNull().references(() => listings.id, { onDelete: 'cascade' }),
  visitor: text('visitor').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
}, (t) => [primaryKey({ columns: [t.listingId, t.visitor, t.day] }), index('listing_views_day_idx').on(t.day)])

/** Messages sent to advertisers from the listing page's contact form. */
export const messages = pgTable('messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  listingId: bigint('listing_id', { mode: 'number' }).references(() => listings.id, { onDelete: 'set null' }),
  toUserId: integer('to_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  fromUserId: integer('from_user_id').references(() => users.id, { onDelete: 'set null' }),
  fromName: text('from_name').notNull(),
  fromEmail: text('from_email').notNull(),
  fromPhone: text('from_phone'),
  body: text('body').notNull(),
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('messages_to_user_idx').on(t.toUserId, t.createdAt), index('messages_listing_idx').on(t.listingId)])

export type ReportReason = 'oszustwo' | 'nieaktualne' | 'bledne-dane' | 'duplikat' | 'nieodpowiednia-tresc' | 'inne'
/** Listing reports waiting for moderation. */
export const reports = pgTable('reports', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  listingId: bigint('listing_id', { mode: 'number' }).notNull().references(() => listings.id, { onDelete: 'cascade' }),
  reporterUserId: integer('reporter_user_id').references(() => users.id, { onDelete: 'set null' }),
  reason: text('reason').$type<ReportReason>().notNull(),
  message: text('message'),
  ip: text('ip'),
  status: text('status').$type<'open' | 'resolved' | 'dismissed'>().notNull().default('open'),
  details: jsonb('details').$type<Record<string, unknown>>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('reports_status_idx').on(t.status, t.createdAt), index('reports_listing_idx').on(t.listingId)])
