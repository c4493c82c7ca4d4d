import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listenerSalts, playThrottle, trackDailyStats, trackPlays, tracks } from '../../db/schema';
import { trendPlay } from './trends.repo';

/** One play per listener per track in this window (spec section 4 counts plays; loops must not). */
export const PLAY_WINDOW_MINUTES = 10;

/**
 * Counts a play unless this listener had one counted for this track in the last 10 minutes: a
 * track_plays row, tracks.stream_count + 1, the day's track_daily_stats row + 1 (the analytics'
 * rollup; the day is the UTC date of the play's played_at) and the track's trending score.
 * The throttle row is claimed with one INSERT … ON CONFLICT … WHERE, so two simultaneous posts
 * (two PostgreSQL connections) count once. Answers whether it counted, and the track's count.
 */
export async function countPlay(
  db: Db,
  trackId: string,
  listenerHash: string,
  event: { duration: number; completedPercentage: number },
): Promise<{ counted: boolean; streamCount: number } | undefined> {
  return db.transaction(async (tx) => {
    const claimed = await tx.execute(sql`
      INSERT INTO ${playThrottle} (track_id, listener_hash, last_counted_at)
      SELECT ${trackId}, ${listenerHash}, now() WHERE EXISTS (SELECT 1 FROM ${tracks} WHERE id = ${trackId})
      ON CONFLICT (track_id, listener_hash) DO UPDATE SET last_counted_at = now()
      WHERE ${playThrottle.lastCountedAt} <= now() - make_interval(mins => ${PLAY_WINDOW_MINUTES})
      RETURNING track_id`);
    const counted = claimed.rows.length > 0;
    if (counted) {
      // One statement: the play's row, the track's running count (its row lock comes first, so
      // concurrent counters of one track queue there) and +1 on the track's UTC day of the play.
      const result = await tx.execute<{ stream_count: number }>(sql`
        WITH play AS (
          INSERT INTO ${trackPlays} (track_id, duration, completed_percentage)
          VALUES (${trackId}, ${event.duration}, ${event.completedPercentage})
          RETURNING track_id, played_at
        ), track AS (
          UPDATE ${tracks} SET stream_count = stream_count + 1 WHERE id = ${trackId} RETURNING id, user_id, stream_count
        ), daily AS (
          INSERT INTO ${trackDailyStats} (track_id, user_id, day, plays)
          SELECT track.id, track.user_id, (play.played_at AT TIME ZONE 'UTC')::date, 1 FROM play JOIN track ON track.id = play.track_id
          ON CONFLICT (track_id, day) DO UPDATE SET plays = ${trackDailyStats}.plays + 1
        )
        SELECT stream_count FROM track`);
      const row = result.rows[0];
      if (!row) return undefined;
      // In Currently Trending at once (decision 039), in the same transaction as the count.
      await trendPlay(tx, trackId);
      return { counted, streamCount: Number(row.stream_count) };
    }
    const [row] = await tx.select({ streamCount: tracks.streamCount }).from(tracks).where(eq(tracks.id, trackId));
    return row ? { counted, streamCount: row.streamCount } : undefined;
  });
}

export async function streamCountOf(db: Db, trackId: string): Promise<number | undefined> {
  const [row] = await db.select({ streamCount: tracks.streamCount }).from(tracks).where(eq(tracks.id, trackId));
  return row?.streamCount;
}

/** Throttle rows older than the window say nothing any more. */
export async function forgetOldThrottles(db: Db): Promise<void> {
  await db.execute(sql`
    DELETE FROM ${playThrottle} WHERE last_counted_at < now() - make_interval(mins => ${PLAY_WINDOW_MINUTES})`);
}

/**
 * The listener salt of a UTC day (YYYY-MM-DD): made by the first process that needs it, read by
 * the others. A day's salt never changes, so a process may keep it.
 */
export async function listenerSaltOf(db: Db, day: string): Promise<Buffer> {
  const fresh = randomBytes(16).toString('base64');
  await db.execute(sql`INSERT INTO ${listenerSalts} (day, salt) VALUES (${day}, ${fresh}) ON CONFLICT (day) DO NOTHING`);
  const [row] = await db.select({ salt: listenerSalts.salt }).from(listenerSalts).where(eq(listenerSalts.day, day));
  return Buffer.from(row!.salt, 'base64');
}

/** Salts of days before yesterday are deleted: a stored hash cannot be turned back into an address. */
export async function forgetOldSalts(db: Db, today: string): Promise<void> {
  await db.execute(sql`DELETE FROM ${listenerSalts} WHERE day < ${previousDay(today)}`);
}

function previousDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}
