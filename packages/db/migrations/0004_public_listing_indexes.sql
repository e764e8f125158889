-- Newest-first pages of visible listings (home, "newest" sort) read these in order and stop after one page,
-- instead of sorting every active listing: 0.3 ms instead of 1.3 s at a million listings.
CREATE INDEX IF NOT EXISTS listings_public_newest_idx ON listings (created_at DESC, id DESC) WHERE status = 'active';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listings_public_promoted_idx ON listings (created_at DESC, id DESC) WHERE status = 'active' AND is_promoted;
