import { sql } from 'drizzle-orm'
import {
  bigint, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from './users.ts'
import { listings } from './listings.ts'

export type InvestmentStatus = 'w-przygotowaniu' | 'w-budowie' | 'gotowe'
export type UnitStatus = 'dostepne' | 'zarezerwowane' | 'sprzedane'
/** A thing sold with a unit besides the flat (art. 19a: parking places, storage rooms, other costs), its price in grosze since a date. */
export interface UnitExtra { kind: 'parking' | 'storage' | 'other'; label: string; price: number; since: string }
export interface InvestmentPhoto { key: string; width: number; height: number; placeholder: string | null }
/** Parts of an address the open-data file asks for (the gazetteer gives city, district and voivodeship only). */
export interface PostalAddress {
  voivodeship: string | null; county: string | null; commune: string | null; city: string | null
  street: string | null; number: string | null; unit: string | null; zip: string | null
}

/**
 * A developer's investment (issue 27): owned by a company account. Its units are listings (rynek pierwotny) joined
 * through `investment_units`, so search, the listing page, messages and favourites work for them unchanged.
 */
export const investments = pgTable('investments', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  lat: doublePrecision('lat').notNull(),
  lon: doublePrecision('lon').notNull(),
  /** The place as the developer typed or picked it ('Zielona 5, Wola, Warszawa'). */
  locationName: text('location_name').notNull(),
  city: text('city').notNull(),
  citySlug: text('city_slug').notNull(),
  district: text('district'),
  voivodeship: text('voivodeship'),
  address: jsonb('address').$type<PostalAddress>(),
  status: text('status').$type<InvestmentStatus>().notNull().default('w-budowie'),
  /** Planned (or actual) completion, 'YYYY-MM-DD'. */
  completionDate: date('completion_date', { mode: 'string' }),
  /** Stages or buildings by name ('A', 'B', 'Etap II'); a unit names one of them. */
  buildings: jsonb('buildings').$type<string[]>().notNull().default([]),
  amenities: text('amenities').array().notNull().default(sql`'{}'::text[]`),
  photos: jsonb('photos').$type<InvestmentPhoto[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('investments_user_idx').on(t.userId), index('investments_city_idx').on(t.citySlug, t.status)])

/**
 * A unit of an investment: its listing plus what a developer's table has and a listing has not. The unit number is
 * unique per building of an investment (the database refuses a second one). Prices live on the listing and every
 * change in `listing_price_history`; a sold unit's listing ends (out of search) but the unit stays here.
 */
export const investmentUnits = pgTable('investment_units', {
  listingId: bigint('listing_id', { mode: 'number' }).primaryKey().references(() => listings.id, { onDelete: 'cascade' }),
  investmentId: integer('investment_id').notNull().references(() => investments.id, { onDelete: 'cascade' }),
  building: text('building').notNull().default(''),
  unitNumber: text('unit_number').notNull(),
  floor: smallint('floor'),
  /** The real count (the listing's attribute stops at '5 i więcej'). */
  rooms: smallint('rooms'),
  status: text('status').$type<UnitStatus>().notNull().default('dostepne'),
  outdoor: text('outdoor').array().notNull().default(sql`'{}'::text[]`),
  extras: jsonb('extras').$type<UnitExtra[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('investment_units_number_uq').on(t.investmentId, t.building, t.unitNumber),
  index('investment_units_investment_idx').on(t.investmentId, t.status),
])

/** What the open-data file asks of a developer besides the account (art. 19b; decision 058). */
export const developerDisclosures = pgTable('developer_disclosures', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  legalForm: text('legal_form'),
  krs: text('krs'),
  ceidg: text('ceidg'),
  regon: text('regon'),
  fax: text('fax'),
  website: text('website'),
  headOffice: jsonb('head_office').$type<PostalAddress>(),
  salesOffice: jsonb('sales_office').$type<PostalAddress>(),
  otherSalesPlaces: text('other_sales_places'),
  contactMethod: text('contact_method'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * The daily open-data files of a developer (decision 058), kept in the database so any instance serves them:
 * one CSV per day (written again on a day with no change), and the XML the dane.gov.pl harvester reads.
 */
export const priceDisclosureFiles = pgTable('price_disclosure_files', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  day: date('day', { mode: 'string' }).notNull(),
  csv: text('csv').notNull(),
  csvMd5: text('csv_md5').notNull(),
  rows: integer('rows').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.userId, t.day] })])

export const priceDisclosureXml = pgTable('price_disclosure_xml', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  xml: text('xml').notNull(),
  xmlMd5: text('xml_md5').notNull(),
  generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
})
