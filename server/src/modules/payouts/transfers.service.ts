import { randomUUID } from 'node:crypto';
import type { PayoutsResponse } from '#common/schemas/sales';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { ProviderError, type ProviderTransfer } from '../payment-provider';
import type { PayoutsDeps } from './payouts-context';
import {
  advancePayout,
  artistBalances,
  artistsWithSettledBalance,
  balanceOf,
  findPayoutByReference,
  insertPayout,
  listPayouts,
  stalePayouts,
  touchPayout,
  type ArtistBalanceRow,
  type PayoutRow,
} from './payouts.repo';
import { lockMobileMethod } from './payment-methods.repo';
import { PAYOUT_PERIOD_MS, PAYOUT_SETTLE_HOURS, REVERIFY_AFTER_MINUTES, payoutFor, payoutStatusOf, type PayoutStatus } from './payouts.rules';
import { payoutsViewOf } from './payouts-view';

const TRANSFER_REASON = 'Sauti sales payout';

/** A Paystack transfer reference: 16-50 characters of a-z, 0-9, _ and - (43 here). */
export function newTransferReference(): string {
  return `payout_${randomUUID()}`;
}

export interface PayoutRunResult {
  /** Payouts created (and sent) by this run. */
  created: number;
  /** Their references. */
  references: string[];
  /** Payouts in flight asked about again. */
  reverified: number;
}

export interface TransferEventResult {
  reference: string | undefined;
  /** The payout's status after the event, or undefined when no payout has that reference. */
  status: PayoutStatus | undefined;
  changed: boolean;
}

/**
 * M-Pesa payouts of the artists' balances (docs/decisions/031). A payout is recorded (pending,
 * with a fresh reference) in the transaction that recomputes the balance under a lock, and sent to
 * the provider after commit; a retry always reuses its reference, so the provider pays it at most
 * once. Statuses only move forward (NEXT_STATUSES), and failed or reversed payouts no longer count
 * against the balance: their money is paid again by a later run.
 */
export class PayoutsService {
  constructor(private readonly deps: PayoutsDeps) {}

  /** The artist's M-Pesa balance, payable now (sales settled PAYOUT_SETTLE_HOURS, less payouts). */
  balance(userId: string): Promise<number> {
    return balanceOf(this.deps.db(), userId, PAYOUT_SETTLE_HOURS);
  }

  /** The scheduled run: asks about stale payouts first (a failure frees money), then pays every payable balance. */
  async run(): Promise<PayoutRunResult> {
    const reverified = await this.reverifyStale();
    const references: string[] = [];
    for (const { userId } of await artistsWithSettledBalance(this.deps.db(), PAYOUT_SETTLE_HOURS)) {
      try {
        const payout = await this.payArtist(userId);
        if (payout) references.push(payout.reference);
      } catch (error) {
        // One artist's trouble must not hold up the others' payouts.
        this.deps.log.error({ err: error, userId }, 'could not pay an artist out');
      }
    }
    return { created: references.length, references, reverified };
  }

  /**
   * Records one payout of the artist's balance, under a lock on their M-Pesa method so concurrent
   * runs see each other's payouts, then sends it. Undefined when there is nothing to pay.
   */
  async payArtist(userId: string): Promise<PayoutRow | undefined> {
    const payout = await this.deps.db().transaction(async (tx) => {
      const method = await lockMobileMethod(tx, userId);
      if (!method?.recipientCode || !method.mobileNumber) return undefined;
      const plan = payoutFor(await balanceOf(tx, userId, PAYOUT_SETTLE_HOURS));
      if (!plan) return undefined;
      return insertPayout(tx, {
        userId,
        reference: newTransferReference(),
        amount: plan.amount,
        fee: plan.fee,
        recipientCode: method.recipientCode,
        mobileNumber: method.mobileNumber,
        status: 'pending',
      });
    });
    if (!payout) return undefined;
    await this.send(payout);
    return (await findPayoutByReference(this.deps.db(), payout.reference)) ?? payout;
  }

  /**
   * Asks the provider to make the transfer (or again, with the same reference). Unreachable: the
   * payout stays pending and a later run asks about it. Refused: unless the provider knows the
   * reference after all, it failed and its money is back in the balance.
   */
  private async send(payout: PayoutRow): Promise<void> {
    const { provider, log } = this.deps;
    try {
      const transfer = await provider().initiateTransfer({ amount: payout.amount, recipient: payout.recipientCode, reference: payout.reference, reason: TRANSFER_REASON });
      await this.apply(payout, transfer);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      if (error.kind === 'unavailable') {
        log.warn({ err: error, reference: payout.reference }, 'the payment provider could not take a payout now: it stays pending');
        return;
      }
      let known: ProviderTransfer | undefined;
      try {
        known = await provider().verifyTransfer(payout.reference);
      } catch (verifyError) {
        log.warn({ err: verifyError, reference: payout.reference }, 'could not check a refused payout: it stays pending');
        return;
      }
      if (known) await this.apply(payout, known);
      else {
        log.warn({ err: error, reference: payout.reference }, 'the payment provider refused a payout');
        await advancePayout(this.deps.db(), payout.reference, 'failed', { failureReason: error.message.slice(0, 500) });
      }
    }
  }

