import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profileDailyViews, profileViews, trackDailyStats, trackDownloads, trackPlays, tracks } from '../../db/schema';

/**
 * Recomputes both daily rollups from the events they summarise: track_daily_stats from
 * track_plays and track_downloads, profile_daily_views from profile_views, a day being the UTC
 * date of the event (as the live writers and migration 0003's backfill compute it). For the seed
 * command, the benchmark and tests that insert events directly, or a repair; the live path never
 * calls it (playback and public pages keep the rollups with each counted event).
 *
 * One transaction (delete, then INSERT ... SELECT). Both tables are locked against writes first
 * (EXCLUSIVE: reads go on), so an event counted meanwhile is either committed before the rebuild
 * reads (and counted by it) or waits and adds its +1 after: never lost, never counted twice.
 * Answers the rows written.
 */
export async function rebuildDailyStats(db: Db): Promise<{ trackDays: number; profileDays: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE ${trackDailyStats}, ${profileDailyViews} IN EXCLUSIVE MODE`);
    await tx.execute(sql`DELETE FROM ${trackDailyStats}`);
    await tx.execute(sql`DELETE FROM ${profileDailyViews}`);
    const trackDays = await tx.execute(sql`
      INSERT INTO ${trackDailyStats} (track_id, user_id, day, plays, downloads)
      SELECT e.track_id, t.user_id, e.day, sum(e.plays)::int, sum(e.downloads)::int
      FROM (
        SELECT track_id, (played_at AT TIME ZONE 'UTC')::date AS day, count(*) AS plays, 0 AS downloads
        FROM ${trackPlays} GROUP BY 1, 2
        UNION ALL
        SELECT track_id, (downloaded_at AT TIME ZONE 'UTC')::date AS day, 0 AS plays, count(*) AS downloads
        FROM ${trackDownloads} GROUP BY 1, 2
      ) e
      JOIN ${tracks} t ON t.id = e.track_id
      GROUP BY e.track_id, t.user_id, e.day
      -- Stored day by day, as the live writers leave them: one artist's last 30 days sit in few pages.
      ORDER BY e.day, t.user_id`);
    const profileDays = await tx.execute(sql`
      INSERT INTO ${profileDailyViews} (user_id, day, views)
      SELECT user_id, (viewed_at AT TIME ZONE 'UTC')::date, count(*)::int
      FROM ${profileViews} GROUP BY 1, 2`);
    return { trackDays: trackDays.rowCount ?? 0, profileDays: profileDays.rowCount ?? 0 };
  });
}
