import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signWebhook } from '../../src/modules/payment-provider/signature';

/**
 * A stand-in for Paystack's REST API (there is no official emulator): a real HTTP server on a
 * loopback port, answering the calls Sauti makes in Paystack's published shapes (PAYSTACK.md,
 * paystack.yaml), kept in memory. One server, so several app processes may share it (point
 * PAYSTACK_API_URL at `url`, PAYSTACK_SECRET_KEY at `secretKey`).
 *
 * Control surface for tests:
 * - `payTransaction(reference, {amount?, currency?, status?, channel?})`: the buyer pays (or the
 *   charge fails); amount and currency may be tampered with.
 * - `setTransferOutcome(status)`: what new transfers answer on POST /transfer (default 'pending');
 *   `setTransferStatus(reference, status)`: a transfer settles later.
 * - `failNext(status, count?)`: the next call(s) answer 500, 429, 401, ... in Paystack's error shape.
 * - `transactions`, `transfers`, `subaccounts`, `recipients`: what it holds; `requests`: every call.
 * - `webhook(event, reference)`: a signed webhook body for a held transaction or transfer; for
 *   refund.* events, `reference` is the refund's id and the body is Paystack's refund event
 *   (transaction_reference, amount as text, no refund id).
 * - Refunds (POST /refund, GET /refund/:id): answered 'pending'; `setRefundStatus(id, status)`
 *   moves one (processing, processed, failed, needs-attention); `refunds` holds them by id.
 * - `unknownReferenceStyle`: 404 "Entity not found" (the API description) or 400
 *   "Transaction reference not found" (what live Paystack answers).
 */

export interface StandInTransaction {
  id: number;
  reference: string;
  accessCode: string;
  email: string;
  amount: number;
  /** What initialize asked for (amount may be changed by payTransaction). */
  requestedAmount: number;
  currency: string;
  status: string;
  channel: string | null;
  paidAt: string | null;
  createdAt: string;
  callbackUrl: string | null;
  channels: string[] | null;
  metadata: unknown;
  subaccount: string | null;
  bearer: string | null;
  transactionCharge: number | null;
  fees: number | null;
}

export interface StandInTransfer {
  id: number;
  reference: string;
  transferCode: string;
  recipient: string;
  amount: number;
  currency: string;
  reason: string | null;
  status: string;
  createdAt: string;
}

export interface StandInRefund {
  id: number;
  transactionReference: string;
  amount: number;
  currency: string;
  status: string;
  merchantNote: string | null;
  createdAt: string;
}

