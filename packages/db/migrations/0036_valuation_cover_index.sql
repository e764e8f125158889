-- The valuation's comparables at a million listings (issue 26, decision 095): the walks of 0028's index read one table
-- page per row (a district of 371 rows: 372 pages, 22 ms). This index has the same keys and predicate and carries in
-- INCLUDE what the walks filter on (status, the dates), with id as a last key (a fixed tie-break among equal areas, which
-- 0028 left to the table order), so the walks are index-only scans; only the nearest rows
-- kept are read from the table. It replaces 0028's index.
CREATE INDEX IF NOT EXISTS "listings_valuation_cover_idx" ON "listings" USING btree ("city_slug","category_id","offer_type","district","area","id") INCLUDE ("status","expires_at","updated_at") WHERE ad_type = 'offer' and price > 0 and area > 0 and status in ('active', 'ended', 'expired');--> statement-breakpoint
DROP INDEX IF EXISTS "listings_valuation_idx";
