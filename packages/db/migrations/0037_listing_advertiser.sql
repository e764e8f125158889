-- Who advertises ('ogloszeniodawca', 'Tylko prywatne', issues 25 and 30) as a column of listings (decision 101). The
-- search filtered on a users subquery per candidate row (the owner's type, an agent's by its agency): 20-40 us a row,
-- 70-180 ms for a 'private' sample and capped count at 1M, and the planner could only guess its selectivity. Now
-- `listings.advertiser` ('private' | 'developer' | 'agency') holds the same rule (`listing_advertiser`, the old
-- ADVERTISER_SQL word for word), kept by triggers: a listing's insert or change of owner sets it (BEFORE, so no write
-- path can forget it), and a change of an account's type or company updates the listings of that account and of its
-- agents (which 0026's trigger already logged for the search index, as it still does). The covering search indexes
-- (0034) carry it in INCLUDE, so the filter is answered inside the index walks, and ANALYZE gives it statistics.
-- Backfill: the column is added with the default 'private' (no table rewrite) and only the other rows are updated;
-- the covering indexes are dropped first and built once after. The update leaves dead rows and clears the visibility
-- map of the pages it touched: run VACUUM (ANALYZE) listings after this migration on a large database (autovacuum does
-- it in time where it is on).
CREATE OR REPLACE FUNCTION listing_advertiser(owner integer) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE coalesce(c.type, u.type) WHEN 'user' THEN 'private' WHEN 'developer' THEN 'developer' ELSE 'agency' END
  FROM users u LEFT JOIN users c ON c.id = u.agency_id WHERE u.id = owner
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
ALTER TABLE listings ADD COLUMN IF NOT EXISTS advertiser text NOT NULL DEFAULT 'private';--> statement-breakpoint
UPDATE listings l SET advertiser = k.kind
  FROM (SELECT u.id, CASE coalesce(c.type, u.type) WHEN 'user' THEN 'private' WHEN 'developer' THEN 'developer' ELSE 'agency' END AS kind
        FROM users u LEFT JOIN users c ON c.id = u.agency_id) k
  WHERE k.id = l.user_id AND l.advertiser <> k.kind;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_area_desc_idx ON listings (offer_type, category_id, area DESC NULLS LAST, id DESC) INCLUDE (created_at, city_slug, district, lat, lon, price, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built, advertiser) WHERE ((status = 'active'::text) AND (ad_type = 'offer'::text));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_area_idx ON listings (offer_type, category_id, area, id) INCLUDE (created_at, city_slug, district, lat, lon, price, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built, advertiser) WHERE ((status = 'active'::text) AND (ad_type = 'offer'::text));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_cell_area_desc_idx ON listings (offer_type, category_id, ((floor((lat * (10)::double precision)))::integer), ((floor((lon * (10)::double precision)))::integer), area DESC NULLS LAST, id DESC) INCLUDE (created_at, lat, lon, city_slug, district, price, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built, advertiser) WHERE ((status = 'active'::text) AND (ad_type = 'offer'::text));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_cell_area_idx ON listings (offer_type, category_id, ((floor((lat * (10)::double precision)))::integer), ((floor((lon * (10)::double precision)))::integer), area, id) INCLUDE (created_at, lat, lon, city_slug, district, price, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built, advertiser) WHERE ((status = 'active'::text) AND (ad_type = 'offer'::text));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_cell_newest_idx ON listings (offer_type, category_id, ((floor((lat * (10)::double precision)))::integer), ((floor((lon * (10)::double precision)))::integer), created_at DESC, id DESC) INCLUDE (lat, lon, city_slug, district, price, area, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built, advertiser) WHERE ((status = 'active'::text) AND (ad_type = 'offer'::text));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_cell_price_idx ON listings (offer_type, category_id, ((floor((lat * (10)::double precision)))::integer), ((floor((lon * (10)::double precision)))::integer), price, id) INCLUDE (created_at, lat, lon, city_slug, district, area, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built, advertiser) WHERE ((status = 'active'::text) AND (ad_type = 'offer'::text));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_cell_price_m2_desc_idx ON listings (offer_type, category_id, ((floor((lat * (10)::double precision)))::integer), ((floor((lon * (10)::double precision)))::integer), price_per_m2 DESC NULLS LAST, id DESC) INCLUDE (created_at, lat, lon, city_slug, district, price, area, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built, advertiser) WHERE ((status = 'active'::text) AND (ad_type = 'offer'::text));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_cell_price_m2_idx ON listings (offer_type, category_id, ((floor((lat * (10)::double precision)))::integer), ((floor((lon * (10)::double precision)))::integer), price_per_m2, id) INCLUDE (created_at, lat, lon, city_slug, district, price, area, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built, advertiser) WHERE ((status = 'active'::text) AND (ad_type = 'offer'::text));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_newest_idx ON listings (offer_type, category_id, created_at DESC, id DESC) INCLUDE (slug, city_slug, district, lat, lon, price, area, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built, advertiser) WHERE ((status = 'active'::text) AND (ad_type = 'offer'::text));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_price_idx ON listings (offer_type, category_id, price, id) INCLUDE (created_at, city_slug, district, lat, lon, area, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built, advertiser) WHERE ((status = 'active'::text) AND (ad_type = 'offer'::text));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_price_m2_desc_idx ON listings (offer_type, category_id, price_per_m2 DESC NULLS LAST, id DESC) INCLUDE (created_at, city_slug, district, lat, lon, price, area, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built, advertiser) WHERE ((status = 'active'::text) AND (ad_type = 'offer'::text));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_price_m2_idx ON listings (offer_type, category_id, price_per_m2, id) INCLUDE (created_at, city_slug, district, lat, lon, price, area, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built, advertiser) WHERE ((status = 'active'::text) AND (ad_type = 'offer'::text));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_promoted_idx ON listings (offer_type, category_id, created_at DESC, id DESC) INCLUDE (city_slug, district, lat, lon, price, area, rooms, promoted_until, visible_from, expires_at, year_built, advertiser) WHERE ((status = 'active'::text) AND (ad_type = 'offer'::text) AND is_promoted);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_search_area_desc_idx ON listings (area DESC NULLS LAST, id DESC) INCLUDE (created_at, category_id, offer_type, ad_type, city_slug, district, lat, lon, price, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built, advertiser) WHERE (status = 'active'::text);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_search_area_idx ON listings (area, id) INCLUDE (created_at, category_id, offer_type, ad_type, city_slug, district, lat, lon, price, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built, advertiser) WHERE (status = 'active'::text);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_search_newest_idx ON listings (created_at DESC, id DESC) INCLUDE (category_id, offer_type, ad_type, city_slug, district, lat, lon, price, area, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built, advertiser) WHERE (status = 'active'::text);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_search_price_idx ON listings (price, id) INCLUDE (created_at, category_id, offer_type, ad_type, city_slug, district, lat, lon, area, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built, advertiser) WHERE (status = 'active'::text);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_search_price_m2_desc_idx ON listings (price_per_m2 DESC NULLS LAST, id DESC) INCLUDE (created_at, category_id, offer_type, ad_type, city_slug, district, lat, lon, price, area, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built, advertiser) WHERE (status = 'active'::text);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_search_price_m2_idx ON listings (price_per_m2, id) INCLUDE (created_at, category_id, offer_type, ad_type, city_slug, district, lat, lon, price, area, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built, advertiser) WHERE (status = 'active'::text);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_search_promoted_idx ON listings (created_at DESC, id DESC) INCLUDE (category_id, offer_type, ad_type, city_slug, district, lat, lon, price, area, rooms, is_promoted, promoted_until, visible_from, expires_at, year_built, advertiser) WHERE ((status = 'active'::text) AND is_promoted);--> statement-breakpoint
CREATE OR REPLACE FUNCTION set_listing_advertiser() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.advertiser := coalesce(listing_advertiser(NEW.user_id), 'private');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER listings_advertiser BEFORE INSERT OR UPDATE OF user_id, advertiser ON listings
  FOR EACH ROW EXECUTE FUNCTION set_listing_advertiser();--> statement-breakpoint
CREATE OR REPLACE FUNCTION log_advertiser_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.type IS DISTINCT FROM OLD.type OR NEW.agency_id IS DISTINCT FROM OLD.agency_id THEN
    UPDATE listings l SET advertiser = listing_advertiser(l.user_id)
      WHERE (l.user_id = NEW.id OR l.user_id IN (SELECT a.id FROM users a WHERE a.agency_id = NEW.id))
        AND l.advertiser IS DISTINCT FROM listing_advertiser(l.user_id);
    INSERT INTO listing_changes (listing_id)
      SELECT l.id FROM listings l WHERE l.user_id = NEW.id
        OR l.user_id IN (SELECT a.id FROM users a WHERE a.agency_id = NEW.id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
ANALYZE listings;
