import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signWebhook } from '../../src/modules/payment-provider/signature';
import { newStandInBook, type StandInRefund, type StandInTransaction, type StandInTransfer } from './paystack-stand-in-book';
import { route } from './paystack-stand-in-routes';
import { errorBody, json, transactionData, transferData } from './paystack-stand-in-shapes';

export type { StandInRefund, StandInTransaction, StandInTransfer };

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

export async function startPaystackStandIn(options: { secretKey?: string } = {}): Promise<PaystackStandIn> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(12).toString('hex')}`;
  const book = newStandInBook();
  const { transactions, transfers, subaccounts, recipients, refunds } = book;
  const requests: StandInRequest[] = [];
  const failures: number[] = [];

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
        [status, reply] = route(book, request.method ?? 'GET', url.pathname, Object.fromEntries(url.searchParams), (body ?? {}) as Record<string, unknown>);
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
      return book.unknownReferenceStyle;
    },
    set unknownReferenceStyle(style) {
      book.unknownReferenceStyle = style;
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
      book.transferOutcome = status;
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
        ? transferData(book, transfers.get(reference) ?? fail(`no transfer ${reference}`))
        : transactionData(transactions.get(reference) ?? fail(`no transaction ${reference}`));
      const rawBody = json({ event, data });
      return { rawBody, signature: signWebhook(rawBody, secretKey) };
    },
    transactionData,
    transferData: (t) => transferData(book, t),
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
