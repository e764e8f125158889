CREATE TABLE "viewing_bookings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "viewing_bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"listing_id" bigint NOT NULL,
	"owner_id" integer NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"open_day_id" bigint,
	"seat" smallint,
	"status" text DEFAULT 'pending' NOT NULL,
	"awaiting" text DEFAULT 'owner' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"reason" text,
	"cancelled_by" text,
	"thread_id" bigint,
	"reminded_24_at" timestamp with time zone,
	"reminded_2_at" timestamp with time zone,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "viewing_feeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "viewing_feeds_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "viewing_open_days" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "viewing_open_days_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"listing_id" bigint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "viewing_settings" (
	"listing_id" bigint PRIMARY KEY NOT NULL,
	"weekly" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"exceptions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"visit_minutes" smallint DEFAULT 30 NOT NULL,
	"auto_confirm" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "viewing_bookings" ADD CONSTRAINT "viewing_bookings_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewing_bookings" ADD CONSTRAINT "viewing_bookings_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewing_bookings" ADD CONSTRAINT "viewing_bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewing_bookings" ADD CONSTRAINT "viewing_bookings_open_day_id_viewing_open_days_id_fk" FOREIGN KEY ("open_day_id") REFERENCES "public"."viewing_open_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewing_bookings" ADD CONSTRAINT "viewing_bookings_thread_id_message_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."message_threads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewing_feeds" ADD CONSTRAINT "viewing_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewing_open_days" ADD CONSTRAINT "viewing_open_days_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewing_settings" ADD CONSTRAINT "viewing_settings_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "viewing_bookings_slot_uq" ON "viewing_bookings" USING btree ("listing_id","starts_at") WHERE status <> 'cancelled' and open_day_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "viewing_bookings_seat_uq" ON "viewing_bookings" USING btree ("open_day_id","seat") WHERE status <> 'cancelled' and open_day_id is not null;--> statement-breakpoint
CREATE INDEX "viewing_bookings_owner_idx" ON "viewing_bookings" USING btree ("owner_id","starts_at");--> statement-breakpoint
CREATE INDEX "viewing_bookings_user_idx" ON "viewing_bookings" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE INDEX "viewing_bookings_email_idx" ON "viewing_bookings" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "viewing_bookings_listing_idx" ON "viewing_bookings" USING btree ("listing_id","starts_at");--> statement-breakpoint
CREATE INDEX "viewing_open_days_listing_idx" ON "viewing_open_days" USING btree ("listing_id","starts_at");