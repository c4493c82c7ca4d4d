import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { albumIsUp, albums, covers, trackDailyStats, trackDownloads, trackIsUp, tracks } from '../../db/schema';
import { trendDownloads } from './trends.repo';

/** What downloads read (a track's or an album's originals and prices) and write (the counts). */

export interface DownloadableTrack {
  id: string;
  userId: string;
  trackName: string;
  price: number;
  albumId: string | null;
  audioKey: string;
  fileSize: number;
  mimeType: string;
  uploadedAt: Date;
  /** Taken down, or its album or artist (decision 058): only its owner and its buyers download it. */
  takenDown: boolean;
}

export interface DownloadableAlbum {
  id: string;
  userId: string;
  albumName: string;
  price: number;
  /** Taken down, or its artist (decision 058). */
  takenDown: boolean;
  cover: { originalKey: string; mimeType: string; byteSize: number; createdAt: Date } | undefined;
  /** In album order. */
  tracks: DownloadableTrack[];
}

const trackColumns = {
  id: tracks.id,
  userId: tracks.userId,
  trackName: tracks.trackName,
  price: tracks.price,
  albumId: tracks.albumId,
  audioKey: tracks.audioKey,
  fileSize: tracks.fileSize,
  mimeType: tracks.mimeType,
  uploadedAt: tracks.uploadedAt,
  takenDown: sql<boolean>`not ${trackIsUp()}`.mapWith(Boolean),
};

export async function findDownloadableTrack(db: DbOrTx, trackId: string): Promise<DownloadableTrack | undefined> {
  const [track] = await db.select(trackColumns).from(tracks).where(eq(tracks.id, trackId)).limit(1);
  return track;
}

export async function findDownloadableAlbum(db: DbOrTx, albumId: string): Promise<DownloadableAlbum | undefined> {
  const [album] = await db
    .select({
      id: albums.id,
      userId: albums.userId,
      albumName: albums.albumName,
      price: albums.price,
      takenDown: sql<boolean>`not ${albumIsUp()}`.mapWith(Boolean),
      coverKey: covers.originalKey,
      coverType: covers.mimeType,
      coverSize: covers.byteSize,
      coverCreatedAt: covers.createdAt,
    })
    .from(albums)
    .leftJoin(covers, eq(covers.id, albums.coverId))
    .where(eq(albums.id, albumId))
    .limit(1);
  if (!album) return undefined;
  const albumTracks = await db
    .select(trackColumns)
    .from(tracks)
    .where(eq(tracks.albumId, albumId))
    .orderBy(sql`${tracks.albumPosition} ASC NULLS LAST`, asc(tracks.uploadedAt), asc(tracks.id));
  const { coverKey, coverType, coverSize, coverCreatedAt, ...rest } = album;
  return {
    ...rest,
    cover:
      coverKey && coverType && coverSize !== null && coverCreatedAt
        ? { originalKey: coverKey, mimeType: coverType, byteSize: coverSize, createdAt: coverCreatedAt }
        : undefined,
    tracks: albumTracks,
  };
}

/**
 * Counts one download of each track (an album download: all of its tracks, with its id) in one
 * transaction: tracks.download_count + 1, a track_downloads row and +1 on the track's
 * track_daily_stats row of the UTC day (the analytics' rollup) and its trending score each. The
 * rows are locked in id order first, so two album downloads sharing tracks cannot deadlock on
 * PostgreSQL; a track deleted meanwhile is skipped. Answers the tracks counted, with their owners (for the events).
 */
export async function countDownloads(
  db: Db,
  trackIds: string[],
  albumId: string | null,
): Promise<{ id: string; userId: string }[]> {
  if (trackIds.length === 0) return [];
  return db.transaction(async (tx) => {
    const locked = await tx
      .select({ id: tracks.id })
      .from(tracks)
      .where(inArray(tracks.id, trackIds))
      .orderBy(asc(tracks.id))
      .for('update');
    if (locked.length === 0) return [];
    // One statement: the running counts, a track_downloads row each, and +1 download on each
    // track's UTC day of its row (its track_daily_stats row, taken after the track's row lock).
    const ids = locked.map((row) => row.id);
    const counted = await tx.execute<{ id: string; user_id: string }>(sql`
      WITH track AS (
        UPDATE ${tracks} SET download_count = download_count + 1 WHERE ${inArray(tracks.id, ids)} RETURNING id, user_id
      ), download AS (
        INSERT INTO ${trackDownloads} (track_id, album_id) SELECT id, ${albumId}::uuid FROM track RETURNING track_id, downloaded_at
      ), daily AS (
        INSERT INTO ${trackDailyStats} (track_id, user_id, day, downloads)
        SELECT track.id, track.user_id, (download.downloaded_at AT TIME ZONE 'UTC')::date, 1 FROM download JOIN track ON track.id = download.track_id
        ON CONFLICT (track_id, day) DO UPDATE SET downloads = ${trackDailyStats}.downloads + 1
      )
      SELECT id, user_id FROM track ORDER BY id`);
    await trendDownloads(tx, counted.rows.map((row) => row.id));
    return counted.rows.map((row) => ({ id: row.id, userId: row.user_id }));
  });
}
