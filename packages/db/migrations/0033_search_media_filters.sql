-- Issue 25's 'z filmem', 'z wirtualnym spacerem' and 'z rzutem' on the SQL path at a million listings (decision 083).
-- Few listings have a video, a tour or a floor plan, but the planner had no figure for the expressions of facets.ts
-- (HAS_VIDEO_SQL, HAS_TOUR_SQL, HAS_PLAN_SQL): it took `coalesce(links->>'video', '') <> ''` for nearly every row and
-- walked the category's newest-first index to its end (2-4 s a request when none matched). The statistics give the
-- expressions their real share; the small partial indexes hold exactly the matching listings (their predicates are
-- the facets' expressions word for word, so the planner can use them), newest first.
CREATE STATISTICS IF NOT EXISTS listings_video_stx ON (coalesce(links->>'video', '')) FROM listings;--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS listings_video_2_stx ON (coalesce(links->>'video_2', '')) FROM listings;--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS listings_walk_video_stx ON (coalesce(links->>'walk_video', '')) FROM listings;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_with_video_idx ON listings (created_at DESC, id DESC)
  WHERE status = 'active' AND (coalesce(links->>'video', '') <> '' OR coalesce(links->>'video_2', '') <> '');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_with_tour_idx ON listings (created_at DESC, id DESC)
  WHERE status = 'active' AND coalesce(links->>'walk_video', '') <> '';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listing_photos_plan_idx ON listing_photos (listing_id) WHERE kind = 'plan';--> statement-breakpoint
ANALYZE listings;--> statement-breakpoint
ANALYZE listing_photos;
