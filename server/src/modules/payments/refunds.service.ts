import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { orders, REFUND_STATES, refunds } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { ProviderError, type PaymentsProvider, type ProviderRefund } from '../payment-provider';
import { recordRefund } from '../payouts';
import { findOrderByReference, markRefunded, revokeGrants } from './orders.repo';
import {
  activeRefundOf,
  advanceRefund,
  claimUnsentRefund,
  findRefund,
  insertRefund,
  listRefunds,
  openRefundsOf,
  staleOpenRefunds,
  updateRefund,
  type RefundListRow,
  type RefundRow,
  type RefundState,
} from './refunds.repo';

/** The durable job a signed refund.* webhook becomes (as transfer.* events do). */
export const REFUND_EVENT_JOB = 'payments.refund-event';
/** Paystack's refund events (its refund statuses, prefixed). */
export const REFUND_EVENTS: readonly string[] = ['refund.pending', 'refund.processing', 'refund.processed', 'refund.failed', 'refund.needs-attention'];

/** A refund the provider never answered may be sent again once untouched this long (a Paystack call times out after 15 s). */
export const UNSENT_RETRY_SECONDS = 60;

/** An open refund not heard of for this long is asked about again by the scheduled check. */
export const STALE_REFUND_MINUTES = 10;

const stateOf = (status: string): RefundState | undefined => (REFUND_STATES as readonly string[]).includes(status) ? (status as RefundState) : undefined;

export interface RefundsDeps {
  db: () => Db;
  provider: () => PaymentsProvider;
  events: EventBus;
  log: FastifyBaseLogger;
}

export interface RefundOutcome {
  id: string;
  reference: string;
  amount: number;
  status: RefundState;
  /** The provider's message, for a refusal or a failure. */
  providerMessage: string | null;
}

/**
 * Refunds (issue 16): the operator refunds a paid order through the provider (Paystack's
 * POST /refund; the simulated provider does the same), and the refund's outcome, read again from
 * the provider whenever a refund.* webhook, the command's check or a retry brings it up, is applied
 * once: on 'processed', in one transaction under the order's row lock, the order turns 'refunded'
 * (it no longer grants downloads), its e-mailed links are revoked and the ledger gets ONE negative
 * entry (the refunded part of the artist's and the platform's shares; unique per order and kind).
 * 'failed' and 'needs-attention' leave the sale paid and are logged with Paystack's word.
 *
 * Any processed refund, partial or full, ends the buyer's access: a partial refund is a goodwill
 * gesture the operator chooses, and a sale that is half kept and half refunded would need a second
 * kind of access nobody asked for. So there is at most one refund per order that is open or
 * processed (the partial unique index); a failed one may be tried again.
 */
export class RefundsService {
  constructor(private readonly deps: RefundsDeps) {}

  private get db() {
    return this.deps.db();
  }

  /**
   * Refunds `amount` minor units (default: all the buyer paid) of the order with this reference.
   * Refused with nothing changed: an unknown reference (404), an order not paid or already refunded
   * or with a refund under way (409), an amount <= 0 or above what was paid (400).
   */
  async refund(reference: string, options: { amount?: number; note?: string } = {}): Promise<RefundOutcome> {
    const order = await findOrderByReference(this.db, reference);
    if (!order) throw new AppError('refund.order-not-found');
    if (order.status === 'refunded') throw new AppError('refund.already-refunded');
    if (order.status !== 'paid') throw new AppError('refund.not-paid');
    const amount = options.amount ?? order.amount;
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > order.amount) throw new AppError('refund.amount-invalid');

    let refund = await activeRefundOf(this.db, order.id);
    if (refund?.status === 'processed') throw new AppError('refund.already-refunded');
    // A refund recorded but never answered by the provider (it could not be reached) is sent again,
    // by one process, once none has been sending it for UNSENT_RETRY_SECONDS (longer than a call may take).
    if (refund && (refund.providerRefundId || refund.amount !== amount || !(await claimUnsentRefund(this.db, refund.id, UNSENT_RETRY_SECONDS)))) {
      throw new AppError('refund.in-progress');
    }
    if (!refund) {
      try {
        refund = await insertRefund(this.db, { orderId: order.id, amount, status: 'pending', note: options.note ?? null });
      } catch (error) {
        // Another process's refund of the same order got in first.
        if (isUniqueViolation(error, 'refunds_one_open_per_order_key')) throw new AppError('refund.in-progress');
        throw error;
      }
    }

