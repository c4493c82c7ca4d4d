import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { albums, covers, trackRenditions, tracks, type RenditionKind } from '../../db/schema';

/**
 * The media pipeline's data: it owns the renditions and the covers' list of thumbnails, and reads
 * the audio facts of a track it works on. It writes nothing else of the catalogue's rows.
 */

export type RenditionRecord = typeof trackRenditions.$inferSelect;

export interface RenditionSource {
  id: string;
  userId: string;
  audioKey: string;
  duration: number;
  allowFullPlayback: boolean;
}

export async function findRenditionSource(db: DbOrTx, trackId: string): Promise<RenditionSource | undefined> {
  const [row] = await db
    .select({
      id: tracks.id,
      userId: tracks.userId,
      audioKey: tracks.audioKey,
      duration: tracks.duration,
      allowFullPlayback: tracks.allowFullPlayback,
    })
    .from(tracks)
    .where(eq(tracks.id, trackId))
    .limit(1);
  return row;
}

export async function renditionsOf(db: DbOrTx, trackId: string): Promise<RenditionRecord[]> {
  return db.select().from(trackRenditions).where(eq(trackRenditions.trackId, trackId));
}

export async function deleteRenditions(db: DbOrTx, trackId: string, kinds?: RenditionKind[]): Promise<RenditionRecord[]> {
  return db
    .delete(trackRenditions)
    .where(and(eq(trackRenditions.trackId, trackId), kinds ? inArray(trackRenditions.kind, kinds) : undefined))
    .returning();
}

/**
 * Records a rendition, but only while the track still exists with the audio it was made from.
 * False means the work is moot (track deleted or its audio replaced): the caller removes the file.
 */
export async function saveRendition(
  db: DbOrTx,
  rendition: { trackId: string; kind: RenditionKind; storageKey: string; byteSize: number; mimeType: string; sourceKey: string },
): Promise<boolean> {
  const result = await db.execute(sql`
    INSERT INTO ${trackRenditions} (track_id, kind, storage_key, byte_size, mime_type, source_key)
    SELECT ${rendition.trackId}, ${rendition.kind}, ${rendition.storageKey}, ${rendition.byteSize}, ${rendition.mimeType}, ${rendition.sourceKey}
    WHERE EXISTS (SELECT 1 FROM ${tracks} WHERE id = ${rendition.trackId} AND audio_key = ${rendition.sourceKey})
    ON CONFLICT (track_id, kind) DO UPDATE SET
      storage_key = excluded.storage_key, byte_size = excluded.byte_size, mime_type = excluded.mime_type,
      source_key = excluded.source_key, created_at = now()
    RETURNING track_id`);
  return result.rows.length > 0;
}


export type CoverRecord = typeof covers.$inferSelect;

export async function findCoverForVariants(db: DbOrTx, coverId: string): Promise<CoverRecord | undefined> {
  const [row] = await db.select().from(covers).where(eq(covers.id, coverId)).limit(1);
  return row;
}

/** Records thumbnails as stored; false when the cover was deleted meanwhile. */
export async function addCoverVariants(db: DbOrTx, coverId: string, names: string[]): Promise<boolean> {
  const result = await db.execute(sql`
    UPDATE ${covers}
    SET variants = (SELECT coalesce(jsonb_agg(DISTINCT name ORDER BY name), '[]'::jsonb)
                    FROM jsonb_array_elements_text(variants || ${JSON.stringify(names)}::jsonb) AS name)
    WHERE id = ${coverId}
    RETURNING id`);
  return result.rows.length > 0;
}

/** Keys of an upload that no row refers to: what a failed or crashed upload left in storage. */
export async function unreferencedKeys(db: DbOrTx, keys: string[]): Promise<string[]> {
  const orphans: string[] = [];
  for (const key of keys) {
    const result = await db.execute(sql`
      SELECT 1 FROM ${tracks} WHERE audio_key = ${key}
      UNION ALL SELECT 1 FROM ${covers} WHERE original_key = ${key}
      LIMIT 1`);
    if (result.rows.length === 0) orphans.push(key);
  }
  return orphans;
}

/** What a download format is made from: the original, the words it is tagged with, and its cover. */
export interface DownloadSource {
  id: string;
  userId: string;
  audioKey: string;
  mimeType: string;
  trackName: string;
  artistName: string;
  albumName: string | null;
  /** The track's own cover, else its album's. */
  cover: CoverRecord | null;
}

export async function findDownloadSource(db: DbOrTx, trackId: string): Promise<DownloadSource | undefined> {
  const [row] = await db
    .select({
      id: tracks.id,
      userId: tracks.userId,
      audioKey: tracks.audioKey,
      mimeType: tracks.mimeType,
      trackName: tracks.trackName,
      artistName: tracks.artistName,
      albumName: albums.albumName,
      coverId: sql<string | null>`coalesce(${tracks.coverId}, ${albums.coverId})`,
    })
    .from(tracks)
    .leftJoin(albums, eq(albums.id, tracks.albumId))
    .where(eq(tracks.id, trackId))
    .limit(1);
  if (!row) return undefined;
  const { coverId, ...rest } = row;
  const cover = coverId ? await findCoverForVariants(db, coverId) : undefined;
  return { ...rest, cover: cover ?? null };
}
