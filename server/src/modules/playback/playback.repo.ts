import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { albumIsUp, albums, covers, trackIsUp, trackRenditions, tracks } from '../../db/schema';

/** What playback reads: a track's stream facts and renditions, and the cover of a track or album. */

type TrackRecord = typeof tracks.$inferSelect;
export type RenditionRecord = typeof trackRenditions.$inferSelect;
export type CoverRecord = typeof covers.$inferSelect;

export interface StreamRecord {
  track: Pick<TrackRecord, 'id' | 'userId' | 'albumId' | 'allowFullPlayback' | 'audioKey' | 'fileSize' | 'mimeType' | 'duration' | 'uploadedAt'> & {
    /** Taken down (itself, its album or its artist: decision 058): it streams to its owner and buyers only. */
    takenDown: boolean;
  };
  renditions: RenditionRecord[];
}

export async function findStreamRecord(db: DbOrTx, trackId: string): Promise<StreamRecord | undefined> {
  const [track] = await db
    .select({
      id: tracks.id,
      userId: tracks.userId,
      albumId: tracks.albumId,
      allowFullPlayback: tracks.allowFullPlayback,
      audioKey: tracks.audioKey,
      fileSize: tracks.fileSize,
      mimeType: tracks.mimeType,
      duration: tracks.duration,
      uploadedAt: tracks.uploadedAt,
      takenDown: sql<boolean>`not ${trackIsUp()}`.mapWith(Boolean),
    })
    .from(tracks)
    .where(eq(tracks.id, trackId))
    .limit(1);
  if (!track) return undefined;
  const renditions = await db
    .select()
    .from(trackRenditions)
    .where(and(eq(trackRenditions.trackId, trackId), eq(trackRenditions.sourceKey, track.audioKey)));
  return { track, renditions };
}

/**
 * A cover and what decides who may see it: whose it is and whether it is taken down (decision
 * 066: the cover of a taken-down item goes with it, but for its owner and its buyers).
 */
export interface CoverAccess {
  cover: CoverRecord;
  ownerId: string;
  /** The track's album (buying the album grants its songs); null for an album's own cover. */
  albumId: string | null;
  takenDown: boolean;
}

/** The cover a track shows: its own, else its album's (issue 17, as public-pages lists it). */
export async function coverOfTrack(db: DbOrTx, trackId: string): Promise<CoverAccess | undefined> {
  const [row] = await db
    .select({ cover: covers, ownerId: tracks.userId, albumId: tracks.albumId, takenDown: sql<boolean>`not ${trackIsUp()}`.mapWith(Boolean) })
    .from(tracks)
    .leftJoin(albums, eq(albums.id, tracks.albumId))
    .innerJoin(covers, eq(covers.id, sql`coalesce(${tracks.coverId}, ${albums.coverId})`))
    .where(eq(tracks.id, trackId))
    .limit(1);
  return row;
}

export async function coverOfAlbum(db: DbOrTx, albumId: string): Promise<CoverAccess | undefined> {
  const [row] = await db
    .select({ cover: covers, ownerId: albums.userId, takenDown: sql<boolean>`not ${albumIsUp()}`.mapWith(Boolean) })
    .from(albums)
    .innerJoin(covers, eq(covers.id, albums.coverId))
    .where(eq(albums.id, albumId))
    .limit(1);
  return row && { ...row, albumId: null };
}
