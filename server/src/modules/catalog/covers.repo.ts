import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { albums, covers, tracks } from '../../db/schema';

export type CoverRecord = typeof covers.$inferSelect;

export async function insertCover(db: DbOrTx, values: typeof covers.$inferInsert): Promise<void> {
  await db.insert(covers).values(values);
}

export async function findCover(db: DbOrTx, coverId: string): Promise<CoverRecord | undefined> {
  const [row] = await db.select().from(covers).where(eq(covers.id, coverId)).limit(1);
  return row;
}

export async function deleteCoverRow(db: DbOrTx, coverId: string): Promise<void> {
  await db.delete(covers).where(eq(covers.id, coverId));
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

export async function coverOfTrack(db: DbOrTx, trackId: string): Promise<CoverRecord | undefined> {
  const [row] = await db
    .select({ cover: covers })
    .from(tracks)
    .innerJoin(covers, eq(covers.id, tracks.coverId))
    .where(eq(tracks.id, trackId))
    .limit(1);
  return row?.cover;
}

export async function coverOfAlbum(db: DbOrTx, albumId: string): Promise<CoverRecord | undefined> {
  const [row] = await db
    .select({ cover: covers })
    .from(albums)
    .innerJoin(covers, eq(covers.id, albums.coverId))
    .where(eq(albums.id, albumId))
    .limit(1);
  return row?.cover;
}

/** The file name the API shows for a cover (spec: coverPhotoFilename); it changes with the cover. */
export function coverFileName(coverId: string | null, mimeType: string | null): string | null {
  if (!coverId) return null;
  return `${coverId}.${mimeType === 'image/png' ? 'png' : 'jpg'}`;
}
