import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPaystackStandIn, type PaystackStandIn } from '../../../test/support/paystack-stand-in';
import { PaystackProvider } from './paystack';
import { ProviderError, type InitializeTransactionInput } from './provider';
import { signWebhook } from './signature';

/** PaystackProvider against the stand-in: request shapes, parsing, errors, caching, signatures. */

let standIn: PaystackStandIn;
let provider: PaystackProvider;
let counter = 0;
const reference = () => `ref-${Date.now().toString(36)}-${++counter}`;
const transferReference = () => `payout_${Date.now().toString(36)}_${String(++counter).padStart(8, '0')}`;

async function refusal(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

const lastRequest = () => standIn.requests.at(-1)!;

beforeAll(async () => {
  standIn = await startPaystackStandIn();
});
afterAll(async () => {
  await standIn.close();
});
beforeEach(() => {
  provider = new PaystackProvider({ secretKey: standIn.secretKey, publicKey: 'pk_test_public', apiUrl: `${standIn.url}/` });
  standIn.unknownReferenceStyle = '400';
  standIn.setTransferOutcome('pending');
});

describe('PaystackProvider', () => {
  it('is not simulated and shows only the public key', () => {
    expect(provider.simulated).toBe(false);
    expect(provider.publicKey).toBe('pk_test_public');
    expect(new PaystackProvider({ secretKey: 'sk', publicKey: undefined, apiUrl: standIn.url }).publicKey).toBeNull();
  });

  it('lists the active Kenyan banks with bearer auth, and caches the list', async () => {
    const before = standIn.requests.length;
    const banks = await provider.listBanks();
    const request = lastRequest();
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/bank');
    expect(request.query).toMatchObject({ country: 'kenya', currency: 'KES' });
    expect(request.headers.authorization).toBe(`Bearer ${standIn.secretKey}`);
    expect(banks).toContainEqual({ name: 'Equity Bank Kenya', code: '68', type: 'kepss', active: true });
    expect(banks).toContainEqual({ name: 'M-PESA', code: 'MPESA', type: 'mobile_money', active: true });
    expect(banks.some((bank) => bank.code === '99')).toBe(false);

    const [again, concurrent] = await Promise.all([provider.listBanks(), provider.listBanks()]);
    expect(again).toEqual(banks);
    expect(concurrent).toEqual(banks);
    expect(standIn.requests.length).toBe(before + 1);
  });

  it('does not cache a failed bank list, and refetches after the cache time', async () => {
    const shortCache = new PaystackProvider({ secretKey: standIn.secretKey, publicKey: undefined, apiUrl: standIn.url, bankCacheMs: 1 });
    standIn.failNext(503);
    await expect(shortCache.listBanks()).rejects.toMatchObject({ kind: 'unavailable' });
    expect((await shortCache.listBanks()).length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const before = standIn.requests.length;
    await shortCache.listBanks();
    expect(standIn.requests.length).toBe(before + 1);
  });

  it('creates a subaccount with Paystack field names', async () => {
    const { subaccountCode } = await provider.createSubaccount({
      businessName: 'Amani Band',
      bankCode: '68',
      accountNumber: '0123456789',
      percentageCharge: 10,
      description: 'Sauti artist',
      primaryContactEmail: 'amani@example.com',
    });
    expect(subaccountCode).toMatch(/^ACCT_/);
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/subaccount', headers: { 'content-type': 'application/json' } });
    expect(lastRequest().body).toEqual({
      business_name: 'Amani Band',
      settlement_bank: '68',
      account_number: '0123456789',
      percentage_charge: 10,
      description: 'Sauti artist',
      primary_contact_email: 'amani@example.com',
    });
  });

  it("maps a validation error to 'refused' with Paystack's message and code", async () => {
    const error = await refusal(provider.createSubaccount({ businessName: 'X', bankCode: '99', accountNumber: '0123456789', percentageCharge: 10 }));
    expect(error).toMatchObject({ kind: 'refused', message: 'Account details are invalid', providerCode: 'invalid_bank_code' });
  });

  it('creates an M-Pesa transfer recipient', async () => {
    const { recipientCode } = await provider.createTransferRecipient({ name: 'Amani', accountNumber: '0712345678', bankCode: 'MPESA' });
    expect(recipientCode).toMatch(/^RCP_/);
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/transferrecipient' });
    expect(lastRequest().body).toEqual({ type: 'mobile_money', name: 'Amani', account_number: '0712345678', bank_code: 'MPESA', currency: 'KES' });
  });

  it('initializes a transaction with every field, and refuses a duplicate reference', async () => {
    const { subaccountCode } = await provider.createSubaccount({ businessName: 'A', bankCode: '01', accountNumber: '12345678', percentageCharge: 10 });
    const ref = reference();
    // The fields Paystack names as we do; the two it spells in snake_case are given apart.
    const sameNames: Omit<InitializeTransactionInput, 'callbackUrl' | 'transactionCharge'> = {
      email: 'fan@example.com',
      amount: 123_400,
      currency: 'KES',
      reference: ref,
      channels: ['card', 'mobile_money'],
      metadata: { itemType: 'track', itemId: 't1', itemName: 'Song' },
      subaccount: subaccountCode,
      bearer: 'account',
    };
    const result = await provider.initializeTransaction({ ...sameNames, callbackUrl: 'http://sauti.test/t/1', transactionCharge: 12_340 });
    expect(result.reference).toBe(ref);
    expect(result.accessCode).toBe(standIn.transactions.get(ref)!.accessCode);
    expect(result.authorizationUrl).toContain(result.accessCode);
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/transaction/initialize' });
    expect(lastRequest().body).toEqual({ ...sameNames, callback_url: 'http://sauti.test/t/1', transaction_charge: 12_340 });

    const duplicate = await refusal(
      provider.initializeTransaction({ email: 'fan@example.com', amount: 100, currency: 'KES', reference: ref, channels: ['card'], metadata: {} }),
    );
    expect(duplicate).toMatchObject({ kind: 'refused', message: 'Duplicate Transaction Reference', providerCode: 'duplicate_reference' });
  });

  it('leaves out the split fields when there is no subaccount', async () => {
    await provider.initializeTransaction({
      email: 'fan@example.com',
      amount: 5_000,
      currency: 'KES',
      reference: reference(),
      channels: ['card'],
      metadata: {},
      bearer: 'subaccount',
      transactionCharge: 10,
    });
    expect(Object.keys(lastRequest().body as object).sort()).toEqual(['amount', 'channels', 'currency', 'email', 'metadata', 'reference']);
  });

  it('verifies a paid transaction: 64-bit id as text, paid_at, fees, customer, metadata', async () => {
    const ref = reference();
    await provider.initializeTransaction({ email: 'fan@example.com', amount: 50_000, currency: 'KES', reference: ref, channels: ['card'], metadata: { itemId: 'x' } });
    const fresh = await provider.verifyTransaction(ref);
    expect(fresh).toMatchObject({ reference: ref, status: 'abandoned', paidAt: null, amount: 50_000 });

    standIn.payTransaction(ref, { channel: 'mobile_money' });
    const paid = await provider.verifyTransaction(ref);
    expect(lastRequest()).toMatchObject({ method: 'GET', path: `/transaction/verify/${ref}` });
    const expectedId = (9_007_199_254_740_993n + BigInt(standIn.transactions.get(ref)!.id)).toString();
    expect(paid).toEqual({
      id: expectedId,
      reference: ref,
      status: 'success',
      amount: 50_000,
      currency: 'KES',
      paidAt: new Date(standIn.transactions.get(ref)!.paidAt!),
      channel: 'mobile_money',
      fees: 750,
      gatewayResponse: 'Successful',
      customerEmail: 'fan@example.com',
      metadata: { itemId: 'x' },
    });
  });

  it('reports tampered amounts and currencies as Paystack does, for the caller to refuse', async () => {
    const ref = reference();
    await provider.initializeTransaction({ email: 'fan@example.com', amount: 50_000, currency: 'KES', reference: ref, channels: ['card'], metadata: {} });
    standIn.payTransaction(ref, { amount: 100, currency: 'NGN' });
    expect(await provider.verifyTransaction(ref)).toMatchObject({ status: 'success', amount: 100, currency: 'NGN' });
  });

  it('reads metadata sent back as "" or 0 as empty', async () => {
    const ref = reference();
    await provider.initializeTransaction({ email: 'fan@example.com', amount: 100, currency: 'KES', reference: ref, channels: ['card'], metadata: {} });
    standIn.transactions.get(ref)!.metadata = '';
    expect((await provider.verifyTransaction(ref))!.metadata).toEqual({});
    standIn.transactions.get(ref)!.metadata = 0;
    expect((await provider.verifyTransaction(ref))!.metadata).toEqual({});
  });

  it('answers undefined for an unknown reference, in both of Paystack styles', async () => {
    standIn.unknownReferenceStyle = '400';
    expect(await provider.verifyTransaction('no-such-reference')).toBeUndefined();
    expect(await provider.verifyTransfer('no_such_reference_1234')).toBeUndefined();
    standIn.unknownReferenceStyle = '404';
    expect(await provider.verifyTransaction('no-such-reference')).toBeUndefined();
    expect(await provider.verifyTransfer('no_such_reference_1234')).toBeUndefined();
  });

  it('initiates and verifies a transfer; a retry with the same reference answers the same transfer', async () => {
    const { recipientCode } = await provider.createTransferRecipient({ name: 'Amani', accountNumber: '0712345678', bankCode: 'MPESA' });
    const ref = transferReference();
    const transfer = await provider.initiateTransfer({ amount: 98_000, recipient: recipientCode, reference: ref, reason: 'Sauti payout' });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/transfer' });
    expect(lastRequest().body).toEqual({ source: 'balance', amount: 98_000, recipient: recipientCode, reference: ref, reason: 'Sauti payout', currency: 'KES' });
    expect(transfer).toEqual({ reference: ref, transferCode: standIn.transfers.get(ref)!.transferCode, status: 'pending', amount: 98_000, reason: 'Sauti payout' });

    const retried = await provider.initiateTransfer({ amount: 98_000, recipient: recipientCode, reference: ref, reason: 'Sauti payout' });
    expect(retried.transferCode).toBe(transfer.transferCode);
    expect(standIn.transfers.size).toBeGreaterThanOrEqual(1);

    standIn.setTransferStatus(ref, 'success');
    expect(await provider.verifyTransfer(ref)).toMatchObject({ status: 'success', transferCode: transfer.transferCode });
    expect(lastRequest()).toMatchObject({ method: 'GET', path: `/transfer/verify/${ref}` });
  });

  it('creates a refund of a paid transaction in minor units and fetches it by id; refusals keep Paystack\'s message', async () => {
    const ref = reference();
    await provider.initializeTransaction({ email: 'fan@example.com', amount: 60_800, currency: 'KES', reference: ref, channels: ['mobile_money'], metadata: {} });
    // Not paid yet: Paystack refuses.
    const unpaid = await refusal(provider.createRefund({ transaction: ref, amount: 100 }));
    expect(unpaid.kind).toBe('refused');
    standIn.payTransaction(ref, { channel: 'mobile_money' });

    const created = await provider.createRefund({ transaction: ref, amount: 20_000, merchantNote: 'Wrong song' });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/refund', body: { transaction: ref, amount: 20_000, currency: 'KES', merchant_note: 'Wrong song' } });
    expect(created).toEqual({ id: expect.stringMatching(/^\d+$/), transactionReference: ref, status: 'pending', amount: 20_000, currency: 'KES' });
    standIn.setRefundStatus(created.id, 'processed');
    expect(await provider.fetchRefund(created.id)).toEqual({ ...created, status: 'processed' });
    expect(lastRequest()).toMatchObject({ method: 'GET', path: `/refund/${created.id}` });
    expect(await provider.fetchRefund('999999999')).toBeUndefined();
    expect(await provider.fetchRefund('../transaction')).toBeUndefined();

    const tooMuch = await refusal(provider.createRefund({ transaction: ref, amount: 40_801 }));
    expect(tooMuch).toMatchObject({ kind: 'refused', message: 'Refund amount cannot be more than the transaction amount', providerCode: 'invalid_amount' });
    await provider.createRefund({ transaction: ref, amount: 40_800 });
    expect(await refusal(provider.createRefund({ transaction: ref, amount: 1 }))).toMatchObject({ message: 'Transaction has been fully reversed' });
  });

  it("passes on Paystack's 'otp' transfer status", async () => {
    const { recipientCode } = await provider.createTransferRecipient({ name: 'Amani', accountNumber: '0712345678', bankCode: 'MPESA' });
    standIn.setTransferOutcome('otp');
    const transfer = await provider.initiateTransfer({ amount: 1_000, recipient: recipientCode, reference: transferReference(), reason: 'x' });
    expect(transfer.status).toBe('otp');
  });

  it.each([500, 502, 429, 401])("maps %i to 'unavailable' with our own message", async (status) => {
    standIn.failNext(status);
    const error = await refusal(provider.verifyTransaction('anything'));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toBe('The payment provider could not be reached');
  });

  it("maps a wrong secret key to 'unavailable', without Paystack's wording", async () => {
    const wrongKey = new PaystackProvider({ secretKey: 'sk_test_wrong', publicKey: undefined, apiUrl: standIn.url });
    const error = await refusal(wrongKey.listBanks());
    expect(error.kind).toBe('unavailable');
    expect(error.message).not.toContain('Invalid key');
  });

  it("maps a network failure and a timeout to 'unavailable'", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = new PaystackProvider({ secretKey: 'sk', publicKey: undefined, apiUrl: `http://127.0.0.1:${port}` });
    expect((await refusal(unreachable.listBanks())).kind).toBe('unavailable');

    const silent = http.createServer(() => {
      // Never answers.
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const slow = new PaystackProvider({
        secretKey: 'sk',
        publicKey: undefined,
        apiUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
        timeoutMs: 200,
      });
      expect((await refusal(slow.verifyTransaction('x'))).kind).toBe('unavailable');
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  describe('webhook signatures', () => {
    const body = Buffer.from(JSON.stringify({ event: 'charge.success', data: { reference: 'r1' } }));

    it('accepts the HMAC-SHA512 of the raw body under the secret key', () => {
      expect(provider.verifyWebhookSignature(body, signWebhook(body, standIn.secretKey))).toBe(true);
    });

    it('accepts a signature made by the stand-in for a webhook it sends', async () => {
      const ref = reference();
      await provider.initializeTransaction({ email: 'fan@example.com', amount: 100, currency: 'KES', reference: ref, channels: ['card'], metadata: {} });
      standIn.payTransaction(ref);
      const { rawBody, signature } = standIn.webhook('charge.success', ref);
      expect(provider.verifyWebhookSignature(Buffer.from(rawBody), signature)).toBe(true);
    });

    it('refuses a wrong, missing, truncated, odd-length or non-hex signature', () => {
      const good = signWebhook(body, standIn.secretKey);
      expect(provider.verifyWebhookSignature(body, signWebhook(body, 'sk_test_other'))).toBe(false);
      expect(provider.verifyWebhookSignature(Buffer.from(`${body.toString()} `), good)).toBe(false);
      expect(provider.verifyWebhookSignature(body, undefined)).toBe(false);
      expect(provider.verifyWebhookSignature(body, '')).toBe(false);
      expect(provider.verifyWebhookSignature(body, good.slice(0, 64))).toBe(false);
      expect(provider.verifyWebhookSignature(body, good.slice(0, 127))).toBe(false);
      expect(provider.verifyWebhookSignature(body, `${good}0`)).toBe(false);
      expect(provider.verifyWebhookSignature(body, `${good.slice(0, 126)}zz`)).toBe(false);
    });
  });
});
