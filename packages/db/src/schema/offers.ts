import { sql } from 'drizzle-orm'
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
}, (t) => [index('listing_meta_ended_idx').on(t.endedAt).where(sql`ended_at is not null`)])

/** Every price a listing had, the initial one included (shown as price history on the listing page). */
export const listingPriceHistory = pgTable('listing_price_history', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  listingId: bigint('listing_id', { mode: 'number' }).notNull().references(() => listings.id, { onDelete: 'cascade' }),
  /** Grosze. */
  price: bigint('price', { mode: 'number' }).notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('listing_price_history_listing_idx').on(t.listingId, t.changedAt),
  // The price-watch job reads the last day's changes (decision 067).
  index('listing_price_history_changed_idx').on(t.changedAt),
])

/** One row per visitor (session id or hashed IP + user agent) per listing per day: views are not per reload. */
export const listingViews = pgTable('listing_views', {
  listingId: bigint('listing_id', { mode: 'number' }).notNull().references(() => listings.id, { onDelete: 'cascade' }),
  visitor: text('visitor').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
}, (t) => [primaryKey({ columns: [t.listingId, t.visitor, t.day] }), index('listing_views_day_idx').on(t.day)])

/**
 * A conversation about a listing (or a profile, listing_id null) between its advertiser (`owner`) and one sender
 * (`counterpart`: an account, or a guest known by the e-mail they verified). Unread counts and archive flags per side.
 */
export const messageThreads = pgTable('message_threads', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  listingId: bigint('listing_id', { mode: 'number' }).references(() => listings.id, { onDelete: 'set null' }),
  ownerId: integer('owner_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  counterpartId: integer('counterpart_id').references(() => users.id, { onDelete: 'set null' }),
  counterpartName: text('counterpart_name').notNull(),
  counterpartEmail: text('counterpart_email').notNull(),
  counterpartPhone: text('counterpart_phone'),
  subject: text('subject').notNull(),
  ownerUnread: integer('owner_unread').notNull().default(0),
  counterpartUnread: integer('counterpart_unread').notNull().default(0),
  ownerArchivedAt: timestamp('owner_archived_at', { withTimezone: true }),
  counterpartArchivedAt: timestamp('counterpart_archived_at', { withTimezone: true }),
  lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('message_threads_owner_idx').on(t.ownerId, t.lastMessageAt),
  index('message_threads_counterpart_idx').on(t.counterpartId, t.lastMessageAt),
  index('message_threads_lookup_idx').on(t.ownerId, t.counterpartEmail, t.listingId),
])

/** An owner's block of a sender (by e-mail, so a guest cannot come back under another thread). */
export const messageBlocks = pgTable('message_blocks', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.userId, t.email] })])

export interface WantToSee { mode: 'asap' | 'time'; date?: string | null; time?: string | null }

/**
 * Messages: the first one of a thread comes from the contact form ('Napisz wiadomość'), later ones are replies. A
 * guest's message waits for the e-mail link (`verified_at` null, `verify_token_hash` set) before it is delivered.
 * `scam` holds the scam guard's reasons (contracts/scam.ts), shown to the recipient as a warning.
 */
export const messages = pgTable('messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  threadId: bigint('thread_id', { mode: 'number' }).references(() => messageThreads.id, { onDelete: 'cascade' }),
  listingId: bigint('listing_id', { mode: 'number' }).references(() => listings.id, { onDelete: 'set null' }),
  toUserId: integer('to_user_id').references(() => users.id, { onDelete: 'cascade' }),
  fromUserId: integer('from_user_id').references(() => users.id, { onDelete: 'set null' }),
  /** 'owner' or 'counterpart' (null for messages from before threads). */
  fromSide: text('from_side').$type<'owner' | 'counterpart'>(),
  fromName: text('from_name').notNull(),
  fromEmail: text('from_email').notNull(),
  fromPhone: text('from_phone'),
  body: text('body').notNull(),
  wantToSee: jsonb('want_to_see').$type<WantToSee>(),
  scam: text('scam').array().notNull().default(sql`'{}'::text[]`),
  verifyTokenHash: text('verify_token_hash').unique(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  reportedAt: timestamp('reported_at', { withTimezone: true }),
  reportReason: text('report_reason'),
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('messages_to_user_idx').on(t.toUserId, t.createdAt),
  index('messages_listing_idx').on(t.listingId),
  index('messages_thread_idx').on(t.threadId, t.createdAt),
])

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
  /** The moderator's action on the listing's reports (issue 13): ended, warned, blocked or dismissed. */
  resolution: text('resolution').$type<'ended' | 'warned' | 'blocked' | 'dismissed'>(),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
}, (t) => [index('reports_status_idx').on(t.status, t.createdAt), index('reports_listing_idx').on(t.listingId)])
