-- Newest-first searches in a dense area on the SQL path (issue 16, decision 030). 0010 left newest-first without a cell
-- index ("age does not follow the map"), but a small city's matches are a few percent of its category: map markers for
-- flats for sale around Bydgoszcz walked 78 000 entries of the category's newest index for their 2 000 markers, and a
-- city search with a price and area range sorted the whole range. With the cell after the category, the API walks each
-- category and 0.1° cell of the area in order (IndexBranches.cells in apps/api/src/lib/search/sql.ts, now for every
-- sort), so a walk never leaves the area. No slug (markers read it by primary key): as narrow as the other cell indexes,
-- so for a cell the planner rates this ordered walk below sorting the cell out of another one.
CREATE INDEX IF NOT EXISTS listings_offer_cat_cell_newest_idx ON listings (offer_type, category_id, (floor(lat * 10)::int), (floor(lon * 10)::int), created_at DESC, id DESC)
  INCLUDE (lat, lon, city_slug, district, price, area, rooms, is_promoted, promoted_until, visible_from, expires_at)
  WHERE status = 'active' AND ad_type = 'offer';--> statement-breakpoint
ANALYZE listings;
