import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatPrice } from '#common/money';
import type { Db, DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { hashToken, randomToken } from '../../lib/tokens';
import { purchaseReceiptMail, type Mailer } from '../mail';
import { serverText } from '../../i18n';
import { ProviderError, transactionPhase, type PaymentsProvider, type ProviderTransaction } from '../payment-provider';
import { recordSale } from '../payouts';
import { closeUnpaidOrder, displayNameOf, findOrderByReference, insertGrant, updateOrder, type Order } from './orders.repo';
import { markCodeUsed } from './codes.repo';
import { purchaseItemOf } from './purchased-item';
import { notifySeller } from './sales.service';

/** The webhook's job: confirms a charge by its reference (webhooks.service.ts queues it). */
export const CONFIRM_JOB = 'payments.confirm';

export interface FulfilmentDeps {
  db: () => Db;
  provider: PaymentsProvider;
  mailer: Mailer;
  events: EventBus;
  log: FastifyBaseLogger;
  publicUrl: string;
}

/**
 * The outcome of asking the provider about an order. 'pending': the charge is under way (an
 * M-Pesa prompt still open, Paystack's pending/ongoing/pay_offline/send_otp/processing): the order
 * stays pending. 'abandoned': nobody has paid it (yet: Paystack says so of a popup still open too),
 * so the order stays pending until the reconcile job closes it after a day. Only 'failed' and
 * 'mismatch' close an order at once.
 */
export type Confirmation = 'paid' | 'pending' | 'abandoned' | 'failed' | 'mismatch' | 'unknown';

/**
 * The provider's trouble as our vocabulary (issue 16): it could not be reached (502, try later),
 * or it refused the call. A refusal's own text ('Duplicate Transaction Reference') is for us, not
 * the buyer: it is logged with the order's reference, and the buyer hears our message for the
 * step that failed (spec section 8: 'Failed to initialize payment', 'Payment verification failed').
 */
export function providerTrouble(
  error: unknown,
  context: { log: FastifyBaseLogger; reference: string; step: 'initialize' | 'verify' },
): never {
  if (error instanceof ProviderError && error.kind === 'refused') {
    context.log.warn(
      { reference: context.reference, step: context.step, providerMessage: error.message, providerCode: error.providerCode },
      'the payment provider refused a call',
    );
    throw new AppError(context.step === 'initialize' ? 'payment.initialize-failed' : 'payment.verification-failed');
  }
  if (error instanceof ProviderError) throw new AppError('payment-provider.unavailable');
  throw error;
}

/**
 * Fulfilment (issue 10, docs/decisions/031): an order settled by what the provider says of it.
 * Fulfilment happens in one transaction holding the order's row lock: the order turns paid, the
 * ledger gets its entry, the e-mailed link and the receipt are made, or none of it. The browser's
 * verify, the webhook's job and the reconcile job all go through it, on any process, and only the
 * first records the sale.
 */
export class FulfilmentService {
  constructor(private readonly deps: FulfilmentDeps) {}

  private get db() {
    return this.deps.db();
  }

  /** Re-reads the transaction from the provider and settles the order by it. */
  async confirm(order: Order): Promise<Confirmation> {
    return (await this.settle(order)).outcome;
  }

  async settle(order: Order): Promise<{ outcome: Confirmation; transaction: ProviderTransaction | undefined }> {
    let transaction: ProviderTransaction | undefined;
    try {
      transaction = await this.deps.provider.verifyTransaction(order.reference);
    } catch (error) {
      providerTrouble(error, { log: this.deps.log, reference: order.reference, step: 'verify' });
    }
    const matches = transaction?.status === 'success' && transaction.currency === 'KES' && transaction.amount === order.amount && transaction.reference === order.reference;
    if (transaction && matches) {
      // The sale's own transaction records when it was checked: one round trip fewer on the way to the download.
      await this.fulfil(order.id, transaction);
      return { outcome: 'paid', transaction };
    }
    await updateOrder(this.db, order.id, { checkedAt: new Date() });
    if (!transaction) return { outcome: 'unknown', transaction };
    const phase = transactionPhase(transaction.status);
    if (phase === 'success') {
      // Only the exact amount in KES: an underpaid or re-denominated charge grants nothing.
      await closeUnpaidOrder(this.db, order.id, 'mismatch');
      this.deps.log.warn({ orderId: order.id, currency: transaction.currency, amount: transaction.amount, expected: order.amount }, 'payment does not match its order');
      return { outcome: 'mismatch', transaction };
    }
    if (phase === 'failed') {
      await closeUnpaidOrder(this.db, order.id, 'failed');
      return { outcome: 'failed', transaction };
    }
    if (phase === 'in-progress') return { outcome: 'pending', transaction };
    // 'abandoned', or a status we do not know: nothing closes the order yet (the reconcile job does, after a day).
    return { outcome: phase === 'abandoned' ? 'abandoned' : 'unknown', transaction };
  }

  /** Confirms by reference (the webhook's job). Unknown references are someone else's: ignored. */
  async confirmReference(reference: string): Promise<Confirmation> {
    const order = await findOrderByReference(this.db, reference);
    if (!order) return 'unknown';
    if (order.status === 'paid' || order.status === 'refunded') return 'paid';
    return this.confirm(order);
  }

  /**
   * Records the sale once: order paid, ledger entry, e-mailed link and receipt, in one
   * transaction under the order's row lock. A second caller finds it paid and does nothing.
   */
  async fulfil(orderId: string, transaction: ProviderTransaction): Promise<boolean> {
    const fulfilled = await this.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      // A refunded order was paid once: a replayed charge.success never sells it again.
      if (!order || order.status === 'paid' || order.status === 'mismatch' || order.status === 'refunded') return undefined;
      const paidAt = transaction.paidAt ?? new Date();
      await updateOrder(tx, order.id, {
        status: 'paid',
        paidAt,
        providerTransactionId: transaction.id,
        channel: transaction.channel,
        providerFees: transaction.fees,
        checkedAt: new Date(),
      });
      await recordSale(tx, order);
      // A discount code counts as used only now that its checkout is paid (decision 050). If its
      // hold had lapsed and another checkout paid first, this sale still stands: it was paid.
      if (order.codeId && !(await markCodeUsed(tx, order.codeId, order))) this.deps.log.warn({ reference: order.reference }, 'discount code was already used by another order; the sale stands');
      await this.sendReceipt(tx, order);
      await notifySeller(tx, order, this.deps);
      return order;
    });
    if (!fulfilled) return false;
    this.announce(fulfilled);
    return true;
  }

  /** Tells every process a sale was made (after its commit). */
  announce(order: Order): void {
    this.deps.events.emit('purchase.completed', {
      orderId: order.id,
      sellerId: order.sellerId,
      itemType: order.itemType,
      itemId: order.itemType === 'album' ? order.albumId : order.trackId,
    });
  }

  /** A new e-mailed link (a random token, kept only as its hash) to the purchase page, and the receipt carrying it. */
  async sendReceipt(tx: DbOrTx, order: Order): Promise<void> {
    const item = purchaseItemOf(order);
    const token = randomToken();
    await insertGrant(tx, order.id, hashToken(token));
    const artistName = await displayNameOf(tx, order.sellerId);
    await this.deps.mailer.enqueue(
      purchaseReceiptMail(order.email, {
        itemType: item.type,
        itemName: order.itemName,
        artistName: artistName ?? serverText(order.language, 'mail.receipt.someArtist'),
        price: formatPrice(order.price),
        fee: formatPrice(order.fee),
        total: formatPrice(order.amount),
        reference: order.reference,
        // The purchase page (issue 16: formats and sizes); links to the bare file in mails already
        // sent keep working, with the same token.
        receiptUrl: `${this.deps.publicUrl}/purchase/${encodeURIComponent(order.reference)}?token=${token}`,
        libraryUrl: `${this.deps.publicUrl}/library`,
      }, order.language),
      { tx },
    );
  }
}
