import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { userIdColumn } from './accounts';

/**
 * Resumable uploads (tus 1.0 at /api/uploads, docs/decisions/033): an artist's file arriving over
 * one or more requests, which any server process can continue. Everything a process needs to
 * resume one is here or in media storage, never in one process's memory.
 */
export const resumableUploads = pgTable(
  'resumable_uploads',
  {
    id: uuid('id').primaryKey(),
    userId: userIdColumn(),
    /** Upload-Length: the file's size, declared at creation (at most 50 MB). */
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Bytes stored so far: the sum of the segments. Only ever grows, by a conditional update. */
    received: bigint('received', { mode: 'number' }).notNull().default(0),
    segments: integer('segments').notNull().default(0),
    /** Upload-Metadata as the client sent it (filename, filetype): for display only. */
    metadata: jsonb('metadata').$type<Record<string, string | null>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** After this the upload is gone (410), finished or not, unless a track took it first. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** A POST /api/tracks is turning the file into a track until then (one at a time). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The tus lock with several processes (DbLocker): its holder, lease, and whether another request waits. */
    lockToken: uuid('lock_token'),
    lockUntil: timestamp('lock_until', { withTimezone: true }),
    releaseRequested: boolean('release_requested').notNull().default(false),
  },
  (t) => [index('resumable_uploads_user_idx').on(t.userId), index('resumable_uploads_expires_idx').on(t.expiresAt)],
);

/**
 * The bytes of an upload as they arrived: one object in media storage per request (or per piece
 * of one that was cut), under uploads/<uploadId>/. In order of `start`, they make the file.
 */
export const resumableUploadSegments = pgTable(
  'resumable_upload_segments',
  {
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => resumableUploads.id, { onDelete: 'cascade' }),
    start: bigint('start', { mode: 'number' }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.start] })],
);
