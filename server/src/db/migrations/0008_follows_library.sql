CREATE TABLE "library_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_sessions" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follow_notices" (
	"follow_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "follow_notices_follow_id_day_pk" PRIMARY KEY("follow_id","day")
);
--> statement-breakpoint
CREATE TABLE "follow_releases" (
	"kind" text NOT NULL,
	"release_id" uuid NOT NULL,
	"announced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follow_releases_kind_release_id_pk" PRIMARY KEY("kind","release_id")
);
--> statement-breakpoint
CREATE TABLE "follow_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"follow_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"artist_id" uuid NOT NULL,
	"email" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "follow_notices" ADD CONSTRAINT "follow_notices_follow_id_follows_id_fk" FOREIGN KEY ("follow_id") REFERENCES "public"."follows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_tokens" ADD CONSTRAINT "follow_tokens_follow_id_follows_id_fk" FOREIGN KEY ("follow_id") REFERENCES "public"."follows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_artist_id_users_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_links_expires_idx" ON "library_links" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "library_sessions_expires_idx" ON "library_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "follow_releases_announced_idx" ON "follow_releases" USING btree ("announced_at");--> statement-breakpoint
CREATE INDEX "follow_tokens_follow_idx" ON "follow_tokens" USING btree ("follow_id");--> statement-breakpoint
CREATE UNIQUE INDEX "follows_artist_email_key" ON "follows" USING btree ("artist_id","email");--> statement-breakpoint
CREATE INDEX "follows_artist_confirmed_idx" ON "follows" USING btree ("artist_id","confirmed_at");