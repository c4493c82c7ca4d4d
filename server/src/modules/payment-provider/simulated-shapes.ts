import { createHash } from 'node:crypto';
import type { simulatedRefunds, simulatedTransactions, simulatedTransfers } from '../../db/schema';

/**
 * The simulated provider's rows as Paystack's JSON shows them (verify, initiate, refunds and the
 * webhooks), and the private part of a transaction's metadata. Callers read these back through
 * paystack-shapes.ts, as they read Paystack's own answers.
 */

export type TransactionRow = typeof simulatedTransactions.$inferSelect;
export type TransferRow = typeof simulatedTransfers.$inferSelect;
type RefundRow = typeof simulatedRefunds.$inferSelect;

/** Under this metadata key the simulation keeps what Paystack keeps elsewhere; never shown to callers. */
export const PRIVATE_KEY = '_sautiSimulated';

export interface PrivateMetadata {
  callbackUrl?: string;
  channels: string[];
  /** The M-Pesa prompt, once sent: to which number, when. */
  mpesa?: { phone: string; promptedAt: string };
  /** What the gateway said about the end of an M-Pesa prompt (Paystack's gateway_response). */
  gatewayResponse?: string;
}

/** Paystack Kenya's published rates: local cards 2.9%, M-Pesa 1.5%. */
const simulatedFees = (amount: number, channel: string | null) => Math.round((amount * (channel === 'mobile_money' ? 15 : 29)) / 1000);

export function privateMetadata(metadata: Record<string, unknown>): PrivateMetadata {
  const value = metadata[PRIVATE_KEY];
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const mpesa = typeof record.mpesa === 'object' && record.mpesa !== null ? (record.mpesa as Record<string, unknown>) : undefined;
  return {
    callbackUrl: typeof record.callbackUrl === 'string' ? record.callbackUrl : undefined,
    channels: Array.isArray(record.channels) ? record.channels.filter((c): c is string => typeof c === 'string') : ['card', 'mobile_money'],
    mpesa: mpesa && typeof mpesa.phone === 'string' && typeof mpesa.promptedAt === 'string' ? { phone: mpesa.phone, promptedAt: mpesa.promptedAt } : undefined,
    gatewayResponse: typeof record.gatewayResponse === 'string' ? record.gatewayResponse : undefined,
  };
}

/** The transaction's metadata with the private part changed. */
export function withPrivate(metadata: Record<string, unknown>, change: Partial<PrivateMetadata>): Record<string, unknown> {
  return { ...metadata, [PRIVATE_KEY]: { ...privateMetadata(metadata), ...change } };
}

export function publicMetadata(metadata: Record<string, unknown>): Record<string, unknown> {
  const { [PRIVATE_KEY]: _private, ...rest } = metadata;
  return rest;
}

/** The 'sauti test' number of a transfer (Paystack's have one; ours has no column for it). */
const transferId = (reference: string) => Number.parseInt(createHash('sha256').update(reference).digest('hex').slice(0, 12), 16);

/** A transaction as Paystack's verify and charge.success show it. */
export function transactionData(row: TransactionRow): Record<string, unknown> {
  const paid = row.status === 'success';
  const said = privateMetadata(row.metadata).gatewayResponse;
  return {
    id: row.id,
    domain: 'test',
    // Nobody has paid it yet: Paystack says 'abandoned' of such a transaction, popup open or not.
    status: row.status === 'pending' ? 'abandoned' : row.status,
    reference: row.reference,
    receipt_number: null,
    amount: row.amount,
    requested_amount: row.amount,
    message: null,
    gateway_response: paid ? 'Successful' : (said ?? (row.status === 'failed' ? 'Declined' : row.status === 'ongoing' ? 'Awaiting the customer on their phone' : 'The transaction was not completed')),
    paid_at: row.paidAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    channel: row.channel ?? 'card',
    currency: row.currency,
    ip_address: null,
    metadata: publicMetadata(row.metadata),
    fees: paid ? simulatedFees(row.amount, row.channel) : null,
    fees_split: null,
    customer: { id: row.id, first_name: null, last_name: null, email: row.email, customer_code: `CUS_sim_${row.id}`, phone: null, metadata: null },
    authorization: paid
      ? row.channel === 'mobile_money'
        ? { channel: 'mobile_money', bank: 'M-PESA', country_code: 'KE', reusable: false }
        : { bin: '408408', last4: '4081', exp_month: '12', exp_year: '2030', channel: 'card', card_type: 'visa', bank: 'TEST BANK', country_code: 'KE', brand: 'visa', reusable: false }
      : {},
    subaccount: row.subaccount ? { subaccount_code: row.subaccount } : {},
  };
}

/** A transfer as Paystack's initiate, verify and transfer.* webhooks show it. */
export function transferData(row: TransferRow, reason: string | null): Record<string, unknown> {
  return {
    id: transferId(row.reference),
    domain: 'test',
    amount: row.amount,
    currency: 'KES',
    source: 'balance',
    reason,
    reference: row.reference,
    status: row.status,
    transfer_code: row.transferCode,
    failures: null,
    titan_code: null,
    transferred_at: row.status === 'success' || row.status === 'reversed' ? new Date().toISOString() : null,
    recipient: { recipient_code: row.recipient, type: 'mobile_money', currency: 'KES', details: { bank_code: 'MPESA', bank_name: 'M-PESA' } },
    created_at: row.createdAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A refund as Paystack's POST /refund and GET /refund/:id show it. */
export function refundData(row: RefundRow): Record<string, unknown> {
  return {
    id: row.id,
    integration: 0,
    domain: 'test',
    transaction: { reference: row.transactionReference },
    transaction_reference: row.transactionReference,
    amount: row.amount,
    deducted_amount: row.amount,
    currency: row.currency,
    status: row.status,
    channel: null,
    merchant_note: row.merchantNote,
    customer_note: null,
    refunded_by: 'sauti-simulated',
    createdAt: row.createdAt.toISOString(),
  };
}
