import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { profileDailyViews, trackDailyStats, tracks } from '../../db/schema';

/**
 * Reads only. The daily rollups are kept by their writers in the transaction of each counted
 * event: track_daily_stats by playback (plays, downloads), profile_daily_views by public pages.
 */

export interface TotalsRow {
  totalTracks: number;
  totalDownloads: number;
  totalStreams: number;
  profileViews: number;
}

/**
 * All-time figures from running totals: the artist's tracks (tracks_user_id_idx: their
 * stream_count and download_count) and their days of profile views (a range of
 * profile_daily_views' primary key, one row per day). No scan of plays, downloads or views.
 */
export async function totals(db: DbOrTx, userId: string): Promise<TotalsRow> {
  const result = await db.execute<{ total_tracks: string | number; total_downloads: string | number; total_streams: string | number; profile_views: string | number }>(sql`
    SELECT t.total_tracks, t.total_downloads, t.total_streams,
      (SELECT coalesce(sum(views), 0) FROM ${profileDailyViews} WHERE user_id = ${userId}) AS profile_views
    FROM (
      SELECT count(*) AS total_tracks,
        coalesce(sum(download_count), 0) AS total_downloads,
        coalesce(sum(stream_count), 0) AS total_streams
      FROM ${tracks} WHERE user_id = ${userId}
    ) t`);
  const row = result.rows[0]!;
  return {
    totalTracks: Number(row.total_tracks),
    totalDownloads: Number(row.total_downloads),
    totalStreams: Number(row.total_streams),
    profileViews: Number(row.profile_views),
  };
}

export interface TrackNameRow {
  trackId: string;
  trackName: string;
}

export async function trackNames(db: DbOrTx, userId: string): Promise<TrackNameRow[]> {
  const result = await db.execute<{ id: string; track_name: string }>(
    sql`SELECT id, track_name FROM ${tracks} WHERE user_id = ${userId}`,
  );
  return result.rows.map((row) => ({ trackId: row.id, trackName: row.track_name }));
}

/** A count per track (day null) and per UTC day (trackId null) over the period. */
export interface CountRow {
  trackId: string | null;
  day: string | null;
  n: number;
}

/**
 * Plays and downloads of the artist's tracks on the UTC days `from`..`to` (YYYY-MM-DD, inclusive),
 * from the rollup: one range of track_daily_stats_user_day_idx (at most tracks x days rows, e.g.
 * 15,000 for 500 tracks over 30 days), summed per track and per day at once (GROUPING SETS).
 * A deleted track's rows went with it (ON DELETE CASCADE), as its plays did.
 */
export async function trackDayCounts(db: DbOrTx, userId: string, from: string, to: string): Promise<{ plays: CountRow[]; downloads: CountRow[] }> {
  const result = await db.execute<{ track_id: string | null; day: string | null; plays: string | number; downloads: string | number }>(sql`
    SELECT track_id, to_char(day, 'YYYY-MM-DD') AS day, sum(plays) AS plays, sum(downloads) AS downloads
    FROM ${trackDailyStats}
    WHERE user_id = ${userId} AND day BETWEEN ${from}::date AND ${to}::date
    GROUP BY GROUPING SETS ((track_id), (day))`);
  const plays: CountRow[] = [];
  const downloads: CountRow[] = [];
  for (const row of result.rows) {
    plays.push({ trackId: row.track_id, day: row.day, n: Number(row.plays) });
    downloads.push({ trackId: row.track_id, day: row.day, n: Number(row.downloads) });
  }
  return { plays, downloads };
}

/** Counted profile views per UTC day `from`..`to` (a range of profile_daily_views' primary key). */
export async function viewCounts(db: DbOrTx, userId: string, from: string, to: string): Promise<{ day: string; n: number }[]> {
  const result = await db.execute<{ day: string; n: string | number }>(sql`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, views AS n
    FROM ${profileDailyViews}
    WHERE user_id = ${userId} AND day BETWEEN ${from}::date AND ${to}::date`);
  return result.rows.map((row) => ({ day: row.day, n: Number(row.n) }));
}
