import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A fan's library without a password (issue 17, docs/decisions/038): an e-mailed sign-in link,
 * then a cookie. Both are kept only as SHA-256 hashes of their random tokens, in the database so
 * that any process accepts what another one issued.
 */

/** A sign-in link mailed to an address: works once, for 15 minutes. */
export const libraryLinks = pgTable(
  'library_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('library_links_expires_idx').on(t.expiresAt)],
);

/** A browser signed in to the library of an address (the sauti_library cookie), for 30 days. */
export const librarySessions = pgTable(
  'library_sessions',
  {
    keyHash: text('key_hash').primaryKey(),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('library_sessions_expires_idx').on(t.expiresAt)],
);
