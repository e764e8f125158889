-- The search index also caches listing cards (title, place, first photo): changes to those count as changes too.
DROP TRIGGER "listings_search_change" ON "listings";
--> statement-breakpoint
CREATE TRIGGER "listings_search_change" AFTER INSERT OR DELETE OR UPDATE OF "slug", "category_id", "offer_type", "ad_type",
  "status", "price", "area", "price_per_m2", "rooms", "bathrooms", "floor", "building_type", "market", "condition", "ownership",
  "rental_periods", "extras", "nearby", "negotiable", "instalments", "urgent", "bargain", "bills_included", "attributes", "lat",
  "lon", "city_slug", "district", "is_promoted", "promoted_until", "visible_from", "expires_at", "created_at", "title",
  "location_name", "city", "search_text"
  ON "listings" FOR EACH ROW EXECUTE FUNCTION "log_listing_change"();
--> statement-breakpoint
CREATE FUNCTION "log_listing_photo_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "listing_changes" ("listing_id") VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.listing_id ELSE NEW.listing_id END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "listing_photos_search_change" AFTER INSERT OR DELETE OR UPDATE ON "listing_photos"
  FOR EACH ROW EXECUTE FUNCTION "log_listing_photo_change"();
