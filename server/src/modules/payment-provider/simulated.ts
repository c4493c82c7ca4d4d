import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { normaliseKenyanMobile } from '#common/payments';
import type { Db } from '../../db/client';
import { simulatedRefunds, simulatedTransactions, simulatedTransfers } from '../../db/schema';
import { parseRefund, parseTransaction, parseTransfer } from './paystack-shapes';
import { ProviderError, type CreateRecipientInput, type CreateRefundInput, type CreateSubaccountInput, type InitializeTransactionInput, type InitializedTransaction, type PaymentsProvider, type ProviderBank, type ProviderRefund, type ProviderTransaction, type ProviderTransfer, type TransferInput } from './provider';
import { signWebhook, verifyWebhookSignature } from './signature';

/**
 * The simulated provider: what Sauti uses when no PAYSTACK_SECRET_KEY is set (development, demos,
 * the end-to-end tests). It answers in Paystack's shapes and keeps its transactions and transfers
 * in the database (simulated_transactions, simulated_transfers), so every process of a deployment
 * sees the same checkout. Nothing leaves the machine and no money moves.
 *
 * Buyers pay on our own checkout page (simulated-checkout.routes.ts), standing in for Paystack's
 * popup, with Paystack's test details: card 4084 0840 8408 4081 succeeds, 4084 0800 0000 5408 is
 * declined; M-Pesa +254 710 000 000 succeeds, any other number fails.
 *
 * M-Pesa as it really behaves (issue 16): on the page, the test number sends a "check your phone"
 * prompt (`promptMpesa`): the transaction is `ongoing` (Paystack's word for a charge waiting on the
 * buyer) until the simulated phone answers (`answerMpesa`): paid (success, after a short wait the
 * caller chooses, 0 in tests), declined (failed: wrong PIN or not enough funds), cancelled on the
 * phone (failed) or expired (abandoned; also by itself when nobody answers within a minute). Closing
 * the checkout meanwhile leaves it ongoing, as a real prompt stays on the phone. The page's JSON
 * `pay` call with the test number still pays at once (a phone that answered immediately), which
 * API tests use. A transaction nobody has paid yet is reported `abandoned`, as Paystack reports it.
 *
 * Transfers (M-Pesa payouts) are answered 'pending', then settle on the next turn of the event loop
 * and a signed transfer.* webhook follows. They succeed unless asked otherwise, for tests:
 * - a transfer `reason` containing "[simulate:failed]" or "[simulate:reversed]";
 * - or a recipient created for the M-Pesa number 0700 000 001 (every transfer to it fails) or
 *   0700 000 002 (every transfer to it succeeds, then is reversed): any form of the number works;
 * - or `settleTransfer(reference, status)` on the provider, for a pending or successful transfer.
 *
 * Webhooks are signed like Paystack's with SIMULATED_SECRET_KEY, which is not a secret: anyone can
 * forge a simulated webhook, and that is fine because a simulated sale moves no money.
 */

/** The key simulated webhooks are signed with: fixed and public (see above). */
export const SIMULATED_SECRET_KEY = 'sk_test_sauti_simulated';

export const TEST_CARD_SUCCESS = '4084084084084081';
export const TEST_CARD_DECLINED = '4084080000005408';
export const TEST_MPESA_NUMBER = '+254710000000';
/** M-Pesa numbers whose transfers fail or are reversed (see above). */
export const SIMULATED_FAILING_MPESA = '+254700000001';
export const SIMULATED_REVERSING_MPESA = '+254700000002';

/**
 * A fixed list of real Kenyan banks. The codes are plausible (Kenya Bankers Association style) but
 * SIMULATED: Paystack's real codes come from GET /bank and are not known here. No M-Pesa entry:
 * M-Pesa is its own payout method.
 */
