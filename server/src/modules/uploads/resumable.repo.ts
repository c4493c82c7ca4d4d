import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { resumableUploads, resumableUploadSegments } from '../../db/schema';

export type ResumableUploadRow = typeof resumableUploads.$inferSelect;
export type SegmentRow = typeof resumableUploadSegments.$inferSelect;

/**
 * A new upload for the artist, unless they have `maxUnfinished` unfinished ones already. The
 * count and the insert run under a per-artist advisory lock, so two processes creating uploads
 * at the same moment cannot both take the last place.
 */
export async function insertUpload(
  db: DbOrTx,
  upload: { id: string; userId: string; size: number; expiresInMs: number },
  maxUnfinished: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`resumable-uploads:${upload.userId}`}, 0))`);
    const inserted = await tx.execute(sql`
      INSERT INTO ${resumableUploads} (id, user_id, size, created_at, expires_at)
      SELECT ${upload.id}, ${upload.userId}, ${upload.size}, now(), now() + make_interval(secs => ${upload.expiresInMs / 1000})
      WHERE (SELECT count(*) FROM ${resumableUploads}
             WHERE user_id = ${upload.userId} AND completed_at IS NULL AND expires_at > now()) < ${maxUnfinished}
      RETURNING id`);
    return inserted.rows.length > 0;
  });
}

export async function findUpload(db: DbOrTx, id: string): Promise<ResumableUploadRow | undefined> {
  const [row] = await db.select().from(resumableUploads).where(eq(resumableUploads.id, id));
  return row;
}

export async function saveMetadata(db: DbOrTx, id: string, metadata: Record<string, string | null>): Promise<void> {
  await db.update(resumableUploads).set({ metadata }).where(eq(resumableUploads.id, id));
}

/**
 * Records the bytes start..start+size as stored under `storageKey`, only if the upload has
 * exactly `start` bytes so far (another request may have got there first: then nothing changes
 * and undefined is answered). Answers the bytes received after it.
 */
export async function commitSegment(
  db: DbOrTx,
  segment: { uploadId: string; start: number; size: number; storageKey: string },
  maxSegments: number,
): Promise<number | undefined> {
  // One statement (atomic by itself): the count and the segment's row, or neither. A transaction
  // of two statements cost four round trips to the database and drizzle's query objects for each
  // stored part, 50 per 50 MB upload (decision 077).
  const committed = await db.execute<{ received: number }>(sql`
    WITH counted AS (
      UPDATE ${resumableUploads}
      SET received = received + ${segment.size},
          segments = segments + 1,
          completed_at = CASE WHEN received + ${segment.size} = size THEN now() ELSE NULL END
      WHERE id = ${segment.uploadId} AND received = ${segment.start} AND received + ${segment.size} <= size
        AND segments < ${maxSegments}
      RETURNING received
    ), stored AS (
      INSERT INTO ${resumableUploadSegments} (upload_id, start, size, storage_key)
      SELECT ${segment.uploadId}::uuid, ${segment.start}::bigint, ${segment.size}::bigint, ${segment.storageKey}::text FROM counted
    )
    SELECT received FROM counted`);
  const row = committed.rows[0];
  return row ? Number(row.received) : undefined;
}

export async function segmentsOf(db: DbOrTx, uploadId: string): Promise<SegmentRow[]> {
  return db.select().from(resumableUploadSegments).where(eq(resumableUploadSegments.uploadId, uploadId)).orderBy(asc(resumableUploadSegments.start));
}

export type Claim =
  | { status: 'claimed'; upload: ResumableUploadRow }
  | { status: 'unfinished' }
  | { status: 'missing' };

/**
 * Takes a completed upload of this artist for one request (POST /api/tracks) under a lease: a
 * second request naming the same upload meanwhile finds it missing. Another artist's upload, an
 * expired one and one already taken are all simply missing.
 */
export async function claimCompleted(db: DbOrTx, userId: string, id: string, leaseMs: number): Promise<Claim> {
  const claimed = await db
    .update(resumableUploads)
    .set({ claimedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(
      and(
        eq(resumableUploads.id, id),
        eq(resumableUploads.userId, userId),
        sql`${resumableUploads.completedAt} IS NOT NULL`,
        sql`${resumableUploads.expiresAt} > now()`,
        sql`(${resumableUploads.claimedUntil} IS NULL OR ${resumableUploads.claimedUntil} < now())`,
      ),
    )
    .returning();
  if (claimed[0]) return { status: 'claimed', upload: claimed[0] };
  const row = await findUpload(db, id);
  if (row && row.userId === userId && row.completedAt === null && row.expiresAt > new Date()) return { status: 'unfinished' };
  return { status: 'missing' };
}

export async function releaseClaim(db: DbOrTx, id: string): Promise<void> {
  await db.update(resumableUploads).set({ claimedUntil: null }).where(eq(resumableUploads.id, id));
}

export async function deleteUploadRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(resumableUploads).where(eq(resumableUploads.id, id));
}

/** Uploads past their expiry that no request holds now (neither a tus lock nor a track's claim). */
export async function expiredUploadIds(db: DbOrTx, limit: number): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    SELECT id FROM ${resumableUploads}
    WHERE expires_at <= now()
      AND (claimed_until IS NULL OR claimed_until < now())
      AND (lock_until IS NULL OR lock_until < now())
    ORDER BY expires_at
    LIMIT ${limit}`);
  return result.rows.map((row) => row.id);
}

// -------------------------------------------------------------------------------------------
// The tus lock across processes (DbLocker): a lease on the upload's row.
// -------------------------------------------------------------------------------------------

export type LockAttempt = 'taken' | 'held' | 'missing';

export async function tryLock(db: DbOrTx, id: string, token: string, leaseMs: number): Promise<LockAttempt> {
  const taken = await db.execute(sql`
    UPDATE ${resumableUploads}
    SET lock_token = ${token}, lock_until = now() + make_interval(secs => ${leaseMs / 1000}), release_requested = false
    WHERE id = ${id} AND (lock_token IS NULL OR lock_until < now())
    RETURNING id`);
  if (taken.rows.length > 0) return 'taken';
  // Held by another request: ask it to let go (it sees this when it renews its lease).
  const asked = await db.execute(sql`UPDATE ${resumableUploads} SET release_requested = true WHERE id = ${id} RETURNING id`);
  return asked.rows.length > 0 ? 'held' : 'missing';
}

/** Extends the lease; answers whether another request asked for the lock (undefined: lost it). */
export async function renewLock(db: DbOrTx, id: string, token: string, leaseMs: number): Promise<boolean | undefined> {
  const renewed = await db.execute<{ release_requested: boolean }>(sql`
    UPDATE ${resumableUploads} SET lock_until = now() + make_interval(secs => ${leaseMs / 1000})
    WHERE id = ${id} AND lock_token = ${token}
    RETURNING release_requested`);
  const row = renewed.rows[0];
  return row ? Boolean(row.release_requested) : undefined;
}

export async function unlock(db: DbOrTx, id: string, token: string): Promise<void> {
  await db.execute(sql`
    UPDATE ${resumableUploads} SET lock_token = NULL, lock_until = NULL, release_requested = false
    WHERE id = ${id} AND lock_token = ${token}`);
}
