import { splitPrice } from '#common/payments';
import type { DbOrTx } from '../../db/client';
import type { SalesFigures } from '../analytics';
import { dailyArtistSales, insertLedgerEntry, totalArtistShare } from './ledger.repo';
import { findMethodOf } from './payment-methods.repo';
import { refundSplit } from './payouts.rules';

/**
 * The ledger surface the payments module calls (issue 10): one entry per sale, the payout method a
 * purchase is routed to, and the sales figures Analytics reads. Ready for the payments module.
 */

export type Settlement = 'subaccount' | 'balance';

export interface SaleToRecord {
  id: string;
  sellerId: string;
  /** Minor units: the item's price, the buyer's processing fee, and what the buyer paid (price + fee). */
  price: number;
  fee: number;
  amount: number;
  /** 'subaccount': a bank method, settled by Paystack's split; 'balance': paid out by M-Pesa transfer. */
  settlement: Settlement | string;
}

/**
 * Records the sale of an order in the ledger, in the caller's transaction (fulfilment): what the
 * buyer paid, the fee, and the price split 90/10 (splitPrice). One entry per order whatever
 * happens: a second call for the same order inserts nothing and answers false.
 */
export async function recordSale(tx: DbOrTx, order: SaleToRecord): Promise<boolean> {
  if (order.settlement !== 'subaccount' && order.settlement !== 'balance') throw new RangeError(`Unknown settlement: ${order.settlement}`);
  if (order.amount !== order.price + order.fee) throw new RangeError(`Order ${order.id}: amount ${order.amount} is not price ${order.price} + fee ${order.fee}`);
  const { platformShare, artistShare } = splitPrice(order.price);
  return insertLedgerEntry(tx, {
    orderId: order.id,
    sellerId: order.sellerId,
    amountPaid: order.amount,
    fee: order.fee,
    price: order.price,
    platformShare,
    artistShare,
    settlement: order.settlement,
  });
}

/** The refunded order, as its sale was recorded, and what goes back. */
export interface RefundToRecord extends SaleToRecord {
  /** Minor units returned to the buyer: 0 < refunded <= amount. */
  refunded: number;
}

/**
 * Records a processed refund in the ledger, in the caller's transaction: one negative entry per
 * order (kind 'refund'), whatever happens: a second call inserts nothing and answers false. The
 * artist's Total Revenue and, for an M-Pesa artist, their balance drop by its artist share at
 * once; a balance already paid out goes below zero and the next payouts net it.
 */
export async function recordRefund(tx: DbOrTx, refund: RefundToRecord): Promise<boolean> {
  if (refund.settlement !== 'subaccount' && refund.settlement !== 'balance') throw new RangeError(`Unknown settlement: ${refund.settlement}`);
  const part = refundSplit(refund, refund.refunded);
  return insertLedgerEntry(tx, {
    orderId: refund.id,
    sellerId: refund.sellerId,
    amountPaid: -refund.refunded,
    fee: -part.fee,
    price: -part.price,
    platformShare: -part.platformShare,
    artistShare: -part.artistShare,
    settlement: refund.settlement,
    kind: 'refund',
  });
}

export interface PayoutRoute {
  type: 'bank' | 'mobile_money';
  /** Bank methods: the Paystack subaccount the sale is split through (settlement 'subaccount'). */
  subaccountCode: string | null;
  /** M-Pesa methods: the transfer recipient payouts go to (settlement 'balance'). */
  recipientCode: string | null;
}

/** The artist's payout method as initialize routes a purchase, or undefined (they cannot sell yet). */
export async function findPayoutMethod(db: DbOrTx, userId: string): Promise<PayoutRoute | undefined> {
  const method = await findMethodOf(db, userId);
  if (!method) return undefined;
  return { type: method.type === 'bank' ? 'bank' : 'mobile_money', subaccountCode: method.subaccountCode, recipientCode: method.recipientCode };
}

/**
 * Analytics' Total Revenue and daily sales from the ledger: the artist's 90% of every recorded
 * sale less the refunded part of refunded ones, per UTC day (a refund on the day it was processed). Takes the database or a function answering it (the app's handle).
 */
export function salesFiguresFromLedger(db: DbOrTx | (() => DbOrTx)): SalesFigures {
  const handle = typeof db === 'function' ? db : () => db;
  return {
    totalRevenue: (userId) => totalArtistShare(handle(), userId),
    dailySales: (userId, from) => dailyArtistSales(handle(), userId, from),
  };
}
