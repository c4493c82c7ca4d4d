import { date, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LANGUAGES } from '#common/i18n/language';
import { users } from './accounts';

/**
 * Following an artist by e-mail (issue 17, docs/decisions/038): no account, a confirmation mail,
 * one mail per release at most once a day, a one-click unsubscribe. Tokens are kept as SHA-256
 * hashes only; unsubscribing deletes the follow (and its tokens) outright.
 */

/** One address following one artist; it receives release mails once confirmed. */
export const follows = pgTable(
  'follows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The language the fan followed in (decision 056): the confirmation and release mails are written in it. */
    language: text('language', { enum: LANGUAGES }).notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('follows_artist_email_key').on(t.artistId, t.email), index('follows_artist_confirmed_idx').on(t.artistId, t.confirmedAt)],
);

export const FOLLOW_TOKEN_PURPOSES = ['confirm', 'unsubscribe'] as const;

/**
 * The tokens of a follow's mailed links: each mail carries a fresh unsubscribe token (a hash
 * cannot be mailed again), the confirmation mail a confirm token too.
 */
export const followTokens = pgTable(
  'follow_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    followId: uuid('follow_id')
      .notNull()
      .references(() => follows.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: FOLLOW_TOKEN_PURPOSES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('follow_tokens_follow_idx').on(t.followId)],
);

/** A release (a new track or album) whose followers were mailed, or found to need none: announced once, by one process. */
export const followReleases = pgTable(
  'follow_releases',
  {
    kind: text('kind', { enum: ['track', 'album'] }).notNull(),
    releaseId: uuid('release_id').notNull(),
    announcedAt: timestamp('announced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.releaseId] }), index('follow_releases_announced_idx').on(t.announcedAt)],
);

/** The day (UTC) a follower was last mailed about their artist: at most one release mail per follow per day. */
export const followNotices = pgTable(
  'follow_notices',
  {
    followId: uuid('follow_id')
      .notNull()
      .references(() => follows.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.followId, t.day] })],
);
