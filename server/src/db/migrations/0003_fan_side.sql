CREATE TABLE "discovery_rankings" (
	"list" text NOT NULL,
	"position" integer NOT NULL,
	"item_id" uuid NOT NULL,
	"score" double precision NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discovery_rankings_list_position_pk" PRIMARY KEY("list","position")
);
--> statement-breakpoint
CREATE TABLE "editor_picks" (
	"track_id" uuid PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "previous_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_daily_views" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "profile_daily_views_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "profile_view_throttle" (
	"user_id" uuid NOT NULL,
	"viewer_hash" text NOT NULL,
	"last_counted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "profile_view_throttle_user_id_viewer_hash_pk" PRIMARY KEY("user_id","viewer_hash")
);
--> statement-breakpoint
CREATE TABLE "profile_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "track_daily_stats" (
	"track_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "track_daily_stats_track_id_day_pk" PRIMARY KEY("track_id","day")
);
--> statement-breakpoint
CREATE TABLE "track_downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"track_id" uuid NOT NULL,
	"album_id" uuid,
	"downloaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "editor_picks" ADD CONSTRAINT "editor_picks_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "previous_slugs" ADD CONSTRAINT "previous_slugs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_daily_views" ADD CONSTRAINT "profile_daily_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_view_throttle" ADD CONSTRAINT "profile_view_throttle_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_views" ADD CONSTRAINT "profile_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_links" ADD CONSTRAINT "social_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_daily_stats" ADD CONSTRAINT "track_daily_stats_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_daily_stats" ADD CONSTRAINT "track_daily_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_downloads" ADD CONSTRAINT "track_downloads_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "previous_slugs_user_idx" ON "previous_slugs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "profile_view_throttle_last_counted_idx" ON "profile_view_throttle" USING btree ("last_counted_at");--> statement-breakpoint
CREATE INDEX "profile_views_user_viewed_idx" ON "profile_views" USING btree ("user_id","viewed_at");--> statement-breakpoint
CREATE INDEX "social_links_user_idx" ON "social_links" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "track_daily_stats_user_day_idx" ON "track_daily_stats" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "track_downloads_track_downloaded_idx" ON "track_downloads" USING btree ("track_id","downloaded_at");--> statement-breakpoint
CREATE INDEX "track_downloads_downloaded_idx" ON "track_downloads" USING btree ("downloaded_at");--> statement-breakpoint
CREATE INDEX "track_plays_played_idx" ON "track_plays" USING btree ("played_at");--> statement-breakpoint
-- Plays counted before this migration join the daily figures (downloads and views start here).
INSERT INTO "track_daily_stats" ("track_id", "user_id", "day", "plays")
SELECT p."track_id", t."user_id", (p."played_at" AT TIME ZONE 'UTC')::date, count(*)::int
FROM "track_plays" p JOIN "tracks" t ON t."id" = p."track_id"
GROUP BY 1, 2, 3;