    let answer: ProviderRefund;
    try {
      answer = await this.deps.provider().createRefund({ transaction: order.reference, amount, merchantNote: options.note });
    } catch (error) {
      if (error instanceof ProviderError && error.kind === 'refused') {
        this.deps.log.warn({ reference, refundId: refund.id, providerMessage: error.message, providerCode: error.providerCode }, 'the payment provider refused a refund');
        await advanceRefund(this.db, refund.id, 'failed', { providerMessage: error.message.slice(0, 500) });
        throw new AppError('refund.refused', `The payment provider refused the refund: ${error.message}`);
      }
      if (error instanceof ProviderError) {
        // Unknown whether it was made: the row stays pending without an id, and the command run
        // again sends it again (the provider refuses a second full refund of one transaction).
        this.deps.log.warn({ reference, refundId: refund.id }, 'the payment provider could not be reached for a refund: it stays pending');
        throw new AppError('payment-provider.unavailable');
      }
      throw error;
    }
    await updateRefund(this.db, refund.id, { providerRefundId: answer.id });
    await this.apply({ ...refund, providerRefundId: answer.id }, answer);
    return this.outcome(refund.id, reference);
  }

  /** The refunds of an order as the provider now tells them (the command's check, a refund.* webhook's job). */
  async check(reference: string): Promise<RefundOutcome[]> {
    const order = await findOrderByReference(this.db, reference);
    if (!order) return [];
    for (const refund of await openRefundsOf(this.db, order.id)) {
      const answer = await this.deps.provider().fetchRefund(refund.providerRefundId!);
      if (!answer) {
        this.deps.log.warn({ reference, refundId: refund.id }, 'the payment provider does not know a refund of ours');
        continue;
      }
      await this.apply(refund, answer);
    }
    const all = await listRefunds(this.db);
    return all.filter((row) => row.reference === reference).map((row) => this.toOutcome(row));
  }

  /**
   * A signed refund.* webhook (deduplicated by the caller). Its claim is not trusted: the refunds
   * of the order it names are read again from the provider. Throws a ProviderError when the
   * provider cannot be asked (the job is retried).
   */
  async handleEvent(event: string, transactionReference: string): Promise<void> {
    const order = await findOrderByReference(this.db, transactionReference);
    if (!order) {
      this.deps.log.info({ event, reference: transactionReference }, 'a refund event for an order that is not ours');
      return;
    }
    if ((await openRefundsOf(this.db, order.id)).length === 0 && order.status !== 'refunded') {
      // A refund made outside Sauti (Paystack's dashboard) is not recorded by its event alone: the
      // operator records it with the command, or the sale and the ledger stay as they are.
      this.deps.log.warn({ event, reference: transactionReference }, 'a refund event for an order with no refund of ours under way (made in the provider\'s dashboard?)');
      return;
    }
    await this.check(transactionReference);
  }

  /**
   * The scheduled check (every 10 minutes, once across processes): open refunds not heard of for
   * STALE_REFUND_MINUTES are read again from the provider, so a refund whose webhook was lost (or
   * arrived before Paystack's own state moved, and was then recorded as seen) still settles.
   */
  async recheckStale(): Promise<number> {
    const stale = await staleOpenRefunds(this.db, STALE_REFUND_MINUTES);
    for (const refund of stale) {
      try {
        const answer = await this.deps.provider().fetchRefund(refund.providerRefundId!);
        if (answer) await this.apply(refund, answer);
      } catch (error) {
        this.deps.log.warn({ err: error, reference: refund.reference, refundId: refund.id }, 'could not check a refund');
      }
      // Asked, whatever the answer: the next question in STALE_REFUND_MINUTES at the earliest.
      await updateRefund(this.db, refund.id, {});
    }
    return stale.length;
  }

  /** The operator's list: every refund, newest first. */
  list(): Promise<RefundListRow[]> {
    return listRefunds(this.db);
  }

  /** Takes the provider's word on a refund into ours, forward only; 'processed' settles the sale. */
  private async apply(refund: RefundRow, answer: ProviderRefund): Promise<RefundState> {
    const current = refund.status;
    if (answer.amount !== refund.amount) {
      // Never act on a refund that is not the one we asked for: the operator looks at it.
      this.deps.log.error({ refundId: refund.id, expected: refund.amount, reported: answer.amount }, 'a refund does not match what was asked');
      await updateRefund(this.db, refund.id, { providerMessage: `The provider reported ${answer.amount}, not ${refund.amount}` });
      return current;
    }
    const status = stateOf(answer.status);
    if (!status || status === current) return current;
    if (status === 'processed') {
      await this.settle(refund.id);
      return 'processed';
    }
    const message = status === 'failed' || status === 'needs-attention' ? `The provider reported the refund as ${answer.status}` : null;
    const moved = await advanceRefund(this.db, refund.id, status, message ? { providerMessage: message } : {});
    if (moved && message) {
      const order = await this.db.select({ reference: orders.reference }).from(orders).where(eq(orders.id, refund.orderId));
      this.deps.log.warn({ reference: order[0]?.reference, refundId: refund.id, status, providerMessage: message }, 'a refund did not go through: the sale stays paid');
    }
    return moved ? status : current;
  }

  /**
   * The processed refund, once: under the order's row lock (fulfilment's lock too) and the
   * refund's, the refund turns processed, the order refunded, its links revoked, and the ledger
   * gets its negative entry. A second caller, on any process, finds it processed and does nothing.
   */
  private async settle(refundId: string): Promise<boolean> {
    const settled = await this.db.transaction(async (tx) => {
      // The order first, then the refund: the order lock is the one fulfilment takes too.
      const [head] = await tx.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.id, refundId));
      if (!head) return undefined;
      const [order] = await tx.select().from(orders).where(eq(orders.id, head.orderId)).for('update');
      const refund = await findRefund(tx, refundId, { forUpdate: true });
      if (!order || !refund) return undefined;
      const moved = await advanceRefund(tx, refund.id, 'processed');
      if (!moved) return undefined;
      await markRefunded(tx, order.id);
      await revokeGrants(tx, order.id);
      await recordRefund(tx, { ...order, refunded: refund.amount });
      return order;
    });
    if (!settled) return false;
    this.deps.log.info({ reference: settled.reference }, 'refund processed: the order is refunded');
    this.deps.events.emit('purchase.refunded', { orderId: settled.id, sellerId: settled.sellerId });
    return true;
  }

  private async outcome(id: string, reference: string): Promise<RefundOutcome> {
    const row = (await findRefund(this.db, id))!;
    return { id, reference, amount: row.amount, status: row.status, providerMessage: row.providerMessage };
  }

  private toOutcome(row: RefundListRow): RefundOutcome {
    return { id: row.id, reference: row.reference, amount: row.amount, status: row.status, providerMessage: row.providerMessage };
  }
}
