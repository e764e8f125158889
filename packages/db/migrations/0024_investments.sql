CREATE TABLE "developer_disclosures" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"legal_form" text,
	"krs" text,
	"ceidg" text,
	"regon" text,
	"fax" text,
	"website" text,
	"head_office" jsonb,
	"sales_office" jsonb,
	"other_sales_places" text,
	"contact_method" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "investment_units" (
	"listing_id" bigint PRIMARY KEY NOT NULL,
	"investment_id" integer NOT NULL,
	"building" text DEFAULT '' NOT NULL,
	"unit_number" text NOT NULL,
	"floor" smallint,
	"rooms" smallint,
	"status" text DEFAULT 'dostepne' NOT NULL,
	"outdoor" text[] DEFAULT '{}'::text[] NOT NULL,
	"extras" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "investments" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"location_name" text NOT NULL,
	"city" text NOT NULL,
	"city_slug" text NOT NULL,
	"district" text,
	"voivodeship" text,
	"address" jsonb,
	"status" text DEFAULT 'w-budowie' NOT NULL,
	"completion_date" date,
	"buildings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amenities" text[] DEFAULT '{}'::text[] NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investments_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "price_disclosure_files" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"csv" text NOT NULL,
	"csv_md5" text NOT NULL,
	"rows" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_disclosure_files_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "price_disclosure_xml" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"xml" text NOT NULL,
	"xml_md5" text NOT NULL,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "developer_disclosures" ADD CONSTRAINT "developer_disclosures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_units" ADD CONSTRAINT "investment_units_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_units" ADD CONSTRAINT "investment_units_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_disclosure_files" ADD CONSTRAINT "price_disclosure_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_disclosure_xml" ADD CONSTRAINT "price_disclosure_xml_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "investment_units_number_uq" ON "investment_units" USING btree ("investment_id","building","unit_number");--> statement-breakpoint
CREATE INDEX "investment_units_investment_idx" ON "investment_units" USING btree ("investment_id","status");--> statement-breakpoint
CREATE INDEX "investments_user_idx" ON "investments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "investments_city_idx" ON "investments" USING btree ("city_slug","status");