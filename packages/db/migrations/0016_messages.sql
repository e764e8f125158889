CREATE TABLE "message_blocks" (
	"user_id" integer NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_blocks_user_id_email_pk" PRIMARY KEY("user_id","email")
);
--> statement-breakpoint
CREATE TABLE "message_threads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"listing_id" bigint,
	"owner_id" integer NOT NULL,
	"counterpart_id" integer,
	"counterpart_name" text NOT NULL,
	"counterpart_email" text NOT NULL,
	"counterpart_phone" text,
	"subject" text NOT NULL,
	"owner_unread" integer DEFAULT 0 NOT NULL,
	"counterpart_unread" integer DEFAULT 0 NOT NULL,
	"owner_archived_at" timestamp with time zone,
	"counterpart_archived_at" timestamp with time zone,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "to_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "thread_id" bigint;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "from_side" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "want_to_see" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "scam" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "verify_token_hash" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "report_reason" text;--> statement-breakpoint
ALTER TABLE "message_blocks" ADD CONSTRAINT "message_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_counterpart_id_users_id_fk" FOREIGN KEY ("counterpart_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_threads_owner_idx" ON "message_threads" USING btree ("owner_id","last_message_at");--> statement-breakpoint
CREATE INDEX "message_threads_counterpart_idx" ON "message_threads" USING btree ("counterpart_id","last_message_at");--> statement-breakpoint
CREATE INDEX "message_threads_lookup_idx" ON "message_threads" USING btree ("owner_id","counterpart_email","listing_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_thread_id_message_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."message_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_thread_idx" ON "messages" USING btree ("thread_id","created_at");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_verify_token_hash_unique" UNIQUE("verify_token_hash");