export interface StandInRequest {
  method: string;
  /** Path without the query. */
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface PaystackStandIn {
  url: string;
  secretKey: string;
  publicKey: string;
  /** The app's environment pointing at this stand-in (PAYSTACK_SECRET_KEY, _PUBLIC_KEY, _API_URL). */
  env: { PAYSTACK_SECRET_KEY: string; PAYSTACK_PUBLIC_KEY: string; PAYSTACK_API_URL: string };
  transactions: Map<string, StandInTransaction>;
  transfers: Map<string, StandInTransfer>;
  subaccounts: Map<string, Record<string, unknown>>;
  recipients: Map<string, Record<string, unknown>>;
  refunds: Map<string, StandInRefund>;
  requests: StandInRequest[];
  unknownReferenceStyle: '404' | '400';
  payTransaction(
    reference: string,
    options?: { amount?: number; currency?: string; status?: string; channel?: string },
  ): StandInTransaction;
  setTransferOutcome(status: string): void;
  setTransferStatus(reference: string, status: string): StandInTransfer;
  failNext(status: number, count?: number): void;
  setRefundStatus(id: string, status: string): StandInRefund;
  /** A signed webhook for a held transaction (charge.*) or transfer (transfer.*). */
  webhook(event: string, reference: string): { rawBody: string; signature: string };
  transactionData(transaction: StandInTransaction): Record<string, unknown>;
  transferData(transfer: StandInTransfer): Record<string, unknown>;
  close(): Promise<void>;
}

/** Kenyan banks as GET /bank lists them: M-Pesa included, one inactive bank to be filtered out. */
const BANKS = [
  { id: 1, name: 'Equity Bank Kenya', slug: 'equity-bank-kenya', code: '68', longcode: '', type: 'kepss', active: true },
  { id: 2, name: 'KCB Bank Kenya', slug: 'kcb-bank-kenya', code: '01', longcode: '', type: 'kepss', active: true },
  { id: 3, name: 'Co-operative Bank of Kenya', slug: 'cooperative-bank-kenya', code: '11', longcode: '', type: 'kepss', active: true },
  { id: 4, name: 'Defunct Bank Kenya', slug: 'defunct-bank-kenya', code: '99', longcode: '', type: 'kepss', active: false },
  { id: 5, name: 'M-PESA', slug: 'mpesa', code: 'MPESA', longcode: '', type: 'mobile_money', active: true },
].map((bank) => ({ ...bank, gateway: null, pay_with_bank: false, country: 'Kenya', currency: 'KES', is_deleted: false }));

const errorBody = (message: string, code?: string, type = 'validation_error') => ({
  status: false,
  message,
  meta: { nextStep: 'Check the request and try again' },
  type,
  ...(code ? { code } : {}),
});

/** Large ids on purpose: above 2^53, so clients must keep them as text. */
const BIG_ID_BASE = 9_007_199_254_740_993n;

export async function startPaystackStandIn(options: { secretKey?: string } = {}): Promise<PaystackStandIn> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(12).toString('hex')}`;
  const transactions = new Map<string, StandInTransaction>();
  const transfers = new Map<string, StandInTransfer>();
  const subaccounts = new Map<string, Record<string, unknown>>();
  const recipients = new Map<string, Record<string, unknown>>();
  const refunds = new Map<string, StandInRefund>();
  const requests: StandInRequest[] = [];
  const failures: number[] = [];
  let transferOutcome = 'pending';
  let nextId = 1;
  const random = () => randomBytes(5).toString('hex');

  const transactionData = (t: StandInTransaction): Record<string, unknown> => ({
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

  const transferData = (t: StandInTransfer): Record<string, unknown> => ({
    id: t.id,
    domain: 'test',
    amount: t.amount,
    currency: t.currency,
    source: 'balance',
    reason: t.reason,
    recipient: recipients.get(t.recipient) ?? t.recipient,
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
  const refundData = (r: StandInRefund, shape: 'create' | 'fetch'): Record<string, unknown> => {
    const t = transactions.get(r.transactionReference)!;
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
  const json = (value: unknown) => JSON.stringify(value).replace(/"__BIG_ID_(\d+)__"/g, (_m, id: string) => String(BIG_ID_BASE + BigInt(id)));

  const state = { unknownReferenceStyle: '400' as '404' | '400' };
  const notFound = (what: string): [number, unknown] =>
    state.unknownReferenceStyle === '404'
      ? [404, { status: false, message: 'Entity not found' }]
      : [400, errorBody(`${what} reference not found`, `${what.toLowerCase()}_not_found`)];

  function route(method: string, path: string, query: Record<string, string>, body: Record<string, unknown>): [number, unknown] {
    const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : undefined);
    if (method === 'GET' && path === '/bank') {
      const list = BANKS.filter((bank) => !query.country || bank.country.toLowerCase() === query.country.toLowerCase());
      return [200, { status: true, message: 'Banks retrieved', data: list, meta: { next: null, previous: null, perPage: Number(query.perPage ?? 50) } }];
    }
    if (method === 'POST' && path === '/subaccount') {
      for (const key of ['business_name', 'settlement_bank', 'account_number']) {
        if (!text(key)) return [400, errorBody(`${key} is required`)];
      }
      if (typeof body.percentage_charge !== 'number') return [400, errorBody('percentage_charge is required')];
      const bank = BANKS.find((b) => b.code === text('settlement_bank') && b.active);
      if (!bank) return [400, errorBody('Account details are invalid', 'invalid_bank_code')];
      const data = {
        id: nextId++,
        subaccount_code: `ACCT_${random()}`,
        business_name: text('business_name'),
        description: text('description') ?? null,
        primary_contact_email: text('primary_contact_email') ?? null,
        settlement_bank: bank.name,
        account_number: text('account_number'),
        percentage_charge: body.percentage_charge,
        currency: 'KES',
        active: true,
        settlement_schedule: 'AUTO',
      };
      subaccounts.set(data.subaccount_code, data);
      return [201, { status: true, message: 'Subaccount created', data }];
    }
    if (method === 'POST' && path === '/transferrecipient') {
      if (text('type') !== 'mobile_money' && text('type') !== 'kepss') return [400, errorBody('Invalid type')];
      if (!text('name')) return [400, errorBody('Name is required')];
      if (!/^0\d{9}$/.test(text('account_number') ?? '')) return [400, errorBody('Account number is invalid', 'invalid_account_number')];
      if (!BANKS.some((b) => b.code === text('bank_code'))) return [400, errorBody('Bank code is invalid', 'invalid_bank_code')];
      const data = {
        id: nextId++,
        active: true,
        currency: text('currency') ?? 'KES',
        domain: 'test',
        name: text('name'),
        recipient_code: `RCP_${random()}`,
        type: text('type'),
        details: { account_number: text('account_number'), account_name: null, bank_code: text('bank_code'), bank_name: 'M-PESA' },
      };
      recipients.set(data.recipient_code, data);
      return [201, { status: true, message: 'Transfer recipient created successfully', data }];
    }
    if (method === 'POST' && path === '/transaction/initialize') {
      const email = text('email');
      if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) return [400, errorBody('Invalid Email Address Passed')];
      const amount = body.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) return [400, errorBody('Invalid Amount Sent')];
      if (text('currency') && text('currency') !== 'KES') return [400, errorBody('Currency not supported by merchant', 'unsupported_currency')];
      const reference = text('reference') ?? `ref_${random()}`;
      if (!/^[A-Za-z0-9.=-]+$/.test(reference)) return [400, errorBody('Invalid transaction reference', 'invalid_reference')];
      if (transactions.has(reference)) {
        return [
          400,
          { ...errorBody('Duplicate Transaction Reference', 'duplicate_reference'), meta: { nextStep: 'Try and create the Transaction or Charge with a new reference' } },
        ];
      }
      const subaccount = text('subaccount') ?? null;
      if (subaccount && !subaccounts.has(subaccount)) return [400, errorBody('Subaccount not found', 'invalid_subaccount')];
      const accessCode = random() + random();
      const t: StandInTransaction = {
        id: nextId++,
        reference,
        accessCode,
        email,
        amount,
        requestedAmount: amount,
        currency: text('currency') ?? 'KES',
        // Paystack reports a transaction nobody has paid yet as abandoned.
        status: 'abandoned',
        channel: null,
        paidAt: null,
        createdAt: new Date().toISOString(),
        callbackUrl: text('callback_url') ?? null,
        channels: Array.isArray(body.channels) ? (body.channels as string[]) : null,
        metadata: body.metadata ?? '',
        subaccount,
        bearer: text('bearer') ?? null,
        transactionCharge: typeof body.transaction_charge === 'number' ? body.transaction_charge : null,
        fees: null,
      };
      transactions.set(reference, t);
      return [
        200,
        { status: true, message: 'Authorization URL created', data: { authorization_url: `https://checkout.paystack.com/${accessCode}`, access_code: accessCode, reference } },
      ];
    }
    let match = /^\/transaction\/verify\/(.+)$/.exec(path);
    if (method === 'GET' && match) {
      const t = transactions.get(decodeURIComponent(match[1]!));
      if (!t) return notFound('Transaction');
      return [200, { status: true, message: 'Verification successful', data: transactionData(t) }];
    }
    if (method === 'POST' && path === '/transfer') {
      if (text('source') !== 'balance') return [400, errorBody('Invalid transfer source')];
      const amount = body.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) return [400, errorBody('Invalid amount', 'invalid_amount')];
      const recipient = text('recipient') ?? '';
      if (!recipients.has(recipient)) return [400, errorBody('Recipient specified is invalid', 'invalid_recipient')];
      const reference = text('reference') ?? `trf${random()}${random()}`;
      if (!/^[a-z0-9_-]{16,50}$/.test(reference)) return [400, errorBody('Invalid transfer reference', 'invalid_reference')];
      // UNCONFIRMED wording: what Paystack answers for a reused transfer reference.
      if (transfers.has(reference)) return [400, errorBody('Duplicate Transfer Reference', 'duplicate_reference')];
      const t: StandInTransfer = {
        id: nextId++,
        reference,
        transferCode: `TRF_${random()}`,
        recipient,
        amount,
        currency: text('currency') ?? 'KES',
        reason: text('reason') ?? null,
        status: transferOutcome,
        createdAt: new Date().toISOString(),
      };
      transfers.set(reference, t);
      return [200, { status: true, message: t.status === 'otp' ? 'Transfer requires OTP to continue' : 'Transfer has been queued', data: transferData(t) }];
    }
    match = /^\/transfer\/verify\/(.+)$/.exec(path);
    if (method === 'GET' && match) {
      const t = transfers.get(decodeURIComponent(match[1]!));
      if (!t) return notFound('Transfer');
      return [200, { status: true, message: 'Transfer retrieved', data: transferData(t) }];
    }
    if (method === 'POST' && path === '/refund') {
      const reference = text('transaction');
      const t = reference ? transactions.get(reference) : undefined;
      if (!t) return [400, errorBody('Transaction reference not found', 'transaction_not_found')];
      if (t.status !== 'success') return [400, errorBody('Cannot refund a transaction that was not successful', 'invalid_transaction')];
      if (text('currency') && text('currency') !== t.currency) return [400, errorBody('Currency does not match the transaction', 'invalid_currency')];
      const refunded = [...refunds.values()].filter((r) => r.transactionReference === t.reference && r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);
      const amount = body.amount === undefined ? t.amount - refunded : body.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) return [400, errorBody('Invalid amount', 'invalid_amount')];
      if (refunded >= t.amount) return [400, errorBody('Transaction has been fully reversed', 'transaction_reversed')];
      if (amount > t.amount - refunded) return [400, errorBody('Refund amount cannot be more than the transaction amount', 'invalid_amount')];
      const r: StandInRefund = { id: nextId++, transactionReference: t.reference, amount, currency: t.currency, status: 'pending', merchantNote: text('merchant_note') ?? null, createdAt: new Date().toISOString() };
      refunds.set(String(r.id), r);
      return [200, { status: true, message: 'Refund has been queued for processing', data: refundData(r, 'create') }];
    }
    match = /^\/refund\/(\d+)$/.exec(path);
    if (method === 'GET' && match) {
      const r = refunds.get(match[1]!);
      if (!r) return [404, { status: false, message: 'Refund not found' }];
      return [200, { status: true, message: 'Refund retrieved', data: refundData(r, 'fetch') }];
    }
    return [404, { status: false, message: 'Entity not found' }];
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = undefined;
      let badJson = false;
      if (raw !== '') {
        try {
          body = JSON.parse(raw);
        } catch {
          badJson = true;
        }
      }
      requests.push({ method: request.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: request.headers, body });

      let status: number;
      let reply: unknown;
      const failure = failures.shift();
      if (failure !== undefined) {
        status = failure;
        reply =
          failure === 429
            ? errorBody('Too many requests', 'rate_limited', 'api_error')
            : failure === 401
              ? { status: false, message: 'Invalid key' }
              : errorBody('An error occurred', 'unknown', 'api_error');
      } else if (request.headers.authorization !== `Bearer ${secretKey}`) {
        [status, reply] = [401, { status: false, message: 'Invalid key' }];
      } else if (badJson || (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body)))) {
        [status, reply] = [400, errorBody('Invalid JSON body')];
      } else {
        [status, reply] = route(request.method ?? 'GET', url.pathname, Object.fromEntries(url.searchParams), (body ?? {}) as Record<string, unknown>);
      }
      response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
      response.end(json(reply));
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;

  const url = `http://127.0.0.1:${port}`;
  const publicKey = `pk_test_${randomBytes(12).toString('hex')}`;
  return {
    url,
    secretKey,
    publicKey,
    env: { PAYSTACK_SECRET_KEY: secretKey, PAYSTACK_PUBLIC_KEY: publicKey, PAYSTACK_API_URL: url },
    transactions,
    transfers,
    subaccounts,
    recipients,
    refunds,
    requests,
    get unknownReferenceStyle() {
      return state.unknownReferenceStyle;
    },
    set unknownReferenceStyle(style) {
      state.unknownReferenceStyle = style;
    },
    payTransaction(reference, { amount, currency, status = 'success', channel = 'card' } = {}) {
      const t = transactions.get(reference);
      if (!t) throw new Error(`the stand-in holds no transaction ${reference}`);
      if (amount !== undefined) t.amount = amount;
      if (currency !== undefined) t.currency = currency;
      t.status = status;
      t.channel = channel;
      if (status === 'success') {
        t.paidAt = new Date().toISOString();
        t.fees = Math.round((t.amount * (channel === 'mobile_money' ? 15 : 29)) / 1000);
      }
      return t;
    },
    setTransferOutcome(status) {
      transferOutcome = status;
    },
    setTransferStatus(reference, status) {
      const t = transfers.get(reference);
      if (!t) throw new Error(`the stand-in holds no transfer ${reference}`);
      t.status = status;
      return t;
    },
    setRefundStatus(id, status) {
      const r = refunds.get(id);
      if (!r) throw new Error(`the stand-in holds no refund ${id}`);
      r.status = status;
      return r;
    },
    failNext(status, count = 1) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    webhook(event, reference) {
      if (event.startsWith('refund.')) {
        // Paystack's refund events: the transaction's reference, the amount as text, no refund id.
        const r = refunds.get(reference) ?? fail(`no refund ${reference}`);
        const rawBody = json({
          event,
          data: {
            status: event.slice('refund.'.length),
            transaction_reference: r.transactionReference,
            refund_reference: event === 'refund.processed' ? `${r.id}0000` : null,
            amount: String(r.amount),
            currency: r.currency,
            processor: 'mpesa',
            customer: { first_name: null, last_name: null, email: transactions.get(r.transactionReference)?.email ?? null },
            integration: 412829,
            domain: 'test',
          },
        });
        return { rawBody, signature: signWebhook(rawBody, secretKey) };
      }
      const data = event.startsWith('transfer.')
        ? transferData(transfers.get(reference) ?? fail(`no transfer ${reference}`))
        : transactionData(transactions.get(reference) ?? fail(`no transaction ${reference}`));
      const rawBody = json({ event, data });
      return { rawBody, signature: signWebhook(rawBody, secretKey) };
    },
    transactionData,
    transferData,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function fail(message: string): never {
  throw new Error(`the stand-in holds ${message}`);
}
