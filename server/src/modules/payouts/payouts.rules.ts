import { MAX_MPESA_WITHDRAWAL, MPESA_WITHDRAWAL_BANDS, mpesaWithdrawalFee, splitPrice } from '#common/payments';

/**
 * The pure rules of payouts (docs/decisions/031): when a sale is settled and payable, how much of a
 * balance one M-Pesa payout sends and its fee, how a payout's status may move, the schedule of the
 * payout run, and how a refund splits. No database, no provider: the services and the artist's
 * view apply them (transfers.service, ledger.service, payouts-view).
 */

/** A balance-settled sale is paid out only once it is this old (a charge can still be reversed before). */
export const PAYOUT_SETTLE_HOURS = 24;
/** The smallest M-Pesa payout (what the artist receives), minor units: KES 100. */
export const MIN_PAYOUT = 100 * 100;
/** The scheduled payout run: every 15 minutes, once across all processes. */
export const PAYOUT_JOB = 'payouts.run';
export const PAYOUT_PERIOD_MS = 15 * 60 * 1000;
/** A payout still pending this long after its last word from the provider is asked about again. */
export const REVERIFY_AFTER_MINUTES = 30;

export type PayoutStatus = 'pending' | 'otp' | 'success' | 'failed' | 'reversed';

/** Payouts sent to the provider whose outcome is not known yet. */
export const IN_FLIGHT_STATUSES: PayoutStatus[] = ['pending', 'otp'];

/**
 * The statuses a payout may move to from each status: only forward, so a late or replayed event
 * never undoes a later one (a success after a reversal would pay twice from the balance).
 */
export const NEXT_STATUSES: Record<PayoutStatus, PayoutStatus[]> = {
  pending: ['otp', 'success', 'failed', 'reversed'],
  otp: ['success', 'failed', 'reversed'],
  success: ['reversed'],
  failed: [],
  reversed: [],
};


/**
 * The M-Pesa payout of a balance (minor units): the largest `amount` such that amount plus its
 * withdrawal fee (spec section 9, the band of the amount withdrawn) fits in the balance, the whole
 * capped at MAX_MPESA_WITHDRAWAL. What does not fit stays in the balance for the next run.
 * Undefined when the amount would be under MIN_PAYOUT.
 */
export function payoutFor(balance: number): { amount: number; fee: number } | undefined {
  const gross = Math.min(balance, MAX_MPESA_WITHDRAWAL);
  let best: { amount: number; fee: number } | undefined;
  for (const [, to, feeKes] of MPESA_WITHDRAWAL_BANDS) {
    const fee = feeKes * 100;
    const amount = Math.min(gross - fee, to * 100);
    if (amount < MIN_PAYOUT || mpesaWithdrawalFee(amount) !== fee) continue;
    if (!best || amount > best.amount) best = { amount, fee };
  }
  return best;
}

/** Paystack's transfer statuses as a payout's: undefined means still under way (no change). */
export function payoutStatusOf(status: string): Exclude<PayoutStatus, 'pending'> | undefined {
  switch (status) {
    case 'success':
      return 'success';
    case 'otp':
      return 'otp';
    case 'reversed':
      return 'reversed';
    case 'failed':
    case 'abandoned':
    case 'blocked':
    case 'rejected':
      return 'failed';
    default:
      return undefined; // pending, received, queued, processing
  }
}

/**
 * The refunded part of a sale (issue 16), in proportion to what the buyer paid, in integers:
 * artist = floor(artistShare x refunded / amount), platform likewise, and the buyer's fee takes
 * the rest (so the three add up to `refunded` exactly, and a full refund undoes the sale to the
 * cent). Positive numbers; the ledger records them negated.
 */
export function refundSplit(sale: { price: number; fee: number; amount: number }, refunded: number) {
  if (!Number.isSafeInteger(refunded) || refunded <= 0 || refunded > sale.amount) throw new RangeError(`Refund ${refunded} is not within 1..${sale.amount}`);
  const { platformShare, artistShare } = splitPrice(sale.price);
  if (refunded === sale.amount) return { price: sale.price, fee: sale.fee, platformShare, artistShare };
  const artist = Math.floor((artistShare * refunded) / sale.amount);
  const platform = Math.floor((platformShare * refunded) / sale.amount);
  return { price: artist + platform, fee: refunded - artist - platform, platformShare: platform, artistShare: artist };
}

export interface PayoutSchedule {
  /** The run's period: it runs at every multiple of it (jobs.scheduleEvery). */
  periodMs: number;
  settleHours: number;
  /** The payout of a balance (payoutFor): what the run would send and its fee, or undefined. */
  payoutFor: (balance: number) => { amount: number; fee: number } | undefined;
}

/** The first run at or after `time`: runs start at multiples of the period (jobs.scheduleEvery's keys). */
export function runAtOrAfter(time: number, periodMs: number): number {
  return Math.ceil(time / periodMs) * periodMs;
}

/**
 * The next payout: the first run at which the settled balance is worth a payout. Owed now: the
 * next run (the one after now). Otherwise the sales still settling are added as each turns
 * settleHours old (amounts, not any later sale), and the first moment the balance reaches a payout
 * is the run after it. Undefined when not even every settling sale would make one.
 *
 * Issue 33, so the artist can tell which sales it holds and when the rest is paid: `salesUpTo`,
 * the payout holds the sales made up to then (settleHours before the moment it counts from);
 * `rest`, the artist's share of the sales made after that (still settling) and `paidAt`, the run
 * that pays them (the one after the last of them settles), undefined when they and what the
 * payout leaves would still not make a payout (they wait for later sales). No `rest`: none.
 */
export function nextPayoutOf(
  owed: number,
  settling: readonly { share: number; settlesAt: number }[],
  now: number,
  schedule: PayoutSchedule,
): { at: number; amount: number; salesUpTo: number; rest?: { amount: number; paidAt?: number } } | undefined {
  const sorted = [...settling].sort((a, b) => a.settlesAt - b.settlesAt);
  const settleMs = schedule.settleHours * 3_600_000;
  const planned = (balance: number, plan: { amount: number; fee: number }, countedAt: number, at: number) => {
    const later = sorted.filter((sale) => sale.settlesAt > countedAt);
    const next = { at, amount: plan.amount, salesUpTo: countedAt - settleMs };
    if (later.length === 0) return next;
    const amount = later.reduce((sum, sale) => sum + sale.share, 0);
    const paid = schedule.payoutFor(balance - plan.amount - plan.fee + amount);
    const paidAt = paid ? runAtOrAfter(Math.max(later.at(-1)!.settlesAt, at + 1), schedule.periodMs) : undefined;
    return { ...next, rest: paidAt === undefined ? { amount } : { amount, paidAt } };
  };
  const planNow = schedule.payoutFor(owed);
  if (planNow) return planned(owed, planNow, now, runAtOrAfter(now + 1, schedule.periodMs));
  let balance = owed;
  for (const sale of sorted) {
    balance += sale.share;
    const plan = schedule.payoutFor(balance);
    if (plan) return planned(balance, plan, sale.settlesAt, runAtOrAfter(Math.max(sale.settlesAt, now + 1), schedule.periodMs));
  }
  return undefined;
}
