CREATE TABLE "code_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"track_id" uuid,
	"album_id" uuid,
	"item_name" text NOT NULL,
	"kind" text NOT NULL,
	"percent_off" integer,
	"expires_at" timestamp with time zone,
	"count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "code_batches_item_check" CHECK ("code_batches"."item_type" in ('track', 'album')),
	CONSTRAINT "code_batches_kind_check" CHECK (("code_batches"."kind" = 'download' and "code_batches"."percent_off" is null) or ("code_batches"."kind" = 'discount' and "code_batches"."percent_off" between 1 and 100)),
	CONSTRAINT "code_batches_count_check" CHECK ("code_batches"."count" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"code" text NOT NULL,
	"reserved_order_id" uuid,
	"reserved_email" text,
	"reserved_until" timestamp with time zone,
	"used_at" timestamp with time zone,
	"used_email" text,
	"used_order_id" uuid
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amount_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "code_id" uuid;--> statement-breakpoint
ALTER TABLE "code_batches" ADD CONSTRAINT "code_batches_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_batches" ADD CONSTRAINT "code_batches_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_batches" ADD CONSTRAINT "code_batches_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "codes" ADD CONSTRAINT "codes_batch_id_code_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."code_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "code_batches_seller_idx" ON "code_batches" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "codes_code_key" ON "codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "codes_batch_idx" ON "codes" USING btree ("batch_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amount_check" CHECK ("orders"."price" >= 0 and "orders"."fee" >= 0 and "orders"."amount" = "orders"."price" + "orders"."fee");