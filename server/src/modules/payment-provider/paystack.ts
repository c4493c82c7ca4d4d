import type { FastifyBaseLogger } from 'fastify';
import { parseBank, parsePaystackJson, parseRefund, parseTransaction, parseTransfer } from './paystack-shapes';
import { ProviderError, type CreateRecipientInput, type CreateRefundInput, type CreateSubaccountInput, type InitializeTransactionInput, type InitializedTransaction, type PaymentsProvider, type ProviderBank, type ProviderRefund, type ProviderTransaction, type ProviderTransfer, type TransferInput } from './provider';
import { verifyWebhookSignature } from './signature';

export interface PaystackProviderOptions {
  secretKey: string;
  publicKey: string | undefined;
  /** https://api.paystack.co, or a stand-in (PAYSTACK_API_URL). */
  apiUrl: string;
  log?: FastifyBaseLogger;
  /** Per call; a slow Paystack must not hold a buyer's request for long. */
  timeoutMs?: number;
  /** How long the bank list is reused. */
  bankCacheMs?: number;
}

interface PaystackReply {
  status: number;
  body: Record<string, unknown>;
}

const UNAVAILABLE = 'The payment provider could not be reached';
const BANK_CACHE_MS = 60 * 60 * 1000;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Paystack's two answers for a reference it does not know (PAYSTACK.md): 404, or 400 "... not found". */
function isUnknownReference(reply: PaystackReply): boolean {
  if (reply.status === 404) return true;
  const message = typeof reply.body.message === 'string' ? reply.body.message : '';
  return reply.status === 400 && /not found/i.test(message);
}

/** A transfer reference Paystack has already seen (wording UNCONFIRMED: matched loosely). */
function isDuplicateReference(error: ProviderError): boolean {
  return error.providerCode === 'duplicate_reference' || /duplicate|already exists/i.test(error.message);
}

/**
 * Paystack's REST API over fetch (issue 10, PAYSTACK.md). Bearer auth with the secret key, JSON
 * both ways, a timeout on every call. Failures become ProviderError: 'unavailable' (network,
 * timeout, 5xx, 429, a key Paystack refuses) with our own message, since Paystack's says nothing a
 * buyer can act on; 'refused' (a 4xx about the request) with Paystack's message and code.
 */
export class PaystackProvider implements PaymentsProvider {
  readonly simulated = false;
  readonly publicKey: string | null;
  private readonly apiUrl: string;
  private readonly timeoutMs: number;
  private readonly bankCacheMs: number;
  /**
   * The bank list, per process: it is public, the same for every user and changes rarely, so an
   * hour-old copy in each process is fine and saves a Paystack call per form opened.
   */
  private banks: { value: Promise<ProviderBank[]>; expires: number } | undefined;

  constructor(private readonly options: PaystackProviderOptions) {
    this.publicKey = options.publicKey ?? null;
    this.apiUrl = options.apiUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.bankCacheMs = options.bankCacheMs ?? BANK_CACHE_MS;
  }

  listBanks(): Promise<ProviderBank[]> {
    const now = Date.now();
    if (this.banks && this.banks.expires > now) return this.banks.value;
    // Concurrent callers share one request; a failure is not cached.
    const value = this.call('GET', '/bank?country=kenya&currency=KES&perPage=100').then((reply) => {
      const data = Array.isArray(reply.body.data) ? reply.body.data : [];
      return data.map(parseBank).filter((bank): bank is ProviderBank => bank !== undefined && bank.active);
    });
    const entry = { value, expires: now + this.bankCacheMs };
    this.banks = entry;
    value.catch(() => {
      if (this.banks === entry) this.banks = undefined;
    });
    return value;
  }

  async createSubaccount(input: CreateSubaccountInput): Promise<{ subaccountCode: string }> {
    const reply = await this.call('POST', '/subaccount', {
      business_name: input.businessName,
      settlement_bank: input.bankCode,
      account_number: input.accountNumber,
      percentage_charge: input.percentageCharge,
      description: input.description,
      primary_contact_email: input.primaryContactEmail,
    });
    return { subaccountCode: this.requireText(reply, 'subaccount_code') };
  }

  async createTransferRecipient(input: CreateRecipientInput): Promise<{ recipientCode: string }> {
    const reply = await this.call('POST', '/transferrecipient', {
      type: 'mobile_money',
      name: input.name,
      account_number: input.accountNumber,
      bank_code: input.bankCode,
      currency: 'KES',
    });
    return { recipientCode: this.requireText(reply, 'recipient_code') };
  }

  async initializeTransaction(input: InitializeTransactionInput): Promise<InitializedTransaction> {
    const reply = await this.call('POST', '/transaction/initialize', {
      email: input.email,
      amount: input.amount,
      currency: input.currency,
      reference: input.reference,
      callback_url: input.callbackUrl,
      channels: input.channels,
      metadata: input.metadata,
      subaccount: input.subaccount,
      bearer: input.subaccount ? input.bearer : undefined,
      transaction_charge: input.subaccount ? input.transactionCharge : undefined,
    });
    return {
      authorizationUrl: this.requireText(reply, 'authorization_url'),
      accessCode: this.requireText(reply, 'access_code'),
      reference: this.requireText(reply, 'reference'),
    };
  }

