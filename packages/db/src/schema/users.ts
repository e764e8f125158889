import { sql } from 'drizzle-orm'
import { boolean, customType, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'

export const citext = customType<{ data: string }>({ dataType: () => 'citext' })

export type UserType = 'user' | 'agency' | 'developer' | 'hotel'
export interface Address { city: string | null; street: string | null; zip_code: string | null; country: string | null }

/** Users of every type; agents are users whose `agency_id` points at their company (spec §3 user profile). */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: citext('email').notNull().unique(),
  passwordHash: text('password_hash'),
  name: text('name').notNull(),
  phone: text('phone'),
  nip: text('nip'),
  type: text('type').$type<UserType>().notNull().default('user'),
  roles: text('roles').array().notNull().default(sql`'{user}'::text[]`),
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
  avatar: text('avatar'),
  videoAvatar: text('video_avatar'),
  defaultAvatar: text('default_avatar'),
  address: jsonb('address').$type<Address>(),
  newsletter: boolean('newsletter').notNull().default(false),
  companyName: text('company_name'),
  services: jsonb('services').$type<string[]>().notNull().default([]),
  languages: jsonb('languages').$type<string[]>().notNull().default([]),
  description: text('description'),
  commission: jsonb('commission').$type<Record<string, unknown>>(),
  agencyId: integer('agency_id'),
  /** A company's choice: its agents see and manage all of its listings (other agents' drafts included), not only their own. */
  agentsShareListings: boolean('agents_share_listings').notNull().default(false),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  /** Blocked by a moderator (issue 13): cannot log in, listings suspended; nothing is deleted. */
  blockedAt: timestamp('blocked_at', { withTimezone: true }),
  blockedReason: text('blocked_reason'),
}, (t) => [index('users_agency_idx').on(t.agencyId), index('users_type_idx').on(t.type)])

/**
 * Server-side sessions (revocable). The cookie holds a random id; only its SHA-256 is stored.
 * Guests get a session too, so the CSRF token has something to bind to.
 */
export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  csrfToken: text('csrf_token').notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)])
