CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_type" text NOT NULL,
	"item_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"email" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by_email" text,
	"close_note" text,
	CONSTRAINT "reports_item_type_check" CHECK ("reports"."item_type" in ('track', 'album', 'profile')),
	CONSTRAINT "reports_status_check" CHECK ("reports"."status" in ('open', 'actioned', 'dismissed'))
);
--> statement-breakpoint
CREATE INDEX "reports_status_created_idx" ON "reports" USING btree ("status","created_at");