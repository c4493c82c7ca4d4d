import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { REPORT_ITEM_TYPES, type reportStatusSchema } from '#common/schemas/reports';

/**
 * A fan's report of a track, an album or an artist's profile (issue 21, docs/decisions/059): open
 * until an operator acts on it (with a note) or dismisses it; the audit log names who did.
 * `item_id` is not a foreign key: a report outlives a deleted item and stays in the record.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'track', 'album' or 'profile' (the artist's user id). */
    itemType: text('item_type', { enum: REPORT_ITEM_TYPES }).notNull(),
    itemId: uuid('item_id').notNull(),
    reason: text('reason').notNull(),
    /** The fan's address, when they gave one (to be answered). */
    email: text('email'),
    /** 'open', 'actioned' or 'dismissed'. */
    status: text('status').$type<z.infer<typeof reportStatusSchema>>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The operator who closed it (copied, as the audit log does). */
    closedByEmail: text('closed_by_email'),
    closeNote: text('close_note'),
  },
  (t) => [
    index('reports_status_created_idx').on(t.status, t.createdAt),
    check('reports_item_type_check', sql`${t.itemType} in ('track', 'album', 'profile')`),
    check('reports_status_check', sql`${t.status} in ('open', 'actioned', 'dismissed')`),
  ],
);
