import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './users.ts'

export type TokenPurpose = 'activation' | 'password_reset' | 'agent_invite'

/** Single-use e-mailed tokens; only the SHA-256 of the token is stored, each purpose expires on its own clock. */
export const authTokens = pgTable('auth_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose').$type<TokenPurpose>().notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('auth_tokens_user_idx').on(t.userId, t.purpose)])

/**
 * Fixed-window counters for rate limits that must hold across instances (failed logins per address and per IP,
 * contact messages, phone reveals). Kept in the database so the stateless deployment needs no Redis.
 */
export const throttles = pgTable('throttles', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
})

/** Mail that was sent (or, without SMTP_URL, only stored): the embedded default's outbox shown at /dev/mail. */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  html: text('html').notNull(),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
}, (t) => [index('mail_outbox_created_idx').on(t.createdAt)])
