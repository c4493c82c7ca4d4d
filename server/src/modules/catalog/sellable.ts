import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { albumIsUp, albums, trackIsUp, tracks, users } from '../../db/schema';

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

/** What a sale may be made of now: `onSale` leaves out an item taken down (decision 058). */
export interface SellableQuery {
  onSale?: boolean;
}

export async function findSellableTrack(db: DbOrTx, trackId: string, query: SellableQuery = {}): Promise<SellableItem | undefined> {
  const [row] = await db
    .select({ id: tracks.id, name: tracks.trackName, price: tracks.price, payMore: tracks.payMore, sellerId: tracks.userId, artistName: tracks.artistName, albumId: tracks.albumId })
    .from(tracks)
    .where(and(eq(tracks.id, trackId), query.onSale ? trackIsUp() : undefined))
    .limit(1);
  return row ? { type: 'track', ...row } : undefined;
}

export async function findSellableAlbum(db: DbOrTx, albumId: string, query: SellableQuery = {}): Promise<SellableItem | undefined> {
  const [row] = await db
    .select({ id: albums.id, name: albums.albumName, price: albums.price, payMore: albums.payMore, sellerId: albums.userId, artistName: users.displayName })
    .from(albums)
    .innerJoin(users, eq(users.id, albums.userId))
    .where(and(eq(albums.id, albumId), query.onSale ? albumIsUp() : undefined))
    .limit(1);
  return row ? { type: 'album', ...row, albumId: null } : undefined;
}

/** The current songs of these albums (what an album's buyer owns: issue 16's owned items). */
export async function songsOfAlbums(db: DbOrTx, albumIds: string[]): Promise<string[]> {
  if (albumIds.length === 0) return [];
  const rows = await db.select({ id: tracks.id }).from(tracks).where(inArray(tracks.albumId, albumIds));
  return rows.map((row) => row.id);
}
