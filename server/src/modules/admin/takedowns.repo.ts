import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { albumIsUp, albums, artistIsUp, takedowns, trackIsUp, tracks, users } from '../../db/schema';
import type { TakedownItemType } from '#common/schemas/takedowns';

/** Data access of takedowns (decision 058). A row is a takedown in force; restoring deletes it. */

export interface TakedownItem {
  itemType: TakedownItemType;
  itemId: string;
  ownerId: string;
  name: string;
  artistName: string;
  takenDown: boolean;
}

/** The item, its owner and whether it is down now (itself, or through its album or artist). */
export async function findItem(db: DbOrTx, itemType: TakedownItemType, itemId: string): Promise<TakedownItem | undefined> {
  if (itemType === 'track') {
    const [row] = await db
      .select({ itemId: tracks.id, ownerId: tracks.userId, name: tracks.trackName, artistName: tracks.artistName, takenDown: sql<boolean>`not ${trackIsUp()}`.mapWith(Boolean) })
      .from(tracks)
      .where(eq(tracks.id, itemId))
      .limit(1);
    return row && { itemType, ...row };
  }
  if (itemType === 'album') {
    const [row] = await db
      .select({ itemId: albums.id, ownerId: albums.userId, name: albums.albumName, artistName: users.displayName, takenDown: sql<boolean>`not ${albumIsUp()}`.mapWith(Boolean) })
      .from(albums)
      .innerJoin(users, eq(users.id, albums.userId))
      .where(eq(albums.id, itemId))
      .limit(1);
    return row && { itemType, ...row };
  }
  const [row] = await db
    .select({ itemId: users.id, ownerId: users.id, name: users.displayName, artistName: users.displayName, takenDown: sql<boolean>`not ${artistIsUp()}`.mapWith(Boolean) })
    .from(users)
    .where(eq(users.id, itemId))
    .limit(1);
  return row && { itemType, ...row };
}

/** Who hears of a takedown: the owner's address, name and language (decision 056). */
export async function findOwner(db: DbOrTx, userId: string) {
  const [row] = await db.select({ email: users.email, displayName: users.displayName, language: users.language }).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function findArtistIdBySlug(db: DbOrTx, slug: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.displaySlug, slug)).limit(1);
  return row?.id;
}

/** Tracks, albums and artists whose name holds `q` (any case), newest first, a few of each. */
export async function searchItems(db: DbOrTx, q: string, limit = 8): Promise<TakedownItem[]> {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const [trackRows, albumRows, artistRows] = await Promise.all([
    db
      .select({ itemId: tracks.id, ownerId: tracks.userId, name: tracks.trackName, artistName: tracks.artistName, takenDown: sql<boolean>`not ${trackIsUp()}`.mapWith(Boolean) })
      .from(tracks)
      .where(ilike(tracks.trackName, pattern))
      .orderBy(desc(tracks.uploadedAt))
      .limit(limit),
    db
      .select({ itemId: albums.id, ownerId: albums.userId, name: albums.albumName, artistName: users.displayName, takenDown: sql<boolean>`not ${albumIsUp()}`.mapWith(Boolean) })
      .from(albums)
      .innerJoin(users, eq(users.id, albums.userId))
      .where(ilike(albums.albumName, pattern))
      .orderBy(desc(albums.createdAt))
      .limit(limit),
    db
      .select({ itemId: users.id, ownerId: users.id, name: users.displayName, artistName: users.displayName, takenDown: sql<boolean>`not ${artistIsUp()}`.mapWith(Boolean) })
      .from(users)
      .where(ilike(users.displayName, pattern))
      .orderBy(desc(users.createdAt))
      .limit(limit),
  ]);
  return [
    ...trackRows.map((row) => ({ itemType: 'track' as const, ...row })),
    ...albumRows.map((row) => ({ itemType: 'album' as const, ...row })),
    ...artistRows.map((row) => ({ itemType: 'artist' as const, ...row })),
  ];
}

/** The ids of the songs a takedown of this item hides (their cached streams and answers are dropped). */
export async function tracksOf(db: DbOrTx, itemType: TakedownItemType, itemId: string): Promise<string[]> {
  if (itemType === 'track') return [itemId];
  const rows = await db
    .select({ id: tracks.id })
    .from(tracks)
    .where(itemType === 'album' ? eq(tracks.albumId, itemId) : eq(tracks.userId, itemId));
  return rows.map((row) => row.id);
}

export async function albumsOf(db: DbOrTx, itemType: TakedownItemType, itemId: string): Promise<string[]> {
  if (itemType === 'track') return [];
  if (itemType === 'album') return [itemId];
  const rows = await db.select({ id: albums.id }).from(albums).where(eq(albums.userId, itemId));
  return rows.map((row) => row.id);
}

export async function insertTakedown(
  tx: DbOrTx,
  row: { itemType: TakedownItemType; itemId: string; ownerId: string; reason: string; actorEmail: string },
): Promise<boolean> {
  const inserted = await tx.insert(takedowns).values(row).onConflictDoNothing().returning({ itemId: takedowns.itemId });
  return inserted.length > 0;
}

export async function deleteTakedown(tx: DbOrTx, itemType: TakedownItemType, itemId: string) {
  const [row] = await tx
    .delete(takedowns)
    .where(and(eq(takedowns.itemType, itemType), eq(takedowns.itemId, itemId)))
    .returning({ ownerId: takedowns.ownerId, reason: takedowns.reason });
  return row;
}

export interface TakedownRow {
  itemType: TakedownItemType;
  itemId: string;
  ownerId: string;
  name: string | null;
  artistName: string | null;
  reason: string;
  takenDownAt: Date;
  actorEmail: string | null;
}

/** Takedowns in force, newest first, each with its item's name (null once the item is deleted); one owner's when given. */
export async function listTakedowns(db: DbOrTx, ownerId?: string): Promise<TakedownRow[]> {
  const result = await db.execute<{
    item_type: TakedownItemType;
    item_id: string;
    owner_id: string;
    name: string | null;
    artist_name: string | null;
    reason: string;
    taken_down_at: Date | string;
    actor_email: string | null;
  }>(sql`
    SELECT td.item_type, td.item_id::text AS item_id, td.owner_id::text AS owner_id,
      coalesce(t.track_name, a.album_name, u.display_name) AS name, o.display_name AS artist_name,
      td.reason, td.taken_down_at, td.actor_email
    FROM ${takedowns} td
    LEFT JOIN ${tracks} t ON td.item_type = 'track' AND t.id = td.item_id
    LEFT JOIN ${albums} a ON td.item_type = 'album' AND a.id = td.item_id
    LEFT JOIN ${users} u ON td.item_type = 'artist' AND u.id = td.item_id
    LEFT JOIN ${users} o ON o.id = td.owner_id
    ${ownerId ? sql`WHERE td.owner_id = ${ownerId}::uuid` : sql``}
    ORDER BY td.taken_down_at DESC, td.item_id DESC
    LIMIT 500`);
  return result.rows.map((row) => ({
    itemType: row.item_type,
    itemId: row.item_id,
    ownerId: row.owner_id,
    name: row.name,
    artistName: row.artist_name,
    reason: row.reason,
    takenDownAt: new Date(row.taken_down_at),
    actorEmail: row.actor_email,
  }));
}
