ALTER TABLE "viewing_bookings" ALTER COLUMN "listing_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "viewing_open_days" ALTER COLUMN "listing_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "viewing_bookings" ADD COLUMN "investment_id" integer;--> statement-breakpoint
ALTER TABLE "viewing_open_days" ADD COLUMN "investment_id" integer;--> statement-breakpoint
ALTER TABLE "viewing_bookings" ADD CONSTRAINT "viewing_bookings_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewing_open_days" ADD CONSTRAINT "viewing_open_days_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "viewing_bookings_investment_idx" ON "viewing_bookings" USING btree ("investment_id","starts_at");--> statement-breakpoint
CREATE INDEX "viewing_open_days_investment_idx" ON "viewing_open_days" USING btree ("investment_id","starts_at");--> statement-breakpoint
ALTER TABLE "viewing_bookings" ADD CONSTRAINT "viewing_bookings_one_place" CHECK (num_nonnulls(listing_id, investment_id) = 1);--> statement-breakpoint
ALTER TABLE "viewing_open_days" ADD CONSTRAINT "viewing_open_days_one_place" CHECK (num_nonnulls(listing_id, investment_id) = 1);