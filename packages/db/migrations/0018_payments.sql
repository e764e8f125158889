CREATE TABLE "invoice_counters" (
	"year" smallint PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"number" text NOT NULL,
	"year" smallint NOT NULL,
	"seq" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"items" jsonb NOT NULL,
	"net" integer NOT NULL,
	"vat" integer NOT NULL,
	"gross" integer NOT NULL,
	"ksef_xml" text,
	"ksef_status" text,
	"ksef_reference" text,
	CONSTRAINT "invoices_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "invoices_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "listing_promotions" (
	"listing_id" bigint PRIMARY KEY NOT NULL,
	"package_id" smallint,
	"package_ends_at" timestamp with time zone,
	"refreshes_left" smallint DEFAULT 0 NOT NULL,
	"raises_left" smallint DEFAULT 0 NOT NULL,
	"urgent_until" timestamp with time zone,
	"bargain_until" timestamp with time zone,
	"choice" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"listing_id" bigint,
	"purpose" text NOT NULL,
	"title" text NOT NULL,
	"items" jsonb NOT NULL,
	"order" jsonb NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'PLN' NOT NULL,
	"gateway" text NOT NULL,
	"gateway_ref" text,
	"gateway_order_id" text,
	"method" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"invoice_buyer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "promotion_addons" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"quantity" smallint DEFAULT 1 NOT NULL,
	"duration_days" smallint DEFAULT 0 NOT NULL,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_packages" (
	"id" smallint PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"duration_days" smallint NOT NULL,
	"free_refreshes" smallint NOT NULL,
	"free_raises" smallint NOT NULL,
	"featured" boolean NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "promotion_packages_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_promotions" ADD CONSTRAINT "listing_promotions_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_promotions" ADD CONSTRAINT "listing_promotions_package_id_promotion_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."promotion_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_year_seq_idx" ON "invoices" USING btree ("year","seq");--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("expires_at") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_ref_idx" ON "payments" USING btree ("gateway","gateway_ref");--> statement-breakpoint
-- The price list of the older system (reference §5), in grosze, gross. Changed in the database, never in code.
INSERT INTO "promotion_packages" ("id", "slug", "name", "price", "duration_days", "free_refreshes", "free_raises", "featured", "position") VALUES
  (1, 'darmowe', 'Darmowe', 0, 0, 1, 0, false, 1),
  (2, 'standardowe', 'Standardowe', 399, 7, 2, 0, true, 2),
  (3, 'srebrne', 'Srebrne', 999, 7, 3, 0, true, 3),
  (4, 'zlote', 'Złote', 4999, 7, 6, 7, true, 4);
--> statement-breakpoint
INSERT INTO "promotion_addons" ("key", "name", "price", "quantity", "duration_days", "position") VALUES
  ('urgent', 'Czerwona ramka PILNE', 499, 1, 7, 1),
  ('bargain', 'Żółta ramka OKAZJA', 499, 1, 7, 2),
  ('raise_1', 'Podbicie ×1', 199, 1, 0, 3),
  ('raise_3', 'Podbicie ×3', 399, 3, 0, 4),
  ('raise_10', 'Podbicie ×10', 999, 10, 0, 5),
  ('refresh', 'Odświeżenie', 299, 1, 0, 6);
