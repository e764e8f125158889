-- Issue 25's filters read the video links, the owner's account type (private, agency, developer) and the floor plan
-- photos (apps/api/src/lib/search/facets.ts): the search index's change log must name a listing when any of them
-- changes. Photos were already logged (0013); links and the owner join the watched columns of listings, and a change
-- of an account's type or company logs the listings of that account and of its agents.
DROP TRIGGER "listings_search_change" ON "listings";
--> statement-breakpoint
CREATE TRIGGER "listings_search_change" AFTER INSERT OR DELETE OR UPDATE OF "slug", "category_id", "offer_type", "ad_type",
  "status", "price", "area", "price_per_m2", "rooms", "bathrooms", "floor", "building_type", "market", "condition", "ownership",
  "rental_periods", "extras", "nearby", "negotiable", "instalments", "urgent", "bargain", "bills_included", "attributes", "lat",
  "lon", "city_slug", "district", "is_promoted", "promoted_until", "visible_from", "expires_at", "created_at", "title",
  "location_name", "city", "search_text", "dup_hidden", "links", "user_id"
  ON "listings" FOR EACH ROW EXECUTE FUNCTION "log_listing_change"();
--> statement-breakpoint
CREATE FUNCTION "log_advertiser_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.type IS DISTINCT FROM OLD.type OR NEW.agency_id IS DISTINCT FROM OLD.agency_id THEN
    INSERT INTO "listing_changes" ("listing_id")
      SELECT l.id FROM "listings" l WHERE l.user_id = NEW.id
        OR l.user_id IN (SELECT a.id FROM "users" a WHERE a.agency_id = NEW.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_search_advertiser_change" AFTER UPDATE OF "type", "agency_id" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "log_advertiser_change"();
