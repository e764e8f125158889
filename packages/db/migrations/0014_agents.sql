ALTER TABLE "users" ADD COLUMN "agents_share_listings" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "listings_agent_idx" ON "listings" USING btree ("agent_id","status");