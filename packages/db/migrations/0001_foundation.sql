CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"csrf_token" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" "citext" NOT NULL,
	"password_hash" text,
	"name" text NOT NULL,
	"phone" text,
	"nip" text,
	"type" text DEFAULT 'user' NOT NULL,
	"roles" text[] DEFAULT '{user}'::text[] NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"avatar" text,
	"video_avatar" text,
	"default_avatar" text,
	"address" jsonb,
	"newsletter" boolean DEFAULT false NOT NULL,
	"company_name" text,
	"services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text,
	"commission" jsonb,
	"agency_id" integer,
	"email_verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"slug" text NOT NULL,
	"url_slug" text NOT NULL,
	"name" text NOT NULL,
	"offer_types" text[] NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug"),
	CONSTRAINT "categories_url_slug_unique" UNIQUE("url_slug")
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "pages_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "listing_photos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"listing_id" bigint NOT NULL,
	"kind" text DEFAULT 'photo' NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"placeholder" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"user_id" integer NOT NULL,
	"agent_id" integer,
	"category_id" integer NOT NULL,
	"offer_type" text NOT NULL,
	"ad_type" text DEFAULT 'offer' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"price" bigint NOT NULL,
	"area" numeric(10, 2),
	"price_per_m2" bigint,
	"rooms" smallint,
	"bathrooms" smallint,
	"floor" text,
	"building_type" text,
	"market" text,
	"condition" text,
	"ownership" text,
	"rental_periods" text[] DEFAULT '{}'::text[] NOT NULL,
	"extras" text[] DEFAULT '{}'::text[] NOT NULL,
	"nearby" text[] DEFAULT '{}'::text[] NOT NULL,
	"negotiable" boolean DEFAULT false NOT NULL,
	"instalments" boolean DEFAULT false NOT NULL,
	"urgent" boolean DEFAULT false NOT NULL,
	"bargain" boolean DEFAULT false NOT NULL,
	"bills_included" boolean DEFAULT false NOT NULL,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"location_name" text NOT NULL,
	"city" text NOT NULL,
	"city_slug" text NOT NULL,
	"district" text,
	"voivodeship" text,
	"search_text" text DEFAULT '' NOT NULL,
	"links" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_promoted" boolean DEFAULT false NOT NULL,
	"promoted_until" timestamp with time zone,
	"raised_at" timestamp with time zone,
	"visible_from" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"views" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listings_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_photos" ADD CONSTRAINT "listing_photos_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "users_agency_idx" ON "users" USING btree ("agency_id");--> statement-breakpoint
CREATE INDEX "users_type_idx" ON "users" USING btree ("type");--> statement-breakpoint
CREATE INDEX "listing_photos_listing_idx" ON "listing_photos" USING btree ("listing_id","kind","position");--> statement-breakpoint
CREATE INDEX "listings_status_created_idx" ON "listings" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listings_status_promoted_idx" ON "listings" USING btree ("status","is_promoted","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listings_category_idx" ON "listings" USING btree ("category_id","offer_type","status");--> statement-breakpoint
CREATE INDEX "listings_city_idx" ON "listings" USING btree ("city_slug","offer_type","status");--> statement-breakpoint
CREATE INDEX "listings_user_idx" ON "listings" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "listings_price_idx" ON "listings" USING btree ("price");