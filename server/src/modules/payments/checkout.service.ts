import { randomUUID } from 'node:crypto';
import { DEFAULT_LANGUAGE, type Language } from '#common/i18n/language';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { paidAmountProblem, processingFee, splitPrice } from '#common/payments';
import { discountedPrice } from '#common/codes';
import { paidAmountMessage, type InitializePaymentResponse } from '#common/schemas/payments';
import type { Db } from '../../db/client';
import { codes } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';
import type { AttemptStore } from '../limits';
import type { PaymentsProvider } from '../payment-provider';
import { findSellableAlbum, findSellableTrack, type SellableItem } from '../catalog';
import { findPayoutMethod, recordSale } from '../payouts';
import { closeUnpaidOrder, insertOrder, latestPaidOrderGranting, updateOrder } from './orders.repo';
import { claimCode, reserveCode, setUsedOrder } from './codes.repo';
import { providerTrouble, type FulfilmentService } from './fulfilment.service';
import { purchasedItemColumns } from './purchased-item';

export interface CheckoutDeps {
  db: () => Db;
  provider: PaymentsProvider;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** Counters shared by every process: how often one e-mail is sent its link again by initialize. */
  attempts: AttemptStore;
  fulfilment: FulfilmentService;
}

/**
 * initialize's "you already own this" re-sends the link (issue 16): at most this many mails per
 * e-mail address per window, whatever the item (as POST /api/purchases/resend allows per client
 * address), so typing someone's address again and again cannot flood their inbox.
 */
export const OWNED_RESEND_LIMIT = { max: 5, windowMs: 15 * 60 * 1000 } as const;

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

/**
 * Checkout (issue 10, docs/decisions/031): an order and the provider's checkout for it, at the
 * price, the amount a fan chose or a discount code's price; or (decision 050) a code's grant at
 * price 0. What is paid is fulfilled by fulfilment.service.ts.
 */
export class CheckoutService {
  constructor(private readonly deps: CheckoutDeps) {}

  private get db() {
    return this.deps.db();
  }

  /** The item named, its id already checked by the route (checkedItemId). */
  private async item(input: { trackId?: string; albumId?: string }): Promise<SellableItem> {
    if (input.trackId) {
      const track = await findSellableTrack(this.db, input.trackId, { onSale: true });
      if (!track) throw new AppError('track.not-found');
      return track;
    }
    const album = input.albumId ? await findSellableAlbum(this.db, input.albumId, { onSale: true }) : undefined;
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
      ...purchasedItemColumns(item),
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
        ...purchasedItemColumns(item),
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
      await this.deps.fulfilment.sendReceipt(tx, order);
      return order;
    });
    if (!granted) throw new AppError(await this.codeTaken(codeId));
    this.deps.fulfilment.announce(granted);
    return { reference };
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
      await this.db.transaction(async (tx) => this.deps.fulfilment.sendReceipt(tx, owned));
    } else {
      this.deps.log.info({ reference: owned.reference }, 'already owned: link not sent again (limit reached)');
    }
    throw new AppError('purchase.already-owned', undefined, { alreadyOwned: true });
  }
}
