import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './users.ts'
import { listings } from './listings.ts'
import { categories } from './catalogue.ts'

/**
 * The admin area (issue 13). Every admin or moderator action writes one `admin_audit` row: who, what, on which
 * record, when, and the record's relevant fields before and after. Rows are never updated or deleted.
 */
export const adminAudit = pgTable('admin_audit', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
  /** Kept even if the actor's account is deleted later. */
  actorEmail: text('actor_email').notNull(),
  action: text('action').notNull(),
  targetType: text('target_type').notNull(),
  targetId: text('target_id'),
  before: jsonb('before').$type<Record<string, unknown> | null>(),
  after: jsonb('after').$type<Record<string, unknown> | null>(),
  note: text('note'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('admin_audit_created_idx').on(t.createdAt.desc()),
  index('admin_audit_actor_idx').on(t.actorId, t.createdAt.desc()),
  index('admin_audit_target_idx').on(t.targetType, t.targetId),
])

export type ModerationMode = 'pre' | 'post'
/** Per category: 'pre' = a new or edited listing waits for approval; 'post' = live at once, reviewed after. */
export const categoryModeration = pgTable('category_moderation', {
  categoryId: integer('category_id').primaryKey().references(() => categories.id, { onDelete: 'cascade' }),
  mode: text('mode').$type<ModerationMode>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export type ModerationState = 'queued' | 'approved' | 'rejected'
/**
 * A listing's moderation: queued (new or edited, waiting for a moderator), approved, or rejected with a note.
 * One row per listing, the latest decision; the audit log keeps the history.
 */
export const listingModeration = pgTable('listing_moderation', {
  listingId: bigint('listing_id', { mode: 'number' }).primaryKey().references(() => listings.id, { onDelete: 'cascade' }),
  state: text('state').$type<ModerationState>().notNull(),
  mode: text('mode').$type<ModerationMode>().notNull(),
  /** Why it is in the queue: a new listing or an edit of its content. */
  reason: text('reason').$type<'new' | 'edit'>().notNull(),
  note: text('note'),
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
}, (t) => [index('listing_moderation_queue_idx').on(t.state, t.queuedAt)])

/**
 * A blocked owner's listings are taken out of every public read by the status 'suspended'; the status they had is
 * kept here and restored on unblock (nothing is deleted).
 */
export const listingSuspensions = pgTable('listing_suspensions', {
  listingId: bigint('listing_id', { mode: 'number' }).primaryKey().references(() => listings.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  previousStatus: text('previous_status').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('listing_suspensions_user_idx').on(t.userId)])

/** Words masked in titles and descriptions on save (the stem catches inflected forms; case of the text is kept). */
export const blacklistWords = pgTable('blacklist_words', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  word: text('word').notNull().unique(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
