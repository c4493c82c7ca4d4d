import { and, eq, inArray } from 'drizzle-orm';
import { normaliseKenyanMobile } from '#common/payments';
import type { Db } from '../../db/client';
import { simulatedTransactions } from '../../db/schema';
import { privateMetadata, publicMetadata, transactionData, withPrivate, type TransactionRow } from './simulated-shapes';
import type { SimulatedWebhooks } from './simulated-webhooks';

/**
 * The simulated provider's hosted checkout: what happens when the buyer pays on our page (card,
 * or M-Pesa with its prompt and the simulated phone's answers), where a checkout stands, and
 * cancelling it. The provider (simulated.ts, where the test details and the prompt's behaviour
 * are described) answers through this; the page and its routes are simulated-checkout.page.ts
 * and simulated-checkout.routes.ts.
 */

export const TEST_CARD_SUCCESS = '4084084084084081';
export const TEST_CARD_DECLINED = '4084080000005408';
export const TEST_MPESA_NUMBER = '+254710000000';

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

/** Payable states: a declined attempt may be retried, as in Paystack's popup. */
const OPEN_STATUSES = ['pending', 'failed'];

export class SimulatedHostedCheckout {
  constructor(
    /** The provider's options: the database is read through them on each call, as the provider does. */
    private readonly options: { db: () => Db },
    private readonly webhooks: SimulatedWebhooks,
  ) {}

  private get db() {
    return this.options.db();
  }

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
      this.webhooks.later(async () => {
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
    if (result.success) this.webhooks.send('charge.success', transactionData(updated));
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

  /** A prompt unanswered for a minute has expired (checked whenever the transaction is read). */
  async expireStalePrompt(row: TransactionRow): Promise<TransactionRow> {
    if (row.status !== 'ongoing') return row;
    const promptedAt = privateMetadata(row.metadata).mpesa?.promptedAt;
    if (promptedAt && Date.now() - new Date(promptedAt).getTime() < MPESA_PROMPT_TTL_MS) return row;
    await this.endPrompt(row, 'expired');
    const [now] = await this.db.select().from(simulatedTransactions).where(eq(simulatedTransactions.id, row.id));
    return now ?? row;
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
      this.webhooks.send('charge.success', transactionData(updated));
      return { kind: 'done', status: 'success', reference: row.reference, message: 'Approved' };
    }
    return { kind: 'done', status: ending.status, reference: row.reference, message: ending.message };
  }

  private async findByAccessCode(accessCode: string): Promise<TransactionRow | undefined> {
    const [row] = await this.db.select().from(simulatedTransactions).where(eq(simulatedTransactions.accessCode, accessCode));
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
