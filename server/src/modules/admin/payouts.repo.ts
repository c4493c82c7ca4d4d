import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payouts, users } from '../../db/schema';

export interface AttentionPayoutRow {
  reference: string;
  artistName: string;
  mobileNumber: string;
  amount: number;
  fee: number;
  status: string;
  failureReason: string | null;
  createdAt: Date;
  updatedAt: Date;
  attention: 'failed' | 'otp' | 'stuck';
}

/**
 * Payouts that need an operator (decision 059), newest first: waiting for an OTP; pending with no
 * word for `stuckMinutes`; failed or reversed and not followed by a later payout of the artist
 * (once one is, the money went out again and nothing waits).
 */
export async function payoutsNeedingAttention(db: DbOrTx, stuckMinutes: number, limit = 200): Promise<AttentionPayoutRow[]> {
  const result = await db.execute<{
    reference: string;
    display_name: string;
    mobile_number: string;
    amount: number;
    fee: number;
    status: string;
    failure_reason: string | null;
    created_at: string | Date;
    updated_at: string | Date;
    attention: AttentionPayoutRow['attention'];
  }>(sql`
    SELECT p.reference, u.display_name, p.mobile_number, p.amount, p.fee, p.status, p.failure_reason, p.created_at, p.updated_at,
      CASE WHEN p.status = 'otp' THEN 'otp' WHEN p.status = 'pending' THEN 'stuck' ELSE 'failed' END AS attention
    FROM ${payouts} p
    JOIN ${users} u ON u.id = p.user_id
    WHERE p.status = 'otp'
      OR (p.status = 'pending' AND p.updated_at < now() - make_interval(mins => ${stuckMinutes}))
      OR (p.status IN ('failed', 'reversed') AND NOT EXISTS (
        SELECT 1 FROM ${payouts} later WHERE later.user_id = p.user_id AND later.created_at > p.created_at))
    ORDER BY p.created_at DESC
    LIMIT ${limit}`);
  return result.rows.map((row) => ({
    reference: row.reference,
    artistName: row.display_name,
    mobileNumber: row.mobile_number,
    amount: Number(row.amount),
    fee: Number(row.fee),
    status: row.status,
    failureReason: row.failure_reason,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    attention: row.attention,
  }));
}
