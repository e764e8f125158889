ALTER TABLE "viewing_settings" DROP CONSTRAINT "viewing_settings_pkey";--> statement-breakpoint
ALTER TABLE "viewing_settings" ALTER COLUMN "listing_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "viewing_settings" ADD COLUMN "investment_id" integer;--> statement-breakpoint
ALTER TABLE "viewing_settings" ADD CONSTRAINT "viewing_settings_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "viewing_bookings_investment_slot_uq" ON "viewing_bookings" USING btree ("investment_id","starts_at") WHERE status <> 'cancelled' and open_day_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "viewing_settings_listing_uq" ON "viewing_settings" USING btree ("listing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "viewing_settings_investment_uq" ON "viewing_settings" USING btree ("investment_id");--> statement-breakpoint
ALTER TABLE "viewing_settings" ADD CONSTRAINT "viewing_settings_one_place" CHECK (num_nonnulls(listing_id, investment_id) = 1);