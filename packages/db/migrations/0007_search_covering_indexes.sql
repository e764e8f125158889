-- Search at a million listings (issue 4). Each index holds, next to its order key, every column the common
-- /api/search filters read (category, offer and ad type, city, district, coordinates, price, area, rooms, promotion,
-- visibility), so a search walks one index in the requested order and filters inside it (index-only scan) instead
-- of fetching a heap row for every candidate: newest first, price, price per m² and area in both directions.
CREATE INDEX IF NOT EXISTS listings_search_newest_idx ON listings (created_at DESC, id DESC)
  INCLUDE (category_id, offer_type, ad_type, city_slug, district, lat, lon, price, area, rooms, is_promoted, promoted_until, visible_from, expires_at)
  WHERE status = 'active';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_search_price_idx ON listings (price, id)
  INCLUDE (created_at, category_id, offer_type, ad_type, city_slug, district, lat, lon, area, rooms, is_promoted, promoted_until, visible_from, expires_at)
  WHERE status = 'active';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_search_price_m2_idx ON listings (price_per_m2 ASC NULLS LAST, id)
  INCLUDE (created_at, category_id, offer_type, ad_type, city_slug, district, lat, lon, price, area, rooms, is_promoted, promoted_until, visible_from, expires_at)
  WHERE status = 'active';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_search_price_m2_desc_idx ON listings (price_per_m2 DESC NULLS LAST, id DESC)
  INCLUDE (created_at, category_id, offer_type, ad_type, city_slug, district, lat, lon, price, area, rooms, is_promoted, promoted_until, visible_from, expires_at)
  WHERE status = 'active';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_search_area_idx ON listings (area ASC NULLS LAST, id)
  INCLUDE (created_at, category_id, offer_type, ad_type, city_slug, district, lat, lon, price, rooms, is_promoted, promoted_until, visible_from, expires_at)
  WHERE status = 'active';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_search_area_desc_idx ON listings (area DESC NULLS LAST, id DESC)
  INCLUDE (created_at, category_id, offer_type, ad_type, city_slug, district, lat, lon, price, rooms, is_promoted, promoted_until, visible_from, expires_at)
  WHERE status = 'active';--> statement-breakpoint
ANALYZE listings;
