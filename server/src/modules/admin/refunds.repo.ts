import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders, refunds, users } from '../../db/schema';

/**
 * The console's sale search (decision 059): paid and refunded orders by their reference, the
 * buyer's e-mail, or the artist's e-mail or name (a part of it), newest first.
 */
export async function searchSales(db: DbOrTx, q: string, limit = 50) {
  const lower = q.toLowerCase();
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({
      reference: orders.reference,
      itemType: orders.itemType,
      itemName: orders.itemName,
      artistName: users.displayName,
      email: orders.email,
      amount: orders.amount,
      status: orders.status,
      paidAt: orders.paidAt,
      // The order's latest refund, if any (a failed one may be followed by another).
      refundStatus: sql<string | null>`(SELECT r.status FROM refunds r WHERE r.order_id = ${orders.id} ORDER BY r.created_at DESC LIMIT 1)`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.sellerId))
    .where(
      and(
        inArray(orders.status, ['paid', 'refunded']),
        or(eq(orders.reference, q), eq(orders.email, lower), eq(users.email, lower), ilike(users.displayName, pattern)),
      ),
    )
    .orderBy(desc(orders.paidAt), desc(orders.id))
    .limit(limit);
}

/**
 * What is left to refund of a sale (decision 066): what the buyer paid less the refunds the
 * provider made. Undefined for an unknown reference (the refunds service answers its 404).
 */
export async function refundableOf(db: DbOrTx, reference: string): Promise<{ amount: number; refunded: number } | undefined> {
  const [row] = await db
    .select({
      amount: orders.amount,
      refunded: sql<number>`coalesce((SELECT sum(r.amount) FROM ${refunds} r WHERE r.order_id = ${orders.id} AND r.status = 'processed'), 0)`.mapWith(Number),
    })
    .from(orders)
    .where(eq(orders.reference, reference))
    .limit(1);
  return row;
}
