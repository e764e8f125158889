import {
  bigint, customType, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from './users.ts'
import { listings } from './listings.ts'

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
})

/**
 * Listing feeds of companies (issue 12, decision 025). A source is a URL polled every `interval_minutes`, or the
 * company's upload slot (kind 'upload', one per company). `last_file_at` / `last_file_hash` are those of the last
 * file applied: an older file is skipped, the same file again changes nothing.
 */
export const feedSources = pgTable('feed_sources', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind').$type<'url' | 'upload'>().notNull(),
  url: text('url'),
  intervalMinutes: integer('interval_minutes'),
  lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
  lastFileAt: timestamp('last_file_at', { withTimezone: true }),
  lastFileHash: text('last_file_hash'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('feed_sources_user_idx').on(t.userId)])

export type FeedRunStatus = 'queued' | 'running' | 'done' | 'skipped' | 'failed'
export interface FeedRejection { external_id: string; reason: string }
export interface FeedRunReport { rejected: FeedRejection[]; warnings: string[]; format?: string; mode?: 'full' | 'diff' }

/** One import of one file: progress (processed of total) while it runs, then the counts and the report. */
export const feedRuns = pgTable('feed_runs', {
  id: serial('id').primaryKey(),
  sourceId: integer('source_id').notNull().references(() => feedSources.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  status: text('status').$type<FeedRunStatus>().notNull().default('queued'),
  fileName: text('file_name'),
  total: integer('total').notNull().default(0),
  processed: integer('processed').notNull().default(0),
  created: integer('created').notNull().default(0),
  updated: integer('updated').notNull().default(0),
  ended: integer('ended').notNull().default(0),
  rejected: integer('rejected').notNull().default(0),
  unchanged: integer('unchanged').notNull().default(0),
  report: jsonb('report').$type<FeedRunReport>().notNull().default({ rejected: [], warnings: [] }),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
}, (t) => [index('feed_runs_user_idx').on(t.userId, t.id.desc()), index('feed_runs_source_idx').on(t.sourceId, t.id.desc())])

/**
 * An uploaded feed file, in 1 MB pieces in the database until its run ends: any instance can run the import, and
 * nothing is held in memory or on one instance's disk.
 */
export const feedFileChunks = pgTable('feed_file_chunks', {
  runId: integer('run_id').notNull().references(() => feedRuns.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull(),
  data: bytea('data').notNull(),
}, (t) => [primaryKey({ columns: [t.runId, t.seq] })])

export interface FeedPhotoRef { src: string; photoId: number }

/**
 * The key of a feed listing: (company, external id). `content_hash` is the hash of the mapped offer (unchanged →
 * nothing written); `photos` maps each photo's source (URL or ZIP entry with its CRC) to the listing_photos row it
 * became, so an unchanged photo is never fetched again. `origin` 'file' rows are ended by a full snapshot missing
 * them; 'api' rows (partner API) only by the API.
 */
export const feedListings = pgTable('feed_listings', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  externalId: text('external_id').notNull(),
  listingId: bigint('listing_id', { mode: 'number' }).notNull().references(() => listings.id, { onDelete: 'cascade' }),
  origin: text('origin').$type<'file' | 'api'>().notNull(),
  contentHash: text('content_hash').notNull(),
  photos: jsonb('photos').$type<FeedPhotoRef[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.userId, t.externalId] }), uniqueIndex('feed_listings_listing_idx').on(t.listingId)])

/** Partner API tokens: only the SHA-256 of the token is stored; `prefix` lets the owner tell them apart. */
export const apiTokens = pgTable('api_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  prefix: text('prefix').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
}, (t) => [index('api_tokens_user_idx').on(t.userId)])
