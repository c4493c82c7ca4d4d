import { DEFAULT_LANGUAGE, type Language } from '#common/i18n/language';
import { randomUUID } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatPrice } from '#common/money';
import { paidAmountProblem, processingFee, splitPrice } from '#common/payments';
import { discountedPrice } from '#common/codes';
import { isUuid } from '#common/ids';
import {
  PAYMENT_MESSAGES,
  paidAmountMessage,
  type InitializePaymentResponse,
  type OwnedItems,
  type PurchaseItem,
  type UnpaidOutcome,
  type VerifyPaymentResponse,
  type VerifyPendingResponse,
} from '#common/schemas/payments';
import type { Db, DbOrTx } from '../../db/client';
import { codes, orders, webhookEvents } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import type { PurchasableItem, PurchaseProof } from '../../lib/purchase-grants';
import { hashToken, randomToken } from '../../lib/tokens';
import type { JobQueue } from '../jobs';
import type { AttemptStore } from '../limits';
import { purchaseReceiptMail, type Mailer } from '../mail';
import { serverText } from '../../i18n';
import { ProviderError, transactionPhase, type PaymentsProvider, type ProviderTransaction } from '../payment-provider';
import { findSellableAlbum, findSellableTrack, type SellableItem } from '../catalog';
import { findPayoutMethod, recordSale } from '../payouts';
import {
  buyerHasOrder,
  closeUnpaidOrder,
  displayNameOf,
  findOrderByReference,
  insertGrant,
  insertOrder,
  latestPaidOrderGranting,
  markDelivered,
  emailHasPaid,
  ownedByBuyer,
  ownedByEmail,
  paidOrdersGrantingTrack,
  paidOrdersOf,
  paidOrdersOfAlbum,
  pendingOrdersToCheck,
  tokenGrants,
  tokenOfRefundedOrder,
  updateOrder,
  type Order,
} from './orders.repo';
import { activeRefundOf } from './refunds.repo';
import { claimCode, markCodeUsed, reserveCode, setUsedOrder } from './codes.repo';
import { REFUND_EVENT_JOB, REFUND_EVENTS } from './refunds.service';
import { notifySeller } from './sales.service';

export const CONFIRM_JOB = 'payments.confirm';
export const TRANSFER_EVENT_JOB = 'payments.transfer-event';

/** A pending order is asked about once a webhook should have come; closed as abandoned after a day. */
const RECONCILE_AFTER_MS = 10 * 60 * 1000;
const ABANDON_AFTER_MS = 24 * 60 * 60 * 1000;
/** Paystack retries a webhook for up to 72 hours: remember what we saw for a week. */
const WEBHOOK_MEMORY_MS = 7 * 24 * 60 * 60 * 1000;

export interface PaymentsDeps {
  db: () => Db;
  provider: PaymentsProvider;
  mailer: Mailer;
  jobs: JobQueue;
  events: EventBus;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** Counters shared by every process: how often one e-mail is sent its link again by initialize. */
  attempts: AttemptStore;
  /** The address a fan's library cookie is signed in to (issue 17), if any. */
  libraryEmailOf: (key: string | undefined) => Promise<string | undefined>;
}

/**
 * initialize's "you already own this" re-sends the link (issue 16): at most this many mails per
 * e-mail address per window, whatever the item (as POST /api/purchases/resend allows per client
 * address), so typing someone's address again and again cannot flood their inbox.
 */
export const OWNED_RESEND_LIMIT = { max: 5, windowMs: 15 * 60 * 1000 } as const;

export type TransferEvent = 'transfer.success' | 'transfer.failed' | 'transfer.reversed';
const TRANSFER_EVENTS: readonly string[] = ['transfer.success', 'transfer.failed', 'transfer.reversed'];

/**
 * The outcome of asking the provider about an order. 'pending': the charge is under way (an
 * M-Pesa prompt still open, Paystack's pending/ongoing/pay_offline/send_otp/processing): the order
 * stays pending. 'abandoned': nobody has paid it (yet: Paystack says so of a popup still open too),
 * so the order stays pending until the reconcile job closes it after a day. Only 'failed' and
 * 'mismatch' close an order at once.
 */
type Confirmation = 'paid' | 'pending' | 'abandoned' | 'failed' | 'mismatch' | 'unknown';

