CREATE TABLE "takedowns" (
	"item_type" text NOT NULL,
	"item_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"taken_down_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_email" text,
	CONSTRAINT "takedowns_item_type_item_id_pk" PRIMARY KEY("item_type","item_id")
);
--> statement-breakpoint
ALTER TABLE "takedowns" ADD CONSTRAINT "takedowns_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "takedowns_owner_idx" ON "takedowns" USING btree ("owner_id");