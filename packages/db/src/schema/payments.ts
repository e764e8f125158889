import { sql } from 'drizzle-orm'
import {
  bigint, bigserial, boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from './users.ts'
import { listings } from './listings.ts'

/**
 * Money (issue 11, docs/decisions/023-payments.md). Every amount is integer grosze, gross (VAT 23% included); the
 * net and VAT parts are derived when a bill or an invoice is written. Prices live here, not in code: the rows are
 * inserted by the migration and may be changed in the database.
 */

/** Promotion packages (the older system's Darmowe / Standardowe / Srebrne / Złote). */
export const promotionPackages = pgTable('promotion_packages', {
  id: smallint('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** Grosze, gross. */
  price: integer('price').notNull(),
  /** How long the promotion lasts once paid. */
  durationDays: smallint('duration_days').notNull(),
  freeRefreshes: smallint('free_refreshes').notNull(),
  freeRaises: smallint('free_raises').notNull(),
  /** Shown as 'Wyróżnione' and ranked first under the default sort while in force. */
  featured: boolean('featured').notNull(),
  position: smallint('position').notNull(),
})

export type AddonKey = 'urgent' | 'bargain' | 'raise_1' | 'raise_3' | 'raise_10' | 'refresh' | 'visible_from'
/** Add-ons: the PILNE / OKAZJA frames, raises (×1/×3/×10), a paid refresh. */
export const promotionAddons = pgTable('promotion_addons', {
  key: text('key').$type<AddonKey>().primaryKey(),
  name: text('name').notNull(),
  price: integer('price').notNull(),
  /** Raises bought with it (raise_3 → 3). */
  quantity: smallint('quantity').notNull().default(1),
  /** Frames last this long; 0 for one-off add-ons. */
  durationDays: smallint('duration_days').notNull().default(0),
  position: smallint('position').notNull(),
})

/** A listing's promotion state: the package in force, what is left of it, the frames and the choice not yet paid. */
export interface PromotionChoice { package_id: number; addons: AddonKey[] }
export const listingPromotions = pgTable('listing_promotions', {
  listingId: bigint('listing_id', { mode: 'number' }).primaryKey().references(() => listings.id, { onDelete: 'cascade' }),
  packageId: smallint('package_id').references(() => promotionPackages.id),
  packageEndsAt: timestamp('package_ends_at', { withTimezone: true }),
  refreshesLeft: smallint('refreshes_left').notNull().default(0),
  /** Free raises of the package plus bought ones. */
  raisesLeft: smallint('raises_left').notNull().default(0),
  urgentUntil: timestamp('urgent_until', { withTimezone: true }),
  bargainUntil: timestamp('bargain_until', { withTimezone: true }),
  /** When publishing from a later date (listings.visible_from) was paid for; once per listing. */
  visibleFromPaidAt: timestamp('visible_from_paid_at', { withTimezone: true }),
  /** Chosen in the add/edit form, not paid yet (the bill is built from it). */
  choice: jsonb('choice').$type<PromotionChoice>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export type PaymentStatus = 'pending' | 'paid' | 'failed' | 'expired'
export type PaymentGateway = 'simulator' | 'przelewy24' | 'payu'
export type PaymentPurpose = 'listing' | 'refresh' | 'raise'
export interface PaymentItem { key: string; name: string; quantity: number; gross: number }
export interface InvoiceBuyer {
  name: string
  nip: string | null
  street: string
  zip_code: string
  city: string
  country: string
  email: string
}

/**
 * Payments (transactions). Written with the gateway's id before the visitor is redirected, so a notification is
 * matched to a stored row (never to a cache that expires — the older system kept it 120 s in Redis). `amount` and
 * `currency` are what the notification must repeat; the status moves pending → paid | failed | expired once.
 */
export const payments = pgTable('payments', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** Our public id (sessionId / extOrderId at the gateway): random, so ids cannot be guessed. */
  publicId: text('public_id').notNull().unique(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  listingId: bigint('listing_id', { mode: 'number' }).references(() => listings.id, { onDelete: 'set null' }),
  purpose: text('purpose').$type<PaymentPurpose>().notNull(),
  title: text('title').notNull(),
  items: jsonb('items').$type<PaymentItem[]>().notNull(),
  /** What the purchase changes when booked: the package and add-ons, or the raises/refresh bought. */
  order: jsonb('order').$type<PromotionChoice>().notNull(),
  /** Grosze, gross. */
  amount: integer('amount').notNull(),
  currency: text('currency').notNull().default('PLN'),
  gateway: text('gateway').$type<PaymentGateway>().notNull(),
  /** The gateway's id: Przelewy24 token / PayU orderId / the simulator's token; its order id once paid. */
  gatewayRef: text('gateway_ref'),
  gatewayOrderId: text('gateway_order_id'),
  method: text('method'),
  status: text('status').$type<PaymentStatus>().notNull().default('pending'),
  /** null: 'Nie potrzebuję faktury' (the invoice then names the account holder without a NIP). */
  invoiceBuyer: jsonb('invoice_buyer').$type<InvoiceBuyer>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('payments_user_idx').on(t.userId, t.status, t.createdAt.desc()),
  index('payments_pending_idx').on(t.expiresAt).where(sql`status = 'pending'`),
  uniqueIndex('payments_gateway_ref_idx').on(t.gateway, t.gatewayRef),
])

/** The last invoice number given in a year: numbers come from one row lock, so they have no gaps. */
export const invoiceCounters = pgTable('invoice_counters', {
  year: smallint('year').primaryKey(),
  last: integer('last').notNull(),
})

export interface InvoiceSeller { name: string; nip: string; street: string; zip_code: string; city: string; country: string; bank_account: string | null }
/** An invoice, written in the same transaction that books the payment (never before it is paid). */
export const invoices = pgTable('invoices', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  paymentId: bigint('payment_id', { mode: 'number' }).notNull().unique().references(() => payments.id, { onDelete: 'restrict' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** '{YYYY}/A{n}' */
  number: text('number').notNull().unique(),
  year: smallint('year').notNull(),
  seq: integer('seq').notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  seller: jsonb('seller').$type<InvoiceSeller>().notNull(),
  buyer: jsonb('buyer').$type<InvoiceBuyer>().notNull(),
  items: jsonb('items').$type<PaymentItem[]>().notNull(),
  net: integer('net').notNull(),
  vat: integer('vat').notNull(),
  gross: integer('gross').notNull(),
  /** KSeF FA(3) XML, for buyers with a NIP. */
  ksefXml: text('ksef_xml'),
  ksefStatus: text('ksef_status').$type<'not_sent' | 'sent' | 'failed'>(),
  ksefReference: text('ksef_reference'),
}, (t) => [uniqueIndex('invoices_year_seq_idx').on(t.year, t.seq), index('invoices_user_idx').on(t.userId)])
