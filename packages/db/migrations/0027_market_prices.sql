CREATE TABLE "mortgage_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"reference_rate_bp" integer NOT NULL,
	"margin_bp" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_stats" (
	"category_id" integer NOT NULL,
	"offer_type" text NOT NULL,
	"city_slug" text NOT NULL,
	"district" text DEFAULT '' NOT NULL,
	"rooms" smallint DEFAULT 0 NOT NULL,
	"month" date NOT NULL,
	"n" integer NOT NULL,
	"p25" bigint NOT NULL,
	"median" bigint NOT NULL,
	"p75" bigint NOT NULL,
	"bin_min" bigint NOT NULL,
	"bin_width" bigint NOT NULL,
	"bins" integer[] NOT NULL,
	CONSTRAINT "price_stats_category_id_offer_type_city_slug_district_rooms_month_pk" PRIMARY KEY("category_id","offer_type","city_slug","district","rooms","month")
);
--> statement-breakpoint
CREATE TABLE "price_stats_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_month" date NOT NULL,
	"groups" integer NOT NULL,
	"listings" integer NOT NULL,
	"ms" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "price_stats_city_month_idx" ON "price_stats" USING btree ("city_slug","month");