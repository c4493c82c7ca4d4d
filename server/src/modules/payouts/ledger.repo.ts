import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerEntries } from '../../db/schema';

/**
 * The ledger's data: one entry per sale or refund (written for the payments module's fulfilment
 * and refunds, read for analytics and, through settledBy, the balances in payouts.repo). Every
 * amount is an integer in minor units (KES x 100).
 */

export interface LedgerValues {
  orderId: string;
  sellerId: string;
  amountPaid: number;
  fee: number;
  price: number;
  platformShare: number;
  artistShare: number;
  settlement: 'subaccount' | 'balance';
  /** 'sale' (default) or 'refund' (negative amounts). */
  kind?: 'sale' | 'refund';
}

/**
 * A ledger entry counts toward the payable balance once settled: a sale PAYOUT_SETTLE_HOURS
 * after it was recorded (a charge may still be reversed before), a refund at once (its money has
 * left: it must never be paid out meanwhile).
 */
export const settledBy = (hours: number) => sql`(kind = 'refund' OR created_at <= now() - make_interval(hours => ${hours}))`;

/** One entry per order and kind: a second fulfilment (or refund) of the same order inserts nothing (false). */
export async function insertLedgerEntry(db: DbOrTx, values: LedgerValues): Promise<boolean> {
  const inserted = await db
    .insert(ledgerEntries)
    .values({ ...values, kind: values.kind ?? 'sale' })
    .onConflictDoNothing({ target: [ledgerEntries.orderId, ledgerEntries.kind] })
    .returning({ id: ledgerEntries.id });
  return inserted.length > 0;
}

export async function totalArtistShare(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${ledgerEntries.artistShare}), 0)::bigint` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.sellerId, userId));
  return Number(row?.total ?? 0);
}

export async function dailyArtistSales(db: DbOrTx, userId: string, from: Date): Promise<{ date: string; sales: number; revenue: number }[]> {
  const result = await db.execute<{ date: string; sales: number; revenue: number }>(sql`
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date, count(*) FILTER (WHERE kind = 'sale')::bigint AS sales, sum(artist_share)::bigint AS revenue
    FROM ledger_entries
    WHERE seller_id = ${userId} AND created_at >= ${from.toISOString()}::timestamptz
    GROUP BY 1 ORDER BY 1`);
  return result.rows.map((row) => ({ date: row.date, sales: Number(row.sales), revenue: Number(row.revenue) }));
}
