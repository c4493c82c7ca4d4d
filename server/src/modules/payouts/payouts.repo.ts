import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paymentMethods, payouts, users } from '../../db/schema';
import { settledBy } from './ledger.repo';
import { IN_FLIGHT_STATUSES, NEXT_STATUSES, type PayoutStatus } from './payouts.rules';

/**
 * The data of the M-Pesa payouts and the balances they are paid from (the ledger's settled shares
 * less the payouts). Every amount is an integer in minor units (KES x 100). Payouts hold their
 * money (amount + fee) out of the balance in statuses pending, otp and success; failed and
 * reversed ones give it back. Methods: payment-methods.repo; ledger entries: ledger.repo.
 */

export type PayoutRow = typeof payouts.$inferSelect;
export type { PayoutStatus };
/**
 * The artist's M-Pesa balance: their share of balance-settled sales at least `settleHours` old
 * (0: every sale), less refunds (at once; issue 16: below zero when already paid out), less every payout that has not failed or been reversed (amount and fee).
 */
export async function balanceOf(db: DbOrTx, userId: string, settleHours: number): Promise<number> {
  const result = await db.execute<{ balance: number }>(sql`
    SELECT
      (SELECT coalesce(sum(artist_share), 0) FROM ledger_entries
        WHERE seller_id = ${userId} AND settlement = 'balance' AND ${settledBy(settleHours)})
      - (SELECT coalesce(sum(amount + fee), 0) FROM payouts WHERE user_id = ${userId} AND status IN ('pending', 'otp', 'success'))
      AS balance`);
  return Number(result.rows[0]?.balance ?? 0);
}

/** Artists with an M-Pesa method and a positive settled balance: who the payout run considers. */
export async function artistsWithSettledBalance(db: DbOrTx, settleHours: number): Promise<{ userId: string; balance: number }[]> {
  const result = await db.execute<{ user_id: string; balance: number }>(sql`
    WITH earned AS (
      SELECT seller_id AS user_id, sum(artist_share) AS total FROM ledger_entries
      WHERE settlement = 'balance' AND ${settledBy(settleHours)}
      GROUP BY seller_id
    ), paid AS (
      SELECT user_id, sum(amount + fee) AS total FROM payouts WHERE status IN ('pending', 'otp', 'success') GROUP BY user_id
    )
    SELECT m.user_id, (e.total - coalesce(p.total, 0))::bigint AS balance
    FROM ${paymentMethods} m
    JOIN earned e ON e.user_id = m.user_id
    LEFT JOIN paid p ON p.user_id = m.user_id
    WHERE m.type = 'mobile_money' AND m.recipient_code IS NOT NULL AND e.total - coalesce(p.total, 0) > 0
    ORDER BY m.user_id`);
  return result.rows.map((row) => ({ userId: row.user_id, balance: Number(row.balance) }));
}

export async function insertPayout(db: DbOrTx, values: typeof payouts.$inferInsert): Promise<PayoutRow> {
  const [row] = await db.insert(payouts).values(values).returning();
  return row!;
}

export async function findPayoutByReference(db: DbOrTx, reference: string): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.reference, reference)).limit(1);
  return row;
}

/**
 * Moves a payout to `status` if that is forward from its current status (NEXT_STATUSES); answers
 * the row when it moved. The condition is in the UPDATE, so two events racing move it once.
 */
export async function advancePayout(
  db: DbOrTx,
  reference: string,
  status: PayoutStatus,
  values: { transferCode?: string | null; failureReason?: string | null } = {},
): Promise<PayoutRow | undefined> {
  const from = (Object.keys(NEXT_STATUSES) as PayoutStatus[]).filter((current) => NEXT_STATUSES[current].includes(status));
  if (from.length === 0) return undefined;
  const [row] = await db
    .update(payouts)
    .set({ status, ...values, updatedAt: sql`now()` })
    .where(and(eq(payouts.reference, reference), inArray(payouts.status, from)))
    .returning();
  return row;
}

/** Records what the provider said without a change of status (a transfer code, a retry's time). */
export async function touchPayout(db: DbOrTx, reference: string, values: { transferCode?: string | null; failureReason?: string | null }) {
  await db
    .update(payouts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(payouts.reference, reference));
}

/** Payouts in flight whose status was last updated before `olderThanMinutes` ago: to ask the provider again. */
export async function stalePayouts(db: DbOrTx, olderThanMinutes: number): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(and(inArray(payouts.status, IN_FLIGHT_STATUSES), lt(payouts.updatedAt, sql`now() - make_interval(mins => ${olderThanMinutes})`)))
    .orderBy(asc(payouts.createdAt))
    .limit(200);
}

// --- The operator's view ---------------------------------------------------------------------

export interface ArtistBalanceRow {
  userId: string;
  displayName: string;
  /** Balance-settled shares not yet paid out (settled or not). */
  owed: number;
  /** The part of `owed` settled long enough to be paid now. */
  payable: number;
  /** Payouts sent and not yet finished (amount + fee). */
  inFlight: number;
  method: string | null;
}

export async function artistBalances(db: DbOrTx, settleHours: number): Promise<ArtistBalanceRow[]> {
  const result = await db.execute<{
    user_id: string;
    display_name: string;
    earned: number;
    settled: number;
    held: number;
    in_flight: number;
    method: string | null;
  }>(sql`
    WITH earned AS (
      SELECT seller_id AS user_id, sum(artist_share) AS total,
        sum(artist_share) FILTER (WHERE ${settledBy(settleHours)}) AS settled
      FROM ledger_entries WHERE settlement = 'balance' GROUP BY seller_id
    ), paid AS (
      SELECT user_id,
        sum(amount + fee) FILTER (WHERE status IN ('pending', 'otp', 'success')) AS held,
        sum(amount + fee) FILTER (WHERE status IN ('pending', 'otp')) AS in_flight
      FROM payouts GROUP BY user_id
    )
    SELECT u.id AS user_id, u.display_name, coalesce(e.total, 0)::bigint AS earned, coalesce(e.settled, 0)::bigint AS settled,
      coalesce(p.held, 0)::bigint AS held, coalesce(p.in_flight, 0)::bigint AS in_flight, m.type AS method
    FROM ${users} u
    LEFT JOIN earned e ON e.user_id = u.id
    LEFT JOIN paid p ON p.user_id = u.id
    LEFT JOIN ${paymentMethods} m ON m.user_id = u.id
    WHERE e.user_id IS NOT NULL OR p.user_id IS NOT NULL
    ORDER BY u.display_name, u.id`);
  return result.rows.map((row) => ({
    userId: row.user_id,
    displayName: row.display_name,
    owed: Number(row.earned) - Number(row.held),
    payable: Math.max(0, Number(row.settled) - Number(row.held)),
    inFlight: Number(row.in_flight),
    method: row.method,
  }));
}

export async function listPayouts(db: DbOrTx, status?: PayoutStatus, limit = 200): Promise<(PayoutRow & { displayName: string })[]> {
  const rows = await db
    .select({ payout: payouts, displayName: users.displayName })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.userId))
    .where(status ? eq(payouts.status, status) : undefined)
    .orderBy(desc(payouts.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row.payout, displayName: row.displayName }));
}
