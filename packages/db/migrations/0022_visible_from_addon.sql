ALTER TABLE "listing_promotions" ADD COLUMN "visible_from_paid_at" timestamp with time zone;
--> statement-breakpoint
-- The older system's visible_from_date price (500 grosze): publishing from a later date is a paid add-on.
INSERT INTO "promotion_addons" ("key", "name", "price", "quantity", "duration_days", "position") VALUES
  ('visible_from', 'Publikacja od wybranej daty', 500, 1, 0, 7)
ON CONFLICT ("key") DO NOTHING;
