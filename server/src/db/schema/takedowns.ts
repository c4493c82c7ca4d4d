import { sql, type SQL } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

export const TAKEDOWN_ITEM_TYPES = ['track', 'album', 'artist'] as const;

/**
 * Items an operator took down (issue 21, docs/decisions/058): one row per item while it is down;
 * restoring deletes the row (the audit log keeps the history). A taken-down artist hides all their
 * items, a taken-down album its songs. `item_id` is not a foreign key (it names a track, an album
 * or an account); the row goes with the owner's account.
 */
export const takedowns = pgTable(
  'takedowns',
  {
    itemType: text('item_type', { enum: TAKEDOWN_ITEM_TYPES }).notNull(),
    itemId: uuid('item_id').notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Shown to the artist in their dashboard. */
    reason: text('reason').notNull(),
    takenDownAt: timestamp('taken_down_at', { withTimezone: true }).notNull().defaultNow(),
    actorEmail: text('actor_email'),
  },
  (t) => [primaryKey({ columns: [t.itemType, t.itemId] }), index('takedowns_owner_idx').on(t.ownerId)],
);

/**
 * Whether a row is up (not taken down, nor its album, nor its artist): the one place that rule
 * lives, added to every public read. `table` is the name (or alias) of the row's table in the
 * query, always written qualified (an unqualified column in a subquery could mean the subquery's own).
 */
const column = (table: string, name: string) => sql`${sql.identifier(table)}.${sql.identifier(name)}`;

export const trackIsUp = (table = 'tracks'): SQL =>
  sql`not exists (select 1 from ${takedowns} td where (td.item_type = 'track' and td.item_id = ${column(table, 'id')}) or (td.item_type = 'album' and td.item_id = ${column(table, 'album_id')}) or (td.item_type = 'artist' and td.item_id = ${column(table, 'user_id')}))`;

export const albumIsUp = (table = 'albums'): SQL =>
  sql`not exists (select 1 from ${takedowns} td where (td.item_type = 'album' and td.item_id = ${column(table, 'id')}) or (td.item_type = 'artist' and td.item_id = ${column(table, 'user_id')}))`;

export const artistIsUp = (table = 'users'): SQL =>
  sql`not exists (select 1 from ${takedowns} td where td.item_type = 'artist' and td.item_id = ${column(table, 'id')})`;