/**
 * How an unpaid charge ended, for the buyer (issue 16): the provider's gateway_response tells a
 * prompt that expired or was cancelled on the phone from a decline (Paystack's wording for M-Pesa
 * is UNCONFIRMED: these patterns cover the simulated provider's and the common gateway texts).
 */
export function unpaidOutcomeOf(transaction: ProviderTransaction | undefined): UnpaidOutcome {
  const said = transaction?.gatewayResponse ?? '';
  if (/timed?\s*out|expired|no response/i.test(said)) return 'expired';
  if (/cancel/i.test(said)) return 'cancelled';
  return transaction && transactionPhase(transaction.status) === 'failed' ? 'declined' : 'cancelled';
}

/**
 * The provider's trouble as our vocabulary (issue 16): it could not be reached (502, try later),
 * or it refused the call. A refusal's own text ('Duplicate Transaction Reference') is for us, not
 * the buyer: it is logged with the order's reference, and the buyer hears our message for the
 * step that failed (spec section 8: 'Failed to initialize payment', 'Payment verification failed').
 */
function providerTrouble(
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

function purchaseItemOf(order: Order): PurchaseItem {
  return { id: (order.itemType === 'album' ? order.albumId : order.trackId) ?? order.id, name: order.itemName, price: order.price, type: order.itemType as 'track' | 'album' };
}

/**
 * A discount code's checkout holds the code this long (docs/decisions/050): longer than a card
 * popup or an M-Pesa prompt takes, short enough that an abandoned checkout frees it the same hour.
 */
export const CODE_RESERVATION_MS = 30 * 60 * 1000;

/** A discount code checked for a checkout (CodesService.forCheckout). */
export interface CheckoutDiscount {
  codeId: string;
  percentOff: number;
}

export const downloadPath = (type: 'track' | 'album', id: string) => `/api/${type === 'album' ? 'albums' : 'tracks'}/${id}/download`;

/**
 * Purchases (issue 10, docs/decisions/031): orders, the provider's checkout, fulfilment, proof of
 * purchase. Fulfilment happens in one transaction holding the order's row lock: the order turns
 * paid, the ledger gets its entry, the e-mailed link and the receipt are made, or none of it. The
 * browser's verify, the webhook's job and the reconcile job all go through it, on any process,
 * and only the first records the sale.
 */
export class PaymentsService {
  constructor(private readonly deps: PaymentsDeps) {}

  private get db() {
    return this.deps.db();
  }

  private async item(input: { trackId?: string; albumId?: string }): Promise<SellableItem> {
    if (input.trackId) {
      const track = isUuid(input.trackId) ? await findSellableTrack(this.db, input.trackId, { onSale: true }) : undefined;
      if (!track) throw new AppError('track.not-found');
      return track;
    }
    const album = input.albumId && isUuid(input.albumId) ? await findSellableAlbum(this.db, input.albumId, { onSale: true }) : undefined;
    if (!album) throw new AppError('album.not-found');
    return album;
  }

  /** Only a page of our own site may be the provider's return address (no open redirect through it). */
  private ownUrl(url: string | undefined): string | undefined {
    if (!url) return undefined;
    try {
      const parsed = new URL(url);
      return parsed.origin === new URL(this.deps.publicUrl).origin ? parsed.toString() : undefined;
    } catch {
      return undefined;
    }
  }

  async initialize(
    input: { email: string; trackId?: string; albumId?: string; callbackUrl?: string; buyAgain?: boolean; amount?: number },
    buyerKey: string,
    discount?: CheckoutDiscount,
    /** The language the fan checks out in (decision 056): the receipt is written in it. */
    language: Language = DEFAULT_LANGUAGE,
  ): Promise<InitializePaymentResponse['data']> {
    const item = await this.item(input);
    // Issue 21: a discount code lowers the price to pay (decision 050); the fee and split follow it.
    const price = discount ? discountedPrice(item.price, discount.percentOff) : item.price;
    // Issue 21: the amount the fan chose (a pay-more item) is the sale's price: the fee, the 90/10
    // split, the ledger and the artist's sales all follow it. Without one the price is charged.
    const paid = input.amount ?? price;
    const problem = input.amount === undefined ? undefined : paidAmountProblem(paid, { ...item, price });
    if (problem) {
      const message = paidAmountMessage(problem, price);
      throw new AppError('form.invalid', message, { errors: { amount: message } });
    }
    // A free item (even 'Name your price' at KES 0) downloads without a checkout.
    if (paid <= 0) throw new AppError('purchase.not-for-sale');
    // Issue 16: the same e-mail paying twice for what it owns is a mistake, unless it says it is a gift.
    if (input.buyAgain !== true) await this.refuseOwned(item, input.email);
    const method = await findPayoutMethod(this.db, item.sellerId);
    if (!method) throw new AppError('purchase.seller-not-ready');

    const fee = processingFee(paid);
    const amount = paid + fee;
    const subaccount = method.type === 'bank' && method.subaccountCode ? method.subaccountCode : undefined;
    // Letters, digits and dashes: Paystack's reference alphabet, unique per order.
    const reference = `sauti-${randomUUID()}`;
    const orderId = randomUUID();
    // The code is held for this checkout before the order exists: two checkouts never share it.
    if (discount && !(await reserveCode(this.db, discount.codeId, orderId, input.email, new Date(Date.now() + CODE_RESERVATION_MS)))) {
      throw new AppError(await this.codeTaken(discount.codeId));
    }
    const order = await insertOrder(this.db, {
      id: orderId,
      codeId: discount?.codeId ?? null,
      reference,
      email: input.email,
      itemType: item.type,
      trackId: item.type === 'track' ? item.id : null,
      albumId: item.type === 'album' ? item.id : null,
      itemName: item.name,
      sellerId: item.sellerId,
      price: paid,
      fee,
      amount,
      settlement: subaccount ? 'subaccount' : 'balance',
      subaccountCode: subaccount ?? null,
      buyerKeyHash: hashToken(buyerKey),
      language,
    });

    let checkout;
    try {
      checkout = await this.deps.provider.initializeTransaction({
        email: input.email,
        amount,
        currency: 'KES',
        reference,
        callbackUrl: this.ownUrl(input.callbackUrl),
        channels: ['card', 'mobile_money'],
        metadata: { orderId: order.id, itemType: item.type, itemId: item.id, itemName: item.name, artistName: item.artistName },
        // The split (docs/decisions/031): the subaccount settles exactly the artist's 90% of the
        // price; the main account takes the platform's 10% plus the buyer's processing fee, out of
        // which it pays Paystack's fee. So the buyer bears the fee and the artist's share is exact.
        ...(subaccount ? { subaccount, bearer: 'account' as const, transactionCharge: splitPrice(paid).platformShare + fee } : {}),
      });
    } catch (error) {
      // Nothing was charged: the order is closed, and Pay again makes a new order with a new reference.
      await closeUnpaidOrder(this.db, order.id, 'failed');
      providerTrouble(error, { log: this.deps.log, reference, step: 'initialize' });
    }
    await updateOrder(this.db, order.id, { accessCode: checkout.accessCode });
    return {
      reference,
      accessCode: checkout.accessCode,
      authorizationUrl: checkout.authorizationUrl,
      finalAmount: amount,
      price: paid,
      fee,
      currency: 'KES',
      email: input.email,
      item: { id: item.id, name: item.name, price: item.price, type: item.type },
    };
  }

  /**
   * POST /api/payments/verify: asks the provider (unless the sale is already recorded) and fulfils
   * on success. The browser that paid is told once (alreadyProcessed false, with the download);
   * any other caller, or a second call, learns that the receipt e-mail has the link.
   */
  async verify(reference: string, buyerKey: string | undefined): Promise<VerifyPaymentResponse | VerifyPendingResponse> {
    const order = await findOrderByReference(this.db, reference);
    if (!order) throw new AppError('payment.not-found');
    if (order.status === 'refunded') throw new AppError('purchase.refunded');
    if (order.status !== 'paid') {
      const { outcome, transaction } = await this.settle(order);
      if (outcome === 'mismatch') throw new AppError('payment.mismatch');
      // Issue 16: still under way (the M-Pesa prompt is on the phone). Not a failure: the order
      // stays pending, the browser may ask again, and the receipt e-mail comes if it completes.
      if (outcome === 'pending') return { message: PAYMENT_MESSAGES.paymentPending, pending: true, reference };
      if (outcome !== 'paid') throw new AppError('payment.not-completed', undefined, { outcome: unpaidOutcomeOf(transaction) });
    }
    const delivered = await markDelivered(this.db, order.id, buyerKey ? hashToken(buyerKey) : undefined);
    const item = purchaseItemOf(order);
    return {
      message: delivered ? PAYMENT_MESSAGES.paymentSucceeded : PAYMENT_MESSAGES.alreadyProcessed,
      data: { alreadyProcessed: !delivered, reference, item, downloadUrl: delivered ? downloadPath(item.type, item.id) : null },
    };
  }

  /** Re-reads the transaction from the provider and settles the order by it. */
  async confirm(order: Order): Promise<Confirmation> {
    return (await this.settle(order)).outcome;
  }

  private async settle(order: Order): Promise<{ outcome: Confirmation; transaction: ProviderTransaction | undefined }> {
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

  private announce(order: Order): void {
    this.deps.events.emit('purchase.completed', {
      orderId: order.id,
      sellerId: order.sellerId,
      itemType: order.itemType as 'track' | 'album',
      itemId: order.itemType === 'album' ? order.albumId : order.trackId,
    });
  }

  /** Why a code could not be taken: used by now, or held by another checkout. */
  private async codeTaken(codeId: string): Promise<'code.used' | 'code.in-use'> {
    const [row] = await this.db.select({ usedAt: codes.usedAt }).from(codes).where(eq(codes.id, codeId)).limit(1);
    return !row || row.usedAt ? 'code.used' : 'code.in-use';
  }

  /**
   * A download code (or a discount leaving nothing to pay) grants the item like a purchase at
   * price 0 (decision 050): in one transaction the code is used (a conditional update: one winner
   * under any concurrency), a paid order marked as a code is recorded in the artist's sales, and
   * the e-mailed link is made and sent; the browser's buyer cookie downloads it at once. An address
   * that already owns the item keeps its code and is e-mailed its link, as at checkout.
   */
  async grantWithCode(codeId: string, item: SellableItem, email: string, buyerKey: string, language: Language = DEFAULT_LANGUAGE): Promise<{ reference: string }> {
    await this.refuseOwned(item, email);
    const reference = `sauti-code-${randomUUID()}`;
    const granted = await this.db.transaction(async (tx) => {
      if (!(await claimCode(tx, codeId, email))) return undefined;
      const now = new Date();
      const order = await insertOrder(tx, {
        reference,
        email,
        itemType: item.type,
        trackId: item.type === 'track' ? item.id : null,
        albumId: item.type === 'album' ? item.id : null,
        itemName: item.name,
        sellerId: item.sellerId,
        price: 0,
        fee: 0,
        amount: 0,
        status: 'paid',
        paidAt: now,
        checkedAt: now,
        channel: 'code',
        settlement: 'balance',
        codeId,
        buyerKeyHash: hashToken(buyerKey),
        language,
      });
      await setUsedOrder(tx, codeId, order.id);
      await recordSale(tx, order);
      await this.sendReceipt(tx, order);
      return order;
    });
    if (!granted) throw new AppError(await this.codeTaken(codeId));
    this.announce(granted);
    return { reference };
  }

  /** A new e-mailed link (a random token, kept only as its hash) to the purchase page, and the receipt carrying it. */
  private async sendReceipt(tx: DbOrTx, order: Order): Promise<void> {
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

  /**
   * POST /api/purchases/resend: a new link to the address that bought the item. The answer is the
   * same whether or not it did, so the call tells nobody who bought what.
   */
  async resend(input: { email: string; trackId?: string; albumId?: string }): Promise<void> {
    const type = input.albumId ? 'album' : 'track';
    const id = (input.albumId ?? input.trackId)!;
    if (!isUuid(id)) return;
    const paid = await paidOrdersOf(this.db, { type, id }, input.email);
    const latest = paid.at(-1);
    if (!latest) return;
    await this.db.transaction(async (tx) => this.sendReceipt(tx, latest));
  }

  /**
   * When this e-mail already has a paid order granting the item (the item itself or, for a track,
   * its album): its link is e-mailed again (within OWNED_RESEND_LIMIT) and initialize answers 409
   * alreadyOwned; no order is made. The buying browser is not asked: the e-mail is what owns.
   */
  private async refuseOwned(item: SellableItem, email: string): Promise<void> {
    const owned = await latestPaidOrderGranting(this.db, { type: item.type, id: item.id, albumId: item.albumId }, email);
    if (!owned) return;
    const { count } = await this.deps.attempts.hit(`owned-resend:${hashToken(email)}`, OWNED_RESEND_LIMIT.windowMs);
    if (count <= OWNED_RESEND_LIMIT.max) {
      await this.db.transaction(async (tx) => this.sendReceipt(tx, owned));
    } else {
      this.deps.log.info({ reference: owned.reference }, 'already owned: link not sent again (limit reached)');
    }
    throw new AppError('purchase.already-owned', undefined, { alreadyOwned: true });
  }

  /**
   * GET /api/purchases/owned: what this browser's paid orders grant, and (issue 17) what the address
   * its library cookie is signed in to paid for. An unknown or malformed key owns nothing.
   */
  async owned(buyerKey: string | undefined, libraryKey?: string): Promise<OwnedItems> {
    const byBrowser = buyerKey && /^[A-Za-z0-9_-]{43}$/.test(buyerKey) ? await ownedByBuyer(this.db, hashToken(buyerKey)) : { trackIds: [], albumIds: [] };
    const email = await this.deps.libraryEmailOf(libraryKey);
    if (!email) return byBrowser;
    const byEmail = await ownedByEmail(this.db, email);
    return {
      trackIds: [...new Set([...byBrowser.trackIds, ...byEmail.trackIds])].sort(),
      albumIds: [...new Set([...byBrowser.albumIds, ...byEmail.albumIds])].sort(),
    };
  }

  /** Proof of purchase for playback's downloads (app.purchaseGrants). */
  async allows(item: PurchasableItem, proof: PurchaseProof): Promise<boolean> {
    if (!isUuid(item.id)) return false;
    const buyerKey = proof.buyerKey && proof.buyerKey.length <= 100 ? hashToken(proof.buyerKey) : undefined;
    if (buyerKey && (await buyerHasOrder(this.db, item, buyerKey, 'paid'))) return true;
    if (proof.token && (await tokenGrants(this.db, item, hashToken(proof.token)))) return true;
    const libraryEmail = await this.deps.libraryEmailOf(proof.libraryKey);
    if (libraryEmail && (await emailHasPaid(this.db, item, libraryEmail))) return true;
    // Issue 16: a refunded purchase, asked by its e-mailed link or by the browser that bought it,
    // says why it no longer downloads rather than asking to buy.
    if (proof.token && proof.token.length <= 200 && (await tokenOfRefundedOrder(this.db, hashToken(proof.token)))) throw new AppError('purchase.refunded');
    if (buyerKey && (await buyerHasOrder(this.db, item, buyerKey, 'refunded'))) throw new AppError('purchase.refunded');
    return false;
  }

  /** The sales of a track (its own, and its album's): the catalogue refuses to delete a sold track. */
  async trackPurchases(trackId: string): Promise<PurchaseItem[]> {
    if (!isUuid(trackId)) return [];
    const track = await findSellableTrack(this.db, trackId);
    const paid = await paidOrdersGrantingTrack(this.db, trackId, track?.albumId);
    return paid.map((order) => ({ id: order.id, name: order.itemName, price: order.price, type: order.itemType as 'track' | 'album' }));
  }

  /** The sales of an album itself: the catalogue refuses to delete a sold album. */
  async albumPurchases(albumId: string): Promise<PurchaseItem[]> {
    if (!isUuid(albumId)) return [];
    const paid = await paidOrdersOfAlbum(this.db, albumId);
    return paid.map((order) => ({ id: order.id, name: order.itemName, price: order.price, type: 'album' as const }));
  }

  /**
   * POST /api/payments/webhook, after the signature was checked: deduplicated on event and the
   * provider's id, then handed to a durable job (answered at once; the job re-verifies with the
   * provider before anything is granted, and is retried if it fails).
   */
  async acceptWebhook(body: unknown): Promise<'queued' | 'duplicate' | 'ignored'> {
    if (!body || typeof body !== 'object') throw new AppError('webhook.invalid');
    const { event, data } = body as { event?: unknown; data?: Record<string, unknown> };
    if (typeof event !== 'string' || !data || typeof data !== 'object') throw new AppError('webhook.invalid');
    if (REFUND_EVENTS.includes(event)) return this.acceptRefundEvent(event, data);
    const reference = typeof data.reference === 'string' && /^[A-Za-z0-9._=-]{1,100}$/.test(data.reference) ? data.reference : undefined;
    const isCharge = event === 'charge.success';
    if (!isCharge && !TRANSFER_EVENTS.includes(event)) {
      this.deps.log.info({ event }, 'webhook event not handled');
      return 'ignored';
    }
    if (!reference) throw new AppError('webhook.invalid');
    const providerId = typeof data.id === 'number' || typeof data.id === 'string' ? String(data.id) : '';
    const key = `${providerId}:${reference}`.slice(0, 200);
    return this.db.transaction(async (tx) => {
      const inserted = await tx.insert(webhookEvents).values({ event, key }).onConflictDoNothing().returning({ key: webhookEvents.key });
      if (inserted.length === 0) return 'duplicate' as const;
      if (isCharge) await this.deps.jobs.enqueue(CONFIRM_JOB, { reference }, { tx, maxAttempts: 10 });
      else await this.deps.jobs.enqueue(TRANSFER_EVENT_JOB, { event, reference }, { tx, maxAttempts: 10 });
      return 'queued' as const;
    });
  }

  /**
   * A refund.* webhook (issue 16): Paystack's carries the transaction's reference and no refund id,
   * so it is deduplicated on the event and our open (or processed) refund of that order: the same
   * event for a refund tried again after a failure is a new one. Handed to a durable job that reads
   * the refund again from the provider.
   */
  private async acceptRefundEvent(event: string, data: Record<string, unknown>): Promise<'queued' | 'duplicate' | 'ignored'> {
    const reference = typeof data.transaction_reference === 'string' && /^[A-Za-z0-9._=-]{1,100}$/.test(data.transaction_reference) ? data.transaction_reference : undefined;
    if (!reference) throw new AppError('webhook.invalid');
    const order = await findOrderByReference(this.db, reference);
    if (!order) {
      this.deps.log.info({ event, reference }, 'refund event for an order that is not ours');
      return 'ignored';
    }
    const refund = await activeRefundOf(this.db, order.id);
    const key = `${refund?.id ?? 'none'}:${reference}`;
    return this.db.transaction(async (tx) => {
      const inserted = await tx.insert(webhookEvents).values({ event, key }).onConflictDoNothing().returning({ key: webhookEvents.key });
      if (inserted.length === 0) return 'duplicate' as const;
      await this.deps.jobs.enqueue(REFUND_EVENT_JOB, { event, reference }, { tx, maxAttempts: 10 });
      return 'queued' as const;
    });
  }

  /**
   * The scheduled check of pending orders no webhook confirmed (a webhook lost, a browser closed
   * before verify): asked again, fulfilled if paid, closed as abandoned once a day old.
   */
  async reconcile(now = Date.now()): Promise<{ checked: number; paid: number; closed: number }> {
    const pending = await pendingOrdersToCheck(this.db, new Date(now - RECONCILE_AFTER_MS), new Date(now - RECONCILE_AFTER_MS), 200);
    let paid = 0;
    let closed = 0;
    for (const order of pending) {
      try {
        const outcome = await this.confirm(order);
        if (outcome === 'paid') paid += 1;
        else if ((outcome === 'pending' || outcome === 'abandoned' || outcome === 'unknown') && now - order.createdAt.getTime() > ABANDON_AFTER_MS) {
          await closeUnpaidOrder(this.db, order.id, 'abandoned');
          closed += 1;
        }
      } catch (error) {
        // The provider may be down: the next run asks again.
        this.deps.log.warn({ err: error, orderId: order.id }, 'could not reconcile an order');
      }
    }
    await this.db.delete(webhookEvents).where(lt(webhookEvents.receivedAt, new Date(now - WEBHOOK_MEMORY_MS)));
    return { checked: pending.length, paid, closed };
  }
}
