import { sql } from 'drizzle-orm';
import { DOWNLOAD_WEIGHT, TRENDING_HALF_LIFE_DAYS, TRENDING_WINDOW_DAYS } from '#common/trending';
import type { Db, DbOrTx } from '../../db/client';
import { trackTrends, trendingExpiry } from '../../db/schema';

/**
 * Currently Trending kept current as plays and downloads are counted (decision 039). Each track's
 * row holds the decayed sum of its events' weights as of its newest event; the list reads the
 * top rows of `rank` by index. Written here, in the transactions that count the events, so a
 * counted play is in the list at once, on every process, and counted in it exactly once.
 */

const HALF_LIFE_SECONDS = TRENDING_HALF_LIFE_DAYS * 86_400;

/** Seconds from `a` to `b` (timestamptz), as float8. */
const secondsBetween = (a: unknown, b: unknown) => sql`extract(epoch FROM (${b} - ${a}))::float8`;

/** The rank key of a score decayed to the instant `at`: log2(score) + epoch(at) / half-life. */
const rankOf = (score: unknown, at: unknown) => sql`(ln(${score}) / ln(2::float8) + extract(epoch FROM ${at})::float8 / ${HALF_LIFE_SECONDS}::float8)`;

/**
 * Adds one event of `weight` at the transaction's now() to each track's score: the old score
 * decayed to the newer of the two instants plus the new event decayed to it (a transaction that
 * began earlier may commit later). One row per track, in id order (no deadlock between two album
 * downloads or with the expiry); the caller holds the tracks' rows already.
 */
async function addToTrends(tx: DbOrTx, trackIds: string[], weight: number): Promise<void> {
  if (trackIds.length === 0) return;
  const ids = [...trackIds].sort();
  const newAt = sql`greatest(${trackTrends.at}, excluded.at)`;
  const newScore = sql`(${trackTrends.score} * power(2::float8, -${secondsBetween(trackTrends.at, newAt)} / ${HALF_LIFE_SECONDS}::float8)
      + excluded.score * power(2::float8, -${secondsBetween(sql`excluded.at`, newAt)} / ${HALF_LIFE_SECONDS}::float8))`;
  await tx.execute(sql`
    INSERT INTO ${trackTrends} (track_id, score, at, rank)
    SELECT id, ${weight}::float8, now(), ${rankOf(sql`${weight}::float8`, sql`now()`)}
    FROM unnest(${`{${ids.join(',')}}`}::uuid[]) WITH ORDINALITY AS t(id, n) ORDER BY n
    ON CONFLICT (track_id) DO UPDATE SET score = ${newScore}, at = ${newAt}, rank = ${rankOf(newScore, newAt)}`);
}

/** A counted play (inside its counting transaction). */
export const trendPlay = (tx: DbOrTx, trackId: string) => addToTrends(tx, [trackId], 1);

/** Counted downloads of these tracks (inside their counting transaction). */
export const trendDownloads = (tx: DbOrTx, trackIds: string[]) => addToTrends(tx, trackIds, DOWNLOAD_WEIGHT);

/** The events of (from, to] with their weights, as SQL: plays weigh 1, downloads DOWNLOAD_WEIGHT. */
const eventsBetween = (from: unknown, to: unknown) => sql`
  SELECT track_id, played_at AS at, 1::float8 AS weight FROM track_plays WHERE played_at > ${from} AND played_at <= ${to}
  UNION ALL
  SELECT track_id, downloaded_at, ${DOWNLOAD_WEIGHT}::float8 FROM track_downloads WHERE downloaded_at > ${from} AND downloaded_at <= ${to}`;

/**
 * Takes out of the scores the events that have left the 14-day window since the last run, so a
 * score stays exactly decision 028's sum; a track whose newest event has left has no row. Each
 * event's weight is summed relative to the cut-off and decayed to each row's own `at` inside the
 * UPDATE, so a play counted meanwhile (it waits for the row) is never lost. One run at a time
 * across processes (the expiry row is locked). Answers how many tracks changed.
 */
