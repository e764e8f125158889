import { bigint, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core'
import { users } from './users.ts'
import { listings } from './listings.ts'

/**
 * A user's favourite listings (the heart). One row per user and listing, so adding twice is a no-op; the primary key
 * serves "my favourites" and "is this one a favourite", the listing index serves the per-listing counts.
 */
export const favorites = pgTable('favorites', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  listingId: bigint('listing_id', { mode: 'number' }).notNull().references(() => listings.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.userId, t.listingId] }), index('favorites_listing_idx').on(t.listingId)])
