ALTER TABLE "albums" ADD COLUMN "pay_more" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "albums" ADD COLUMN "suggested_price" integer;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "pay_more" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "suggested_price" integer;