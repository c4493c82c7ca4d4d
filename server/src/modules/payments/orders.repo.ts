import { and, asc, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { downloadGrants, orders, users } from '../../db/schema';
import { songsOfAlbums } from '../catalog';
import { releaseCodeOf } from './codes.repo';

/** Data access of the payments module: orders and download grants. */

export type Order = typeof orders.$inferSelect;

export async function insertOrder(db: DbOrTx, values: typeof orders.$inferInsert): Promise<Order> {
  const [row] = await db.insert(orders).values(values).returning();
  return row!;
}

export async function findOrderByReference(db: DbOrTx, reference: string, options: { forUpdate?: boolean } = {}): Promise<Order | undefined> {
  const query = db.select().from(orders).where(eq(orders.reference, reference)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateOrder(db: DbOrTx, id: string, values: Partial<typeof orders.$inferInsert>): Promise<void> {
  await db
    .update(orders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(orders.id, id));
}

/** Moves a pending order to a final unpaid status; a paid one is never touched. */
export async function closeUnpaidOrder(db: DbOrTx, id: string, status: 'failed' | 'abandoned' | 'mismatch'): Promise<void> {
  await db
    .update(orders)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(orders.id, id), inArray(orders.status, ['pending', 'abandoned', 'failed'])));
  // Issue 21: a discount code held by this checkout is free again at once (decision 050).
  await releaseCodeOf(db, id);
}

/**
 * Marks a paid order as told to its buying browser, once: true only for the first call from the
 * browser that initialized it (verify's alreadyProcessed is the negation).
 */
export async function markDelivered(db: DbOrTx, id: string, buyerKeyHash: string | undefined): Promise<boolean> {
  if (!buyerKeyHash) return false;
  const updated = await db
    .update(orders)
    .set({ deliveredAt: new Date() })
    .where(and(eq(orders.id, id), eq(orders.status, 'paid'), isNull(orders.deliveredAt), eq(orders.buyerKeyHash, buyerKeyHash)))
    .returning({ id: orders.id });
  return updated.length > 0;
}

/** Pending orders old enough that a webhook should have come, not asked about recently. */
export async function pendingOrdersToCheck(db: DbOrTx, createdBefore: Date, checkedBefore: Date, limit: number): Promise<Order[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending'),
        lt(orders.createdAt, createdBefore),
        or(isNull(orders.checkedAt), lt(orders.checkedAt, checkedBefore)),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(limit);
}

/** Paid orders of this item (a track's own, or its album's) by this e-mail. */
export async function paidOrdersOf(db: DbOrTx, item: { type: 'track' | 'album'; id: string }, email: string): Promise<Order[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'paid'), eq(orders.email, email), item.type === 'track' ? eq(orders.trackId, item.id) : eq(orders.albumId, item.id)));
}

/** Paid orders that grant this track: its own, or its album's (buying an album grants its songs). */
export async function paidOrdersGrantingTrack(db: DbOrTx, trackId: string, albumId: string | null | undefined): Promise<Order[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'paid'),
        albumId ? or(eq(orders.trackId, trackId), and(eq(orders.itemType, 'album'), eq(orders.albumId, albumId))) : eq(orders.trackId, trackId),
      ),
    )
    .orderBy(asc(orders.paidAt));
}

/** The item condition of a grant: the item itself, or for a track, its album. */
function grantsItem(item: { type: 'track' | 'album'; id: string; albumId?: string | null }) {
  if (item.type === 'album') return and(eq(orders.itemType, 'album'), eq(orders.albumId, item.id));
  const ownTrack = and(eq(orders.itemType, 'track'), eq(orders.trackId, item.id));
  return item.albumId ? or(ownTrack, and(eq(orders.itemType, 'album'), eq(orders.albumId, item.albumId))) : ownTrack;
}

/** Whether this browser has an order of the item in `status` ('paid': it may download; 'refunded': it is told why not). */
export async function buyerHasOrder(
  db: DbOrTx,
  item: { type: 'track' | 'album'; id: string; albumId?: string | null },
  buyerKeyHash: string,
  status: 'paid' | 'refunded',
): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, status), eq(orders.buyerKeyHash, buyerKeyHash), grantsItem(item)))
    .limit(1);
  return Boolean(row);
}

export async function tokenGrants(db: DbOrTx, item: { type: 'track' | 'album'; id: string; albumId?: string | null }, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(downloadGrants)
    .innerJoin(orders, eq(orders.id, downloadGrants.orderId))
    .where(and(eq(downloadGrants.tokenHash, tokenHash), isNull(downloadGrants.revokedAt), eq(orders.status, 'paid'), grantsItem(item)))
    .limit(1);
  return Boolean(row);
}

export async function insertGrant(db: DbOrTx, orderId: string, tokenHash: string): Promise<void> {
  await db.insert(downloadGrants).values({ orderId, tokenHash });
}

