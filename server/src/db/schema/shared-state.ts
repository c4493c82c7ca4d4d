import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * State every server process must agree on (docs/decisions/024): with N processes behind a load
 * balancer, nothing here may live in one process's memory.
 */

/**
 * Fixed-window attempt counters shared by all processes (per client address, per e-mail).
 * Keys are hashed by their users when they hold personal data; rows past `reset_at` mean nothing.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/**
 * Uploads being received now, per artist, across all processes (at most 4 each). A slot is held
 * under a lease that its process renews while the upload runs: a process that dies frees its
 * slots when their leases lapse.
 */
export const uploadSlots = pgTable(
  'upload_slots',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
  },
  (t) => [index('upload_slots_user_idx').on(t.userId, t.leaseUntil)],
);

/**
 * The salt that turns a listener (account or network) into the hash the play throttle keeps, one
 * per UTC day, shared so every process hashes a listener alike. Old days are deleted, so a stored
 * hash cannot be turned back into an address once its day's salt is gone.
 */
export const listenerSalts = pgTable('listener_salts', {
  day: text('day').primaryKey(),
  salt: text('salt').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
