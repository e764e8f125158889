-- Year built ('rok_budowy', issue 25) on the SQL path at a million listings (decision 086). Attribute 18 lived only in
-- the attributes JSON, so every candidate of a 'rok budowy' search was read from the table (1.6 s a request at 1M,
-- bench/README.md). Now it is a stored generated column: PostgreSQL computes it from `attributes` on every insert and
-- update (no write path can forget it) and the ALTER below fills it for existing rows while it rewrites the table.
-- The covering indexes of the search's walks (0007, 0009, 0010, 0019, 0023) carry it in INCLUDE, so a year filter is
-- answered from the index like the other facets. They are dropped before the ALTER (which rebuilds every index of the
-- table anyway) and built once with the column after it.
CREATE OR REPLACE FUNCTION listing_year_built(attrs jsonb) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN jsonb_typeof(attrs) = 'array' THEN (SELECT max(CASE WHEN a->>'value' ~ '^[0-9]{1,4}$' THEN (a->>'value')::int END)
    FROM jsonb_array_elements(attrs) a WHERE a->>'id' = '18') END
$$;--> statement-breakpoint
DROP INDEX IF EXISTS listings_offer_cat_area_desc_idx;--> statement-breakpoint
DROP INDEX IF EXISTS listings_offer_cat_area_idx;--> statement-breakpoint
DROP INDEX IF EXISTS listings_offer_cat_cell_area_desc_idx;--> statement-breakpoint
DROP INDEX IF EXISTS listings_offer_cat_cell_area_idx;--> statement-breakpoint
DROP INDEX IF EXISTS listings_offer_cat_cell_newest_idx;--> statement-breakpoint
DROP INDEX IF EXISTS listings_offer_cat_cell_price_idx;--> statement-breakpoint
DROP INDEX IF EXISTS listings_offer_cat_cell_price_m2_desc_idx;--> statement-breakpoint
DROP INDEX IF EXISTS listings_offer_cat_cell_price_m2_idx;--> statement-breakpoint
DROP INDEX IF EXISTS listings_offer_cat_newest_idx;--> statement-breakpoint
DROP INDEX IF EXISTS listings_offer_cat_price_idx;--> statement-breakpoint
DROP INDEX IF EXISTS listings_offer_cat_price_m2_desc_idx;--> statement-breakpoint
DROP INDEX IF EXISTS listings_offer_cat_price_m2_idx;--> statement-breakpoint
DROP INDEX IF EXISTS listings_offer_cat_promoted_idx;--> statement-breakpoint
DROP INDEX IF EXISTS listings_search_area_desc_idx;--> statement-breakpoint
DROP INDEX IF EXISTS listings_search_area_idx;--> statement-breakpoint
DROP INDEX IF EXISTS listings_search_newest_idx;--> statement-breakpoint
DROP INDEX IF EXISTS listings_search_price_idx;--> statement-breakpoint
DROP INDEX IF EXISTS listings_search_price_m2_desc_idx;--> statement-breakpoint
DROP INDEX IF EXISTS listings_search_price_m2_idx;--> statement-breakpoint
DROP INDEX IF EXISTS listings_search_promoted_idx;--> statement-breakpoint
ALTER TABLE listings ADD COLUMN IF NOT EXISTS year_built integer GENERATED ALWAYS AS (listing_year_built(attributes)) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_area_desc_idx ON listings (offer_type, category_id, area DESC NULLS LAST, id DESC) INCLUDE (created_at, city_slug, district, lat, lon, price, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built) WHERE ((status = 'active'::text) AND (ad_type = 'offer'::text));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_area_idx ON listings (offer_type, category_id, area, id) INCLUDE (created_at, city_slug, district, lat, lon, price, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built) WHERE ((status = 'active'::text) AND (ad_type = 'offer'::text));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_cell_area_desc_idx ON listings (offer_type, category_id, ((floor((lat * (10)::double precision)))::integer), ((floor((lon * (10)::double precision)))::integer), area DESC NULLS LAST, id DESC) INCLUDE (created_at, lat, lon, city_slug, district, price, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built) WHERE ((status = 'active'::text) AND (ad_type = 'offer'::text));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_cell_area_idx ON listings (offer_type, category_id, ((floor((lat * (10)::double precision)))::integer), ((floor((lon * (10)::double precision)))::integer), area, id) INCLUDE (created_at, lat, lon, city_slug, district, price, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built) WHERE ((status = 'active'::text) AND (ad_type = 'offer'::text));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_cell_newest_idx ON listings (offer_type, category_id, ((floor((lat * (10)::double precision)))::integer), ((floor((lon * (10)::double precision)))::integer), created_at DESC, id DESC) INCLUDE (lat, lon, city_slug, district, price, area, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built) WHERE ((status = 'active'::text) AND (ad_type = 'offer'::text));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_cell_price_idx ON listings (offer_type, category_id, ((floor((lat * (10)::double precision)))::integer), ((floor((lon * (10)::double precision)))::integer), price, id) INCLUDE (created_at, lat, lon, city_slug, district, area, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built) WHERE ((status = 'active'::text) AND (ad_type = 'offer'::text));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_cell_price_m2_desc_idx ON listings (offer_type, category_id, ((floor((lat * (10)::double precision)))::integer), ((floor((lon * (10)::double precision)))::integer), price_per_m2 DESC NULLS LAST, id DESC) INCLUDE (created_at, lat, lon, city_slug, district, price, area, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built) WHERE ((status = 'active'::text) AND (ad_type = 'offer'::text));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_cell_price_m2_idx ON listings (offer_type, category_id, ((floor((lat * (10)::double precision)))::integer), ((floor((lon * (10)::double precision)))::integer), price_per_m2, id) INCLUDE (created_at, lat, lon, city_slug, district, price, area, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built) WHERE ((status = 'active'::text) AND (ad_type = 'offer'::text));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_newest_idx ON listings (offer_type, category_id, created_at DESC, id DESC) INCLUDE (slug, city_slug, district, lat, lon, price, area, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built) WHERE ((status = 'active'::text) AND (ad_type = 'offer'::text));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_price_idx ON listings (offer_type, category_id, price, id) INCLUDE (created_at, city_slug, district, lat, lon, area, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built) WHERE ((status = 'active'::text) AND (ad_type = 'offer'::text));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_price_m2_desc_idx ON listings (offer_type, category_id, price_per_m2 DESC NULLS LAST, id DESC) INCLUDE (created_at, city_slug, district, lat, lon, price, area, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built) WHERE ((status = 'active'::text) AND (ad_type = 'offer'::text));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_price_m2_idx ON listings (offer_type, category_id, price_per_m2, id) INCLUDE (created_at, city_slug, district, lat, lon, price, area, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built) WHERE ((status = 'active'::text) AND (ad_type = 'offer'::text));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_promoted_idx ON listings (offer_type, category_id, created_at DESC, id DESC) INCLUDE (city_slug, district, lat, lon, price, area, rooms, promoted_until, visible_from, expires_at, year_built) WHERE ((status = 'active'::text) AND (ad_type = 'offer'::text) AND is_promoted);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_search_area_desc_idx ON listings (area DESC NULLS LAST, id DESC) INCLUDE (created_at, category_id, offer_type, ad_type, city_slug, district, lat, lon, price, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built) WHERE (status = 'active'::text);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_search_area_idx ON listings (area, id) INCLUDE (created_at, category_id, offer_type, ad_type, city_slug, district, lat, lon, price, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built) WHERE (status = 'active'::text);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_search_newest_idx ON listings (created_at DESC, id DESC) INCLUDE (category_id, offer_type, ad_type, city_slug, district, lat, lon, price, area, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built) WHERE (status = 'active'::text);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_search_price_idx ON listings (price, id) INCLUDE (created_at, category_id, offer_type, ad_type, city_slug, district, lat, lon, area, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built) WHERE (status = 'active'::text);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_search_price_m2_desc_idx ON listings (price_per_m2 DESC NULLS LAST, id DESC) INCLUDE (created_at, category_id, offer_type, ad_type, city_slug, district, lat, lon, price, area, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built) WHERE (status = 'active'::text);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_search_price_m2_idx ON listings (price_per_m2, id) INCLUDE (created_at, category_id, offer_type, ad_type, city_slug, district, lat, lon, price, area, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built) WHERE (status = 'active'::text);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_search_promoted_idx ON listings (created_at DESC, id DESC) INCLUDE (category_id, offer_type, ad_type, city_slug, district, lat, lon, price, area, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built) WHERE ((status = 'active'::text) AND is_promoted);--> statement-breakpoint
ANALYZE listings;
