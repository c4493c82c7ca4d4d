import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders, refunds, type REFUND_STATES } from '../../db/schema';

/** Data access of refunds (issue 16). Amounts are minor units. */

export type RefundRow = typeof refunds.$inferSelect;
export type RefundState = (typeof REFUND_STATES)[number];

/** Refunds whose outcome is not known yet (the one-per-order index also holds 'processed'). */
export const OPEN_REFUND_STATES: RefundState[] = ['pending', 'processing', 'needs-attention'];

/**
 * Where each state may go: forward only, so a late or replayed event never undoes a later one.
 * needs-attention goes on once the operator has given Paystack the buyer's details.
 */
export const NEXT_REFUND_STATES: Record<RefundState, RefundState[]> = {
  pending: ['processing', 'processed', 'failed', 'needs-attention'],
  processing: ['processed', 'failed', 'needs-attention'],
  'needs-attention': ['processing', 'processed', 'failed'],
  processed: [],
  failed: [],
};

export async function insertRefund(db: DbOrTx, values: typeof refunds.$inferInsert): Promise<RefundRow> {
  const [row] = await db.insert(refunds).values(values).returning();
  return row!;
}

export async function findRefund(db: DbOrTx, id: string, options: { forUpdate?: boolean } = {}): Promise<RefundRow | undefined> {
  const query = db.select().from(refunds).where(eq(refunds.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The order's refund that is open or processed (at most one, by the partial unique index). */
export async function activeRefundOf(db: DbOrTx, orderId: string): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), inArray(refunds.status, [...OPEN_REFUND_STATES, 'processed'])))
    .limit(1);
  return row;
}

/** The order's open refunds the provider has an id for: what a refund.* event or a check asks about. */
export async function openRefundsOf(db: DbOrTx, orderId: string): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), inArray(refunds.status, OPEN_REFUND_STATES), isNotNull(refunds.providerRefundId)));
}

/** Open refunds the provider has an id for, not heard of for `olderThanMinutes`: the scheduled check asks again. */
export async function staleOpenRefunds(db: DbOrTx, olderThanMinutes: number, limit = 200): Promise<(RefundRow & { reference: string })[]> {
  const rows = await db
    .select({ refund: refunds, reference: orders.reference })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(inArray(refunds.status, OPEN_REFUND_STATES), isNotNull(refunds.providerRefundId), lt(refunds.updatedAt, sql`now() - make_interval(mins => ${olderThanMinutes})`)))
    .orderBy(asc(refunds.updatedAt))
    .limit(limit);
  return rows.map((row) => ({ ...row.refund, reference: row.reference }));
}

/**
 * Claims a refund recorded but never answered by the provider (it could not be reached) for
 * sending again: only when no process has touched it for `idleSeconds` (one that is sending it now
 * has), and only one claimer wins (the condition is in the UPDATE).
 */
export async function claimUnsentRefund(db: DbOrTx, id: string, idleSeconds: number): Promise<boolean> {
  const claimed = await db
    .update(refunds)
    .set({ updatedAt: sql`now()` })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending'), isNull(refunds.providerRefundId), lt(refunds.updatedAt, sql`now() - make_interval(secs => ${idleSeconds})`)))
    .returning({ id: refunds.id });
  return claimed.length > 0;
}

export async function updateRefund(db: DbOrTx, id: string, values: Partial<typeof refunds.$inferInsert>): Promise<void> {
  await db
    .update(refunds)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(refunds.id, id));
}

/** Moves a refund to `status` if that is forward from where it is; answers the row when it moved. */
export async function advanceRefund(db: DbOrTx, id: string, status: RefundState, values: { providerMessage?: string | null } = {}): Promise<RefundRow | undefined> {
  const from = (Object.keys(NEXT_REFUND_STATES) as RefundState[]).filter((current) => NEXT_REFUND_STATES[current].includes(status));
  if (from.length === 0) return undefined;
  const [row] = await db
    .update(refunds)
    .set({ status, ...values, ...(status === 'processed' ? { processedAt: sql`now()` } : {}), updatedAt: sql`now()` })
    .where(and(eq(refunds.id, id), inArray(refunds.status, from)))
    .returning();
  return row;
}

export interface RefundListRow {
  id: string;
  reference: string;
  itemName: string;
  email: string;
  orderAmount: number;
  amount: number;
  status: RefundState;
  orderStatus: string;
  providerRefundId: string | null;
  providerMessage: string | null;
  createdAt: Date;
  processedAt: Date | null;
}

/** Every refund, newest first, with its order (the operator's list). */
export async function listRefunds(db: DbOrTx, limit = 200): Promise<RefundListRow[]> {
  const rows = await db
    .select({ refund: refunds, reference: orders.reference, itemName: orders.itemName, email: orders.email, orderAmount: orders.amount, orderStatus: orders.status })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .orderBy(desc(refunds.createdAt))
    .limit(limit);
  return rows.map(({ refund, ...order }) => ({
    id: refund.id,
    reference: order.reference,
    itemName: order.itemName,
    email: order.email,
    orderAmount: order.orderAmount,
    amount: refund.amount,
    status: refund.status,
    orderStatus: order.orderStatus,
    providerRefundId: refund.providerRefundId,
    providerMessage: refund.providerMessage,
    createdAt: refund.createdAt,
    processedAt: refund.processedAt,
  }));
}
