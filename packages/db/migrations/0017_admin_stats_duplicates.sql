CREATE TABLE "admin_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"before" jsonb,
	"after" jsonb,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blacklist_words" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"word" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blacklist_words_word_unique" UNIQUE("word")
);
--> statement-breakpoint
CREATE TABLE "category_moderation" (
	"category_id" integer PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_moderation" (
	"listing_id" bigint PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"mode" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer
);
--> statement-breakpoint
CREATE TABLE "listing_suspensions" (
	"listing_id" bigint PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"previous_status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_counters" (
	"day" date NOT NULL,
	"key" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_counters_day_key_pk" PRIMARY KEY("day","key")
);
--> statement-breakpoint
CREATE TABLE "listing_daily_stats" (
	"listing_id" bigint NOT NULL,
	"day" date NOT NULL,
	"phone_reveals" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listing_daily_stats_listing_id_day_pk" PRIMARY KEY("listing_id","day")
);
--> statement-breakpoint
CREATE TABLE "listing_property" (
	"listing_id" bigint PRIMARY KEY NOT NULL,
	"group_id" bigint NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_groups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_reason" text;--> statement-breakpoint
ALTER TABLE "listing_photos" ADD COLUMN "phashes" bigint[];--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "dup_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolved_by" integer;--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blacklist_words" ADD CONSTRAINT "blacklist_words_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_moderation" ADD CONSTRAINT "category_moderation_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_moderation" ADD CONSTRAINT "listing_moderation_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_moderation" ADD CONSTRAINT "listing_moderation_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_suspensions" ADD CONSTRAINT "listing_suspensions_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_suspensions" ADD CONSTRAINT "listing_suspensions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_daily_stats" ADD CONSTRAINT "listing_daily_stats_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_property" ADD CONSTRAINT "listing_property_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_property" ADD CONSTRAINT "listing_property_group_id_property_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."property_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_created_idx" ON "admin_audit" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "admin_audit_actor_idx" ON "admin_audit" USING btree ("actor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "admin_audit_target_idx" ON "admin_audit" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "listing_moderation_queue_idx" ON "listing_moderation" USING btree ("state","queued_at");--> statement-breakpoint
CREATE INDEX "listing_suspensions_user_idx" ON "listing_suspensions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "listing_property_group_idx" ON "listing_property" USING btree ("group_id");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- 'ukryj duplikaty' is a search facet: the search index must hear when dup_hidden changes.
DROP TRIGGER "listings_search_change" ON "listings";
--> statement-breakpoint
CREATE TRIGGER "listings_search_change" AFTER INSERT OR DELETE OR UPDATE OF "slug", "category_id", "offer_type", "ad_type",
  "status", "price", "area", "price_per_m2", "rooms", "bathrooms", "floor", "building_type", "market", "condition", "ownership",
  "rental_periods", "extras", "nearby", "negotiable", "instalments", "urgent", "bargain", "bills_included", "attributes", "lat",
  "lon", "city_slug", "district", "is_promoted", "promoted_until", "visible_from", "expires_at", "created_at", "title",
  "location_name", "city", "search_text", "dup_hidden"
  ON "listings" FOR EACH ROW EXECUTE FUNCTION "log_listing_change"();