  /** Takes the provider's word on a transfer (from verify or initiate) into the payout, forward only. */
  private async apply(payout: PayoutRow, transfer: ProviderTransfer): Promise<TransferEventResult> {
    const db = this.deps.db();
    const transferCode = transfer.transferCode ?? payout.transferCode;
    if (transfer.amount !== payout.amount) {
      // Never trust a transfer that is not the one we asked for: the operator looks at it.
      this.deps.log.error({ reference: payout.reference, expected: payout.amount, reported: transfer.amount }, 'a transfer does not match its payout');
      await touchPayout(db, payout.reference, { failureReason: `The provider reported ${transfer.amount}, not ${payout.amount}` });
      return { reference: payout.reference, status: payout.status, changed: false };
    }
    const status = payoutStatusOf(transfer.status);
    if (!status || status === payout.status) {
      await touchPayout(db, payout.reference, { transferCode });
      return { reference: payout.reference, status: payout.status, changed: false };
    }
    const failureReason = status === 'failed' || status === 'reversed' ? `The provider reported the transfer as ${transfer.status}` : null;
    const moved = await advancePayout(db, payout.reference, status, { transferCode, failureReason });
    if (moved) {
      this.deps.log.info({ reference: payout.reference, from: payout.status, to: status }, 'payout status changed');
      return { reference: payout.reference, status, changed: true };
    }
    const current = await findPayoutByReference(db, payout.reference);
    return { reference: payout.reference, status: current?.status, changed: false };
  }

  /**
   * Payouts pending (or awaiting OTP) for over REVERIFY_AFTER_MINUTES: the provider's word is read
   * again; one the provider never saw is sent again with its reference.
   */
  async reverifyStale(): Promise<number> {
    const { log } = this.deps;
    const stale = await stalePayouts(this.deps.db(), REVERIFY_AFTER_MINUTES);
    for (const payout of stale) {
      try {
        await this.recheck(payout);
      } catch (error) {
        log.warn({ err: error, reference: payout.reference }, 'could not check a pending payout');
      }
      // Asked (whatever the answer): the next question in REVERIFY_AFTER_MINUTES at the earliest.
      await touchPayout(this.deps.db(), payout.reference, {});
    }
    return stale.length;
  }

  /** The provider's word on a payout in flight; one it never saw is sent again with its reference. */
  private async recheck(payout: PayoutRow): Promise<void> {
    const transfer = await this.deps.provider().verifyTransfer(payout.reference);
    if (transfer) await this.apply(payout, transfer);
    else await this.send(payout);
  }

  /**
   * The operator's retry (the console, docs/decisions/059), on the same paths as the scheduled run:
   * a payout in flight (pending, or waiting for an OTP) is asked about again now, and sent again
   * with its own reference if the provider never saw it; a failed or reversed one, whose money is
   * back in the balance, is followed by a new payout of the balance now (what the next run would
   * do). Refused: an unknown reference, a payout that went through, nothing to pay.
   */
  async retry(reference: string): Promise<{ payout: PayoutRow; newPayout: PayoutRow | undefined }> {
    const payout = await findPayoutByReference(this.deps.db(), reference);
    if (!payout) throw new AppError('payout.not-found');
    if (payout.status === 'success') throw new AppError('payout.not-retryable');
    if (payout.status === 'pending' || payout.status === 'otp') {
      try {
        await this.recheck(payout);
      } catch (error) {
        if (error instanceof ProviderError) throw new AppError('payment-provider.unavailable');
        throw error;
      }
      await touchPayout(this.deps.db(), payout.reference, {});
      return { payout: (await findPayoutByReference(this.deps.db(), reference)) ?? payout, newPayout: undefined };
    }
    const newPayout = await this.payArtist(payout.userId);
    if (!newPayout) throw new AppError('payout.nothing-to-pay');
    return { payout, newPayout };
  }

  /**
   * A transfer.success, transfer.failed or transfer.reversed webhook (signature checked and
   * deduplicated by the caller). The event's own claim is not trusted: the transfer is read again
   * from the provider, and its status moves the payout forward, idempotently. Throws a
   * ProviderError when the provider cannot be asked (a later run asks again). `data` is the
   * webhook's data (its `reference` is read) or the reference itself.
   */
  async handleTransferEvent(_event: 'transfer.success' | 'transfer.failed' | 'transfer.reversed', data: unknown): Promise<TransferEventResult> {
    const reference =
      typeof data === 'string' ? data : typeof data === 'object' && data !== null && typeof (data as { reference?: unknown }).reference === 'string' ? (data as { reference: string }).reference : undefined;
    if (!reference) return { reference, status: undefined, changed: false };
    const payout = await findPayoutByReference(this.deps.db(), reference);
    if (!payout) return { reference, status: undefined, changed: false };
    const transfer = await this.deps.provider().verifyTransfer(reference);
    if (!transfer) {
      this.deps.log.warn({ reference }, 'a transfer event for a transfer the provider does not know');
      return { reference, status: payout.status, changed: false };
    }
    return this.apply(payout, transfer);
  }

  /** The artist's own view (GET /api/payouts): owed, settling, the next payout and every payout. */
  view(userId: string): Promise<PayoutsResponse> {
    return payoutsViewOf(this.deps.db(), userId, { periodMs: PAYOUT_PERIOD_MS, settleHours: PAYOUT_SETTLE_HOURS, payoutFor });
  }

  /** The operator's view: every artist with money on record, owed, payable now and in flight. */
  balances(): Promise<ArtistBalanceRow[]> {
    return payoutReports.balances(this.deps.db());
  }
}

/** The operator's views (npm run payouts), which need the database only. */
export const payoutReports = {
  balances: (db: Db) => artistBalances(db, PAYOUT_SETTLE_HOURS),
  payouts: (db: Db, status?: PayoutStatus) => listPayouts(db, status),
};
