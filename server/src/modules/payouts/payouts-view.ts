import { sql } from 'drizzle-orm';
import { PAYOUT_MESSAGES, type PayoutStatusName, type PayoutsResponse } from '#common/schemas/sales';
import type { DbOrTx } from '../../db/client';
import { findMethodOf } from './payment-methods.repo';
import { nextPayoutOf, type PayoutSchedule } from './payouts.rules';

/**
 * GET /api/payouts (issue 16): what the artist is owed, what is still settling, the next M-Pesa
 * payout and every payout. The figures are the payout run's own (payouts.repo balanceOf and the
 * run's schedule), read in one statement so they add up:
 *
 *   owed    = their share of M-Pesa-settled ('balance') sales recorded at least settleHours ago,
 *             less refunds at once (issue 16: below zero when refunded money was paid out),
 *             less every payout not failed or reversed (amount + fee): exactly what the next run
 *             pays from (balanceOf);
 *   pending = their share of M-Pesa-settled sales younger than settleHours (still settling), plus
 *             payouts sent and not confirmed yet (pending or otp; amount + fee).
 *
 * So owed + pending + paid out (successful payouts, amount + fee) = every M-Pesa-settled share.
 * Bank-settled sales never pass through the platform's balance: Paystack settles them to the
 * artist's bank (decision 031), so they are in neither figure.
 */

const LAST_PAYOUTS = 50;

function reasonOf(status: PayoutStatusName): string | undefined {
  if (status === 'failed') return `${PAYOUT_MESSAGES.failed} ${PAYOUT_MESSAGES.nextStep}`;
  if (status === 'reversed') return `${PAYOUT_MESSAGES.reversed} ${PAYOUT_MESSAGES.nextStep}`;
  return undefined;
}

export async function payoutsViewOf(db: DbOrTx, userId: string, schedule: PayoutSchedule): Promise<PayoutsResponse> {
  const hours = schedule.settleHours;
  const figures = await db.execute<{ now_ms: string | number; settled: string | number; settling: string | number; held: string | number; in_flight: string | number }>(sql`
    SELECT
      (extract(epoch FROM now()) * 1000)::bigint AS now_ms,
      (SELECT coalesce(sum(artist_share), 0) FROM ledger_entries
        WHERE seller_id = ${userId}::uuid AND settlement = 'balance' AND (kind = 'refund' OR created_at <= now() - make_interval(hours => ${hours})))::bigint AS settled,
      (SELECT coalesce(sum(artist_share), 0) FROM ledger_entries
        WHERE seller_id = ${userId}::uuid AND settlement = 'balance' AND kind = 'sale' AND created_at > now() - make_interval(hours => ${hours}))::bigint AS settling,
      (SELECT coalesce(sum(amount + fee), 0) FROM payouts WHERE user_id = ${userId}::uuid AND status IN ('pending', 'otp', 'success'))::bigint AS held,
      (SELECT coalesce(sum(amount + fee), 0) FROM payouts WHERE user_id = ${userId}::uuid AND status IN ('pending', 'otp'))::bigint AS in_flight`);
  const row = figures.rows[0]!;
  const now = Number(row.now_ms);
  const owed = Number(row.settled) - Number(row.held);
  const pending = Number(row.settling) + Number(row.in_flight);

  const method = await findMethodOf(db, userId);
  let nextPayout: PayoutsResponse['nextPayout'] = null;
  if (method?.type === 'mobile_money' && method.recipientCode) {
    const settling = await db.execute<{ share: string | number; settles_at_ms: string | number }>(sql`
      SELECT artist_share AS share, (extract(epoch FROM created_at + make_interval(hours => ${hours})) * 1000)::bigint AS settles_at_ms
      FROM ledger_entries
      WHERE seller_id = ${userId}::uuid AND settlement = 'balance' AND kind = 'sale' AND created_at > now() - make_interval(hours => ${hours})
      ORDER BY created_at`);
    const next = nextPayoutOf(
      owed,
      settling.rows.map((sale) => ({ share: Number(sale.share), settlesAt: Number(sale.settles_at_ms) })),
      now,
      schedule,
    );
    if (next) {
      nextPayout = {
        at: new Date(next.at).toISOString(),
        amount: next.amount,
        salesUpTo: new Date(next.salesUpTo).toISOString(),
        rest: next.rest ? { amount: next.rest.amount, paidAt: next.rest.paidAt === undefined ? null : new Date(next.rest.paidAt).toISOString() } : null,
      };
    }
  }

  const list = await db.execute<{ id: string; created_at: string; amount: number | string; fee: number | string; status: PayoutStatusName }>(sql`
    SELECT id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at, amount, fee, status
    FROM payouts WHERE user_id = ${userId}::uuid
    ORDER BY created_at DESC, id DESC LIMIT ${LAST_PAYOUTS}`);
  return {
    balance: { owed, pending },
    nextPayout,
    payouts: list.rows.map((payout) => {
      const reason = reasonOf(payout.status);
      return { id: payout.id, createdAt: payout.created_at, amount: Number(payout.amount), fee: Number(payout.fee), status: payout.status, ...(reason ? { reason } : {}) };
    }),
  };
}