  async verifyTransaction(reference: string): Promise<ProviderTransaction | undefined> {
    const reply = await this.call('GET', `/transaction/verify/${encodeURIComponent(reference)}`, undefined, isUnknownReference);
    if (isUnknownReference(reply)) return undefined;
    return this.parsed(parseTransaction(reply.body.data));
  }

  async initiateTransfer(input: TransferInput): Promise<ProviderTransfer> {
    try {
      const reply = await this.call('POST', '/transfer', {
        source: 'balance',
        amount: input.amount,
        recipient: input.recipient,
        reference: input.reference,
        reason: input.reason,
        currency: 'KES',
      });
      return this.parsed(parseTransfer(reply.body.data));
    } catch (error) {
      // A retry after a lost answer: the transfer exists, so answer it rather than fail the payout.
      if (error instanceof ProviderError && error.kind === 'refused' && isDuplicateReference(error)) {
        const existing = await this.verifyTransfer(input.reference);
        if (existing) return existing;
      }
      throw error;
    }
  }

  async verifyTransfer(reference: string): Promise<ProviderTransfer | undefined> {
    const reply = await this.call('GET', `/transfer/verify/${encodeURIComponent(reference)}`, undefined, isUnknownReference);
    if (isUnknownReference(reply)) return undefined;
    return this.parsed(parseTransfer(reply.body.data));
  }

  async createRefund(input: CreateRefundInput): Promise<ProviderRefund> {
    const reply = await this.call('POST', '/refund', {
      transaction: input.transaction,
      amount: input.amount,
      currency: 'KES',
      merchant_note: input.merchantNote,
    });
    return this.parsed(parseRefund(reply.body.data));
  }

  async fetchRefund(id: string): Promise<ProviderRefund | undefined> {
    if (!/^\d{1,20}$/.test(id)) return undefined;
    const reply = await this.call('GET', `/refund/${id}`, undefined, isUnknownReference);
    if (isUnknownReference(reply)) return undefined;
    return this.parsed(parseRefund(reply.body.data));
  }

  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean {
    return verifyWebhookSignature(rawBody, signature, this.options.secretKey);
  }

  // --- Internals --------------------------------------------------------------------------------

  /**
   * One call. Answers a 2xx reply with `status: true`, or a reply `accept` lets through (verify's
   * unknown reference); throws ProviderError for everything else.
   */
  private async call(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>, accept?: (reply: PaystackReply) => boolean): Promise<PaystackReply> {
    // For logs: the path without its query or reference.
    const endpoint = path.split('?')[0]!.replace(/\/verify\/.+$/, '/verify/:reference').replace(/^\/refund\/\d+$/, '/refund/:id');
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.apiUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${this.options.secretKey}`,
          Accept: 'application/json',
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const reason = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError') ? 'timeout' : 'network';
      this.options.log?.warn({ endpoint, reason }, 'Paystack call failed');
      throw new ProviderError('unavailable', UNAVAILABLE);
    }

    let parsed: unknown;
    try {
      parsed = text === '' ? {} : parsePaystackJson(text);
    } catch {
      parsed = undefined;
    }
    const reply: PaystackReply = { status: response.status, body: isObject(parsed) ? parsed : {} };

    if (response.status === 401 || response.status === 403 || response.status === 429 || response.status >= 500 || !isObject(parsed)) {
      // Logged by status only: bodies can echo e-mail addresses and account numbers.
      this.options.log?.warn({ endpoint, status: response.status }, 'Paystack is unavailable or refused our key');
      throw new ProviderError('unavailable', UNAVAILABLE, typeof reply.body.code === 'string' ? reply.body.code : undefined);
    }
    if (accept?.(reply)) return reply;
    if (response.ok && reply.body.status !== false) return reply;
    const message = typeof reply.body.message === 'string' && reply.body.message !== '' ? reply.body.message : 'The payment provider refused the request';
    throw new ProviderError('refused', message, typeof reply.body.code === 'string' ? reply.body.code : undefined);
  }

  private requireText(reply: PaystackReply, field: string): string {
    const data = isObject(reply.body.data) ? reply.body.data : {};
    const value = data[field];
    if (typeof value !== 'string' || value === '') {
      this.options.log?.warn({ field }, 'Paystack reply without an expected field');
      throw new ProviderError('unavailable', UNAVAILABLE);
    }
    return value;
  }

  private parsed<T>(value: T | undefined): T {
    if (value === undefined) {
      this.options.log?.warn('Paystack reply not in the expected shape');
      throw new ProviderError('unavailable', UNAVAILABLE);
    }
    return value;
  }
}
