
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { LANGUAGES } from '#common/i18n/language';
import { searchColumns } from './search-columns';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stored lowercased and trimmed: one account per mailbox. */
  email: text('email').notNull().unique(),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  passwordHash: text('password_hash').notNull(),
  displayName: text('display_name').notNull(),
  /** The display name's slug (common/slug): unique, and the key of the public /{displayName} route. */
  displaySlug: text('display_slug').notNull().unique(),
  profilePhotoKey: text('profile_photo_key'),
  /** The artist's choice (issue 16): an e-mail for each of their sales (PATCH /api/user/preferences). */
  saleEmails: boolean('sale_emails').notNull().default(true),
  /** The language they signed up in (decision 056): their e-mails are written in it. */
  language: text('language', { enum: LANGUAGES }).notNull().default('en'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Issue 17: the display name as search reads it (decision 037). */
  ...searchColumns('sauti_search_doc("display_name", NULL, NULL, NULL)'),
}, (t) => [
  index('users_search_trgm_idx').using('gin', t.searchDoc.op('gin_trgm_ops')),
  index('users_search_tsv_idx').using('gin', t.searchTsv),
]);

/** The account a row belongs to (user_id); deleting the account deletes the row. */
export const userIdColumn = () => uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' });

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's random value, so a leaked table cannot be replayed as cookies. */
    idHash: text('id_hash').primaryKey(),
    userId: userIdColumn(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    purpose: text('purpose', { enum: ['verify-email', 'reset-password'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_tokens_user_purpose_idx').on(t.userId, t.purpose)],
);

