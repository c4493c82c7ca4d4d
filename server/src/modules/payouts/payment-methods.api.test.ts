import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_MESSAGES, banksResponseSchema, paymentMethodSchema } from '#common/schemas/payments';
import { ledgerEntries, orders, paymentMethods, payouts } from '../../db/schema';
import { createArtist, type TestArtist } from '../../../test/support/artists';
import { testAppForBlock, type StartedTestApp } from '../../../test/support/test-app';
import { ProviderError } from '../payment-provider';
import { recordSale } from './index';


describe('payment methods API', () => {
  let t: StartedTestApp;
  const db = () => t.app.database.db;
  const provider = () => t.app.paymentsProvider;

  async function call(method: 'GET' | 'POST' | 'DELETE', url: string, options: { cookie?: string; json?: unknown } = {}) {
    const response = await t.app.inject({
      method,
      url,
      headers: options.cookie ? { cookie: options.cookie } : {},
      ...(options.json === undefined ? {} : { payload: options.json as object }),
    });
    return { status: response.statusCode, headers: response.headers, body: response.body ? response.json() : undefined };
  }

  const artist = () => createArtist(t.app);
  const addBank = (who: TestArtist, body: Record<string, unknown>) => call('POST', '/api/payment-methods', { cookie: who.cookie, json: { type: 'bank', ...body } });
  const addMpesa = (who: TestArtist, mobileNumber: unknown) => call('POST', '/api/payment-methods/mobile-money', { cookie: who.cookie, json: { mobileNumber } });
  const remove = (who: TestArtist, id: string, query = '') => call('DELETE', `/api/payment-methods/${id}${query}`, { cookie: who.cookie });
  const methodsOf = (who: TestArtist) => db().select().from(paymentMethods).where(eq(paymentMethods.userId, who.id));
  const equity = { bankName: 'Equity Bank Kenya', accountName: 'Amani Otieno', accountNumber: '0123456789' };

  /** A paid order of `who` and its ledger entry, created `hoursAgo`. */
  async function sale(who: TestArtist, settlement: 'balance' | 'subaccount', price: number, hoursAgo: number) {
    const createdAt = new Date(Date.now() - hoursAgo * 3_600_000);
    const [order] = await db()
      .insert(orders)
      .values({ reference: `test-${randomUUID()}`, email: 'fan@example.com', itemType: 'track', itemName: 'Song', sellerId: who.id, price, fee: 10_000, amount: price + 10_000, status: 'paid', settlement, paidAt: createdAt, createdAt })
      .returning();
    expect(await recordSale(db(), { ...order!, settlement })).toBe(true);
    await db().update(ledgerEntries).set({ createdAt }).where(eq(ledgerEntries.orderId, order!.id));
    return order!;
  }

  testAppForBlock((app) => (t = app));
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('refuses every call to anonymous visitors (401)', async () => {
    const calls = await Promise.all([
      call('GET', '/api/banks'),
      call('GET', '/api/payment-methods'),
      call('POST', '/api/payment-methods', { json: { type: 'bank', ...equity } }),
      call('POST', '/api/payment-methods/mobile-money', { json: { mobileNumber: '0712345678' } }),
      call('DELETE', `/api/payment-methods/${randomUUID()}`),
    ]);
    expect(calls.map((response) => response.status)).toEqual([401, 401, 401, 401, 401]);
  });

  describe('GET /api/banks', () => {
    // First in the file: the list is cached once it has loaded, and failures are not.
    it('answers 502 with the spec-side message when the provider cannot list banks, and loads once it can', async () => {
      const me = await artist();
      const listBanks = vi.spyOn(provider(), 'listBanks').mockRejectedValue(new ProviderError('unavailable', 'down'));
      const failed = await call('GET', '/api/banks', { cookie: me.cookie });
      expect([failed.status, failed.body]).toEqual([502, { code: 'payment-provider.banks-unavailable', message: PAYMENT_MESSAGES.banksUnavailable }]);
      listBanks.mockRestore();
      expect((await call('GET', '/api/banks', { cookie: me.cookie })).status).toBe(200);
    });

    it("lists the provider's active Kenyan banks (kepss) by name with their codes, not cached by the browser", async () => {
      const me = await artist();
      const response = await call('GET', '/api/banks', { cookie: me.cookie });
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const banks = banksResponseSchema.parse(response.body);
      expect(banks.length).toBeGreaterThan(5);
      expect(banks).toContainEqual({ name: 'Equity Bank Kenya', code: '68' });
      expect(response.body[0]).toEqual({ name: banks[0]!.name, code: banks[0]!.code });
      expect(banks.map((bank) => bank.name)).toEqual([...banks.map((bank) => bank.name)].sort((a, b) => a.localeCompare(b, 'en')));
    });
  });

  describe('bank methods', () => {
    it('creates a subaccount keeping 10% for the platform and stores its code; GET answers the one method', async () => {
      const me = await artist();
      expect((await call('GET', '/api/payment-methods', { cookie: me.cookie })).body).toEqual([]);
      const createSubaccount = vi.spyOn(provider(), 'createSubaccount');
      const response = await addBank(me, { ...equity, bankCode: '68', accountNumber: '0123 456-789' });
      expect(response.status).toBe(201);
      expect(response.headers['cache-control']).toBe('no-store');
      const method = paymentMethodSchema.parse(response.body);
      expect(method).toMatchObject({ type: 'bank', bankName: 'Equity Bank Kenya', accountName: 'Amani Otieno', accountNumber: '0123456789', mobileNumber: null });
      expect(createSubaccount).toHaveBeenCalledOnce();
      expect(createSubaccount.mock.calls[0]![0]).toMatchObject({
        businessName: me.displayName,
        bankCode: '68',
        accountNumber: '0123456789',
        percentageCharge: 10,
        primaryContactEmail: `${me.id}@example.com`,
      });
      const [row] = await methodsOf(me);
      expect(row).toMatchObject({ id: method.id, type: 'bank', bankCode: '68', recipientCode: null });
      expect(row!.subaccountCode).toMatch(/^ACCT_/);
      const list = await call('GET', '/api/payment-methods', { cookie: me.cookie });
      expect(list.headers['cache-control']).toBe('no-store');
      expect(list.body).toEqual([method]);
    });

    it('finds the bank by its exact name when no code is sent', async () => {
      const me = await artist();
      const response = await addBank(me, { ...equity, bankName: 'KCB Bank Kenya' });
      expect(response.status).toBe(201);
      expect((await methodsOf(me))[0]!.bankCode).toBe('01');
    });

    it('refuses a bank that is not on the list, by name or by code (400 on bankName), and stores nothing', async () => {
      const me = await artist();
      const createSubaccount = vi.spyOn(provider(), 'createSubaccount');
      for (const body of [{ bankName: 'Bank of Nowhere' }, { bankName: 'equity bank kenya' }, { bankName: 'Equity Bank Kenya', bankCode: '999' }]) {
        const response = await addBank(me, { ...equity, ...body });
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ code: 'payment-method.bank-unknown', message: PAYMENT_MESSAGES.bankUnknown, errors: { bankName: PAYMENT_MESSAGES.bankUnknown } });
      }
      expect(createSubaccount).not.toHaveBeenCalled();
      expect(await methodsOf(me)).toEqual([]);
    });

    it("answers each of the spec's messages for a missing field, and ours for a malformed one", async () => {
      const me = await artist();
      const cases: [Record<string, unknown>, string, string][] = [
        [{ bankName: '' }, 'bankName', PAYMENT_MESSAGES.bankNameRequired],
        [{ bankName: undefined }, 'bankName', PAYMENT_MESSAGES.bankNameRequired],
        [{ accountName: '   ' }, 'accountName', PAYMENT_MESSAGES.accountNameRequired],
        [{ accountNumber: '' }, 'accountNumber', PAYMENT_MESSAGES.accountNumberRequired],
        [{ accountNumber: undefined }, 'accountNumber', PAYMENT_MESSAGES.accountNumberRequired],
        [{ accountNumber: '12ab' }, 'accountNumber', PAYMENT_MESSAGES.accountNumberFormat],
        [{ accountName: 'x'.repeat(101) }, 'accountName', PAYMENT_MESSAGES.accountNameTooLong],
      ];
      for (const [change, field, message] of cases) {
        const response = await addBank(me, { ...equity, ...change });
        expect([field, response.status, response.body.message, response.body.errors?.[field]]).toEqual([field, 400, message, message]);
      }
      expect(await methodsOf(me)).toEqual([]);
    });

    it("answers 502 when the provider is unreachable and 400 with the provider's reason when it refuses; nothing is stored", async () => {
      const me = await artist();
      const createSubaccount = vi.spyOn(provider(), 'createSubaccount').mockRejectedValueOnce(new ProviderError('unavailable', 'socket hang up'));
      const down = await addBank(me, equity);
      expect([down.status, down.body]).toEqual([502, { code: 'payment-provider.unavailable', message: PAYMENT_MESSAGES.providerUnavailable }]);
      createSubaccount.mockRejectedValueOnce(new ProviderError('refused', 'Account number is invalid'));
      const refused = await addBank(me, equity);
      expect([refused.status, refused.body]).toEqual([400, { code: 'payment-provider.refused', message: 'Account number is invalid' }]);
      createSubaccount.mockRejectedValueOnce(new ProviderError('refused', ''));
      expect((await addBank(me, equity)).body).toEqual({ code: 'payment-provider.refused', message: PAYMENT_MESSAGES.providerRefused });
      expect(await methodsOf(me)).toEqual([]);
      createSubaccount.mockRestore();
      expect((await addBank(me, equity)).status).toBe(201);
    });
  });

  describe('M-Pesa methods', () => {
    it('normalises a Safaricom number typed any common way to +254 and creates a recipient for its 07 form', async () => {
      const createRecipient = vi.spyOn(provider(), 'createTransferRecipient');
      const typed = ['0712345678', '712345678', '254712345678', '+254712345678', ' 0712 345 678 ', '+254 712 345 678', '(0712) 345-678', '0112345678'];
      for (const mobileNumber of typed) {
        const me = await artist();
        const response = await addMpesa(me, mobileNumber);
        expect([mobileNumber, response.status]).toEqual([mobileNumber, 201]);
        const expected = mobileNumber === '0112345678' ? '+254112345678' : '+254712345678';
        expect(paymentMethodSchema.parse(response.body)).toMatchObject({ type: 'mobile_money', mobileNumber: expected, bankName: null, accountName: null, accountNumber: null });
        expect(createRecipient).toHaveBeenLastCalledWith({ name: me.displayName, accountNumber: `0${expected.slice(4)}`, bankCode: 'MPESA' });
        const [row] = await methodsOf(me);
        expect(row!.recipientCode).toMatch(/^RCP_/);
        expect(row!.subaccountCode).toBeNull();
      }
    });

    it("refuses a missing, malformed, wrong-length or other network's number with the spec's messages", async () => {
      const me = await artist();
      const createRecipient = vi.spyOn(provider(), 'createTransferRecipient');
      const cases: [unknown, string][] = [
        ['', PAYMENT_MESSAGES.mobileRequired],
        ['   ', PAYMENT_MESSAGES.mobileRequired],
        [undefined, PAYMENT_MESSAGES.mobileRequired],
        ['071234567', PAYMENT_MESSAGES.mobileInvalid],
        ['07123456789', PAYMENT_MESSAGES.mobileInvalid],
        ['+2547123456789', PAYMENT_MESSAGES.mobileInvalid],
        ['0812345678', PAYMENT_MESSAGES.mobileInvalid],
        ['+255712345678', PAYMENT_MESSAGES.mobileInvalid],
        ['07l2345678', PAYMENT_MESSAGES.mobileInvalid],
        ['0'.repeat(40), PAYMENT_MESSAGES.mobileInvalid],
        ['0733123456', PAYMENT_MESSAGES.mobileNotMpesa], // Airtel
        ['+254 750 123 456', PAYMENT_MESSAGES.mobileNotMpesa], // Airtel
        ['0771234567', PAYMENT_MESSAGES.mobileNotMpesa], // Telkom
      ];
      for (const [mobileNumber, message] of cases) {
        const response = await addMpesa(me, mobileNumber);
        expect([mobileNumber, response.status, response.body.message, response.body.errors?.mobileNumber]).toEqual([mobileNumber, 400, message, message]);
      }
      expect(PAYMENT_MESSAGES.mobileInvalid).toBe('Please enter a valid Kenyan mobile number (e.g., 0712345678)');
      expect(createRecipient).not.toHaveBeenCalled();
      expect(await methodsOf(me)).toEqual([]);
    });

    it("answers 502 or the provider's refusal when the recipient cannot be created", async () => {
      const me = await artist();
      vi.spyOn(provider(), 'createTransferRecipient')
        .mockRejectedValueOnce(new ProviderError('unavailable', 'timeout'))
        .mockRejectedValueOnce(new ProviderError('refused', 'Account number is invalid'));
      expect((await addMpesa(me, '0712345678')).body).toEqual({ code: 'payment-provider.unavailable', message: PAYMENT_MESSAGES.providerUnavailable });
      const refused = await addMpesa(me, '0712345678');
      expect([refused.status, refused.body.message]).toEqual([400, 'Account number is invalid']);
      expect(await methodsOf(me)).toEqual([]);
    });
  });

  describe('one method per artist', () => {
    it('refuses a second method of either kind (409) and keeps the first', async () => {
      const me = await artist();
      const first = await addMpesa(me, '0712345678');
      expect(first.status).toBe(201);
      const createSubaccount = vi.spyOn(provider(), 'createSubaccount');
      for (const response of [await addBank(me, equity), await addMpesa(me, '0722000000')]) {
        expect([response.status, response.body]).toEqual([409, { code: 'payment-method.one-only', message: PAYMENT_MESSAGES.oneMethodOnly }]);
      }
      expect(createSubaccount).not.toHaveBeenCalled();
      expect((await call('GET', '/api/payment-methods', { cookie: me.cookie })).body).toEqual([first.body]);
    });

    it('lets exactly one of 5 concurrent adds in; the others hear 409, never 500', async () => {
      const me = await artist();
      // The provider answers slowly, so every request passes the first check before any inserts:
      // the unique index decides.
      const slowly = () => new Promise((resolve) => setTimeout(resolve, 300));
      const original = provider().createTransferRecipient.bind(provider());
      const createRecipient = vi.spyOn(provider(), 'createTransferRecipient').mockImplementation(async (input) => {
        await slowly();
        return original(input);
      });
      const createSubaccount = vi.spyOn(provider(), 'createSubaccount').mockImplementation(async () => {
        await slowly();
        return { subaccountCode: `ACCT_race_${randomUUID().slice(0, 6)}` };
      });
      const responses = await Promise.all([
        addMpesa(me, '0712345678'),
        addBank(me, equity),
        addMpesa(me, '0722345678'),
        addBank(me, { ...equity, bankName: 'KCB Bank Kenya' }),
        addMpesa(me, '+254 799 345 678'),
      ]);
      expect(createRecipient.mock.calls.length + createSubaccount.mock.calls.length).toBe(5);
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses).toEqual([201, 409, 409, 409, 409]);
      for (const response of responses.filter((r) => r.status === 409)) expect(response.body).toEqual({ code: 'payment-method.one-only', message: PAYMENT_MESSAGES.oneMethodOnly });
      const rows = await methodsOf(me);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.id).toBe(responses.find((r) => r.status === 201)!.body.id);
    });

    it('takes a new method once the old one is removed', async () => {
      const me = await artist();
      const first = await addBank(me, equity);
      expect((await remove(me, first.body.id)).status).toBe(200);
      expect((await addMpesa(me, '0712345678')).status).toBe(201);
      expect(await methodsOf(me)).toHaveLength(1);
    });
  });

  describe('DELETE /api/payment-methods/{id}', () => {
    it("removes the artist's own method when nothing is owed or in flight", async () => {
      const me = await artist();
      const added = await addMpesa(me, '0712345678');
      // A bank sale settled long ago does not hold the method.
      await sale(me, 'subaccount', 50_000, 72);
      const response = await remove(me, added.body.id);
      expect([response.status, response.body]).toEqual([200, { message: PAYMENT_MESSAGES.methodRemoved }]);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(await methodsOf(me)).toEqual([]);
      expect((await call('GET', '/api/payment-methods', { cookie: me.cookie })).body).toEqual([]);
      expect((await remove(me, added.body.id)).status).toBe(404);
    });

    it("answers 404 for another artist's method, an unknown id and a malformed id, and leaves the method alone", async () => {
      const [owner, other] = [await artist(), await artist()];
      const added = await addBank(owner, equity);
      for (const id of [added.body.id, randomUUID(), 'not-an-id', "1' OR '1'='1"]) {
        for (const query of ['', '?force=true']) {
          const response = await remove(other, encodeURIComponent(id), query);
          expect([id, response.status, response.body]).toEqual([id, 404, { code: 'payment-method.not-found', message: PAYMENT_MESSAGES.methodNotFound }]);
        }
      }
      expect(await methodsOf(owner)).toHaveLength(1);
      expect((await remove(owner, added.body.id, '?force=maybe')).status).toBe(400);
      expect(await methodsOf(owner)).toHaveLength(1);
    });

    const holds: [string, (who: TestArtist) => Promise<unknown>][] = [
      ['an unpaid M-Pesa balance, settled or not', (who) => sale(who, 'balance', 20_000, 1)],
      ['an old unpaid M-Pesa balance', (who) => sale(who, 'balance', 20_000, 24 * 30)],
      ['a bank sale of the last 48 hours (T+1 settlement)', (who) => sale(who, 'subaccount', 20_000, 47)],
      [
        'a payout in flight',
        (who) =>
          db()
            .insert(payouts)
            .values({ userId: who.id, reference: `payout_${randomUUID()}`, amount: 0, fee: 0, recipientCode: 'RCP_x', mobileNumber: '+254712345678', status: 'otp' }),
      ],
      [
        'a purchase begun in the last hour',
        (who) =>
          db()
            .insert(orders)
            .values({ reference: `test-${randomUUID()}`, email: 'fan@example.com', itemType: 'track', itemName: 'Song', sellerId: who.id, price: 20_000, fee: 10_300, amount: 30_300, settlement: 'balance' }),
      ],
    ];
    for (const [what, hold] of holds) {
      it(`answers 409 with hasPendingTransactions for ${what}; force=true removes it and keeps the money on record`, async () => {
        const me = await artist();
        const added = await addMpesa(me, '0712345678');
        await hold(me);
        const ledgerBefore = await db().select().from(ledgerEntries).where(eq(ledgerEntries.sellerId, me.id));
        for (const query of ['', '?force=false']) {
          const refused = await remove(me, added.body.id, query);
          expect([refused.status, refused.body]).toEqual([409, { code: 'payment-method.pending-transactions', message: PAYMENT_MESSAGES.pendingTransactions, hasPendingTransactions: true }]);
        }
        expect(await methodsOf(me)).toHaveLength(1);
        const forced = await remove(me, added.body.id, '?force=true');
        expect([forced.status, forced.body]).toEqual([200, { message: PAYMENT_MESSAGES.methodRemoved }]);
        expect(await methodsOf(me)).toEqual([]);
        expect(await db().select().from(ledgerEntries).where(eq(ledgerEntries.sellerId, me.id))).toEqual(ledgerBefore);
      });
    }

    it('does not count a failed or reversed payout, or an old abandoned purchase, as money in flight', async () => {
      const me = await artist();
      const added = await addMpesa(me, '0712345678');
      const old = new Date(Date.now() - 2 * 3_600_000);
      await db()
        .insert(orders)
        .values({ reference: `test-${randomUUID()}`, email: 'fan@example.com', itemType: 'track', itemName: 'Song', sellerId: me.id, price: 20_000, fee: 10_300, amount: 30_300, settlement: 'balance', createdAt: old });
      await db()
        .insert(payouts)
        .values(
          (['failed', 'reversed'] as const).map((status) => ({ userId: me.id, reference: `payout_${randomUUID()}`, amount: 0, fee: 0, recipientCode: 'RCP_x', mobileNumber: '+254712345678', status })),
        );
      expect((await remove(me, added.body.id)).status).toBe(200);
    });
  });
});
