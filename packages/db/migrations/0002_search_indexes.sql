-- Indexes drizzle's schema DSL cannot express: radius search, phrase search and the multi-valued facets.
CREATE INDEX IF NOT EXISTS listings_earth_idx ON listings USING gist (ll_to_earth(lat, lon)) WHERE status = 'active';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_search_text_trgm_idx ON listings USING gin (search_text gin_trgm_ops) WHERE status = 'active';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_extras_idx ON listings USING gin (extras) WHERE status = 'active';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_nearby_idx ON listings USING gin (nearby) WHERE status = 'active';
