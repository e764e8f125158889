-- Sorted searches at a million listings (issue 4). The 0007 indexes start with the sort key, so "houses, cheapest
-- first" walked half a million cheaper listings of other kinds before the first house. These start with the offer
-- type and category: the API (apps/api/src/lib/search.ts, IndexBranches) walks one category's slice in result order
-- per category of the search (a LATERAL over the ids) and merges the few rows. Offers only (ad_type = 'offer'); the
-- wanted ads, a few percent, get one small newest-first index of their own and sort their matches. The newest-first
-- one also holds the slug, so map markers are answered without reading the table. The 0007 indexes stay for searches
-- without a category or an offer type.
CREATE INDEX IF NOT EXISTS listings_offer_cat_newest_idx ON listings (offer_type, category_id, created_at DESC, id DESC)
  INCLUDE (slug, city_slug, district, lat, lon, price, area, rooms, is_promoted, promoted_until, visible_from, expires_at)
  WHERE status = 'active' AND ad_type = 'offer';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_price_idx ON listings (offer_type, category_id, price, id)
  INCLUDE (created_at, city_slug, district, lat, lon, area, rooms, is_promoted, promoted_until, visible_from, expires_at)
  WHERE status = 'active' AND ad_type = 'offer';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_price_m2_idx ON listings (offer_type, category_id, price_per_m2 ASC NULLS LAST, id)
  INCLUDE (created_at, city_slug, district, lat, lon, price, area, rooms, is_promoted, promoted_until, visible_from, expires_at)
  WHERE status = 'active' AND ad_type = 'offer';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_price_m2_desc_idx ON listings (offer_type, category_id, price_per_m2 DESC NULLS LAST, id DESC)
  INCLUDE (created_at, city_slug, district, lat, lon, price, area, rooms, is_promoted, promoted_until, visible_from, expires_at)
  WHERE status = 'active' AND ad_type = 'offer';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_area_idx ON listings (offer_type, category_id, area ASC NULLS LAST, id)
  INCLUDE (created_at, city_slug, district, lat, lon, price, rooms, is_promoted, promoted_until, visible_from, expires_at)
  WHERE status = 'active' AND ad_type = 'offer';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_offer_cat_area_desc_idx ON listings (offer_type, category_id, area DESC NULLS LAST, id DESC)
  INCLUDE (created_at, city_slug, district, lat, lon, price, rooms, is_promoted, promoted_until, visible_from, expires_at)
  WHERE status = 'active' AND ad_type = 'offer';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_seek_newest_idx ON listings (created_at DESC, id DESC)
  INCLUDE (offer_type, category_id, slug, city_slug, district, lat, lon, price, price_per_m2, area, rooms, is_promoted, promoted_until, visible_from, expires_at)
  WHERE status = 'active' AND ad_type = 'seek';--> statement-breakpoint
ANALYZE listings;
