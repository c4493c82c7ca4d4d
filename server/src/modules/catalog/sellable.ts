import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { albums, tracks, users } from '../../db/schema';

/**
 * What the catalogue tells a seller (the payments module) about an item for sale: its price and
 * whose it is, read at the moment of sale. The catalogue owns these tables; payments asks here.
 */
export interface SellableItem {
  type: 'track' | 'album';
  id: string;
  name: string;
  price: number;
  /** Issue 21: the fan may pay more than the price. */
  payMore: boolean;
  sellerId: string;
  artistName: string;
  /** A track's album (buying the album grants the track). */
  albumId: string | null;
}

export async function findSellableTrack(db: DbOrTx, trackId: string): Promise<SellableItem | undefined> {
  const [row] = await db
    .select({ id: tracks.id, name: tracks.trackName, price: tracks.price, payMore: tracks.payMore, sellerId: tracks.userId, artistName: tracks.artistName, albumId: tracks.albumId })
    .from(tracks)
    .where(eq(tracks.id, trackId))
    .limit(1);
  return row ? { type: 'track', ...row } : undefined;
}

export async function findSellableAlbum(db: DbOrTx, albumId: string): Promise<SellableItem | undefined> {
  const [row] = await db
    .select({ id: albums.id, name: albums.albumName, price: albums.price, payMore: albums.payMore, sellerId: albums.userId, artistName: users.displayName })
    .from(albums)
    .innerJoin(users, eq(users.id, albums.userId))
    .where(eq(albums.id, albumId))
    .limit(1);
  return row ? { type: 'album', ...row, albumId: null } : undefined;
}

/** The current songs of these albums (what an album's buyer owns: issue 16's owned items). */
export async function songsOfAlbums(db: DbOrTx, albumIds: string[]): Promise<string[]> {
  if (albumIds.length === 0) return [];
  const rows = await db.select({ id: tracks.id }).from(tracks).where(inArray(tracks.albumId, albumIds));
  return rows.map((row) => row.id);
}
