import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { albums, covers, tracks, users } from '../../db/schema';

export type AlbumRecord = typeof albums.$inferSelect;
export type AlbumListRow = AlbumRecord & { coverMimeType: string | null; artistName: string };

const listColumns = { ...getTableColumns(albums), coverMimeType: covers.mimeType, artistName: users.displayName };

function selectAlbums(db: DbOrTx) {
  return db
    .select(listColumns)
    .from(albums)
    .innerJoin(users, eq(users.id, albums.userId))
    .leftJoin(covers, eq(covers.id, albums.coverId));
}

export async function listUserAlbums(db: DbOrTx, userId: string): Promise<AlbumListRow[]> {
  return selectAlbums(db).where(eq(albums.userId, userId)).orderBy(desc(albums.createdAt), desc(albums.id));
}

export async function findAlbumView(db: DbOrTx, albumId: string): Promise<AlbumListRow | undefined> {
  const [row] = await selectAlbums(db).where(eq(albums.id, albumId)).limit(1);
  return row;
}

export async function findOwnAlbum(db: DbOrTx, userId: string, albumId: string, lock = false): Promise<AlbumRecord | undefined> {
  const query = db
    .select()
    .from(albums)
    .where(and(eq(albums.id, albumId), eq(albums.userId, userId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertAlbum(db: DbOrTx, values: typeof albums.$inferInsert): Promise<void> {
  await db.insert(albums).values(values);
}

export async function updateAlbum(db: DbOrTx, albumId: string, values: Partial<typeof albums.$inferInsert>): Promise<void> {
  await db
    .update(albums)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(albums.id, albumId));
}

export async function deleteAlbumRow(db: DbOrTx, albumId: string): Promise<void> {
  await db.delete(albums).where(eq(albums.id, albumId));
}

export async function albumTrackIds(db: DbOrTx, albumId: string): Promise<string[]> {
  const rows = await db
    .select({ id: tracks.id })
    .from(tracks)
    .where(eq(tracks.albumId, albumId))
    .orderBy(asc(tracks.albumPosition), asc(tracks.uploadedAt), asc(tracks.id));
  return rows.map((row) => row.id);
}

/** The albums these tracks are on now (each once). */
export async function albumIdsOfTracks(db: DbOrTx, trackIds: string[]): Promise<string[]> {
  if (trackIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ albumId: tracks.albumId })
    .from(tracks)
    .where(and(inArray(tracks.id, trackIds), isNotNull(tracks.albumId)));
  return rows.flatMap((row) => (row.albumId ? [row.albumId] : []));
}

/**
 * Makes `orderedTrackIds` (the artist's own tracks, checked by the caller) the album's songs in
 * that order. Songs no longer listed become singles; a listed song in another album moves here.
 */
export async function setAlbumTracks(db: DbOrTx, albumId: string, orderedTrackIds: string[]): Promise<void> {
  await db
    .update(tracks)
    .set({ albumId: null, albumPosition: null, updatedAt: sql`now()` })
    .where(
      orderedTrackIds.length > 0
        ? and(eq(tracks.albumId, albumId), notInArray(tracks.id, orderedTrackIds))
        : eq(tracks.albumId, albumId),
    );
  if (orderedTrackIds.length === 0) return;
  const positions = sql.join(
    orderedTrackIds.map((id, index) => sql`(${id}::uuid, ${index}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    UPDATE ${tracks} SET album_id = ${albumId}, album_position = p.position, updated_at = now()
    FROM (VALUES ${positions}) AS p(id, position)
    WHERE ${tracks.id} = p.id`);
}
