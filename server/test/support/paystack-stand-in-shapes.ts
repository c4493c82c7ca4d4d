import { randomBytes } from 'node:crypto';
import type { StandInBook, StandInRefund, StandInTransaction, StandInTransfer } from './paystack-stand-in-book';

/** Paystack's published shapes (PAYSTACK.md, paystack.yaml) for what the stand-in holds, and its errors. */

/** Kenyan banks as GET /bank lists them: M-Pesa included, one inactive bank to be filtered out. */
export const BANKS = [
  { id: 1, name: 'Equity Bank Kenya', slug: 'equity-bank-kenya', code: '68', longcode: '', type: 'kepss', active: true },
  { id: 2, name: 'KCB Bank Kenya', slug: 'kcb-bank-kenya', code: '01', longcode: '', type: 'kepss', active: true },
  { id: 3, name: 'Co-operative Bank of Kenya', slug: 'cooperative-bank-kenya', code: '11', longcode: '', type: 'kepss', active: true },
  { id: 4, name: 'Defunct Bank Kenya', slug: 'defunct-bank-kenya', code: '99', longcode: '', type: 'kepss', active: false },
  { id: 5, name: 'M-PESA', slug: 'mpesa', code: 'MPESA', longcode: '', type: 'mobile_money', active: true },
].map((bank) => ({ ...bank, gateway: null, pay_with_bank: false, country: 'Kenya', currency: 'KES', is_deleted: false }));

export const errorBody = (message: string, code?: string, type = 'validation_error') => ({
  status: false,
  message,
  meta: { nextStep: 'Check the request and try again' },
  type,
  ...(code ? { code } : {}),
});

/** Large ids on purpose: above 2^53, so clients must keep them as text. */
const BIG_ID_BASE = 9_007_199_254_740_993n;

export const random = () => randomBytes(5).toString('hex');

export const transactionData = (t: StandInTransaction): Record<string, unknown> => ({
  id: `__BIG_ID_${t.id}__`,
  domain: 'test',
  status: t.status,
  reference: t.reference,
  receipt_number: null,
  amount: t.amount,
  requested_amount: t.requestedAmount,
  message: null,
  gateway_response: t.status === 'success' ? 'Successful' : t.status === 'failed' ? 'Declined' : 'The transaction was not completed',
  paid_at: t.paidAt,
  created_at: t.createdAt,
  channel: t.channel ?? 'card',
  currency: t.currency,
  ip_address: null,
  // Paystack answers "" when the transaction had no metadata.
  metadata: t.metadata ?? '',
  log: null,
  fees: t.fees,
  fees_split: null,
  authorization: {},
  customer: { id: t.id, first_name: null, last_name: null, email: t.email, customer_code: `CUS_${random()}`, phone: null, metadata: null },
  plan: null,
  split: {},
  order_id: null,
  paidAt: t.paidAt,
  createdAt: t.createdAt,
  subaccount: t.subaccount ? { subaccount_code: t.subaccount } : {},
});

export const transferData = (book: StandInBook, t: StandInTransfer): Record<string, unknown> => ({
  id: t.id,
  domain: 'test',
  amount: t.amount,
  currency: t.currency,
  source: 'balance',
  reason: t.reason,
  recipient: book.recipients.get(t.recipient) ?? t.recipient,
  reference: t.reference,
  status: t.status,
  transfer_code: t.transferCode,
  failures: null,
  titan_code: null,
  transferred_at: t.status === 'success' ? new Date().toISOString() : null,
  createdAt: t.createdAt,
  updatedAt: new Date().toISOString(),
});

/** A refund as POST /refund and GET /refund/:id show it (fetch names the transaction by its id). */
export const refundData = (book: StandInBook, r: StandInRefund, shape: 'create' | 'fetch'): Record<string, unknown> => {
  const t = book.transactions.get(r.transactionReference)!;
  return {
    id: r.id,
    integration: 412829,
    domain: 'test',
    transaction: shape === 'create' ? { id: `__BIG_ID_${t.id}__`, reference: t.reference, amount: t.amount, currency: t.currency, channel: t.channel } : `__BIG_ID_${t.id}__`,
    ...(shape === 'fetch' ? { transaction_reference: r.transactionReference, transaction_amount: t.amount } : {}),
    dispute: null,
    settlement: null,
    amount: r.amount,
    deducted_amount: r.amount,
    fully_deducted: true,
    currency: r.currency,
    channel: null,
    status: r.status,
    refunded_at: r.status === 'processed' ? new Date().toISOString() : null,
    refunded_by: 'operator@example.com',
    merchant_note: r.merchantNote ?? `Refund for transaction ${t.reference}`,
    customer_note: `Refund for transaction ${t.reference}`,
    expected_at: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    createdAt: r.createdAt,
    updatedAt: new Date().toISOString(),
  };
};

/** Serialises with transaction ids written as bare 64-bit integers, as Paystack does. */
export const json = (value: unknown) => JSON.stringify(value).replace(/"__BIG_ID_(\d+)__"/g, (_m, id: string) => String(BIG_ID_BASE + BigInt(id)));