export async function expireTrends(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - TRENDING_WINDOW_DAYS * 86_400_000).toISOString();
  return db.transaction(async (tx) => {
    const state = await tx.execute<{ expired_to: string }>(sql`SELECT expired_to FROM ${trendingExpiry} WHERE id = 1 FOR UPDATE`);
    const from = state.rows[0]?.expired_to;
    if (from === undefined) {
      // The row is made by the migration; without it the scores' history is unknown: start afresh.
      await rebuildTrendsIn(tx, now);
      return 0;
    }
    if (new Date(from).getTime() >= new Date(cutoff).getTime()) return 0;
    // Each track's leaving weight, decayed to the cut-off (its events are all at or before it).
    const gone = await tx.execute<{ track_id: string; at_cutoff: number }>(sql`
      SELECT track_id, sum(weight * power(2::float8, -${secondsBetween(sql`at`, sql`${cutoff}::timestamptz`)} / ${HALF_LIFE_SECONDS}::float8)) AS at_cutoff
      FROM (${eventsBetween(sql`${from}::timestamptz`, sql`${cutoff}::timestamptz`)}) e
      GROUP BY track_id ORDER BY track_id`);
    let changed = 0;
    if (gone.rows.length > 0) {
      const ids = `{${gone.rows.map((row) => row.track_id).join(',')}}`;
      const weights = `{${gone.rows.map((row) => Number(row.at_cutoff)).join(',')}}`;
      // Rows locked in id order, as the counting transactions take them: no deadlock.
      await tx.execute(sql`SELECT 1 FROM ${trackTrends} WHERE track_id = ANY(${ids}::uuid[]) ORDER BY track_id FOR UPDATE`);
      const left = sql`greatest(t.score - g.at_cutoff * power(2::float8, -${secondsBetween(sql`${cutoff}::timestamptz`, sql`t.at`)} / ${HALF_LIFE_SECONDS}::float8), 1e-12)`;
      const updated = await tx.execute(sql`
        UPDATE ${trackTrends} t SET score = ${left}, rank = ${rankOf(left, sql`t.at`)}
        FROM unnest(${ids}::uuid[], ${weights}::float8[]) AS g(track_id, at_cutoff)
        WHERE g.track_id = t.track_id AND t.at > ${cutoff}::timestamptz
        RETURNING t.track_id`);
      changed += updated.rows.length;
    }
    // No event left in the window: no score at all (exactly zero, not a rounding remainder).
    const emptied = await tx.execute(sql`
      DELETE FROM ${trackTrends} WHERE track_id IN (
        SELECT track_id FROM ${trackTrends} WHERE at <= ${cutoff}::timestamptz ORDER BY track_id FOR UPDATE)
      RETURNING track_id`);
    await tx.execute(sql`UPDATE ${trendingExpiry} SET expired_to = ${cutoff}::timestamptz WHERE id = 1`);
    return changed + emptied.rows.length;
  });
}

async function rebuildTrendsIn(tx: DbOrTx, now: Date): Promise<void> {
  const at = now.toISOString();
  const cutoff = new Date(now.getTime() - TRENDING_WINDOW_DAYS * 86_400_000).toISOString();
  await tx.execute(sql`DELETE FROM ${trackTrends}`);
  await tx.execute(sql`
    WITH e AS (${eventsBetween(sql`${cutoff}::timestamptz`, sql`${at}::timestamptz`)}),
    newest AS (SELECT track_id, max(at) AS at FROM e GROUP BY track_id),
    summed AS (
      SELECT e.track_id, n.at, sum(e.weight * power(2::float8, -${secondsBetween(sql`e.at`, sql`n.at`)} / ${HALF_LIFE_SECONDS}::float8)) AS score
      FROM e JOIN newest n ON n.track_id = e.track_id GROUP BY e.track_id, n.at
    )
    INSERT INTO ${trackTrends} (track_id, score, at, rank)
    SELECT s.track_id, s.score, s.at, ${rankOf(sql`s.score`, sql`s.at`)} FROM summed s JOIN tracks t ON t.id = s.track_id`);
  await tx.execute(sql`
    INSERT INTO ${trendingExpiry} (id, expired_to) VALUES (1, ${cutoff}::timestamptz)
    ON CONFLICT (id) DO UPDATE SET expired_to = excluded.expired_to`);
}

/**
 * Every score computed afresh from the events of the last 14 days (after `npm run seed` writes
 * events directly, or to repair). Holds the expiry row's lock, so no expiry interleaves.
 */
export async function rebuildTrends(db: Db, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM ${trendingExpiry} WHERE id = 1 FOR UPDATE`);
    await rebuildTrendsIn(tx, now);
  });
}
