import { sql } from 'drizzle-orm'
import {
  bigint, bigserial, boolean, doublePrecision, index, integer, jsonb, numeric, pgTable, smallint, text, timestamp,
} from 'drizzle-orm/pg-core'
import { users } from './users.ts'
import { categories } from './catalogue.ts'

export type ListingStatus = 'draft' | 'awaiting_payment' | 'pending' | 'active' | 'ended' | 'expired' | 'rejected' | 'suspended'
export type OfferTypeValue = 'sell' | 'rent' | 'exchange' | 'for_free'
export interface AttributeValue { id: number; value: string | string[] }

/**
 * Listings. `attributes` keeps the spec's [{id, value}] list as sent; the facets search filters on are also kept
 * in typed columns so they can be indexed (docs/decisions/004-listing-columns.md).
 */
export const listings = pgTable('listings', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  slug: text('slug').notNull().unique(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  agentId: integer('agent_id').references(() => users.id, { onDelete: 'set null' }),
  categoryId: integer('category_id').notNull().references(() => categories.id),
  offerType: text('offer_type').$type<OfferTypeValue>().notNull(),
  adType: text('ad_type').$type<'offer' | 'seek'>().notNull().default('offer'),
  status: text('status').$type<ListingStatus>().notNull().default('draft'),
  title: text('title').notNull(),
  description: text('description').notNull(),
  /** Grosze. */
  price: bigint('price', { mode: 'number' }).notNull(),
  area: numeric('area', { precision: 10, scale: 2, mode: 'number' }),
  /** Grosze per m², kept for sorting and filtering. */
  pricePerM2: bigint('price_per_m2', { mode: 'number' }),
  rooms: smallint('rooms'),
  bathrooms: smallint('bathrooms'),
  floor: text('floor'),
  buildingType: text('building_type'),
  market: text('market'),
  condition: text('condition'),
  ownership: text('ownership'),
  rentalPeriods: text('rental_periods').array().notNull().default(sql`'{}'::text[]`),
  extras: text('extras').array().notNull().default(sql`'{}'::text[]`),
  nearby: text('nearby').array().notNull().default(sql`'{}'::text[]`),
  negotiable: boolean('negotiable').notNull().default(false),
  instalments: boolean('instalments').notNull().default(false),
  urgent: boolean('urgent').notNull().default(false),
  bargain: boolean('bargain').notNull().default(false),
  billsIncluded: boolean('bills_included').notNull().default(false),
  attributes: jsonb('attributes').$type<AttributeValue[]>().notNull().default([]),
  /**
   * Attribute 18 (year built) as a whole number, null when absent or malformed: computed by PostgreSQL from
   * `attributes` (function `listing_year_built`, migration 0034) so the search's covering indexes can carry it.
   */
  yearBuilt: integer('year_built').generatedAlwaysAs(sql`listing_year_built(attributes)`),
  /**
   * Who advertises ('private' | 'developer' | 'agency'): the owner's account type, an agent's by its agency. Kept by
   * triggers (migration 0037, decision 101): set on insert and on a change of owner, updated when an account's type or
   * agency changes; whatever an insert passes is replaced. The search filters on it ('ogloszeniodawca').
   */
  advertiser: text('advertiser').$type<'private' | 'developer' | 'agency'>().notNull().default('private'),
  lat: doublePrecision('lat').notNull(),
  lon: doublePrecision('lon').notNull(),
  locationName: text('location_name').notNull(),
  city: text('city').notNull(),
  citySlug: text('city_slug').notNull(),
  district: text('district'),
  voivodeship: text('voivodeship'),
  /** Lower-cased, diacritic-free title + place names, maintained by the application for phrase search. */
  searchText: text('search_text').notNull().default(''),
  links: jsonb('links').$type<{ video?: string | null; video_2?: string | null; walk_video?: string | null }>().notNull().default({}),
  isPromoted: boolean('is_promoted').notNull().default(false),
  promotedUntil: timestamp('promoted_until', { withTimezone: true }),
  raisedAt: timestamp('raised_at', { withTimezone: true }),
  visibleFrom: timestamp('visible_from', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  views: integer('views').notNull().default(0),
  /** Another ad of the same property is its group's representative: 'ukryj duplikaty' leaves this one out (issue 13). */
  dupHidden: boolean('dup_hidden').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('listings_status_created_idx').on(t.status, t.createdAt.desc()),
  index('listings_status_promoted_idx').on(t.status, t.isPromoted, t.createdAt.desc()),
  index('listings_category_idx').on(t.categoryId, t.offerType, t.status),
  index('listings_city_idx').on(t.citySlug, t.offerType, t.status),
  index('listings_user_idx').on(t.userId, t.status),
  index('listings_agent_idx').on(t.agentId, t.status),
  index('listings_price_idx').on(t.price),
  // The valuation's comparables (issue 26, decision 066): offers with a price and an area near the subject's, in its
  // city and district (or a list of districts), live or ended.
  // Since migration 0036 (decision 095) it is `listings_valuation_cover_idx`, the same keys with id, status and the
  // dates in INCLUDE (index-only walks), written in SQL only: drizzle's index builder has no INCLUDE.
  // Expired listings by expiry: the price-watch job tells favourites (decision 067).
  index('listings_expired_idx').on(t.expiresAt).where(sql`status = 'expired'`),
])

export const listingPhotos = pgTable('listing_photos', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  listingId: bigint('listing_id', { mode: 'number' }).notNull().references(() => listings.id, { onDelete: 'cascade' }),
  kind: text('kind').$type<'photo' | 'plan' | 'ecertificate'>().notNull().default('photo'),
  position: smallint('position').notNull().default(0),
  /** Storage key; the files are `{key}/{sm|md|lg}.webp` (see apps/api storage). */
  storageKey: text('storage_key').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  /** A tiny blurred placeholder as a data URI. */
  placeholder: text('placeholder'),
  /** 64-bit perceptual hashes (DCT pHash) of the photo and two centre crops, to find the same property in other ads (issue 13). */
  phashes: bigint('phashes', { mode: 'bigint' }).array(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('listing_photos_listing_idx').on(t.listingId, t.kind, t.position)])
