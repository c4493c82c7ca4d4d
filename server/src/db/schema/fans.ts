import { sql } from 'drizzle-orm';
import { date, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { userIdColumn } from './accounts';
import { trackIdColumn, tracks } from './catalog';

/** What fans see and do: profile views, downloads, social links, the landing page's lists. */

/** Every counted profile view (never the owner's own), for analytics. */
export const profileViews = pgTable(
  'profile_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('profile_views_user_viewed_idx').on(t.userId, t.viewedAt)],
);

/**
 * When each viewer last had a view of each profile counted, like play_throttle: the viewer is a
 * salted hash of the signed-in user or the client address, never the address itself.
 */
export const profileViewThrottle = pgTable(
  'profile_view_throttle',
  {
    userId: userIdColumn(),
    viewerHash: text('viewer_hash').notNull(),
    lastCountedAt: timestamp('last_counted_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.viewerHash] }), index('profile_view_throttle_last_counted_idx').on(t.lastCountedAt)],
);

/**
 * Every counted download of a track (tracks.download_count is its running total). An album
 * download adds one row per track in it, with the album's id.
 */
export const trackDownloads = pgTable(
  'track_downloads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trackId: trackIdColumn(),
    albumId: uuid('album_id'),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('track_downloads_track_downloaded_idx').on(t.trackId, t.downloadedAt),
    index('track_downloads_downloaded_idx').on(t.downloadedAt),
  ],
);

/** An artist's links shown on their public profile (spec section 3: id, title, url). */
export const socialLinks = pgTable(
  'social_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    title: text('title').notNull(),
    url: text('url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('social_links_user_idx').on(t.userId, t.createdAt)],
);

/** Editor's picks, curated by the operator with `npm run picks`; shown by position. */
export const editorPicks = pgTable('editor_picks', {
  trackId: uuid('track_id')
    .primaryKey()
    .references(() => tracks.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
});

export const RANKING_LISTS = ['trending-tracks', 'popular-artists'] as const;
export type RankingList = (typeof RANKING_LISTS)[number];

/**
 * The landing page's computed lists, recomputed by a scheduled job for all processes at once:
 * a request reads a few rows by primary key instead of aggregating plays.
 */
export const discoveryRankings = pgTable(
  'discovery_rankings',
  {
    list: text('list', { enum: RANKING_LISTS }).notNull(),
    position: integer('position').notNull(),
    /** A track id (trending-tracks) or a user id (popular-artists). */
    itemId: uuid('item_id').notNull(),
    score: doublePrecision('score').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.list, t.position] })],
);

/**
 * Slugs an artist had before a rename: /{oldName} and /profile/{oldSlug} still reach them (a share
 * link printed on a poster must not break). A slug here is nobody else's to take.
 */
export const previousSlugs = pgTable(
  'previous_slugs',
  {
    slug: text('slug').primaryKey(),
    userId: userIdColumn(),
    retiredAt: timestamp('retired_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('previous_slugs_user_idx').on(t.userId)],
);

/**
 * Plays and downloads per track per UTC day, kept by playback in the same transaction as each
 * counted play or download: the artist's 30-day figures read a few thousand rows, not a million.
 */
export const trackDailyStats = pgTable(
  'track_daily_stats',
  {
    trackId: trackIdColumn(),
    /** The artist, so one artist's days are one index range. */
    userId: userIdColumn(),
    day: date('day', { mode: 'string' }).notNull(),
    plays: integer('plays').notNull().default(0),
    downloads: integer('downloads').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.trackId, t.day] }), index('track_daily_stats_user_day_idx').on(t.userId, t.day)],
);

/** Counted profile views per artist per UTC day, kept with each counted view. */
export const profileDailyViews = pgTable(
  'profile_daily_views',
  {
    userId: userIdColumn(),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
