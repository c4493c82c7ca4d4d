import { PAYMENT_MESSAGES, type OwnedItems, type PurchaseItem, type UnpaidOutcome, type VerifyPaymentResponse, type VerifyPendingResponse } from '#common/schemas/payments';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { PurchasableItem, PurchaseProof } from '../../lib/purchase-grants';
import { hashToken } from '../../lib/tokens';
import { transactionPhase, type ProviderTransaction } from '../payment-provider';
import { findSellableTrack } from '../catalog';
import {
  buyerHasOrder,
  emailHasPaid,
  findOrderByReference,
  markDelivered,
  ownedByBuyer,
  ownedByEmail,
  paidOrdersGrantingTrack,
  paidOrdersOf,
  paidOrdersOfAlbum,
  albumIdsWithPaidOrders,
  tokenGrants,
  tokenOfRefundedOrder,
} from './orders.repo';
import type { FulfilmentService } from './fulfilment.service';
import { downloadPath, purchaseItemOf } from './purchased-item';

export interface PurchaseProofDeps {
  db: () => Db;
  fulfilment: FulfilmentService;
  /** The address a fan's library cookie is signed in to (issue 17), if any. */
  libraryEmailOf: (key: string | undefined) => Promise<string | undefined>;
}

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
 * Proof of purchase (issue 10, 16, 17): what a browser's buyer cookie, an e-mailed link's token or
 * a library's address owns; the paying browser's verify; a new link for the address that bought;
 * the sales that keep the catalogue from deleting a sold item.
 */
export class PurchaseProofService {
  constructor(private readonly deps: PurchaseProofDeps) {}

  private get db() {
    return this.deps.db();
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
      const { outcome, transaction } = await this.deps.fulfilment.settle(order);
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

  /**
   * POST /api/purchases/resend: a new link to the address that bought the item. The answer is the
   * same whether or not it did, so the call tells nobody who bought what.
   */
  async resend(input: { email: string; trackId?: string; albumId?: string }): Promise<void> {
    const type = input.albumId ? 'album' : 'track';
    const id = (input.albumId ?? input.trackId)!;
    const paid = await paidOrdersOf(this.db, { type, id }, input.email);
    const latest = paid.at(-1);
    if (!latest) return;
    await this.db.transaction(async (tx) => this.deps.fulfilment.sendReceipt(tx, latest));
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

  /** Proof of purchase for playback's downloads (app.purchaseGrants); the id was checked by playback's route or read from a row. */
  async allows(item: PurchasableItem, proof: PurchaseProof): Promise<boolean> {
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

  /** The sales of a track (its own, and its album's): the catalogue refuses to delete a sold track (its route checked the id). */
  async trackPurchases(trackId: string): Promise<PurchaseItem[]> {
    const track = await findSellableTrack(this.db, trackId);
    const paid = await paidOrdersGrantingTrack(this.db, trackId, track?.albumId);
    return paid.map((order) => ({ id: order.id, name: order.itemName, price: order.price, type: order.itemType }));
  }

  /** The sales of an album itself: the catalogue refuses to delete a sold album. */
  async albumPurchases(albumId: string): Promise<PurchaseItem[]> {
    const paid = await paidOrdersOfAlbum(this.db, albumId);
    return paid.map((order) => ({ id: order.id, name: order.itemName, price: order.price, type: 'album' as const }));
  }

  /** Which of these albums were sold themselves (one query for the artist's whole list). */
  async soldAlbumIds(albumIds: readonly string[]): Promise<Set<string>> {
    return new Set(await albumIdsWithPaidOrders(this.db, albumIds));
  }
}
