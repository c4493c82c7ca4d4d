import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { covers, trackRenditions, tracks, users } from '../../db/schema';
import { STORAGE_QUOTA_BYTES } from '#common/schemas/catalog/rules';

export type TrackRecord = typeof tracks.$inferSelect;
export type NewTrackRecord = typeof tracks.$inferInsert;

/** A track as the API shows it: its row, its cover's type and whether its stream rendition is ready. */
export type TrackListRow = TrackRecord & { coverMimeType: string | null; streamReady: boolean };

const listColumns = {
  ...getTableColumns(tracks),
  coverMimeType: covers.mimeType,
  streamReady: sql<boolean>`exists (
    select 1 from ${trackRenditions}
    where ${trackRenditions.trackId} = ${tracks.id} and ${trackRenditions.kind} = 'standard'
      and ${trackRenditions.sourceKey} = ${tracks.audioKey})`.as('stream_ready'),
};

function selectTracks(db: DbOrTx) {
  return db.select(listColumns).from(tracks).leftJoin(covers, eq(covers.id, tracks.coverId));
}

export async function listUserTracks(db: DbOrTx, userId: string): Promise<TrackListRow[]> {
  return selectTracks(db).where(eq(tracks.userId, userId)).orderBy(desc(tracks.uploadedAt), desc(tracks.id));
}

export async function listAlbumTracks(db: DbOrTx, albumIds: string[]): Promise<TrackListRow[]> {
  if (albumIds.length === 0) return [];
  return selectTracks(db)
    .where(inArray(tracks.albumId, albumIds))
    .orderBy(asc(tracks.albumPosition), asc(tracks.uploadedAt), asc(tracks.id));
}

export async function findTrackView(db: DbOrTx, trackId: string): Promise<TrackListRow | undefined> {
  const [row] = await selectTracks(db).where(eq(tracks.id, trackId)).limit(1);
  return row;
}

/** The artist's own track; with `lock`, locked for the rest of the transaction. */
export async function findOwnTrack(db: DbOrTx, userId: string, trackId: string, lock = false): Promise<TrackRecord | undefined> {
  const query = db
    .select()
    .from(tracks)
    .where(and(eq(tracks.id, trackId), eq(tracks.userId, userId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * Which of these tracks are the artist's. With `lock` (inside a transaction) the rows are held
 * until it ends, so a track cannot be deleted between this check and the change that uses it.
 */
export async function ownTrackIds(db: DbOrTx, userId: string, trackIds: string[], lock = false): Promise<Set<string>> {
  if (trackIds.length === 0) return new Set();
  const query = db
    .select({ id: tracks.id })
    .from(tracks)
    .where(and(eq(tracks.userId, userId), inArray(tracks.id, trackIds)));
  const rows = lock ? await query.for('update') : await query;
  return new Set(rows.map((row) => row.id));
}

export async function insertTrack(db: DbOrTx, values: NewTrackRecord): Promise<void> {
  await db.insert(tracks).values(values);
}

export async function updateTrack(db: DbOrTx, trackId: string, values: Partial<NewTrackRecord>): Promise<void> {
  await db
    .update(tracks)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(tracks.id, trackId));
}

export async function deleteTrackRow(db: DbOrTx, trackId: string): Promise<void> {
  await db.delete(tracks).where(eq(tracks.id, trackId));
}

// --- storage quota ---------------------------------------------------------------------------

/** Bytes an artist stores: uploaded originals and cover originals (renditions and thumbnails are ours). */
export async function storageUsed(db: DbOrTx, userId: string): Promise<number> {
  const result = await db.execute<{ used: number }>(sql`
    SELECT
      coalesce((SELECT sum(file_size) FROM ${tracks} WHERE user_id = ${userId}), 0)
      + coalesce((SELECT sum(byte_size) FROM ${covers} WHERE user_id = ${userId}), 0) AS used`);
  return Number(result.rows[0]?.used ?? 0);
}

/**
 * Inside a transaction: takes the artist's row lock (so two uploads cannot both fit into the same
 * last megabytes) and answers whether `addedBytes` more still fit in the quota.
 */
export async function fitsInQuota(tx: DbOrTx, userId: string, addedBytes: number): Promise<boolean> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return (await storageUsed(tx, userId)) + addedBytes <= STORAGE_QUOTA_BYTES;
}
