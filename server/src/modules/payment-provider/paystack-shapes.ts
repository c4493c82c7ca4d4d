import type { ProviderBank, ProviderRefund, ProviderTransaction, ProviderTransfer } from './provider';

/**
 * Reading Paystack's `data` objects into the provider's types. Both providers go through these:
 * the simulated one builds Paystack-shaped data (also what its webhooks carry) and parses it the
 * same way, so the two cannot drift apart.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const integer = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) ? value : null);

/**
 * Parses a Paystack reply, keeping every `"id": <integer>` as text: transaction ids are 64-bit and
 * JSON.parse would round those above 2^53. The lookbehind skips `\"id\"` inside string values; if
 * the rewrite ever breaks the text, the plain parse stands (ids below 2^53 are exact anyway).
 */
export function parsePaystackJson(body: string): unknown {
  const withTextIds = body.replace(/(?<!\\)("id"\s*:\s*)(-?\d+)(?=\s*[,}\]])/g, '$1"$2"');
  try {
    return JSON.parse(withTextIds);
  } catch {
    return JSON.parse(body);
  }
}

/** `metadata` comes back as the object sent, or `""`/`0`/null when none was, or now and then as a JSON string. */
export function parseMetadata(value: unknown): Record<string, unknown> {
  if (isObject(value)) return value;
  if (typeof value === 'string' && value.trim().startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (isObject(parsed)) return parsed;
    } catch {
      // Not JSON after all: no metadata.
    }
  }
  return {};
}

function parseDate(value: unknown): Date | null {
  if (typeof value !== 'string' || value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A transaction's `data` (verify, and the charge.success webhook); undefined when it is not one. */
export function parseTransaction(data: unknown): ProviderTransaction | undefined {
  if (!isObject(data)) return undefined;
  const reference = text(data.reference);
  const amount = integer(data.amount);
  const id = typeof data.id === 'number' || typeof data.id === 'string' ? String(data.id) : null;
  if (!reference || amount === null || !id) return undefined;
  const customer = isObject(data.customer) ? data.customer : {};
  return {
    id,
    reference,
    status: text(data.status) ?? 'unknown',
    amount,
    currency: text(data.currency) ?? '',
    paidAt: parseDate(data.paid_at ?? data.paidAt),
    channel: text(data.channel),
    fees: integer(data.fees),
    gatewayResponse: text(data.gateway_response),
    customerEmail: text(customer.email),
    metadata: parseMetadata(data.metadata),
  };
}

/**
 * Verify statuses of a charge still under way (issue 16, M-Pesa as it really behaves): the buyer
 * has an M-Pesa prompt on their phone (`pay_offline`, `ongoing`), Paystack waits for an OTP or a
 * PIN (`send_otp`, `send_pin`, ...), or the charge is being processed (`pending`, `processing`,
 * `queued`). None of them is an answer yet: the order stays pending.
 */
const IN_PROGRESS_STATUSES: ReadonlySet<string> = new Set([
  'pending',
  'ongoing',
  'processing',
  'queued',
  'pay_offline',
  'send_otp',
  'send_pin',
  'send_phone',
  'send_birthday',
  'send_address',
  'open_url',
]);

/**
 * What a verify status means for an order: paid (`success`), still under way, not paid and
 * finished (`failed`, `reversed`), `abandoned` (Paystack's word for a transaction nobody has paid,
 * also one still open in a popup: never closes an order at once), or unknown.
 */
export function transactionPhase(status: string): 'success' | 'in-progress' | 'failed' | 'abandoned' | 'unknown' {
  if (status === 'success') return 'success';
  if (IN_PROGRESS_STATUSES.has(status)) return 'in-progress';
  if (status === 'failed' || status === 'reversed') return 'failed';
  if (status === 'abandoned') return 'abandoned';
  return 'unknown';
}

/** A transfer's `data` (initiate, verify, and transfer.* webhooks). */
export function parseTransfer(data: unknown): ProviderTransfer | undefined {
  if (!isObject(data)) return undefined;
  const reference = text(data.reference);
  const amount = integer(data.amount);
  if (!reference || amount === null) return undefined;
  return {
    reference,
    transferCode: text(data.transfer_code),
    status: text(data.status) ?? 'unknown',
    amount,
    reason: text(data.reason),
  };
}

/**
 * A refund's `data` (POST /refund, GET /refund/:id). The transaction is `data.transaction` (an
 * object with its reference on create, its id on fetch) or `transaction_reference`; amounts are
 * integers, though Paystack's refund webhooks send them as strings now and then.
 */
export function parseRefund(data: unknown): ProviderRefund | undefined {
  if (!isObject(data)) return undefined;
  const id = typeof data.id === 'number' || typeof data.id === 'string' ? String(data.id) : null;
  const amount = typeof data.amount === 'string' && /^\d+$/.test(data.amount) ? Number(data.amount) : integer(data.amount);
  if (!id || amount === null) return undefined;
  const transaction = isObject(data.transaction) ? data.transaction : {};
  return {
    id,
    transactionReference: text(data.transaction_reference) ?? text(transaction.reference),
    status: text(data.status) ?? 'unknown',
    amount,
    currency: text(data.currency) ?? '',
  };
}

/** One entry of GET /bank. */
export function parseBank(data: unknown): ProviderBank | undefined {
  if (!isObject(data)) return undefined;
  const name = text(data.name);
  const code = text(data.code);
  if (!name || !code) return undefined;
  return { name, code, type: text(data.type) ?? '', active: data.active === true && data.is_deleted !== true };
}
