import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tracks } from './catalog';

/**
 * Currently Trending, kept current as plays and downloads are counted (decision 039): per track,
 * the decayed sum of its events' weights as of its last event, and the key the list is read by.
 * `rank` = log2(score) + (epoch seconds of `at`) / half-life: comparing two tracks' keys compares
 * their scores decayed to any common instant, so the list is an index scan, and an event updates
 * one row in O(1) without touching any other track.
 */
export const trackTrends = pgTable(
  'track_trends',
  {
    trackId: uuid('track_id')
      .primaryKey()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    /** Σ weight × 2^(−(at − event time) / half-life) over the track's events still in the window. */
    score: doublePrecision('score').notNull(),
    /** The newest event counted (the instant `score` is decayed to). */
    at: timestamp('at', { withTimezone: true }).notNull(),
    rank: doublePrecision('rank').notNull(),
  },
  (t) => [index('track_trends_rank_idx').on(sql`${t.rank} DESC`, sql`${t.trackId} DESC`)],
);

/**
 * How far events have been taken out of the scores as they leave the 14-day window: one row, the
 * instant up to which every older event has been subtracted.
 */
export const trendingExpiry = pgTable('trending_expiry', {
  id: integer('id').primaryKey().default(1),
  expiredTo: timestamp('expired_to', { withTimezone: true }).notNull(),
});
