/**
 * The payments provider boundary (issue 10, docs/decisions/031): Paystack's REST API, or the
 * simulated provider when no secret key is set. Shapes follow Paystack's API (PAYSTACK.md); the
 * rest of Sauti sees only this interface. Amounts are minor units (KES x 100).
 */

export interface ProviderBank {
  name: string;
  code: string;
  /** Paystack's type: 'kepss' for Kenyan banks, 'mobile_money' for M-Pesa, ... */
  type: string;
  active: boolean;
}

export interface InitializeTransactionInput {
  email: string;
  amount: number;
  currency: 'KES';
  reference: string;
  callbackUrl?: string;
  channels: ('card' | 'mobile_money')[];
  metadata: Record<string, unknown>;
  /** The artist's subaccount (bank payout method), if any. */
  subaccount?: string;
  /** Who bears Paystack's fee when a subaccount is set. */
  bearer?: 'account' | 'subaccount';
  /** Flat amount for the main account, overriding the subaccount's percentage. */
  transactionCharge?: number;
}

export interface InitializedTransaction {
  authorizationUrl: string;
  accessCode: string;
  reference: string;
}

/** Paystack's transaction statuses (verify and charge.success). */
export type TransactionStatus = 'success' | 'failed' | 'abandoned' | 'ongoing' | 'pending' | 'processing' | 'queued' | 'reversed';

export interface ProviderTransaction {
  /** Paystack's id: 64-bit, so kept as text. */
  id: string;
  reference: string;
  status: TransactionStatus | string;
  amount: number;
  currency: string;
  paidAt: Date | null;
  channel: string | null;
  /** Paystack's processing fee, when it reports one. */
  fees: number | null;
  /** Paystack's `gateway_response` ('Declined', 'Transaction timed out', ...), when it gives one. */
  gatewayResponse: string | null;
  customerEmail: string | null;
  metadata: Record<string, unknown>;
}

export interface CreateSubaccountInput {
  businessName: string;
  bankCode: string;
  accountNumber: string;
  /** The main account's share in whole percent (10: the platform keeps 10%). */
  percentageCharge: number;
  description?: string;
  primaryContactEmail?: string;
}

export interface CreateRecipientInput {
  name: string;
  /** The local form, 07XXXXXXXX (PAYSTACK.md). */
  accountNumber: string;
  bankCode: 'MPESA';
}

export interface TransferInput {
  amount: number;
  recipient: string;
  /** 16-50 characters of a-z, 0-9, _ and -; retries reuse it. */
  reference: string;
  reason: string;
}

export type TransferStatus = 'pending' | 'success' | 'failed' | 'reversed' | 'otp' | 'abandoned' | 'blocked' | 'rejected' | 'received';

export interface ProviderTransfer {
  reference: string;
  transferCode: string | null;
  status: TransferStatus | string;
  amount: number;
  reason: string | null;
}

/**
 * Paystack's refund statuses (issue 16): pending (asked), processing (with the processor),
 * processed (the buyer has the money back), failed, needs-attention (Paystack needs the buyer's
 * account details; the operator finishes it in Paystack's dashboard).
 */
export type RefundStatus = 'pending' | 'processing' | 'processed' | 'failed' | 'needs-attention';

export interface CreateRefundInput {
  /** The transaction's reference (ours, `sauti-...`). */
  transaction: string;
  /** Minor units; at most what the transaction charged. */
  amount: number;
  merchantNote?: string;
}

export interface ProviderRefund {
  /** Paystack's refund id (64-bit: text). */
  id: string;
  /** The refunded transaction's reference. */
  transactionReference: string | null;
  status: RefundStatus | string;
  amount: number;
  currency: string;
}

export interface PaymentsProvider {
  /** True for the built-in simulated provider (no keys set). */
  readonly simulated: boolean;
  /** The public key for the browser (null when simulated). */
  readonly publicKey: string | null;

  /** Kenyan banks (GET /bank?country=kenya), active ones only. */
  listBanks(): Promise<ProviderBank[]>;
  createSubaccount(input: CreateSubaccountInput): Promise<{ subaccountCode: string }>;
  createTransferRecipient(input: CreateRecipientInput): Promise<{ recipientCode: string }>;
  initializeTransaction(input: InitializeTransactionInput): Promise<InitializedTransaction>;
  /** GET /transaction/verify/:reference; undefined when the provider knows no such reference. */
  verifyTransaction(reference: string): Promise<ProviderTransaction | undefined>;
  initiateTransfer(input: TransferInput): Promise<ProviderTransfer>;
  /** GET /transfer/verify/:reference; undefined when unknown. */
  verifyTransfer(reference: string): Promise<ProviderTransfer | undefined>;
  /** POST /refund (issue 16): asks for a refund of a paid transaction; Paystack answers it pending. */
  createRefund(input: CreateRefundInput): Promise<ProviderRefund>;
  /** GET /refund/:id; undefined when unknown. */
  fetchRefund(id: string): Promise<ProviderRefund | undefined>;
  /** x-paystack-signature: HMAC-SHA512 of the raw body with the secret key, compared in constant time. */
  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean;
}

/**
 * The provider could not be used: `unavailable` (network, 5xx, 429, bad key: try later; the
 * message is ours) or `refused` (a 4xx about the request: its message may be shown).
 */
export class ProviderError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'refused',
    message: string,
    readonly providerCode?: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
