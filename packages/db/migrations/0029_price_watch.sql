CREATE TABLE "investment_follows" (
	"user_id" integer NOT NULL,
	"investment_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investment_follows_user_id_investment_id_pk" PRIMARY KEY("user_id","investment_id")
);
--> statement-breakpoint
CREATE TABLE "watch_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"listing_id" bigint,
	"investment_id" integer,
	"old_price" bigint,
	"new_price" bigint,
	"status" text,
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watch_events_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "watch_investments_seen" (
	"investment_id" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_notices" (
	"user_id" integer NOT NULL,
	"event_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "watch_notices_user_id_event_id_pk" PRIMARY KEY("user_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "watch_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"email_digest" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_units_seen" (
	"listing_id" bigint PRIMARY KEY NOT NULL,
	"status" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "investment_follows" ADD CONSTRAINT "investment_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_follows" ADD CONSTRAINT "investment_follows_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_events" ADD CONSTRAINT "watch_events_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_events" ADD CONSTRAINT "watch_events_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_investments_seen" ADD CONSTRAINT "watch_investments_seen_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_notices" ADD CONSTRAINT "watch_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_notices" ADD CONSTRAINT "watch_notices_event_id_watch_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."watch_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_settings" ADD CONSTRAINT "watch_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_units_seen" ADD CONSTRAINT "watch_units_seen_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "investment_follows_investment_idx" ON "investment_follows" USING btree ("investment_id");--> statement-breakpoint
CREATE INDEX "watch_events_listing_idx" ON "watch_events" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "watch_notices_unmailed_idx" ON "watch_notices" USING btree ("created_at") WHERE mailed_at is null;--> statement-breakpoint
CREATE INDEX "listings_expired_idx" ON "listings" USING btree ("expires_at") WHERE status = 'expired';--> statement-breakpoint
CREATE INDEX "listing_meta_ended_idx" ON "listing_meta" USING btree ("ended_at") WHERE ended_at is not null;--> statement-breakpoint
CREATE INDEX "listing_price_history_changed_idx" ON "listing_price_history" USING btree ("changed_at");