import { index, integer, uniqueIndex, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The durable background queue: e-mail sends, media renditions. A job survives restarts; a worker
 * claims it with FOR UPDATE SKIP LOCKED, so several processes can share one queue.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** A running job whose lease has passed was abandoned by a crashed worker and is claimed again. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Scheduled work: one job per schedule and period, however many processes try to enqueue it. */
    dedupeKey: text('dedupe_key'),
  },
  (t) => [index('jobs_ready_idx').on(t.status, t.runAt), uniqueIndex('jobs_dedupe_key_idx').on(t.dedupeKey)],
);
