import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { normaliseKenyanMobile } from '#common/payments';
import type { Db } from '../../db/client';
import { simulatedRefunds, simulatedTransactions, simulatedTransfers } from '../../db/schema';
import { parseRefund, parseTransaction, parseTransfer } from './paystack-shapes';
import { ProviderError, type CreateRecipientInput, type CreateRefundInput, type CreateSubaccountInput, type InitializeTransactionInput, type InitializedTransaction, type PaymentsProvider, type ProviderBank, type ProviderRefund, type ProviderTransaction, type ProviderTransfer, type TransferInput } from './provider';
import { verifyWebhookSignature } from './signature';
import { SimulatedHostedCheckout, type CheckoutAttempt, type CheckoutOutcome, type MpesaAnswer, type SimulatedCheckout } from './simulated-checkout';
import { PRIVATE_KEY, refundData, transactionData, transferData, type PrivateMetadata, type TransferRow } from './simulated-shapes';
import { SIMULATED_SECRET_KEY, SimulatedWebhooks, type SimulatedWebhookOptions } from './simulated-webhooks';

/**
 * The simulated provider: what Sauti uses when no PAYSTACK_SECRET_KEY is set (development, demos,
 * the end-to-end tests). It answers in Paystack's shapes and keeps its transactions and transfers
 * in the database (simulated_transactions, simulated_transfers), so every process of a deployment
 * sees the same checkout. Nothing leaves the machine and no money moves.
 *
 * Buyers pay on our own checkout page (simulated-checkout.ts, its .routes.ts and .page.ts), standing
 * in for Paystack's popup, with Paystack's test details: card 4084 0840 8408 4081 succeeds,
 * 4084 0800 0000 5408 is declined; M-Pesa +254 710 000 000 succeeds, any other number fails.
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

// The test details and the checkout's and webhooks' names, from where they are used: importers
// keep naming this file.
export { SIMULATED_SECRET_KEY } from './simulated-webhooks';
export {
  MPESA_MAX_CONFIRM_DELAY_MS,
  MPESA_PROMPT_TTL_MS,
  TEST_CARD_DECLINED,
  TEST_CARD_SUCCESS,
  TEST_MPESA_NUMBER,
  type CheckoutAttempt,
  type CheckoutOutcome,
  type MpesaAnswer,
  type SimulatedCheckout,
} from './simulated-checkout';

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

export interface SimulatedProviderOptions extends SimulatedWebhookOptions {
  db: () => Db;
  publicUrl: string;
}

const random = (bytes: number) => randomBytes(bytes).toString('hex');
const REFERENCE_FORMAT = /^[A-Za-z0-9.=-]{1,100}$/;
const TRANSFER_REFERENCE_FORMAT = /^[a-z0-9_-]{16,50}$/;

export class SimulatedProvider implements PaymentsProvider {
  readonly simulated = true;
  readonly publicKey = null;
  /** After-the-answer steps and their webhooks, shared with the checkout so idle() waits for both. */
  private readonly webhooks: SimulatedWebhooks;
  private readonly hostedCheckout: SimulatedHostedCheckout;

  constructor(private readonly options: SimulatedProviderOptions) {
    this.webhooks = new SimulatedWebhooks(options);
    this.hostedCheckout = new SimulatedHostedCheckout(options, this.webhooks);
  }

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
    return row ? parseTransaction(transactionData(await this.hostedCheckout.expireStalePrompt(row))) : undefined;
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
      return { ...parseTransfer(transferData(existing, input.reason))!, reason: input.reason };
    }

    const outcome = /\[simulate:failed\]/i.test(input.reason) || input.recipient.startsWith('RCP_sim_failed_')
      ? 'failed'
      : /\[simulate:reversed\]/i.test(input.reason) || input.recipient.startsWith('RCP_sim_reversed_')
        ? 'reversed'
        : 'success';
    // After the caller has its answer, as Paystack's queue would.
    this.webhooks.later(async () => {
      await this.settleTransfer(input.reference, outcome, input.reason);
    });
    return { ...parseTransfer(transferData(created, input.reason))!, reason: input.reason };
  }

  async verifyTransfer(reference: string): Promise<ProviderTransfer | undefined> {
    const row = await this.findTransfer(reference);
    return row ? parseTransfer(transferData(row, null)) : undefined;
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
    this.webhooks.later(async () => {
      if (outcome === 'processed') await this.settleRefund(String(row!.id), 'processing');
      await this.settleRefund(String(row!.id), outcome);
    });
    return parseRefund(refundData(row!))!;
  }

  async fetchRefund(id: string): Promise<ProviderRefund | undefined> {
    if (!/^\d{1,15}$/.test(id)) return undefined;
    const [row] = await this.db.select().from(simulatedRefunds).where(eq(simulatedRefunds.id, Number(id)));
    return row ? parseRefund(refundData(row)) : undefined;
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
    this.webhooks.send(`refund.${status}`, {
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
    this.webhooks.send(`transfer.${status}`, transferData(row, reason));
    return true;
  }

  /** Resolves when every webhook sent so far has been delivered (or has failed). */
  async idle(): Promise<void> {
    return this.webhooks.idle();
  }

  // --- The checkout page (simulated-checkout.ts) --------------------------------------------

  async checkout(accessCode: string): Promise<SimulatedCheckout | undefined> {
    return this.hostedCheckout.checkout(accessCode);
  }

  /** Where a checkout stands, as the page polls it while the phone has the prompt. */
  async checkoutStatus(accessCode: string): Promise<CheckoutOutcome> {
    return this.hostedCheckout.checkoutStatus(accessCode);
  }

  /** M-Pesa on the page: a prompt goes to the buyer's phone (see SimulatedHostedCheckout.promptMpesa). */
  async promptMpesa(accessCode: string, phone: string): Promise<CheckoutOutcome> {
    return this.hostedCheckout.promptMpesa(accessCode, phone);
  }

  /** The simulated phone answers the prompt; 'paid' settles after `delayMs` (0 in tests). */
  async answerMpesa(accessCode: string, answer: MpesaAnswer, delayMs = 0): Promise<CheckoutOutcome> {
    return this.hostedCheckout.answerMpesa(accessCode, answer, delayMs);
  }

  /** The buyer pays on the checkout page. */
  async pay(accessCode: string, attempt: CheckoutAttempt): Promise<CheckoutOutcome> {
    return this.hostedCheckout.pay(accessCode, attempt);
  }

  /** The buyer closes the checkout: the transaction is abandoned (cancelling twice is fine). */
  async cancel(accessCode: string): Promise<CheckoutOutcome> {
    return this.hostedCheckout.cancel(accessCode);
  }

  // --- Internals --------------------------------------------------------------------------------

  private async findTransfer(reference: string): Promise<TransferRow | undefined> {
    const [row] = await this.db.select().from(simulatedTransfers).where(eq(simulatedTransfers.reference, reference));
    return row;
  }
}