const SIMULATED_BANKS: readonly ProviderBank[] = Object.freeze(
  [
    ['ABSA Bank Kenya', '03'],
    ['Bank of Africa Kenya', '19'],
    ['Co-operative Bank of Kenya', '11'],
    ['Diamond Trust Bank Kenya', '63'],
    ['Equity Bank Kenya', '68'],
    ['Family Bank', '70'],
    ['Gulf African Bank', '72'],
    ['HFC (Housing Finance)', '61'],
    ['I&M Bank', '57'],
    ['KCB Bank Kenya', '01'],
    ['NCBA Bank Kenya', '07'],
    ['National Bank of Kenya', '12'],
    ['Prime Bank', '10'],
    ['Sidian Bank', '66'],
    ['Stanbic Bank Kenya', '31'],
    ['Standard Chartered Bank Kenya', '02'],
  ].map(([name, code]) => Object.freeze({ name: name!, code: code!, type: 'kepss', active: true })),
);

/** Under this metadata key the simulation keeps what Paystack keeps elsewhere; never shown to callers. */
const PRIVATE_KEY = '_sautiSimulated';

interface PrivateMetadata {
  callbackUrl?: string;
  channels: string[];
  /** The M-Pesa prompt, once sent: to which number, when. */
  mpesa?: { phone: string; promptedAt: string };
  /** What the gateway said about the end of an M-Pesa prompt (Paystack's gateway_response). */
  gatewayResponse?: string;
}

/** The simulated phone's answer to an M-Pesa prompt. */
export type MpesaAnswer = 'paid' | 'declined' | 'cancelled' | 'expired';

/** A prompt nobody answers expires after about a minute, as M-Pesa's does. */
export const MPESA_PROMPT_TTL_MS = 60_000;
/** The longest 'paid' wait a caller may ask for (a real prompt takes 4-30 s to be answered). */
export const MPESA_MAX_CONFIRM_DELAY_MS = 30_000;

/** How each unpaid answer ends, in Paystack's statuses and gateway texts (the texts are UNCONFIRMED for M-Pesa). */
const MPESA_ENDINGS: Record<Exclude<MpesaAnswer, 'paid'>, { status: 'failed' | 'abandoned'; gatewayResponse: string; message: string }> = {
  declined: { status: 'failed', gatewayResponse: 'Declined: wrong PIN or insufficient funds', message: 'M-Pesa declined the payment: a wrong PIN or not enough funds.' },
  cancelled: { status: 'failed', gatewayResponse: 'Request cancelled by user', message: 'The payment was cancelled on the phone.' },
  expired: { status: 'abandoned', gatewayResponse: 'Transaction timed out: the M-Pesa prompt was not answered', message: 'The M-Pesa prompt expired: nobody answered it.' },
};

/** What the checkout page shows and acts on. */
export interface SimulatedCheckout {
  reference: string;
  accessCode: string;
  email: string;
  amount: number;
  currency: string;
  status: string;
  channels: string[];
  /** The item's name, from the metadata the server initialized with. */
  itemName: string | null;
  callbackUrl: string | null;
}

export type CheckoutAttempt =
  | { channel: 'card'; cardNumber: string; cvv: string; expiry: string }
  | { channel: 'mobile_money'; phone: string };

export type CheckoutOutcome =
  | { kind: 'not-found' }
  /** An M-Pesa prompt is on the phone: nothing is decided yet. */
  | { kind: 'pending'; reference: string; message: string }
  | { kind: 'closed'; status: string; reference: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'done'; status: 'success' | 'failed' | 'abandoned'; reference: string; message: string };

export interface SimulatedProviderOptions {
  db: () => Db;
  publicUrl: string;
  /** Hands a signed webhook to the app (the plugin posts it to /api/payments/webhook). */
  deliverWebhook: (rawBody: string, signature: string) => Promise<void>;
  log: FastifyBaseLogger;
}

type TransactionRow = typeof simulatedTransactions.$inferSelect;
type TransferRow = typeof simulatedTransfers.$inferSelect;

const random = (bytes: number) => randomBytes(bytes).toString('hex');
const REFERENCE_FORMAT = /^[A-Za-z0-9.=-]{1,100}$/;
const TRANSFER_REFERENCE_FORMAT = /^[a-z0-9_-]{16,50}$/;
/** Payable states: a declined attempt may be retried, as in Paystack's popup. */
const OPEN_STATUSES = ['pending', 'failed'];

