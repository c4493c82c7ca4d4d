import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CodeBatch } from '#common/schemas/codes';
import { users } from './accounts';
import { albums, tracks } from './catalog';

/**
 * Download and discount codes (issue 21, docs/decisions/050). A batch is what the artist made at
 * once for one track or album; each code is kept plain (the artist copies and exports them again),
 * unique, and used once: a conditional update (used_at IS NULL) decides who wins a race.
 */
export const codeBatches = pgTable(
  'code_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemType: text('item_type').$type<CodeBatch['itemType']>().notNull(),
    trackId: uuid('track_id').references(() => tracks.id, { onDelete: 'set null' }),
    albumId: uuid('album_id').references(() => albums.id, { onDelete: 'set null' }),
    /** The item's name when the batch was made (kept if the item is deleted). */
    itemName: text('item_name').notNull(),
    /** 'download' (the item for nothing) or 'discount' (percent_off off its price). */
    kind: text('kind').$type<CodeBatch['kind']>().notNull(),
    percentOff: integer('percent_off'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    count: integer('count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('code_batches_seller_idx').on(t.sellerId, t.createdAt),
    check('code_batches_item_check', sql`${t.itemType} in ('track', 'album')`),
    check(
      'code_batches_kind_check',
      sql`(${t.kind} = 'download' and ${t.percentOff} is null) or (${t.kind} = 'discount' and ${t.percentOff} between 1 and 100)`,
    ),
    check('code_batches_count_check', sql`${t.count} between 1 and 1000`),
  ],
);

export const codes = pgTable(
  'codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => codeBatches.id, { onDelete: 'cascade' }),
    /** Normalised: 12 symbols of common/src/codes.ts's alphabet, no dashes. */
    code: text('code').notNull(),
    /** A discount code held by a checkout (its order) until reserved_until: nobody else may start one. */
    reservedOrderId: uuid('reserved_order_id'),
    reservedEmail: text('reserved_email'),
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    /** Set once, by the conditional update that wins. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedEmail: text('used_email'),
    /** The order the code was used for (the download's price-0 order, or the discounted sale). */
    usedOrderId: uuid('used_order_id'),
  },
  (t) => [uniqueIndex('codes_code_key').on(t.code), index('codes_batch_idx').on(t.batchId)],
);
