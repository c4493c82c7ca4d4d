import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { libraryLinks, librarySessions, orders, users } from '../../db/schema';

/** Data access of a fan's library (issue 17): its sign-in links, its sessions, what the address paid for. */

export async function insertLibraryLink(db: DbOrTx, tokenHash: string, email: string, expiresAt: Date): Promise<void> {
  await db.insert(libraryLinks).values({ tokenHash, email, expiresAt });
}

/**
 * Uses a sign-in link, once: one UPDATE marks it used only while unused and unexpired, so two
 * processes opening the same link at once cannot both succeed. Answers its address.
 */
export async function useLibraryLink(db: DbOrTx, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .update(libraryLinks)
    .set({ usedAt: sql`now()` })
    .where(and(eq(libraryLinks.tokenHash, tokenHash), isNull(libraryLinks.usedAt), gt(libraryLinks.expiresAt, sql`now()`)))
    .returning({ email: libraryLinks.email });
  return row?.email;
}

export async function insertLibrarySession(db: DbOrTx, keyHash: string, email: string, expiresAt: Date): Promise<void> {
  await db.insert(librarySessions).values({ keyHash, email, expiresAt });
}

/** The address of an unexpired library session. */
export async function librarySessionEmail(db: DbOrTx, keyHash: string): Promise<string | undefined> {
  const [row] = await db
    .select({ email: librarySessions.email })
    .from(librarySessions)
    .where(and(eq(librarySessions.keyHash, keyHash), gt(librarySessions.expiresAt, sql`now()`)))
    .limit(1);
  return row?.email;
}

export async function deleteLibrarySession(db: DbOrTx, keyHash: string): Promise<void> {
  await db.delete(librarySessions).where(eq(librarySessions.keyHash, keyHash));
}

/** Links and sessions past their end are only clutter: removed by a scheduled job. */
export async function purgeExpiredLibraryRows(db: DbOrTx): Promise<number> {
  const links = await db.delete(libraryLinks).where(lt(libraryLinks.expiresAt, sql`now() - interval '1 day'`)).returning({ id: libraryLinks.tokenHash });
  const sessions = await db.delete(librarySessions).where(lt(librarySessions.expiresAt, sql`now()`)).returning({ id: librarySessions.keyHash });
  return links.length + sessions.length;
}

export interface LibraryOrderRow {
  itemType: string;
  trackId: string | null;
  albumId: string | null;
  itemName: string;
  artistName: string | null;
  paidAt: Date | null;
}

/** The paid orders of this address (refunded ones are no longer 'paid'), oldest first, with the seller's current name. */
export async function paidOrdersOfEmail(db: DbOrTx, email: string): Promise<LibraryOrderRow[]> {
  return db
    .select({
      itemType: orders.itemType,
      trackId: orders.trackId,
      albumId: orders.albumId,
      itemName: orders.itemName,
      artistName: users.displayName,
      paidAt: orders.paidAt,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.sellerId))
    .where(and(eq(orders.status, 'paid'), eq(orders.email, email)))
    .orderBy(asc(orders.paidAt));
}