/** Paystack Kenya's published rates: local cards 2.9%, M-Pesa 1.5%. */
const simulatedFees = (amount: number, channel: string | null) => Math.round((amount * (channel === 'mobile_money' ? 15 : 29)) / 1000);

function privateMetadata(metadata: Record<string, unknown>): PrivateMetadata {
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
function withPrivate(metadata: Record<string, unknown>, change: Partial<PrivateMetadata>): Record<string, unknown> {
  return { ...metadata, [PRIVATE_KEY]: { ...privateMetadata(metadata), ...change } };
}

function publicMetadata(metadata: Record<string, unknown>): Record<string, unknown> {
  const { [PRIVATE_KEY]: _private, ...rest } = metadata;
  return rest;
}

/** The 'sauti test' number of a transfer (Paystack's have one; ours has no column for it). */
const transferId = (reference: string) => Number.parseInt(createHash('sha256').update(reference).digest('hex').slice(0, 12), 16);

export class SimulatedProvider implements PaymentsProvider {
  readonly simulated = true;
  readonly publicKey = null;
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly options: SimulatedProviderOptions) {}

  private get db() {
    return this.options.db();
  }

  async listBanks(): Promise<ProviderBank[]> {
    return SIMULATED_BANKS.map((bank) => ({ ...bank }));
  }

  async createSubaccount(input: CreateSubaccountInput): Promise<{ subaccountCode: string }> {
    if (!SIMULATED_BANKS.some((bank) => bank.code === input.bankCode)) {
      throw new ProviderError('refused', 'Account details are invalid', 'invalid_bank_code');
    }
    if (!/^\d{5,20}$/.test(input.accountNumber)) throw new ProviderError('refused', 'Account number is invalid', 'invalid_account_number');
    return { subaccountCode: `ACCT_sim_${random(6)}` };
  }

  async createTransferRecipient(input: CreateRecipientInput): Promise<{ recipientCode: string }> {
    const number = normaliseKenyanMobile(input.accountNumber);
    if (!number || input.bankCode !== 'MPESA') throw new ProviderError('refused', 'Account number is invalid', 'invalid_account_number');
    const marker = number === SIMULATED_FAILING_MPESA ? 'failed_' : number === SIMULATED_REVERSING_MPESA ? 'reversed_' : '';
    return { recipientCode: `RCP_sim_${marker}${random(6)}` };
  }

  async initializeTransaction(input: InitializeTransactionInput): Promise<InitializedTransaction> {
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new ProviderError('refused', 'Invalid Amount Sent', 'invalid_amount');
    if (!/^[^\s@]+@[^\s@]+$/.test(input.email)) throw new ProviderError('refused', 'Invalid Email Address Passed', 'invalid_email');
    if (input.currency !== 'KES') throw new ProviderError('refused', 'Currency not supported by merchant', 'unsupported_currency');
    if (!REFERENCE_FORMAT.test(input.reference)) throw new ProviderError('refused', 'Invalid transaction reference', 'invalid_reference');

    const accessCode = `sim_${random(12)}`;
    const hidden: PrivateMetadata = { callbackUrl: input.callbackUrl, channels: input.channels };
    const [row] = await this.db
      .insert(simulatedTransactions)
      .values({
        reference: input.reference,
        accessCode,
        email: input.email,
        amount: input.amount,
        currency: input.currency,
        subaccount: input.subaccount ?? null,
        metadata: { ...input.metadata, [PRIVATE_KEY]: hidden },
      })
      .onConflictDoNothing({ target: simulatedTransactions.reference })
      .returning({ reference: simulatedTransactions.reference });
    if (!row) throw new ProviderError('refused', 'Duplicate Transaction Reference', 'duplicate_reference');
    return { reference: input.reference, accessCode, authorizationUrl: `${this.options.publicUrl}/api/payments/simulated/checkout/${accessCode}` };
  }

  async verifyTransaction(reference: string): Promise<ProviderTransaction | undefined> {
    const [row] = await this.db.select().from(simulatedTransactions).where(eq(simulatedTransactions.reference, reference));
    return row ? parseTransaction(this.transactionData(await this.expireStalePrompt(row))) : undefined;
  }

  async initiateTransfer(input: TransferInput): Promise<ProviderTransfer> {
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new ProviderError('refused', 'Invalid amount', 'invalid_amount');
    if (!TRANSFER_REFERENCE_FORMAT.test(input.reference)) throw new ProviderError('refused', 'Invalid transfer reference', 'invalid_reference');
    if (!input.recipient.startsWith('RCP_')) throw new ProviderError('refused', 'Recipient specified is invalid', 'invalid_recipient');

    const [created] = await this.db
      .insert(simulatedTransfers)
      .values({ reference: input.reference, transferCode: `TRF_sim_${random(8)}`, recipient: input.recipient, amount: input.amount })
      .onConflictDoNothing({ target: simulatedTransfers.reference })
      .returning();
    if (!created) {
      // A retry with the same reference (what the caller must do after a timeout) gets the transfer
      // it already made, never a second one.
      const existing = await this.findTransfer(input.reference);
      if (!existing || existing.recipient !== input.recipient || existing.amount !== input.amount) {
        throw new ProviderError('refused', 'Duplicate Transfer Reference', 'duplicate_reference');
      }
      return { ...parseTransfer(this.transferData(existing, input.reason))!, reason: input.reason };
    }

    const outcome = /\[simulate:failed\]/i.test(input.reason) || input.recipient.startsWith('RCP_sim_failed_')
      ? 'failed'
      : /\[simulate:reversed\]/i.test(input.reason) || input.recipient.startsWith('RCP_sim_reversed_')
        ? 'reversed'
        : 'success';
    // After the caller has its answer, as Paystack's queue would.
    this.later(async () => {
      await this.settleTransfer(input.reference, outcome, input.reason);
    });
    return { ...parseTransfer(this.transferData(created, input.reason))!, reason: input.reason };
  }

  async verifyTransfer(reference: string): Promise<ProviderTransfer | undefined> {
    const row = await this.findTransfer(reference);
    return row ? parseTransfer(this.transferData(row, null)) : undefined;
  }

  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean {
    return verifyWebhookSignature(rawBody, signature, SIMULATED_SECRET_KEY);
  }

  // --- Refunds (issue 16) -------------------------------------------------------------------
  // Answered 'pending'; on a later turn of the event loop the refund goes to processing and then
  // processed, each with its signed refund.* webhook, as Paystack's would. It fails instead when
  // its merchant note holds "[simulate:failed]", or needs attention with
  // "[simulate:needs-attention]"; `settleRefund(id, status)` moves one by hand (tests).

  async createRefund(input: CreateRefundInput): Promise<ProviderRefund> {
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new ProviderError('refused', 'Invalid amount', 'invalid_amount');
    const [transaction] = await this.db.select().from(simulatedTransactions).where(eq(simulatedTransactions.reference, input.transaction));
    if (!transaction) throw new ProviderError('refused', 'Transaction not found', 'transaction_not_found');
    if (transaction.status !== 'success') throw new ProviderError('refused', 'Cannot refund a transaction that was not successful', 'invalid_transaction');
    const [refunded] = await this.db
      .select({ total: sql<string>`coalesce(sum(${simulatedRefunds.amount}), 0)` })
      .from(simulatedRefunds)
      .where(and(eq(simulatedRefunds.transactionReference, transaction.reference), inArray(simulatedRefunds.status, ['pending', 'processing', 'processed', 'needs-attention'])));
    const left = transaction.amount - Number(refunded?.total ?? 0);
    if (left <= 0) throw new ProviderError('refused', 'Transaction has been fully reversed', 'transaction_reversed');
    if (input.amount > left) throw new ProviderError('refused', 'Refund amount cannot be more than the transaction amount', 'invalid_amount');
    const [row] = await this.db
      .insert(simulatedRefunds)
      .values({ transactionReference: transaction.reference, amount: input.amount, currency: transaction.currency, merchantNote: input.merchantNote ?? null })
      .returning();
    const note = input.merchantNote ?? '';
    const outcome = /\[simulate:failed\]/i.test(note) ? 'failed' : /\[simulate:needs-attention\]/i.test(note) ? 'needs-attention' : 'processed';
    this.later(async () => {
      if (outcome === 'processed') await this.settleRefund(String(row!.id), 'processing');
      await this.settleRefund(String(row!.id), outcome);
    });
    return parseRefund(this.refundData(row!))!;
  }

  async fetchRefund(id: string): Promise<ProviderRefund | undefined> {
    if (!/^\d{1,15}$/.test(id)) return undefined;
    const [row] = await this.db.select().from(simulatedRefunds).where(eq(simulatedRefunds.id, Number(id)));
    return row ? parseRefund(this.refundData(row)) : undefined;
  }

  /** Moves a refund forward (pending -> processing -> processed, failed or needs-attention) and sends its webhook. */
  async settleRefund(id: string, status: 'processing' | 'processed' | 'failed' | 'needs-attention'): Promise<boolean> {
    const from = status === 'processing' ? ['pending'] : ['pending', 'processing', ...(status === 'needs-attention' ? [] : ['needs-attention'])];
    const [row] = await this.db
      .update(simulatedRefunds)
      .set({ status })
      .where(and(eq(simulatedRefunds.id, Number(id)), inArray(simulatedRefunds.status, from)))
      .returning();
    if (!row) return false;
    // As Paystack's refund webhooks: the transaction's reference, no refund id, the amount as text.
    this.sendWebhook(`refund.${status}`, {
      status,
      transaction_reference: row.transactionReference,
      refund_reference: status === 'processed' ? `SIMREF${row.id}` : null,
      amount: String(row.amount),
      currency: row.currency,
      processor: 'simulated',
      customer: {},
      integration: 0,
      domain: 'test',
    });
    return true;
  }

  /** A refund as Paystack's POST /refund and GET /refund/:id show it. */
  private refundData(row: typeof simulatedRefunds.$inferSelect): Record<string, unknown> {
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
  // --- End of refunds -----------------------------------------------------------------------

  /**
   * Ends a transfer as Paystack would: pending -> success, failed or reversed (a reversal also
   * after success), then a signed transfer.* webhook. False when it cannot move that way.
   */
  async settleTransfer(reference: string, status: 'success' | 'failed' | 'reversed', reason: string | null = null): Promise<boolean> {
    const from = status === 'reversed' ? ['pending', 'success'] : ['pending'];
    if (status === 'reversed') {
      // Paystack reverses a transfer that went out: it succeeds first.
      await this.settleTransfer(reference, 'success', reason);
    }
    const [row] = await this.db
      .update(simulatedTransfers)
      .set({ status })
      .where(and(eq(simulatedTransfers.reference, reference), inArray(simulatedTransfers.status, from)))
      .returning();
    if (!row) return false;
    this.sendWebhook(`transfer.${status}`, this.transferData(row, reason));
    return true;
  }

  /** Resolves when every webhook sent so far has been delivered (or has failed). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  // --- The checkout page --------------------------------------------------------------------

  async checkout(accessCode: string): Promise<SimulatedCheckout | undefined> {
    const row = await this.findByAccessCode(accessCode);
    return row ? this.checkoutView(await this.expireStalePrompt(row)) : undefined;
  }

  /** Where a checkout stands, as the page polls it while the phone has the prompt. */
  async checkoutStatus(accessCode: string): Promise<CheckoutOutcome> {
    const found = await this.findByAccessCode(accessCode);
    if (!found) return { kind: 'not-found' };
    const row = await this.expireStalePrompt(found);
    const hidden = privateMetadata(row.metadata);
    switch (row.status) {
      case 'ongoing':
        return { kind: 'pending', reference: row.reference, message: 'Check your phone: enter your M-Pesa PIN to pay.' };
      case 'success':
        return { kind: 'done', status: 'success', reference: row.reference, message: 'Approved' };
      case 'failed':
        return { kind: 'done', status: 'failed', reference: row.reference, message: endingMessage(hidden.gatewayResponse) ?? 'Declined' };
      case 'abandoned':
        return { kind: 'done', status: 'abandoned', reference: row.reference, message: endingMessage(hidden.gatewayResponse) ?? 'Payment cancelled' };
      default:
        return { kind: 'done', status: 'abandoned', reference: row.reference, message: 'Not paid yet' };
    }
  }

  /**
   * M-Pesa on the page: a prompt goes to the buyer's phone and the transaction is `ongoing` until
   * the phone answers (answerMpesa) or the prompt expires. Only the test number has a phone here:
   * any other number fails at once, as `pay` does.
   */
  async promptMpesa(accessCode: string, phone: string): Promise<CheckoutOutcome> {
    const row = await this.findByAccessCode(accessCode);
    if (!row) return { kind: 'not-found' };
    if (!OPEN_STATUSES.includes(row.status)) return { kind: 'closed', status: row.status, reference: row.reference };
    if (!privateMetadata(row.metadata).channels.includes('mobile_money')) {
      return { kind: 'invalid', message: 'This payment cannot be made with that method.' };
    }
    const number = normaliseKenyanMobile(phone);
    if (number !== TEST_MPESA_NUMBER) return this.pay(accessCode, { channel: 'mobile_money', phone });
    const [updated] = await this.db
      .update(simulatedTransactions)
      .set({
        status: 'ongoing',
        channel: 'mobile_money',
        metadata: withPrivate(row.metadata, { mpesa: { phone: number, promptedAt: new Date().toISOString() }, gatewayResponse: undefined }),
      })
      .where(and(eq(simulatedTransactions.id, row.id), inArray(simulatedTransactions.status, OPEN_STATUSES)))
      .returning({ id: simulatedTransactions.id });
    if (!updated) {
      const now = await this.findByAccessCode(accessCode);
      return { kind: 'closed', status: now?.status ?? 'unknown', reference: row.reference };
    }
    return { kind: 'pending', reference: row.reference, message: `Check your phone: we sent an M-Pesa prompt to ${maskPhone(number)}.` };
  }

  /**
   * The simulated phone answers the prompt. 'paid' settles after `delayMs` (M-Pesa's confirmation
   * takes a few seconds; 0 in tests): until then the transaction stays ongoing.
   */
  async answerMpesa(accessCode: string, answer: MpesaAnswer, delayMs = 0): Promise<CheckoutOutcome> {
    const found = await this.findByAccessCode(accessCode);
    if (!found) return { kind: 'not-found' };
    const row = await this.expireStalePrompt(found);
    if (row.status !== 'ongoing') return { kind: 'closed', status: row.status, reference: row.reference };
    if (answer === 'paid') {
      const wait = Math.min(Math.max(0, Math.floor(delayMs)), MPESA_MAX_CONFIRM_DELAY_MS);
      if (wait === 0) return this.endPrompt(row, 'paid');
      this.later(async () => {
        await this.endPrompt(row, 'paid');
      }, wait);
      return { kind: 'pending', reference: row.reference, message: 'PIN entered: waiting for M-Pesa to confirm.' };
    }
    return this.endPrompt(row, answer);
  }

  /** The buyer pays on the checkout page. */
  async pay(accessCode: string, attempt: CheckoutAttempt): Promise<CheckoutOutcome> {
    const row = await this.findByAccessCode(accessCode);
    if (!row) return { kind: 'not-found' };
    if (!OPEN_STATUSES.includes(row.status)) return { kind: 'closed', status: row.status, reference: row.reference };
    if (!privateMetadata(row.metadata).channels.includes(attempt.channel)) {
      return { kind: 'invalid', message: 'This payment cannot be made with that method.' };
    }

    const result = attempt.channel === 'card' ? cardResult(attempt) : mpesaResult(attempt.phone);
    if (result.invalid) return { kind: 'invalid', message: result.message };

    const [updated] = await this.db
      .update(simulatedTransactions)
      .set(result.success ? { status: 'success', channel: attempt.channel, paidAt: new Date() } : { status: 'failed', channel: attempt.channel })
      .where(and(eq(simulatedTransactions.id, row.id), inArray(simulatedTransactions.status, OPEN_STATUSES)))
      .returning();
    if (!updated) {
      // Paid or cancelled in another tab between the read and the write.
      const now = await this.findByAccessCode(accessCode);
      return { kind: 'closed', status: now?.status ?? 'unknown', reference: row.reference };
    }
    if (result.success) this.sendWebhook('charge.success', this.transactionData(updated));
    return { kind: 'done', status: result.success ? 'success' : 'failed', reference: row.reference, message: result.message };
  }

  /** The buyer closes the checkout: the transaction is abandoned (cancelling twice is fine). */
  async cancel(accessCode: string): Promise<CheckoutOutcome> {
    const row = await this.findByAccessCode(accessCode);
    if (!row) return { kind: 'not-found' };
    const [updated] = await this.db
      .update(simulatedTransactions)
      .set({ status: 'abandoned' })
      .where(and(eq(simulatedTransactions.id, row.id), inArray(simulatedTransactions.status, OPEN_STATUSES)))
      .returning({ id: simulatedTransactions.id });
    if (updated || row.status === 'abandoned') return { kind: 'done', status: 'abandoned', reference: row.reference, message: 'Payment cancelled' };
    const now = await this.findByAccessCode(accessCode);
    if (now?.status === 'abandoned') return { kind: 'done', status: 'abandoned', reference: row.reference, message: 'Payment cancelled' };
    return { kind: 'closed', status: now?.status ?? row.status, reference: row.reference };
  }

  // --- Internals --------------------------------------------------------------------------------

  /** Ends an ongoing prompt as the phone answered (only if it is still ongoing: one ending wins). */
  private async endPrompt(row: TransactionRow, answer: MpesaAnswer): Promise<CheckoutOutcome> {
    const ending = answer === 'paid' ? undefined : MPESA_ENDINGS[answer];
    const [updated] = await this.db
      .update(simulatedTransactions)
      .set(
        ending
          ? { status: ending.status, metadata: withPrivate(row.metadata, { gatewayResponse: ending.gatewayResponse }) }
          : { status: 'success', paidAt: new Date(), metadata: withPrivate(row.metadata, { gatewayResponse: 'Approved' }) },
      )
      .where(and(eq(simulatedTransactions.id, row.id), eq(simulatedTransactions.status, 'ongoing')))
      .returning();
    if (!updated) {
      const [now] = await this.db.select().from(simulatedTransactions).where(eq(simulatedTransactions.id, row.id));
      return { kind: 'closed', status: now?.status ?? 'unknown', reference: row.reference };
    }
    if (!ending) {
      this.sendWebhook('charge.success', this.transactionData(updated));
      return { kind: 'done', status: 'success', reference: row.reference, message: 'Approved' };
    }
    return { kind: 'done', status: ending.status, reference: row.reference, message: ending.message };
  }

  /** A prompt unanswered for a minute has expired (checked whenever the transaction is read). */
  private async expireStalePrompt(row: TransactionRow): Promise<TransactionRow> {
    if (row.status !== 'ongoing') return row;
    const promptedAt = privateMetadata(row.metadata).mpesa?.promptedAt;
    if (promptedAt && Date.now() - new Date(promptedAt).getTime() < MPESA_PROMPT_TTL_MS) return row;
    await this.endPrompt(row, 'expired');
    const [now] = await this.db.select().from(simulatedTransactions).where(eq(simulatedTransactions.id, row.id));
    return now ?? row;
  }

  private async findByAccessCode(accessCode: string): Promise<TransactionRow | undefined> {
    const [row] = await this.db.select().from(simulatedTransactions).where(eq(simulatedTransactions.accessCode, accessCode));
    return row;
  }

  private async findTransfer(reference: string): Promise<TransferRow | undefined> {
    const [row] = await this.db.select().from(simulatedTransfers).where(eq(simulatedTransfers.reference, reference));
    return row;
  }

  private checkoutView(row: TransactionRow): SimulatedCheckout {
    const hidden = privateMetadata(row.metadata);
    const metadata = publicMetadata(row.metadata);
    const itemName = [metadata.itemName, metadata.item_name, metadata.name].find((value): value is string => typeof value === 'string' && value !== '');
    return {
      reference: row.reference,
      accessCode: row.accessCode,
      email: row.email,
      amount: row.amount,
      currency: row.currency,
      status: row.status,
      channels: hidden.channels,
      itemName: itemName ?? null,
      callbackUrl: hidden.callbackUrl ?? null,
    };
  }

  /** A transaction as Paystack's verify and charge.success show it. */
  private transactionData(row: TransactionRow): Record<string, unknown> {
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
  private transferData(row: TransferRow, reason: string | null): Record<string, unknown> {
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

  /** Signs and hands over a webhook after the current call has answered; failures are logged, not thrown. */
  private sendWebhook(event: string, data: Record<string, unknown>) {
    const rawBody = JSON.stringify({ event, data });
    const signature = signWebhook(rawBody, SIMULATED_SECRET_KEY);
    const reference = typeof data.reference === 'string' ? data.reference : typeof data.transaction_reference === 'string' ? data.transaction_reference : undefined;
    this.later(() =>
      this.options.deliverWebhook(rawBody, signature).catch((error: unknown) => {
        // The reference only: the body carries the buyer's e-mail.
        this.options.log.warn({ event, reference, error: error instanceof Error ? error.message : String(error) }, 'simulated webhook not delivered');
      }),
    );
  }

  /** Runs `work` on a later turn of the event loop (not a sleep), tracked at once so idle() waits for it. */
  private later(work: () => Promise<void>, delayMs = 0) {
    const tracked = new Promise<void>((resolve) => (delayMs > 0 ? setTimeout(resolve, delayMs) : setImmediate(resolve)))
      .then(work)
      .catch((error: unknown) => {
        this.options.log.warn({ error: error instanceof Error ? error.message : String(error) }, 'simulated provider background step failed');
      })
      .finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }
}

/** +254 710 ••• 000: enough for the buyer to recognise their number. */
function maskPhone(number: string): string {
  return `${number.slice(0, 4)} ${number.slice(4, 7)} ••• ${number.slice(-3)}`;
}

/** The buyer's words for how a prompt ended, from the gateway text we stored. */
function endingMessage(gatewayResponse: string | undefined): string | undefined {
  return Object.values(MPESA_ENDINGS).find((ending) => ending.gatewayResponse === gatewayResponse)?.message;
}

type AttemptResult = { invalid: true; message: string; success?: never } | { invalid?: false; success: boolean; message: string };

function cardResult(attempt: { cardNumber: string; cvv: string; expiry: string }): AttemptResult {
  const number = attempt.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number)) return { invalid: true, message: 'Please enter a valid card number.' };
  if (!/^\d{3,4}$/.test(attempt.cvv.trim())) return { invalid: true, message: 'Please enter the 3-digit CVV.' };
  const expiry = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/.exec(attempt.expiry.trim());
  if (!expiry) return { invalid: true, message: 'Please enter the expiry date as MM/YY.' };
  const year = Number(expiry[2]!.length === 2 ? `20${expiry[2]}` : expiry[2]);
  const now = new Date();
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && Number(expiry[1]) < now.getUTCMonth() + 1)) {
    return { invalid: true, message: 'This card has expired.' };
  }
  if (number === TEST_CARD_SUCCESS) return { success: true, message: 'Approved' };
  if (number === TEST_CARD_DECLINED) return { success: false, message: 'Declined' };
  return { success: false, message: 'Declined. In this simulation use the test card 4084 0840 8408 4081.' };
}

function mpesaResult(phone: string): AttemptResult {
  const number = normaliseKenyanMobile(phone);
  if (!number) return { invalid: true, message: 'Please enter a valid Kenyan mobile number.' };
  if (number === TEST_MPESA_NUMBER) return { success: true, message: 'Approved' };
  return { success: false, message: 'The M-Pesa payment failed. In this simulation only the test number +254 710 000 000 succeeds.' };
}
