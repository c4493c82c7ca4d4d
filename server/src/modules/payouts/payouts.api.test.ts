import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_MPESA_WITHDRAWAL, mpesaWithdrawalFee } from '#common/payments';
import { ledgerEntries, orders, paymentMethods, payouts, simulatedTransfers } from '../../db/schema';
import { createArtist, type TestArtist } from '../../../test/support/artists';
import { testAppForBlock, type StartedTestApp } from '../../../test/support/test-app';
import { ProviderError, type SimulatedProvider } from '../payment-provider';
import { MIN_PAYOUT, PAYOUT_JOB, findPayoutMethod, payoutFor, payoutReports, recordSale, salesFiguresFromLedger } from './index';

const KES = 100;
const HOUR = 3_600_000;
const REFERENCE = /^[a-z0-9_-]{16,50}$/;

describe('payouts: the ledger, balances and M-Pesa payouts', () => {
  let t: StartedTestApp;
  const db = () => t.app.database.db;
  const provider = () => t.app.paymentsProvider as SimulatedProvider;

  const artist = () => createArtist(t.app);

  async function order(who: TestArtist, settlement: 'balance' | 'subaccount', price: number, fee = 10_000) {
    const [row] = await db()
      .insert(orders)
      .values({ reference: `test-${randomUUID()}`, email: 'fan@example.com', itemType: 'track', itemName: 'Song', sellerId: who.id, price, fee, amount: price + fee, status: 'paid', settlement, paidAt: new Date() })
      .returning();
    return { ...row!, settlement };
  }

  /** A recorded sale of `who` whose artist share is `share`, `hoursAgo` old. */
  async function sale(who: TestArtist, settlement: 'balance' | 'subaccount', share: number, hoursAgo = 25) {
    // The price whose 90% (odd cents to the artist) is exactly `share`.
    let price = Math.floor((share * 10) / 9);
    while (price - Math.floor(price / 10) < share) price++;
    const made = await order(who, settlement, price);
    expect(await recordSale(db(), made)).toBe(true);
    const [entry] = await db()
      .update(ledgerEntries)
      .set({ createdAt: new Date(Date.now() - hoursAgo * HOUR) })
      .where(eq(ledgerEntries.orderId, made.id))
      .returning();
    return entry!;
  }

  async function mpesaArtist(mobileNumber = '0712345678') {
    const who = await artist();
    const response = await t.app.inject({ method: 'POST', url: '/api/payment-methods/mobile-money', headers: { cookie: who.cookie }, payload: { mobileNumber } });
    expect(response.statusCode).toBe(201);
    return who;
  }

  const payoutsOf = (who: TestArtist) => db().select().from(payouts).where(eq(payouts.userId, who.id)).orderBy(payouts.createdAt);
  const balance = (who: TestArtist) => t.app.payouts.balance(who.id);
  /** Lets the simulated provider settle its transfers (it does so after answering). */
  const settled = () => provider().idle();

  testAppForBlock((app) => (t = app));
  afterEach(() => {
    vi.restoreAllMocks();
  });

  describe('the ledger surface of the payments module', () => {
    it('records one entry per order with the 90/10 split, whatever the number of calls', async () => {
      const me = await artist();
      const made = await order(me, 'balance', 250_000, 13_800);
      const results = await Promise.all([recordSale(db(), made), recordSale(db(), made), db().transaction((tx) => recordSale(tx, made))]);
      expect(results.filter(Boolean)).toHaveLength(1);
      const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.orderId, made.id));
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ sellerId: me.id, price: 250_000, fee: 13_800, amountPaid: 263_800, platformShare: 25_000, artistShare: 225_000, settlement: 'balance' });

      // A price that does not split exactly: the odd cents are the artist's.
      const odd = await order(me, 'subaccount', 12_345);
      expect(await recordSale(db(), odd)).toBe(true);
      const [entry] = await db().select().from(ledgerEntries).where(eq(ledgerEntries.orderId, odd.id));
      expect([entry!.platformShare, entry!.artistShare]).toEqual([1_234, 11_111]);

      await expect(recordSale(db(), { ...made, amount: made.amount + 1 })).rejects.toThrow(RangeError);
      await expect(recordSale(db(), { ...made, settlement: 'cash' })).rejects.toThrow(RangeError);
    });

    it("answers the artist's payout route: the subaccount of a bank method, the recipient of an M-Pesa one", async () => {
      const [none, mpesa, bank] = [await artist(), await mpesaArtist(), await artist()];
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/payment-methods',
        headers: { cookie: bank.cookie },
        payload: { type: 'bank', bankName: 'Equity Bank Kenya', accountName: 'A B', accountNumber: '12345678' },
      });
      expect(added.statusCode).toBe(201);
      expect(await findPayoutMethod(db(), none.id)).toBeUndefined();
      expect(await findPayoutMethod(db(), mpesa.id)).toEqual({ type: 'mobile_money', subaccountCode: null, recipientCode: expect.stringMatching(/^RCP_/) });
      expect(await findPayoutMethod(db(), bank.id)).toEqual({ type: 'bank', subaccountCode: expect.stringMatching(/^ACCT_/), recipientCode: null });
    });

    it("gives Analytics the artist's 90% of every sale, all time and per UTC day", async () => {
      const [me, other] = [await artist(), await artist()];
      await sale(me, 'balance', 90_000, 1);
      await sale(me, 'subaccount', 45_000, 2);
      await sale(me, 'balance', 18_000, 24 * 3);
      await sale(other, 'balance', 9_000, 1);
      const figures = salesFiguresFromLedger(() => db());
      expect(await figures.totalRevenue(me.id)).toBe(153_000);
      expect(await salesFiguresFromLedger(db()).totalRevenue(other.id)).toBe(9_000);
      expect(await figures.totalRevenue(randomUUID())).toBe(0);
      const days = await figures.dailySales(me.id, new Date(Date.now() - 10 * 24 * HOUR));
      const byDate = new Map(days.map((day) => [day.date, day]));
      const threeDaysAgo = new Date(Date.now() - 24 * 3 * HOUR).toISOString().slice(0, 10);
      expect(byDate.get(threeDaysAgo)).toEqual({ date: threeDaysAgo, sales: 1, revenue: 18_000 });
      expect(days.reduce((sum, day) => sum + day.sales, 0)).toBe(3);
      expect(days.reduce((sum, day) => sum + day.revenue, 0)).toBe(153_000);
      expect(days.every((day) => /^\d{4}-\d{2}-\d{2}$/.test(day.date))).toBe(true);
      const recent = await figures.dailySales(me.id, new Date(Date.now() - 12 * HOUR));
      expect([recent.reduce((sum, day) => sum + day.sales, 0), recent.reduce((sum, day) => sum + day.revenue, 0)]).toEqual([2, 135_000]);
    });
  });

  describe('the payout of a balance', () => {
    it('withdraws the most whose band fee fits, at least KES 100, at most the top band', () => {
      const cases: [number, { amount: number; fee: number } | undefined][] = [
        [1_000 * KES, { amount: 980 * KES, fee: 20 * KES }],
        [1_520 * KES, { amount: 1_500 * KES, fee: 20 * KES }],
        [1_530 * KES, { amount: 1_500 * KES, fee: 20 * KES }],
        [1_541 * KES, { amount: 1_501 * KES, fee: 40 * KES }],
        [20_040 * KES, { amount: 20_000 * KES, fee: 40 * KES }],
        [20_100 * KES, { amount: 20_040 * KES, fee: 60 * KES }],
        [120 * KES, { amount: 100 * KES, fee: 20 * KES }],
        [119 * KES + 99, undefined],
        [0, undefined],
        [150_000 * KES, { amount: 149_940 * KES, fee: 60 * KES }],
        [400_000 * KES, { amount: 149_940 * KES, fee: 60 * KES }],
      ];
      for (const [balance, expected] of cases) expect([balance, payoutFor(balance)]).toEqual([balance, expected]);
      for (let balance = 0; balance < 200_000 * KES; balance += 777_77) {
        const plan = payoutFor(balance);
        if (!plan) continue;
        expect(plan.amount).toBeGreaterThanOrEqual(MIN_PAYOUT);
        expect(plan.fee).toBe(mpesaWithdrawalFee(plan.amount));
        expect(plan.amount + plan.fee).toBeLessThanOrEqual(Math.min(balance, MAX_MPESA_WITHDRAWAL));
      }
    });

    it('counts balance-settled shares 24 hours old, less payouts that have not failed or been reversed', async () => {
      const me = await mpesaArtist();
      await sale(me, 'balance', 90_000, 25);
      await sale(me, 'balance', 45_000, 23); // not settled yet
      await sale(me, 'subaccount', 450_000, 48); // paid by the subaccount, not from the balance
      expect(await balance(me)).toBe(90_000);
      const payout = (status: (typeof payouts.$inferInsert)['status'], amount: number) => ({ userId: me.id, reference: `payout_${randomUUID()}`, amount, fee: 2_000, recipientCode: 'RCP_x', mobileNumber: '+254712345678', status });
      await db().insert(payouts).values([payout('success', 30_000), payout('failed', 10_000), payout('reversed', 10_000), payout('pending', 8_000), payout('otp', 5_000)]);
      expect(await balance(me)).toBe(90_000 - 32_000 - 10_000 - 7_000);
      const [row] = (await payoutReports.balances(db())).filter((entry) => entry.userId === me.id);
      expect(row).toEqual({ userId: me.id, displayName: me.displayName, owed: 135_000 - 49_000, payable: 90_000 - 49_000, inFlight: 17_000, method: 'mobile_money' });
    });
  });

  describe('the payout run', () => {
    it('pays each M-Pesa balance less its band fee with a unique reference, once, and the transfer succeeds', async () => {
      const [me, you] = [await mpesaArtist(), await mpesaArtist('0722000111')];
      await sale(me, 'balance', 1_000 * KES);
      await sale(you, 'balance', 30_000 * KES);
      await sale(you, 'balance', 50 * KES, 1);
      const initiate = vi.spyOn(provider(), 'initiateTransfer');
      const result = await t.app.payouts.run();
      expect(result.created).toBeGreaterThanOrEqual(2);
      const [mine] = await payoutsOf(me);
      const [yours] = await payoutsOf(you);
      expect(mine).toMatchObject({ amount: 980 * KES, fee: 20 * KES, status: expect.stringMatching(/^(pending|success)$/), mobileNumber: '+254712345678' });
      expect(yours).toMatchObject({ amount: 29_940 * KES, fee: 60 * KES, mobileNumber: '+254722000111' });
      expect(mine!.reference).toMatch(REFERENCE);
      expect(yours!.reference).toMatch(REFERENCE);
      expect(mine!.reference).not.toBe(yours!.reference);
      const [method] = await db().select().from(paymentMethods).where(eq(paymentMethods.userId, me.id));
      expect(initiate).toHaveBeenCalledWith(expect.objectContaining({ amount: 980 * KES, recipient: method!.recipientCode, reference: mine!.reference }));

      // The webhook (here called directly) re-reads the transfer and marks it paid; replays change nothing.
      await settled();
      const event = await t.app.payouts.handleTransferEvent('transfer.success', { reference: mine!.reference, status: 'success' });
      expect(event.status).toBe('success');
      for (let i = 0; i < 3; i++) expect(await t.app.payouts.handleTransferEvent('transfer.success', mine!.reference)).toMatchObject({ status: 'success', changed: false });
      const [paid] = await payoutsOf(me);
      expect(paid).toMatchObject({ status: 'success', transferCode: expect.stringMatching(/^TRF_/) });
      expect(await balance(me)).toBe(0);
      expect(await balance(you)).toBe(0);

      // Nothing more to pay: later runs send nothing (the unsettled KES 50 waits).
      await t.app.payouts.run();
      expect(await payoutsOf(me)).toHaveLength(1);
      expect(await payoutsOf(you)).toHaveLength(1);
      expect(initiate.mock.calls.filter(([input]) => [mine!.reference, yours!.reference].includes(input.reference))).toHaveLength(2);
    });

    it('pays nothing under KES 100 after the fee, nothing without an M-Pesa method, and nothing from bank sales', async () => {
      const small = await mpesaArtist();
      await sale(small, 'balance', 119 * KES);
      const banked = await artist();
      await sale(banked, 'balance', 5_000 * KES); // an M-Pesa balance whose method was removed: kept for the next one
      const bankSales = await mpesaArtist();
      await sale(bankSales, 'subaccount', 5_000 * KES);
      await t.app.payouts.run();
      for (const who of [small, banked, bankSales]) expect(await payoutsOf(who)).toEqual([]);
      expect(await balance(banked)).toBe(5_000 * KES);
      // The balance goes to the artist's next M-Pesa method.
      const response = await t.app.inject({ method: 'POST', url: '/api/payment-methods/mobile-money', headers: { cookie: banked.cookie }, payload: { mobileNumber: '0799111222' } });
      expect(response.statusCode).toBe(201);
      await t.app.payouts.run();
      expect(await payoutsOf(banked)).toMatchObject([{ amount: 4_960 * KES, fee: 40 * KES, mobileNumber: '+254799111222' }]);
      await settled();
    });

    it('runs as the scheduled job, once per period whatever the number of offers', async () => {
      const me = await mpesaArtist();
      await sale(me, 'balance', 500 * KES);
      await t.app.jobs.offerScheduled();
      await t.app.jobs.offerScheduled();
      expect(await t.app.jobs.drain([PAYOUT_JOB])).toBe(1);
      expect(await payoutsOf(me)).toMatchObject([{ amount: 480 * KES, fee: 20 * KES }]);
      await settled();
    });

    it('pays once when runs overlap', async () => {
      const me = await mpesaArtist();
      await sale(me, 'balance', 2_000 * KES);
      await Promise.all(Array.from({ length: 5 }, () => t.app.payouts.run()));
      await Promise.all([t.app.payouts.payArtist(me.id), t.app.payouts.payArtist(me.id)]);
      expect(await payoutsOf(me)).toMatchObject([{ amount: 1_960 * KES, fee: 40 * KES }]);
      await settled();
      const transfers = await db()
        .select()
        .from(simulatedTransfers)
        .where(eq(simulatedTransfers.reference, (await payoutsOf(me))[0]!.reference));
      expect(transfers).toHaveLength(1);
    });
  });

  describe('failed, reversed and lost transfers', () => {
    it('puts a failed transfer back in the balance; the next run pays it once more, only once', async () => {
      const me = await mpesaArtist('0700000001'); // the simulated provider fails every transfer to it
      await sale(me, 'balance', 1_000 * KES);
      await t.app.payouts.run();
      await settled();
      const [first] = await payoutsOf(me);
      expect(await balance(me)).toBe(0);
      expect(await t.app.payouts.handleTransferEvent('transfer.failed', { reference: first!.reference })).toEqual({ reference: first!.reference, status: 'failed', changed: true });
      expect(await t.app.payouts.handleTransferEvent('transfer.failed', { reference: first!.reference })).toMatchObject({ status: 'failed', changed: false });
      // A forged success for a failed transfer is checked with the provider and changes nothing.
      expect(await t.app.payouts.handleTransferEvent('transfer.success', { reference: first!.reference, status: 'success' })).toMatchObject({ status: 'failed', changed: false });
      const [failed] = await payoutsOf(me);
      expect(failed).toMatchObject({ status: 'failed', failureReason: expect.stringContaining('failed') });
      expect(await balance(me)).toBe(1_000 * KES);

      // The artist fixes their number; the next runs pay the balance once.
      const [method] = await db().select().from(paymentMethods).where(eq(paymentMethods.userId, me.id));
      const removed = await t.app.inject({ method: 'DELETE', url: `/api/payment-methods/${method!.id}?force=true`, headers: { cookie: me.cookie } });
      expect(removed.statusCode).toBe(200);
      const added = await t.app.inject({ method: 'POST', url: '/api/payment-methods/mobile-money', headers: { cookie: me.cookie }, payload: { mobileNumber: '0712000333' } });
      expect(added.statusCode).toBe(201);
      await t.app.payouts.run();
      await t.app.payouts.run();
      await settled();
      const all = await payoutsOf(me);
      expect(all).toHaveLength(2);
      expect(all[1]).toMatchObject({ amount: 980 * KES, fee: 20 * KES, mobileNumber: '+254712000333' });
      expect(all[1]!.reference).not.toBe(all[0]!.reference);
      await t.app.payouts.handleTransferEvent('transfer.success', { reference: all[1]!.reference });
      expect((await payoutsOf(me)).map((payout) => payout.status)).toEqual(['failed', 'success']);
      expect(await balance(me)).toBe(0);
    });

    it('puts a reversed transfer back in the balance, and a success after the reversal does not pay twice', async () => {
      const me = await mpesaArtist();
      await sale(me, 'balance', 1_000 * KES);
      await t.app.payouts.run();
      await settled();
      const [payout] = await payoutsOf(me);
      await t.app.payouts.handleTransferEvent('transfer.success', payout!.reference);
      expect(await balance(me)).toBe(0);

      // Paystack reverses the transfer after its success.
      expect(await provider().settleTransfer(payout!.reference, 'reversed')).toBe(true);
      await settled();
      expect(await t.app.payouts.handleTransferEvent('transfer.reversed', { reference: payout!.reference })).toMatchObject({ status: 'reversed', changed: true });
      expect(await balance(me)).toBe(1_000 * KES);

      // A late or replayed success, even one the provider confirms, cannot undo the reversal.
      vi.spyOn(provider(), 'verifyTransfer').mockResolvedValue({ reference: payout!.reference, transferCode: payout!.transferCode, status: 'success', amount: payout!.amount, reason: null });
      expect(await t.app.payouts.handleTransferEvent('transfer.success', { reference: payout!.reference })).toMatchObject({ status: 'reversed', changed: false });
      vi.restoreAllMocks();
      expect(await balance(me)).toBe(1_000 * KES);

      // The next run pays it again, once.
      await t.app.payouts.run();
      await t.app.payouts.run();
      await settled();
      const all = await payoutsOf(me);
      expect(all.map((row) => row.status)).toEqual(['reversed', expect.stringMatching(/^(pending|success)$/)]);
      expect(all[1]).toMatchObject({ amount: 980 * KES, fee: 20 * KES });
    });

    it('marks a transfer reversed straight from pending (the simulated reversing number)', async () => {
      const me = await mpesaArtist('0700000002');
      await sale(me, 'balance', 700 * KES);
      await t.app.payouts.run();
      await settled();
      const [payout] = await payoutsOf(me);
      // The success webhook may arrive after the reversal happened: the provider's word (reversed) wins.
      expect(await t.app.payouts.handleTransferEvent('transfer.success', { reference: payout!.reference })).toMatchObject({ status: 'reversed', changed: true });
      expect(await balance(me)).toBe(700 * KES);
    });

    it('keeps a payout pending when the provider cannot be reached, and sends it again with the same reference later', async () => {
      const me = await mpesaArtist();
      await sale(me, 'balance', 1_000 * KES);
      const initiate = vi.spyOn(provider(), 'initiateTransfer').mockRejectedValue(new ProviderError('unavailable', 'timeout'));
      await t.app.payouts.payArtist(me.id);
      const [payout] = await payoutsOf(me);
      expect(payout).toMatchObject({ status: 'pending', transferCode: null });
      expect(await balance(me)).toBe(0);
      // While it is pending nothing more is paid, and it is not asked about again before 30 minutes.
      await t.app.payouts.payArtist(me.id);
      await t.app.payouts.run();
      expect(await payoutsOf(me)).toHaveLength(1);
      expect(initiate.mock.calls.filter(([input]) => input.reference === payout!.reference)).toHaveLength(1);

      initiate.mockRestore();
      await db()
        .update(payouts)
        .set({ updatedAt: sql`now() - interval '31 minutes'` })
        .where(eq(payouts.id, payout!.id));
      const verify = vi.spyOn(provider(), 'verifyTransfer');
      const resend = vi.spyOn(provider(), 'initiateTransfer');
      expect(await t.app.payouts.reverifyStale()).toBeGreaterThanOrEqual(1);
      expect(verify).toHaveBeenCalledWith(payout!.reference);
      expect(resend).toHaveBeenCalledWith(expect.objectContaining({ reference: payout!.reference, amount: 980 * KES }));
      await settled();
      expect(await payoutsOf(me)).toHaveLength(1);
      expect(await db().select().from(simulatedTransfers).where(eq(simulatedTransfers.reference, payout!.reference))).toHaveLength(1);

      // Still no webhook half an hour on: the run reads the provider's word itself.
      await db()
        .update(payouts)
        .set({ updatedAt: sql`now() - interval '31 minutes'` })
        .where(eq(payouts.id, payout!.id));
      await t.app.payouts.reverifyStale();
      expect(await payoutsOf(me)).toMatchObject([{ reference: payout!.reference, status: 'success', transferCode: expect.stringMatching(/^TRF_/) }]);
      expect(await balance(me)).toBe(0);
    });

    it('fails a payout the provider refuses (the money goes back), unless the provider has it after all', async () => {
      const me = await mpesaArtist();
      await sale(me, 'balance', 1_000 * KES);
      vi.spyOn(provider(), 'initiateTransfer').mockRejectedValueOnce(new ProviderError('refused', 'Recipient specified is invalid'));
      await t.app.payouts.payArtist(me.id);
      expect(await payoutsOf(me)).toMatchObject([{ status: 'failed', failureReason: 'Recipient specified is invalid' }]);
      expect(await balance(me)).toBe(1_000 * KES);

      // A refusal of a retry the provider already took (a duplicate reference) keeps the transfer.
      const original = provider().initiateTransfer.bind(provider());
      vi.spyOn(provider(), 'initiateTransfer').mockImplementationOnce(async (input) => {
        await original(input);
        throw new ProviderError('refused', 'Duplicate Transfer Reference');
      });
      await t.app.payouts.payArtist(me.id);
      await settled();
      const all = await payoutsOf(me);
      expect(all).toHaveLength(2);
      expect(all[1]!.status).toMatch(/^(pending|success)$/);
      expect(await balance(me)).toBe(0);
    });

    it('ignores events for unknown references, malformed data, and transfers that do not match the payout', async () => {
      expect(await t.app.payouts.handleTransferEvent('transfer.success', { reference: `payout_${randomUUID()}` })).toEqual({ reference: expect.any(String), status: undefined, changed: false });
      expect(await t.app.payouts.handleTransferEvent('transfer.success', { id: 1 })).toEqual({ reference: undefined, status: undefined, changed: false });
      expect(await t.app.payouts.handleTransferEvent('transfer.failed', null)).toEqual({ reference: undefined, status: undefined, changed: false });

      const me = await mpesaArtist();
      await sale(me, 'balance', 1_000 * KES);
      vi.spyOn(provider(), 'initiateTransfer').mockRejectedValueOnce(new ProviderError('unavailable', 'timeout'));
      await t.app.payouts.payArtist(me.id);
      const [payout] = await payoutsOf(me);
      vi.spyOn(provider(), 'verifyTransfer').mockResolvedValueOnce({ reference: payout!.reference, transferCode: 'TRF_x', status: 'success', amount: payout!.amount + 1, reason: null });
      expect(await t.app.payouts.handleTransferEvent('transfer.success', { reference: payout!.reference })).toMatchObject({ status: 'pending', changed: false });
      // The provider does not know it (never sent): the event is not trusted either.
      expect(await t.app.payouts.handleTransferEvent('transfer.success', { reference: payout!.reference })).toMatchObject({ status: 'pending', changed: false });
      const [after] = await db().select().from(payouts).where(and(eq(payouts.userId, me.id), eq(payouts.reference, payout!.reference)));
      expect(after!.status).toBe('pending');
    });
  });
});
