import { bigint, bigserial, date, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Market price statistics (issue 26, decision 062), written by the `price-stats` job, never per request: per top
 * category × offer type (sell, rent) × city × district ('' = the whole city) × room bucket (0 = all, 1, 2 = 2–3,
 * 4 = 4 and more) × month (first day, Europe/Warsaw), the quartiles of the price (sale) or rent per m² in grosze of
 * the listings on the market that month, duplicates counted once and outliers trimmed. Only groups with at least
 * the minimum sample are stored. `bins` is the distribution (equal-width bins from bin_min, bin_width each).
 */
export const priceStats = pgTable('price_stats', {
  categoryId: integer('category_id').notNull(),
  offerType: text('offer_type').$type<'sell' | 'rent'>().notNull(),
  citySlug: text('city_slug').notNull(),
  district: text('district').notNull().default(''),
  rooms: smallint('rooms').notNull().default(0),
  month: date('month', { mode: 'string' }).notNull(),
  n: integer('n').notNull(),
  p25: bigint('p25', { mode: 'number' }).notNull(),
  median: bigint('median', { mode: 'number' }).notNull(),
  p75: bigint('p75', { mode: 'number' }).notNull(),
  binMin: bigint('bin_min', { mode: 'number' }).notNull(),
  binWidth: bigint('bin_width', { mode: 'number' }).notNull(),
  bins: integer('bins').array().notNull(),
}, (t) => [
  primaryKey({ columns: [t.categoryId, t.offerType, t.citySlug, t.district, t.rooms, t.month] }),
  index('price_stats_city_month_idx').on(t.citySlug, t.month),
])

/** One row per finished run of the price statistics job (the pages say when the figures were computed). */
export const priceStatsRuns = pgTable('price_stats_runs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
  lastMonth: date('last_month', { mode: 'string' }).notNull(),
  groups: integer('groups').notNull(),
  listings: integer('listings').notNull(),
  ms: integer('ms').notNull(),
})

/** The mortgage calculator's rates (one row, id 1), set by staff in /admin/ustawienia; basis points (575 = 5,75 %). */
export const mortgageSettings = pgTable('mortgage_settings', {
  id: smallint('id').primaryKey().default(1),
  referenceRateBp: integer('reference_rate_bp').notNull(),
  marginBp: integer('margin_bp').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
