import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paymentMethods, users } from '../../db/schema';

/** The artists' payment methods (one M-Pesa number or one bank subaccount each). */

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

export async function findMethodOf(db: DbOrTx, userId: string): Promise<PaymentMethodRow | undefined> {
  const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.userId, userId)).limit(1);
  return row;
}

export async function findMethodById(db: DbOrTx, id: string): Promise<PaymentMethodRow | undefined> {
  const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, id)).limit(1);
  return row;
}

/** Inside a transaction: the artist's M-Pesa method, locked until commit (payout runs queue up on it). */
export async function lockMobileMethod(tx: DbOrTx, userId: string): Promise<PaymentMethodRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.type, 'mobile_money')))
    .for('update');
  return row;
}

export async function insertMethod(db: DbOrTx, values: typeof paymentMethods.$inferInsert): Promise<PaymentMethodRow> {
  const [row] = await db.insert(paymentMethods).values(values).returning();
  return row!;
}

export async function deleteMethod(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)))
    .returning({ id: paymentMethods.id });
  return removed.length > 0;
}

export async function findArtist(db: DbOrTx, userId: string): Promise<{ displayName: string; email: string } | undefined> {
  const [row] = await db.select({ displayName: users.displayName, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/**
 * What keeps a payment method from a plain removal: money owed to the artist by M-Pesa (any
 * balance-settled share not yet paid out), a payout in flight, a bank-settled sale the
 * subaccount may still be settling (Paystack settles T+1: the last 48 hours), or a purchase of
 * one of their items begun in the last hour (it may yet be paid to this method).
 */
export async function hasMoneyInFlight(db: DbOrTx, userId: string): Promise<boolean> {
  const result = await db.execute<{ busy: boolean }>(sql`
    SELECT
      (SELECT coalesce(sum(artist_share), 0) FROM ledger_entries WHERE seller_id = ${userId} AND settlement = 'balance')
        - (SELECT coalesce(sum(amount + fee), 0) FROM payouts WHERE user_id = ${userId} AND status IN ('pending', 'otp', 'success')) > 0
      OR EXISTS (SELECT 1 FROM payouts WHERE user_id = ${userId} AND status IN ('pending', 'otp'))
      OR EXISTS (SELECT 1 FROM ledger_entries WHERE seller_id = ${userId} AND settlement = 'subaccount' AND created_at > now() - interval '48 hours')
      OR EXISTS (SELECT 1 FROM orders WHERE seller_id = ${userId} AND status = 'pending' AND created_at > now() - interval '1 hour')
      AS busy`);
  return Boolean(result.rows[0]?.busy);
}
