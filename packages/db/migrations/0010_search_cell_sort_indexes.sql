-- Sorted searches in a dense area (issue 4). Prices and sizes follow the map: "flats for sale near Warsaw, cheapest per
-- m² first" walked 130 000 cheaper flats elsewhere in the category index (0009) before Warsaw's first. These add the
-- 0.1° grid cell (floor(lat * 10), floor(lon * 10) — the same expressions the API writes) after the category, and the
-- API walks each category and cell of the area's box in order (IndexBranches.cells in apps/api/src/lib/search.ts).
-- Newest-first needs none: age does not follow the map. The promoted index serves the promoted half of the default
-- order per category, which the planner otherwise answered by sorting every match in a price or area range.
CREATE INDEX IF NOT EXISTS listings_offer_cat_promoted_idx ON listings (offer_type, category_id, created_at DESC, id DESC)
  INCLUDE (city_slug, district, lat, lon, price, area, rooms, promoted_until, visible_from, expires_at)
  WHERE status = 'active' AND ad_type = 'offer' AND is_promoted;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_cell_price_idx ON listings (offer_type, category_id, (floor(lat * 10)::int), (floor(lon * 10)::int), price, id)
  INCLUDE (created_at, lat, lon, city_slug, district, area, rooms, is_promoted, promoted_until, visible_from, expires_at)
  WHERE status = 'active' AND ad_type = 'offer';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_cell_price_m2_idx ON listings (offer_type, category_id, (floor(lat * 10)::int), (floor(lon * 10)::int), price_per_m2 ASC NULLS LAST, id)
  INCLUDE (created_at, lat, lon, city_slug, district, price, area, rooms, is_promoted, promoted_until, visible_from, expires_at)
  WHERE status = 'active' AND ad_type = 'offer';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_cell_price_m2_desc_idx ON listings (offer_type, category_id, (floor(lat * 10)::int), (floor(lon * 10)::int), price_per_m2 DESC NULLS LAST, id DESC)
  INCLUDE (created_at, lat, lon, city_slug, district, price, area, rooms, is_promoted, promoted_until, visible_from, expires_at)
  WHERE status = 'active' AND ad_type = 'offer';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_cell_area_idx ON listings (offer_type, category_id, (floor(lat * 10)::int), (floor(lon * 10)::int), area ASC NULLS LAST, id)
  INCLUDE (created_at, lat, lon, city_slug, district, price, rooms, is_promoted, promoted_until, visible_from, expires_at)
  WHERE status = 'active' AND ad_type = 'offer';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_cell_area_desc_idx ON listings (offer_type, category_id, (floor(lat * 10)::int), (floor(lon * 10)::int), area DESC NULLS LAST, id DESC)
  INCLUDE (created_at, lat, lon, city_slug, district, price, rooms, is_promoted, promoted_until, visible_from, expires_at)
  WHERE status = 'active' AND ad_type = 'offer';--> statement-breakpoint
ANALYZE listings;