/** Revokes every e-mailed link of an order (an operator's refund or a leaked link). */
export async function revokeGrants(db: DbOrTx, orderId: string): Promise<number> {
  const revoked = await db
    .update(downloadGrants)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(downloadGrants.orderId, orderId), isNull(downloadGrants.revokedAt)))
    .returning({ id: downloadGrants.id });
  return revoked.length;
}

/** The seller's current display name, for the receipt. */
export async function displayNameOf(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ name: users.displayName }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.name;
}

/**
 * Revokes the e-mailed links of the order with this reference (a refund, a dispute, a link shared
 * too widely). The buying browser keeps its cookie grant; a new receipt can be asked for again
 * only while the order is paid. Answers the order's status and how many links were revoked, or
 * undefined for an unknown reference.
 */
export async function revokeLinksOf(db: DbOrTx, reference: string): Promise<{ status: string; revoked: number } | undefined> {
  const order = await findOrderByReference(db, reference);
  if (!order) return undefined;
  return { status: order.status, revoked: await revokeGrants(db, order.id) };
}

/** Paid orders of the album itself (a sold album cannot be deleted). */
export async function paidOrdersOfAlbum(db: DbOrTx, albumId: string): Promise<Order[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'paid'), eq(orders.itemType, 'album'), eq(orders.albumId, albumId)))
    .orderBy(asc(orders.paidAt));
}

/** The albums among `albumIds` with a paid order of the album itself. */
export async function albumIdsWithPaidOrders(db: DbOrTx, albumIds: readonly string[]): Promise<string[]> {
  if (albumIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ albumId: orders.albumId })
    .from(orders)
    .where(and(eq(orders.status, 'paid'), eq(orders.itemType, 'album'), inArray(orders.albumId, [...albumIds])));
  return rows.flatMap((row) => (row.albumId ? [row.albumId] : []));
}

/**
 * The latest paid order by this e-mail that grants the item: for a track its own or its album's,
 * for an album the album's (initialize's "you already own this", issue 16).
 */
export async function latestPaidOrderGranting(
  db: DbOrTx,
  item: { type: 'track' | 'album'; id: string; albumId?: string | null },
  email: string,
): Promise<Order | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'paid'), eq(orders.email, email), grantsItem(item)))
    .orderBy(desc(orders.paidAt))
    .limit(1);
  return row;
}

/**
 * What the browser with this buyer key owns (GET /api/purchases/owned): the tracks and albums of
 * its paid orders, and the current songs of the albums it bought. Only 'paid' grants.
 */
export async function ownedByBuyer(db: DbOrTx, buyerKeyHash: string): Promise<{ trackIds: string[]; albumIds: string[] }> {
  return ownedWhere(db, eq(orders.buyerKeyHash, buyerKeyHash));
}

/** What this e-mail address owns (issue 17: a fan's library), by the same rule as ownedByBuyer. */
export async function ownedByEmail(db: DbOrTx, email: string): Promise<{ trackIds: string[]; albumIds: string[] }> {
  return ownedWhere(db, eq(orders.email, email));
}

async function ownedWhere(db: DbOrTx, whose: SQL | undefined): Promise<{ trackIds: string[]; albumIds: string[] }> {
  const paid = await db
    .select({ itemType: orders.itemType, trackId: orders.trackId, albumId: orders.albumId })
    .from(orders)
    .where(and(eq(orders.status, 'paid'), whose));
  const albumIds = [...new Set(paid.flatMap((order) => (order.itemType === 'album' && order.albumId ? [order.albumId] : [])))];
  const trackIds = new Set(paid.flatMap((order) => (order.itemType === 'track' && order.trackId ? [order.trackId] : [])));
  for (const id of await songsOfAlbums(db, albumIds)) trackIds.add(id);
  return { trackIds: [...trackIds].sort(), albumIds: albumIds.sort() };
}

/** Whether this e-mail address has a paid order granting the item (a fan's library cookie, issue 17). */
export async function emailHasPaid(db: DbOrTx, item: { type: 'track' | 'album'; id: string; albumId?: string | null }, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'paid'), eq(orders.email, email), grantsItem(item)))
    .limit(1);
  return Boolean(row);
}

/** Issue 16: a paid order becomes 'refunded' (its refund processed); answers whether it moved. */
export async function markRefunded(db: DbOrTx, id: string): Promise<boolean> {
  const updated = await db
    .update(orders)
    .set({ status: 'refunded', updatedAt: new Date() })
    .where(and(eq(orders.id, id), eq(orders.status, 'paid')))
    .returning({ id: orders.id });
  return updated.length > 0;
}

/** Whether this e-mailed link's token belongs to a refunded order (its download says why it is refused). */
export async function tokenOfRefundedOrder(db: DbOrTx, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(downloadGrants)
    .innerJoin(orders, eq(orders.id, downloadGrants.orderId))
    .where(and(eq(downloadGrants.tokenHash, tokenHash), eq(orders.status, 'refunded')))
    .limit(1);
  return Boolean(row);
}
