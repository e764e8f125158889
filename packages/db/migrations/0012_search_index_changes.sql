CREATE TABLE "listing_changes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"listing_id" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "listing_changes_at_idx" ON "listing_changes" USING btree ("at");--> statement-breakpoint
CREATE FUNCTION "log_listing_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "listing_changes" ("listing_id") VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Views, titles and descriptions change often and search never filters on them: only the facet columns count.
CREATE TRIGGER "listings_search_change" AFTER INSERT OR DELETE OR UPDATE OF "slug", "category_id", "offer_type", "ad_type",
  "status", "price", "area", "price_per_m2", "rooms", "bathrooms", "floor", "building_type", "market", "condition", "ownership",
  "rental_periods", "extras", "nearby", "negotiable", "instalments", "urgent", "bargain", "bills_included", "attributes", "lat",
  "lon", "city_slug", "district", "is_promoted", "promoted_until", "visible_from", "expires_at", "created_at"
  ON "listings" FOR EACH ROW EXECUTE FUNCTION "log_listing_change"();
