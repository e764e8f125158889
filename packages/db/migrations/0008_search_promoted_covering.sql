-- The promoted half of the default "newest, promoted first" search, answered inside the index like the others
-- (0007): without it the planner walks the narrow promoted index and fetches a heap row per candidate.
CREATE INDEX IF NOT EXISTS listings_search_promoted_idx ON listings (created_at DESC, id DESC)
  INCLUDE (category_id, offer_type, ad_type, city_slug, district, lat, lon, price, area, rooms, is_promoted, promoted_until, visible_from, expires_at)
  WHERE status = 'active' AND is_promoted;--> statement-breakpoint
-- Searches are short indexed queries; starting parallel workers costs them more (100-200 ms on a busy 2-core host)
-- than it saves. Database-wide default for new connections; skipped where the role may not alter the database.
DO $$ BEGIN
  EXECUTE format('ALTER DATABASE %I SET max_parallel_workers_per_gather = 0', current_database());
EXCEPTION WHEN insufficient_privilege OR feature_not_supported THEN NULL;
END $$;
