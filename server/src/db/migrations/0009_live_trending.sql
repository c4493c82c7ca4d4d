CREATE TABLE "track_trends" (
	"track_id" uuid PRIMARY KEY NOT NULL,
	"score" double precision NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"rank" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trending_expiry" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"expired_to" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "track_trends" ADD CONSTRAINT "track_trends_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "track_trends_rank_idx" ON "track_trends" USING btree ("rank" DESC,"track_id" DESC);--> statement-breakpoint
CREATE INDEX "albums_created_idx" ON "albums" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tracks_single_uploaded_idx" ON "tracks" USING btree ("uploaded_at") WHERE "tracks"."album_id" IS NULL;--> statement-breakpoint
-- Hand-written (decision 039): the scores of the plays and downloads already counted, built as
-- playback's rebuildTrends does (half-life 3 days = 259200 s, a download weighs 3, window 14 days),
-- and the expiry's starting point. The five-minute trending list is no longer kept.
INSERT INTO "track_trends" ("track_id", "score", "at", "rank")
SELECT s.track_id, s.score, s.at, ln(s.score) / ln(2::float8) + extract(epoch FROM s.at)::float8 / 259200::float8
FROM (
	SELECT e.track_id, n.at, sum(e.weight * power(2::float8, -extract(epoch FROM (n.at - e.at))::float8 / 259200::float8)) AS score
	FROM (
		SELECT track_id, played_at AS at, 1::float8 AS weight FROM track_plays WHERE played_at > now() - interval '14 days'
		UNION ALL
		SELECT track_id, downloaded_at, 3::float8 FROM track_downloads WHERE downloaded_at > now() - interval '14 days'
	) e
	JOIN (
		SELECT track_id, max(at) AS at FROM (
			SELECT track_id, played_at AS at FROM track_plays WHERE played_at > now() - interval '14 days'
			UNION ALL
			SELECT track_id, downloaded_at FROM track_downloads WHERE downloaded_at > now() - interval '14 days'
		) x GROUP BY track_id
	) n ON n.track_id = e.track_id
	GROUP BY e.track_id, n.at
) s;
--> statement-breakpoint
INSERT INTO "trending_expiry" ("id", "expired_to") VALUES (1, now() - interval '14 days');
--> statement-breakpoint
DELETE FROM "discovery_rankings" WHERE "list" = 'trending-tracks';
